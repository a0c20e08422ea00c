// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
export interface paths {
    "/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List Memories
         * @description Newest `updated_at` first. Item text is shortened to 2,000 code points with
         *     `text_truncated` set. Secret Memories are left out for API keys.
         */
        get: operations["listMemories"];
        put?: never;
        /**
         * Create a Memory
         * @description Requires a read-write key or a session. Creating a secret Memory is a session-only action
         *     (`403 secret_memory_forbidden` for API keys).
         */
        post: operations["createMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search Memories
         * @description Ranked retrieval over the text and tags of every Memory the caller may see, for
         *     questions in natural language as much as for keywords.
         *
         *     **Query.** Without operators every word is optional and ranking decides: a Memory that
         *     matches more of the words, and rarer ones, ranks higher. A `"quoted phrase"` must occur
         *     (its words in order; when no Memory the caller may see has it, the query is answered as
         *     if it were not quoted, since questions often quote a title the Memories word
         *     differently), `-word` or `-"phrase"` leaves out the Memories that contain it, and
         *     `a or b` is an explicit either (with `require_all=true`, or when one side is a phrase, one
         *     of its sides must match). `require_all=true` asks for every unquoted word. The first 32
         *     distinct words are used.
         *
         *     **Words.** Case and accents do not matter (`zurich` finds `Zürich`, `strasse` finds
         *     `Straße`); English words are stemmed (`meetings` finds `meeting`) and English stop words
         *     (`the`, `what`, `did`, …) do not count, and irregular forms meet their base (`went`
         *     finds `go`); the words questions put around what they ask for (`kind`, `type`,
         *     `thing`, `something`, `describe`, `mention`, `ever`, `likely`) count only in a query
         *     without other words (`what type of car` looks for `car`; `type` alone finds `Blood
         *     type: O negative`) or inside a phrase; words of other scripts match by their folded
         *     form; Chinese, Japanese and Korean text is found by any word of two or more characters
         *     inside a sentence. Tags count as words of the Memory, worth two words of text each, and
         *     so does a short label that opens the text (`Project Falcon: …`).
         *
         *     **Ranking.** BM25 (term frequency with saturation, inverse document frequency over the
         *     Memories the caller may see, length normalisation against a fixed length of 32 words, so
         *     a Memory's weight depends on it alone) over every matching Memory, whatever
         *     its age, with a bonus for matching more of the query's words; the three best hits then
         *     lend their most characteristic words to rank the remaining matches (pseudo-relevance
         *     feedback), which never adds a Memory the query does not match. Ties go to the more
         *     recently updated Memory. A query reads at most 2,000 index entries, shared among its
         *     words (at least 400 each): a word found in more Memories than its share contributes
         *     through the Memories where it weighs most, so the work per query is bounded by the query,
         *     not by the number of matches, and the best candidates are then scored with every query
         *     word they contain (a word beyond the entries read counts as one occurrence); a query of a single plain word the Memories contain, without
         *     exclusions, `require_all` or `type` and `tag` filters, is ranked exactly. A query with
         *     filters, exclusions, required words or phrases that finds fewer than `limit` hits among
         *     the entries read is ranked again over up to 32,000 entries of each of its words (all of
         *     them for a word in fewer Memories); phrases are then looked
         *     for among the best 10,000 Memories that have their words (and within 2,000,000
         *     characters of their text). All of a query's phrases, excluded ones included, are looked
         *     for in one reading of each Memory's text, so their number does not multiply the work. Secret Memories, their words and
         *     their statistics never play a part in a key's results.
         *
         *     **Typos.** A word that no Memory the caller may see contains is also matched through up
         *     to three of the most similar words of those Memories (trigram similarity, or one typing
         *     slip away: a letter replaced, added or left out, or two neighbouring letters swapped), at
         *     a discount, so one misspelt word among correct ones still finds and ranks the right
         *     Memory. A hit found only through such corrections has `match: fuzzy`.
         *
         *     `highlight` is an excerpt of at most 300 characters of the Memory's text with the matched
         *     words wrapped in `<mark>` and `</mark>` (the tags are not counted, and at most 64 words are
         *     marked, so a highlight has at most 1,132 characters), including words matched through
         *     stemming, folding or correction. It is text, not HTML: the text is not escaped, so a
         *     tag written in the Memory (`<mark>`, a script) appears in it as written, and it must never
         *     be rendered as HTML. `highlight_html` is the same excerpt as HTML: the text escaped, the
         *     `<mark>` and `</mark>` around matched words its only markup. Returns at most `limit`
         *     hits; there is no cursor.
         */
        get: operations["searchMemories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get several Memories by exact ID
         * @description One to eight comma-separated IDs (more is `400 batch_too_large`). Duplicates are returned
         *     once, in order of first appearance. Each item's text is shortened to 2,000 code points and
         *     the whole response holds at most 12,000 code points of text: items are filled in order, an
         *     item that finds less budget left than it needs is shortened to what is left, and once none
         *     is left every later found item is an error item with code `body_budget_exceeded`. Unknown
         *     IDs (and, for API keys, secret ones) are error items with code `memory_not_found` and use
         *     no budget.
         */
        get: operations["batchGetMemories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the trash
         * @description Trashed Memories, most recently trashed first, each with when it was trashed, when it
         *     will be deleted for good (`purge_at`) and why (`deleted` or `expired`). Text is shortened
         *     to 2,000 code points. For API keys, secret Memories are left out.
         */
        get: operations["listTrashedMemories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a Memory from the trash
         * @description Brings a trashed Memory back as it was: same ID, fields, revision and revision history,
         *     its links to the Subjects that still exist (links to Subjects deleted meanwhile are not
         *     restored), and its place among the sources of the Fact suggestions that still exist and
         *     are not accepted (an accepted suggestion keeps the sources its Fact was accepted with).
         *     `expires_at` is cleared when the Memory went to the trash because it expired, or when it
         *     passed while the Memory was in the trash; a Memory deleted before its `expires_at` comes
         *     back with it. Counts, insights and search follow, and the change feed reports it
         *     upserted. `404 memory_not_found` when there is no such Memory (for API keys, also when it
         *     is secret); `400 memory_not_in_trash` when it is not in the trash.
         */
        post: operations["restoreMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get one Memory
         * @description Returns the full text. The `ETag` header carries the revision.
         */
        get: operations["getMemory"];
        put?: never;
        post?: never;
        /**
         * Delete a Memory (to the trash, or for good)
         * @description Moves the Memory to the trash: from then on it does not exist for any other route (404,
         *     absent from lists, search, batches, contexts, maps, insights, counts and the sources of
         *     Fact suggestions; the change feed reports it deleted), but it keeps its revisions, its
         *     links, its place among the sources of Fact suggestions and its `expires_at` for
         *     `TRASH_RETENTION_DAYS` (30 by default, `purge_at`), and `POST /memories/{id}/restore`
         *     brings it back. A trashed Memory is `404 memory_not_found` here unless `permanent=true`.
         *
         *     With `permanent=true` the Memory (trashed or not) is deleted at once and for good: its
         *     text, revisions, links, search index entries and words, and stored idempotent answers
         *     that hold it are removed.
         *
         *     Refused with `400 memory_in_use` (the Fact IDs in `details.fact_ids`) while the Memory is
         *     a source of a reviewed Fact.
         */
        delete: operations["deleteMemory"];
        options?: never;
        head?: never;
        /**
         * Update a Memory
         * @description Send at least one field. A change creates a new revision; a request that changes nothing
         *     returns 200 and creates none. With `If-Match`, the update happens only when the current
         *     revision matches (`412 precondition_failed` otherwise). Turning a Memory secret is a
         *     session-only action. A Memory at the highest revision number (2147483647, which only an
         *     import can bring within reach) cannot be changed again: a change to it is
         *     `400 revision_limit_reached`, with `details.current_revision`.
         */
        patch: operations["updateMemory"];
        trace?: never;
    };
    "/memories/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        /**
         * List Memory revisions
         * @description Newest first. Text is shortened to 2,000 code points. For API keys, revisions in which
         *     the Memory was secret are left out.
         */
        get: operations["listMemoryRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/{id}/revisions/{revision}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
                revision: number;
            };
            cookie?: never;
        };
        /** Get one Memory revision in full */
        get: operations["getMemoryRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/{id}/subjects": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        /**
         * List Subjects linked to a Memory
         * @description Most recently linked first.
         */
        get: operations["listMemorySubjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memories/{id}/context-map": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        /**
         * Load a bounded Context Map around a Memory
         * @description The neighbourhood of one Memory, breadth-first and nearest first: its Subjects (and the
         *     current Facts it is a source of) at depth 1; the current Facts of those Subjects and the
         *     other Memories linked to them at depth 2 (superseded Facts are never on the map). `max_nodes` counts the root. Labels are at most 200 code
         *     points. `sensitive` Memories (and, for sessions, secret ones) are left out unless
         *     `include_sensitive=true`; secret Memories never appear for API keys, nor do Facts whose
         *     sources are all secret.
         */
        get: operations["getContextMap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List or search Subjects
         * @description Without `q`, Subjects by name. With `q`, Subjects whose name or an alias matches it
         *     case-insensitively: exact matches first, then prefix, then substring, then typo-tolerant
         *     (trigram) matches, each group by name.
         */
        get: operations["listSubjects"];
        put?: never;
        /**
         * Create a Subject
         * @description Names are unique per account, compared case-insensitively (`400 duplicate_subject`).
         */
        post: operations["createSubject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /** Get one Subject */
        get: operations["getSubject"];
        put?: never;
        post?: never;
        /**
         * Delete a Subject after confirmation
         * @description The second step of the two-step deletion. Deletes the Subject with its links, Facts,
         *     suggestions and insights; the Memories stay. Without a token: `400 confirmation_required`;
         *     an unknown, expired, used or another Subject's token: `400 invalid_confirmation`; links or
         *     Facts changed since the prepare request: `400 confirmation_stale` (prepare again).
         */
        delete: operations["deleteSubject"];
        options?: never;
        head?: never;
        /**
         * Update one Subject
         * @description Send at least one field. A new name must stay unique (`400 duplicate_subject`).
         */
        patch: operations["updateSubject"];
        trace?: never;
    };
    "/subjects/{subject_id}/deletion/prepare": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a confirmed Subject deletion
         * @description The first step of the two-step deletion: returns a single-use confirmation token, valid
         *     for 10 minutes, and what the deletion would remove. Show the impact to the user, then send
         *     `DELETE /subjects/{subject_id}?confirmation_token=…`.
         */
        post: operations["prepareSubjectDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List Memories linked to a Subject
         * @description Most recently linked first; text shortened to 2,000 code points. No secret Memories for API keys.
         */
        get: operations["listSubjectMemories"];
        put?: never;
        /**
         * Link a Memory to a Subject
         * @description 201 when the link is new, 200 when it already existed. Secret Memories cannot be linked with an API key (`404 memory_not_found`).
         */
        post: operations["linkMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
                memory_id: components["schemas"]["MemoryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a Memory link from a Subject
         * @description `404 link_not_found` when the Memory is not linked to the Subject.
         */
        delete: operations["unlinkMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/context": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * Load bounded Subject context
         * @description The Subject, its current reviewed Facts that the caller can see (newest first), its linked Memories (pinned first, then
         *     newest) and its pending insights, within `max_chars` code points of returned text (Subject
         *     name and description, Fact statements, Memory text, insight summaries). Memory text is
         *     shortened to what is left (at most 2,000 per Memory); a Memory is left out, and counted in
         *     `omitted`, only when fewer than 100 characters are left.
         */
        get: operations["getSubjectContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/facts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List reviewed Subject Facts
         * @description Reviewed Facts only, newest first. Secret sources are left out for API keys, and a Fact
         *     whose sources are all secret does not exist for them. Without
         *     filters, only current Facts are listed (those no later Fact has superseded:
         *     `valid_until` is null). `as_of` lists the Facts that were valid at that instant
         *     (`valid_from <= as_of`, and `valid_until` null or after `as_of`);
         *     `include_superseded=true` lists every Fact, current or not. The two answer different
         *     questions, so sending `as_of` together with `include_superseded=true` is
         *     `400 invalid_request`. A cursor works only with the filters that issued it.
         */
        get: operations["listSubjectFacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/fact-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List Fact suggestions of a Subject
         * @description Newest first, optionally only one status. For API keys, secret sources are left out, and
         *     a suggestion none of whose sources they can see is not listed.
         */
        get: operations["listFactSuggestions"];
        put?: never;
        /**
         * Create a source-backed Fact suggestion
         * @description Every source must exist and be visible to the caller (`400 source_not_found`) and be
         *     linked to the Subject (`400 source_not_linked`). A statement equal, after folding case and
         *     whitespace, to a current reviewed Fact is `400 fact_exists`; to a pending suggestion, the
         *     answer is 200 with that suggestion and `created: false`. Otherwise 201 with a pending
         *     suggestion. `supersedes` names a current Fact of the same Subject that the suggestion
         *     replaces once accepted; any other ID (unknown, another Subject's, already superseded) is
         *     `400 invalid_request`. Facts and suggestions the caller cannot see (for an API key, those
         *     drawn from secret Memories alone) take no part in these rules: their statements are
         *     neither `fact_exists` nor an equal pending suggestion, so the key's suggestion is created,
         *     and naming such a Fact in `supersedes` is refused as an unknown ID is. The review then
         *     settles it (accepting a statement a current Fact already states is `400 fact_exists`).
         */
        post: operations["createFactSuggestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subjects/{subject_id}/memory-insights": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List pending read-only Memory insights
         * @description Generated by the service whenever Memories, links or Subjects change: `unlinked_mention`
         *     (a Memory mentions the Subject's name or an alias as a whole word but is not linked to it)
         *     and `possible_duplicate` (two linked Memories whose texts are equal after folding case,
         *     whitespace and punctuation, or whose trigram similarity is at least 0.85). Pending only,
         *     oldest first; an insight disappears when its cause does. Insights that involve a secret
         *     Memory are not shown to API keys. Among many Memories that all look alike, each takes
         *     part in at most 10 `possible_duplicate` insights of the Subject when it is linked,
         *     written or imported, and a Memory linked or written alone is compared with the 500 of
         *     the Subject's Memories linked most recently: the insights point at duplicates, they do
         *     not list every pair of them.
         */
        get: operations["listMemoryInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fact-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's Fact suggestions, across its Subjects
         * @description Every Subject's suggestions in one list, newest first, optionally only one status: with
         *     `status=pending`, what waits for review. The same suggestions as each Subject's list
         *     (`GET /subjects/{subject_id}/fact-suggestions`), with the same visibility: for API keys,
         *     secret sources are left out, and a suggestion none of whose sources they can see is not
         *     listed.
         */
        get: operations["listAccountFactSuggestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory-insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's pending Memory insights, across its Subjects
         * @description Every Subject's pending insights in one list, oldest first: the same insights as each
         *     Subject's list (`GET /subjects/{subject_id}/memory-insights`), with the same visibility
         *     (insights that involve a secret Memory are not shown to API keys).
         */
        get: operations["listAccountMemoryInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fact-suggestions/{suggestion_id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                suggestion_id: components["parameters"]["SuggestionIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a Fact suggestion
         * @description Application only. A pending suggestion becomes a reviewed Fact with the same sources
         *     (those that still exist and are not in the trash), valid from now. A suggestion already
         *     reviewed is `400 suggestion_already_reviewed`; one whose statement now equals a current
         *     Fact is `400 fact_exists`; one with no source left is `400 source_not_found`. When the
         *     suggestion `supersedes` a Fact, that Fact is closed in the same step (`valid_until` = now,
         *     `superseded_by` = the new Fact); if it is no longer current (another acceptance superseded
         *     it first), the answer is `400 invalid_request` and nothing changes: of two acceptances that
         *     supersede the same Fact, exactly one succeeds.
         */
        post: operations["acceptFactSuggestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fact-suggestions/{suggestion_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                suggestion_id: components["parameters"]["SuggestionIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a Fact suggestion
         * @description Application only. A suggestion already reviewed is `400 suggestion_already_reviewed`.
         */
        post: operations["rejectFactSuggestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory-insights/{insight_id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                insight_id: components["schemas"]["InsightId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss a Memory insight
         * @description Application only. Idempotent; a dismissed insight stays dismissed while its cause lasts.
         */
        post: operations["dismissMemoryInsight"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/context/workspace-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Load workspace guidance
         * @description Empty guidance (and a null `updated_at`) when none was set.
         */
        get: operations["getWorkspaceProfile"];
        /**
         * Set workspace guidance
         * @description Application only. Replaces the guidance (0–8,000 code points).
         */
        put: operations["updateWorkspaceProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/context/startup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Load startup context
         * @description Sections in this order, each filled within what is left of `max_chars` code points of
         *     returned text: `profile` (the workspace guidance, at most a quarter of the budget),
         *     `pinned` Memories, `instructions` (types `instruction` and `preference`), `recent`
         *     Memories, `subjects` (most-linked first, with their Fact counts; a Subject's name counts).
         *     A Memory appears in one section only. Memory text is shortened to what is left (at most
         *     2,000 per Memory); a Memory is left out, and counted in `omitted`, only when fewer than 100
         *     characters are left. `checkpoint` resumes from this moment through `GET /context/resume`.
         */
        get: operations["getStartupContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/context/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Continue from a checkpoint
         * @description What changed since the checkpoint, oldest first, each Memory or Subject once in its latest
         *     state: upserted Memories (shortened text) and Subjects, and the IDs of removed ones
         *     (deleted, or no longer visible to the caller: a Memory that turned secret for an API key,
         *     or sensitive without `include_sensitive=true`). An API key is told of a Subject only when
         *     it changed for keys: a link of a secret Memory added or removed is not news to them, a
         *     linked Memory turning secret or back is (the count of Memories they can see changed), and so
         *     is accepting a Fact only if keys can see it or the Fact it supersedes.
         *     When more changes remain than fit
         *     `max_chars` (or 200 changes), `has_more` is true: call again with the new `checkpoint`.
         *     Checkpoints are opaque (encrypted: they reveal nothing, not even how much the account
         *     changed), bound to the account and valid for 30 days (`400 invalid_checkpoint`,
         *     `400 checkpoint_expired`). Changes are kept for 31 days: a checkpoint whose next change is
         *     no longer kept is `400 checkpoint_expired` too, so that nothing is skipped.
         */
        get: operations["resumeContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search public Templates
         * @description Published Templates only, public listing fields only; never a draft, an unpublished
         *     Template or a revision newer than the published one. With `query`, full-text search
         *     (web-search syntax) over name, tags, summary and the whole README, ranked by where the
         *     words occur (name and tags first, then the summary, then the README's first 4,000
         *     characters; a Template whose README has them only further on matches with the lowest
         *     rank), then newest publication first; without it, newest publication first.
         *     `sort` chooses another order of the same matches: `newest` (newest publication first)
         *     or `most_used` (most `uses` first, then newest). The Library website's `/library` page
         *     shows this operation's answer to everyone, signed in or not.
         */
        get: operations["searchLibraryTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get one public Template
         * @description The public listing and published file list of a published Template, its release notes
         *     and its version history (newest first); 404 otherwise. The Library website's page of the
         *     Template shows this answer to everyone.
         */
        get: operations["getLibraryTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/{template_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read a published Template's files
         * @description The files of the published version of a published Template (never a draft), bounded as
         *     a draft's read is: the selected files (all when `paths` is absent), each cut to
         *     `max_chars_per_file` and all together to `max_total_chars` code points. Paths the
         *     published version does not have are listed in `missing`; files left out because the
         *     total budget ran out, in `omitted`. 404 when the Template is not published. Any key may
         *     read it; the Library website shows the same files to everyone.
         */
        get: operations["readLibraryTemplateFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/{template_id}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a published Template into a new draft of the caller's
         * @description Makes a new Template owned by the caller whose revision 1 holds the published version's
         *     files, summary, category, tags and license (review `draft`, never published), named
         *     `name` or as the source is. The copy credits its source in `copied_from` (the Template
         *     and version); the source's `uses` counts each account that copied it once. Needs a
         *     read-write key or a session, and room for one more Template (`400
         *     template_limit_reached` at 100); 404 when the source is not published. An account may
         *     copy its own published Template.
         */
        post: operations["copyLibraryTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/creator/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List owned Templates and workflow results
         * @description Every Template of the caller (owner's view: draft revision, review and publication
         *     states) with its five latest workflow runs, and the limits that apply. Call it before any
         *     write or publication request, and again after a 409.
         */
        get: operations["getCreatorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/{template_id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read selected, bounded content from an owned draft
         * @description A retrieval request (read-only keys may use it). Returns the current draft revision and
         *     the selected files (all when `paths` is absent), each cut to `max_chars_per_file` and all
         *     together to `max_total_chars` code points. Paths not in the draft are listed in `missing`;
         *     files left out because the total budget ran out, in `omitted`. Use `revision` as
         *     `base_revision` of the next draft update.
         */
        post: operations["readTemplateDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/{template_id}/draft": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Replace an owned private draft
         * @description Replaces the complete file set (and optionally the metadata) when `base_revision` is the
         *     current draft revision; otherwise `409 draft_changed` with the current revision in
         *     `details.current_revision`. Every broken rule (paths, duplicates, files that collide with
         *     folders, sizes, text only, root README; see `DraftFilePath`) is reported at once in `details.violations` with `400 invalid_draft` (with any other
         *     broken field of the body in `details.errors` beside them); content that
         *     contains an MTL API key is `400 secret_in_content` (file and line, never the key; the
         *     first 50 places in `details.findings`, how many more in `details.omitted_findings`). Nothing
         *     is stored unless the whole update succeeds. A successful update creates a new revision and
         *     sends the review back to `draft`. Bodies may be up to 2 MiB.
         */
        put: operations["updateTemplateDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/library/templates/workflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create, review, publish, unpublish or republish an owned Template
         * @description One action per request, chosen by `action`:
         *
         *     | action | allowed when | effect |
         *     | --- | --- | --- |
         *     | `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |
         *     | `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |
         *     | `retry` | review `review_error` | runs the review again on the same revision |
         *     | `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |
         *     | `unpublish` | publication `published` | publication `unpublished`, gone from public search |
         *     | `republish` | publication `unpublished` | published again with the last published revision (same version) |
         *
         *     An action not allowed in the current state is `400 invalid_template_state` (current states
         *     in `details`). A `revision` that is not the current draft revision is `409 draft_changed`,
         *     whatever the state.
         *     Concurrent requests on one Template are serialised; one whose premise no longer holds when
         *     its turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the
         *     Template's license, `files_public: true` and `reviewed_revision` equal to `revision`
         *     (`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and
         *     `republish` are published as written: notes holding what looks like a secret (any kind
         *     the `no_secrets` check finds) are `400 secret_in_content` naming the field, never the
         *     secret. Every request on an owned Template is recorded as a run, refused ones included.
         */
        post: operations["runTemplateWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/principal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the calling credential
         * @description Whether the caller is an application session or an API key, and for a key its ID and
         *     mode, so a client can tell which operations it may call before calling them (a read-only
         *     key gets `403 insufficient_key_mode` on writes).
         */
        get: operations["getPrincipal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the account's data
         * @description Streams the caller's data as newline-delimited JSON (`application/x-ndjson`): one
         *     `ExportRecord` per line, `{"type": …, "data": …}`. The first line is the `header`
         *     (`format: mtl-export`, `version: 1`, `exported_at`); then the `workspace_profile` (when
         *     one is set), `subject`s, `memory`s with their full revision history (a history of more
         *     than 32 revisions goes on in `memory_history` records right after its `memory`, 32
         *     revisions each, so no line is longer than about 4 MiB), `link`s, `fact`s,
         *     `fact_suggestion`s and `template`s (metadata, current draft files, review and publication
         *     state, published files); the last line is `end` with the count of each type, so a cut-off
         *     download is recognisable (no `end` line, or counts that differ). A record always comes after
         *     the records it refers to.
         *
         *     The export is one consistent snapshot of the account, read and sent in batches as the
         *     client takes them: the server's memory does not grow with the account. Any key may export
         *     (read-only is enough); an API key's export leaves out secret Memories, their links and
         *     every revision in which a Memory was secret, and the Facts and suggestions that exist only
         *     through secret Memories (a reference to such a Fact is null), as every other route does. The format is
         *     described in `docs/export-format.md`. Not an MCP tool: use the REST route.
         *
         *     An export is first written to a temporary file under the data directory as fast as the
         *     database gives it, and sent from that file: its snapshot and database connection are held
         *     for the reading only, never while the client takes its time. On the embedded database,
         *     whose one connection every account shares, it is read a page at a time, each page by a
         *     statement of its own, so other accounts are served in between; until its last page is
         *     read (not sent) the account's changes are `503 account_busy` (retryable, with
         *     `Retry-After`), which keeps the file one consistent state of the account. A server runs a bounded number of exports at once (a quarter of its PostgreSQL pool by
         *     default, one on the embedded database); another one meanwhile is `503 too_many_exports`,
         *     retryable after `Retry-After`. When nothing can be written to the client for 30 seconds
         *     (configurable), because it stopped reading or reads so slowly that the connection's
         *     buffers stay full that long, its connection is closed: the file it got has no `end` line.
         *     The cut comes between that time and about twice it after the client's last read (a write
         *     still waiting to go out starts the wait once more), so about 60 seconds by default.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import an export into the account
         * @description Reads an export (`Content-Type: application/x-ndjson`, the format of `GET /export`, at most
         *     512 MiB, no line longer than 8 MiB) as a stream and writes its records into the caller's account as new records with
         *     new IDs, keeping texts, fields, tags, timestamps and revision histories; links; Facts (with
         *     their sources remapped) and suggestions; Templates as unpublished drafts (publication always
         *     goes through review again). A Subject whose name (compared case-insensitively) already
         *     exists in the account is merged into it: its links, Facts and suggestions go to the existing
         *     Subject, which keeps its own fields (`merged_subjects` counts them); a Fact or pending
         *     suggestion the merged Subject already has is not added twice. The workspace profile is
         *     imported only when the account has none. API key IDs in revision actors are not carried
         *     over (the keys belong to the exporting account).
         *
         *     An API key's import follows the key's rules, as its other requests do: it does not set the
         *     workspace profile (`skipped.workspace_profile`); it writes no reviewed Fact and decides no
         *     suggestion, so the file's current Facts arrive as pending suggestions of their statements
         *     (`facts_as_suggestions`), Facts no longer current are left out (`skipped.superseded_facts`),
         *     and every suggestion arrives pending, for the user to review; and every imported revision
         *     names the importing key as its actor.
         *
         *     All or nothing: the first invalid line (not JSON, an unknown `type`, a record that breaks
         *     its schema, an `id` an earlier record of the same type has, a timestamp before the year
         *     0100 or after 9999 (UTC) or a leap second, a Memory at the highest revision number, a
         *     reference to a record that is not earlier in the file, a `version` this
         *     service does not know, a missing or second `header`, anything after `end`, an `end` whose
         *     counts differ from the records read, or no `end` at all: a truncated file) is
         *     `400 invalid_import` with `details: {line, errors}`, and nothing is written. A secret
         *     Memory (or a secret revision) imported with an API key is `403 secret_memory_forbidden`,
         *     nothing written. Templates beyond the account's limit are `400 template_limit_reached`.
         *     A client that disconnects before the end leaves the account unchanged.
         *
         *     How it runs: the body is received whole into a temporary file first, so a client that
         *     sends slowly holds no transaction, lock or connection; then the whole file is checked
         *     without writing anything, so a bad line anywhere refuses it before a record is written;
         *     then it is written. On PostgreSQL it is written in one transaction. On the embedded
         *     database, whose one connection every account shares, it is written in transactions of
         *     about 50 ms that commit as they go, so other accounts' requests are served in between: the
         *     importing account's own requests are `503 account_busy` until it has finished, and what it
         *     wrote is taken out again if it fails while it is written (or when the server starts again
         *     after stopping in the middle), so it stays all or nothing. On either database the
         *     account's other changes are `503 account_busy` while the import is written. An import line
         *     may nest at most 64 levels deep and hold at most 10,000 values (items and members of all
         *     its arrays and objects; an export's largest line holds about 1,000), both checked before
         *     it is parsed; `details.errors` lists at most 20 errors of a line, with
         *     `details.omitted_errors`.
         *
         *     One import runs at a time in an account: a second one meanwhile is
         *     `409 import_in_progress` (retryable, with `Retry-After`). Send an `Idempotency-Key` to make
         *     a retry safe: a repeat with the same key and the same file returns the first answer and
         *     imports nothing (while the first import still runs, however long, a repeat is
         *     `400 idempotency_key_in_use`). A repeat's body is read
         *     to its end before that answer is replayed. The same key with another file is
         *     `400 idempotency_key_reused`: at once when its length differs, after its body has been
         *     read when only its content does (a first import refused before the end of its file is
         *     told apart by length only). Not an MCP tool: use the REST route.
         *
         *     `mode=restore` puts a backup back into the account it came from: every record keeps the
         *     ID it has in the file, and a record the account already has (a Subject, Memory, Fact,
         *     suggestion or Template with that ID; a Memory in the trash too) is left as it is and
         *     counted in `skipped.existing`, with the file's history and successor of it (a source it
         *     lost with a Memory the restore brings back is added back). So importing an account's own
         *     export into it again adds nothing, and adds back only what was deleted for good since. A
         *     link of the file the account lacks is added, between records it had too; a Memory in the
         *     trash keeps its links there. A file holding an ID that another account's record has (it
         *     was exported by another account, or copied into one) is `400 invalid_import` naming the
         *     earliest such line: import it with the default `mode=copy`, which gives every record a
         *     new ID. A restore is the user's (the backup holds secret Memories and reviewed Facts): an
         *     API key's `mode=restore` is `403 session_required`, before the file is read.
         */
        post: operations["importAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's API keys
         * @description Application only. Newest first, revoked keys included. Never returns secrets.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Application only. The full key (`secret`) is in this response and nowhere else. An
         *     account may have at most 100 keys in force (neither revoked nor expired); one more is
         *     `400 api_key_limit_reached` with `details.api_keys_max`. Revoking a key makes room for
         *     another; rotating one does not take any.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get one API key
         * @description Application only. Never returns the secret.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Application only. Idempotent; revoking a revoked key returns it unchanged.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key_id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description Application only. Revokes the key and creates a new one with the same name and mode (and
         *     the same lifetime, counted from now, when the old key had an expiry). The new key takes
         *     the old one's place: it uses what is left of the old key's rate budget, and it does not
         *     count as one more key of the account. A revoked key cannot be rotated
         *     (`400 invalid_request`).
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/api-keys/{key_id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a key's recent activity
         * @description Application only. Newest first; entries are kept for 90 days. Entries never hold bodies,
         *     query strings, Memory text or Template content. `status_class` keeps the entries of one
         *     class of status (`2xx` successes, `4xx` refusals, `5xx` failures); a cursor belongs to its
         *     filter.
         */
        get: operations["listApiKeyActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the MCP clients connected by OAuth
         * @description Application only. Newest first, revoked connections included. A connection is made when
         *     an MCP client exchanges the code the account approved on the consent page (`/oauth/consent`);
         *     it acts as an API key of its mode on `/mcp` alone. Connecting the same client again replaces
         *     (revokes) the earlier connection. Never returns tokens.
         */
        get: operations["listConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/connections/{connection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get one connection
         * @description Application only.
         */
        get: operations["getConnection"];
        put?: never;
        post?: never;
        /**
         * Disconnect a client
         * @description Application only. Revokes the connection and every token of it at once, on every instance:
         *     its next request is `401`, and its refresh token is refused (`invalid_grant`). Idempotent;
         *     revoking a revoked connection returns it unchanged.
         */
        delete: operations["revokeConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/connections/{connection_id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a connection's recent activity
         * @description Application only. As a key's activity: newest first, kept for 90 days, never bodies, query
         *     strings, Memory text or Template content; `status_class` keeps one class of status.
         */
        get: operations["listConnectionActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Stable machine code of an error. The set is open: new codes may be added within `v1`, so
         *     accept any string here and handle an unknown code by the HTTP status and `retryable`. The
         *     codes of this version are listed in `KnownErrorCode`. The application's pages and forms
         *     (outside `/v1`) answer with the same codes, and with their own: `csrf_failed` (403, a form
         *     without its CSRF token or from another origin), `invalid_credentials` (401, a sign-in that
         *     failed, never saying whether the email exists), `sign_up_closed` (403), `setup_complete`
         *     (403, the owner account exists), `invitation_invalid` (404) and `email_taken` (409).
         * @example memory_not_found
         */
        ErrorCode: components["schemas"]["KnownErrorCode"] | string;
        /**
         * @description The error codes of this version of the contract (see `ErrorCode`).
         * @enum {string}
         */
        KnownErrorCode: "invalid_request" | "invalid_json" | "credentials_in_query" | "invalid_cursor" | "batch_too_large" | "memory_in_use" | "duplicate_subject" | "confirmation_required" | "invalid_confirmation" | "confirmation_stale" | "source_not_found" | "source_not_linked" | "fact_exists" | "invalid_checkpoint" | "checkpoint_expired" | "invalid_template_state" | "invalid_draft" | "secret_in_content" | "publish_confirmation_mismatch" | "idempotency_key_reused" | "idempotency_key_in_use" | "idempotency_answer_lost" | "unauthorized" | "insufficient_key_mode" | "session_required" | "secret_memory_forbidden" | "not_found" | "memory_not_found" | "subject_not_found" | "link_not_found" | "suggestion_not_found" | "template_not_found" | "api_key_not_found" | "connection_not_found" | "revision_not_found" | "insight_not_found" | "suggestion_already_reviewed" | "template_limit_reached" | "method_not_allowed" | "draft_changed" | "workflow_state_changed" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "service_unavailable" | "body_budget_exceeded" | "request_timeout" | "uri_too_long" | "headers_too_large" | "invalid_import" | "import_in_progress" | "memory_not_in_trash" | "too_many_exports" | "revision_limit_reached" | "account_busy" | "api_key_limit_reached" | "origin_not_allowed" | "batch_response_too_large" | "csrf_failed" | "invalid_credentials" | "sign_up_closed" | "setup_complete" | "invitation_invalid" | "email_taken";
        FieldError: {
            /** @description Where the field is: `path`, `query`, `header` or `body`. */
            in?: string;
            /** @description JSON pointer of the field, such as `/body/text` or `/query/limit`; in an MCP tool error, the pointer into the arguments, such as `/text`. */
            path: string;
            /** @description In an MCP tool error, the argument the field is (or is in), such as `text` or `if_match`. */
            argument?: string;
            message: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description Machine-readable details. Every field is optional here; the error schema of a code (such as
         *     `DraftChangedError` for `draft_changed`) says which fields that code always carries. Fields
         *     may be added within `v1`.
         */
        ErrorDetails: {
            /** @description The failing parameter or header (`cursor`, `ids`, `Idempotency-Key`, `confirmation_token`, …). */
            parameter?: string;
            /** @description The fields that failed (`invalid_request`, `invalid_draft`, `invalid_import`): at most 20, the rest counted in `omitted_errors`. */
            errors?: components["schemas"]["FieldError"][];
            /** @description How many more fields failed than `errors` lists (present only when there were more than 20). */
            omitted_errors?: number;
            /** @description The current revision (`draft_changed`, `precondition_failed`, `revision_limit_reached`). */
            current_revision?: number;
            /** @description The revision the request was based on (`draft_changed`). */
            base_revision?: number;
            /** @description The revision the request named (`draft_changed`). */
            revision?: number;
            /** @description The broken draft rules (`invalid_draft`): at most 20, the rest counted in `omitted_violations`. */
            violations?: components["schemas"]["DraftViolation"][];
            /** @description How many more draft rules were broken than `violations` lists (present only when there were more than 20). */
            omitted_violations?: number;
            /** @description Where key-shaped text was found (`secret_in_content`), at most 50. */
            findings?: components["schemas"]["SecretFindingPlace"][];
            /** @description How many more findings there were (`secret_in_content`). */
            omitted_findings?: number;
            /** @description The line of the import file (`invalid_import`, and refusals of an import). */
            line?: number;
            /** @description Seconds to wait before retrying (`rate_limited`, `service_unavailable`). */
            retry_after_seconds?: number;
            /** @description The limit that was exceeded (`payload_too_large`, `uri_too_long`, `headers_too_large`, `batch_response_too_large`). */
            limit_bytes?: number;
            /** @description The most messages a JSON-RPC batch to `/mcp` may hold (`batch_too_large` there). */
            max_messages?: number;
            /** @description The Facts the Memory is a source of (`memory_in_use`). */
            fact_ids?: string[];
            /** @description The Fact that already states this (`fact_exists`). */
            fact_id?: string;
            /** @description The sources that failed (`source_not_found`, `source_not_linked`). */
            memory_ids?: string[];
            /** @description The name that clashed (`duplicate_subject`). */
            name?: string;
            /** @description The Subject that has the name (`duplicate_subject`). */
            subject_id?: string;
            /** @description The state of the suggestion (`suggestion_already_reviewed`). */
            status?: string;
            /** @description The number of Templates an account may have (`template_limit_reached`). */
            templates_max?: number;
            /** @description The number of API keys an account may have in force (`api_key_limit_reached`). */
            api_keys_max?: number;
            /** @description The workflow action refused (`invalid_template_state`). */
            action?: string;
            /** @description Why the workflow state changed (`workflow_state_changed`). */
            reason?: string;
            /** @description The review state now (`invalid_template_state`, `workflow_state_changed`). */
            review_state?: string;
            /** @description The publication state now (`invalid_template_state`, `workflow_state_changed`). */
            publication_state?: string;
            /** @description The draft revision now (`invalid_template_state`, `workflow_state_changed`). */
            draft_revision?: number;
            /** @description The confirmation fields that do not match (`publish_confirmation_mismatch`). */
            mismatched?: string[];
            /** @description The reviewed license (`publish_confirmation_mismatch`). */
            license?: string | null;
            /** @description The reviewed draft revision (`publish_confirmation_mismatch`). */
            reviewed_revision?: number | null;
            /**
             * Format: date-time
             * @description When the key was revoked (`invalid_request` of a key rotation).
             */
            revoked_at?: string;
            /** @description The Fact that superseded the one named (`invalid_request` of a Fact). */
            superseded_by?: string;
        } & {
            [key: string]: unknown;
        };
        DraftViolation: {
            /** @description The broken rule: `file_count`, `path`, `duplicate_path`, `path_conflict` (a file that is also a folder of another path, or a folder spelled in other letter case), `file_size`, `total_size`, `text_only` or `readme_missing` (more may be added). */
            rule: string;
            /** @description The file, absent when its path holds something that looks like a secret: the message then names the file by its place in the set ("File 2"), so the secret is not repeated. */
            path?: string;
            line?: number;
            message: string;
        } & {
            [key: string]: unknown;
        };
        SecretFindingPlace: {
            /** @description The file. */
            path?: string;
            /** @description The line in the file. */
            line?: number;
            /** @description A metadata field, `files[i].path`, or `files[i].content` (with `line`) for a file whose path itself holds a secret, so that the path is not repeated. */
            field?: string;
        } & {
            [key: string]: unknown;
        };
        Error: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            status: number;
            retryable: boolean;
            request_id: string;
            details?: components["schemas"]["ErrorDetails"];
        };
        /**
         * @description `invalid_request`: A parameter, header or body field is invalid; `details.errors` lists the
         *     fields when they are known: at most 20, with how many more in `details.omitted_errors`.
         *     An array longer than its `maxItems`, or a property the schema does not have, is reported
         *     before anything else is checked, and alone.
         */
        InvalidRequestError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "invalid_request";
            details?: {
                errors?: components["schemas"]["FieldError"][];
                omitted_errors?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * @description `invalid_draft`: The draft breaks rules, listed in `details.violations` (at most 20, with how
         *     many more in `details.omitted_violations`); any other broken field of the body is in
         *     `details.errors` (at most 20, with `details.omitted_errors`).
         */
        InvalidDraftError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "invalid_draft";
            details: {
                violations: components["schemas"]["DraftViolation"][];
                omitted_violations?: number;
                errors?: components["schemas"]["FieldError"][];
                omitted_errors?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * @description `invalid_import`: A line of the import file is invalid; nothing was written. `details.errors`
         *     lists what is wrong with it: at most 20, with how many more in `details.omitted_errors`.
         */
        InvalidImportError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "invalid_import";
            details: {
                line: number;
                errors: components["schemas"]["FieldError"][];
                omitted_errors?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `secret_in_content`: The Template holds an MTL API key, or the release notes sent with `publish` or `republish` hold what looks like a secret (any kind the `no_secrets` check finds: they are published as written). */
        SecretInContentError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "secret_in_content";
            details: {
                findings: components["schemas"]["SecretFindingPlace"][];
                omitted_findings?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `memory_in_use`: The Memory is a source of reviewed Facts. */
        MemoryInUseError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "memory_in_use";
            details: {
                fact_ids: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `duplicate_subject`: Another Subject has this name. */
        DuplicateSubjectError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "duplicate_subject";
            details: {
                name: string;
                subject_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `source_not_found`: Source Memories that do not exist for the caller. */
        SourceNotFoundError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "source_not_found";
            details: {
                memory_ids: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `source_not_linked`: Source Memories not linked to the Subject. */
        SourceNotLinkedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "source_not_linked";
            details: {
                memory_ids: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `publish_confirmation_mismatch`: The publish confirmation does not match the reviewed revision. */
        PublishConfirmationMismatchError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "publish_confirmation_mismatch";
            details: {
                mismatched: string[];
                license?: string | null;
                reviewed_revision?: number | null;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `invalid_template_state`: The action is not allowed in the Template's state. */
        InvalidTemplateStateError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "invalid_template_state";
            details: {
                action: string;
                review_state: string;
                publication_state: string;
                draft_revision: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `draft_changed`: The draft is no longer at the revision the request named. */
        DraftChangedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "draft_changed";
            details: {
                current_revision: number;
                base_revision?: number;
                revision?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `workflow_state_changed`: The Template changed while the request waited. */
        WorkflowStateChangedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "workflow_state_changed";
            details: {
                reason?: string;
                review_state: string;
                publication_state: string;
                draft_revision: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `precondition_failed`: `If-Match` does not match the current revision. */
        PreconditionFailedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "precondition_failed";
            details: {
                current_revision: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `payload_too_large`: The body is larger than the operation allows. */
        PayloadTooLargeError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "payload_too_large";
            details?: {
                limit_bytes?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `rate_limited`: The per-minute budget is used up. */
        RateLimitedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "rate_limited";
            details: {
                retry_after_seconds: number;
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * @description `account_busy`: The account's requests are queued behind others that are still running
         *     (one account runs a bounded number of requests at once, and its writes one after another),
         *     and this one waited too long for its turn, or for the account's write lock held by another
         *     instance of the service; or it is a change to the account's knowledge while an import
         *     into the account runs. Nothing was done; retryable after `Retry-After` seconds.
         */
        AccountBusyError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "account_busy";
            details: {
                retry_after_seconds: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `api_key_limit_reached`: The account has as many API keys in force (neither revoked nor expired) as it may have. */
        ApiKeyLimitReachedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "api_key_limit_reached";
            details: {
                api_keys_max: components["schemas"]["ApiKeysMax"];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description `service_unavailable`: The database is unavailable right now. */
        ServiceUnavailableError: components["schemas"]["Error"] & {
            /** @enum {string} */
            code: "service_unavailable";
            details: {
                retry_after_seconds: number;
            } & {
                [key: string]: unknown;
            };
        };
        ErrorResponse: {
            /** @enum {boolean} */
            ok: false;
            /**
             * @description The error. Its `code` tells which of these it is; a code without a schema of its own
             *     (and any code added later) is an `Error`.
             */
            error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidDraftError"] | components["schemas"]["InvalidImportError"] | components["schemas"]["SecretInContentError"] | components["schemas"]["MemoryInUseError"] | components["schemas"]["DuplicateSubjectError"] | components["schemas"]["SourceNotFoundError"] | components["schemas"]["SourceNotLinkedError"] | components["schemas"]["PublishConfirmationMismatchError"] | components["schemas"]["InvalidTemplateStateError"] | components["schemas"]["DraftChangedError"] | components["schemas"]["WorkflowStateChangedError"] | components["schemas"]["PreconditionFailedError"] | components["schemas"]["PayloadTooLargeError"] | components["schemas"]["RateLimitedError"] | components["schemas"]["ApiKeyLimitReachedError"] | components["schemas"]["ServiceUnavailableError"] | components["schemas"]["AccountBusyError"] | components["schemas"]["Error"];
        };
        /**
         * Format: date-time
         * @example 2026-11-22T09:30:00.000Z
         */
        Timestamp: string;
        /** Format: date-time */
        NullableTimestamp: string | null;
        /** @description Pass as `cursor` to get the next page; null on the last page. */
        NextCursor: string | null;
        /** @example mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        MemoryId: string;
        /** @example key_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        ApiKeyId: string;
        /**
         * @description An API key's ID (`key_…`), or an OAuth connection's (`con_…`), which acts as a key of its mode.
         * @example key_01JD2X5Y7Z8A9B0C1D2E3F4G5H
         */
        CredentialId: string;
        /** @example con_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        ConnectionId: string;
        /** @enum {string} */
        MemoryType: "note" | "preference" | "instruction" | "decision" | "event" | "reference";
        /**
         * @description `secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,
         *     search and batch but left out of contexts unless `include_sensitive=true`.
         * @enum {string}
         */
        Sensitivity: "normal" | "sensitive" | "secret";
        /** @description 1–32,000 code points, not only whitespace; stored as given. */
        MemoryText: string;
        /** @description No control characters; trimmed and stored lower-case. */
        Tag: string;
        /** @description 0–20 tags; duplicates (after trimming and lower-casing) are removed. */
        Tags: components["schemas"]["Tag"][];
        MemoryCreate: {
            text: components["schemas"]["MemoryText"];
            /** @description `note` when absent. */
            type?: components["schemas"]["MemoryType"];
            /** @description `normal` when absent. */
            sensitivity?: components["schemas"]["Sensitivity"];
            tags?: components["schemas"]["Tags"];
            /** @description `false` when absent. */
            pinned?: boolean;
            expires_at?: components["schemas"]["ExpiresAt"];
        };
        /**
         * Format: date-time
         * @description When the Memory goes to the trash by itself (reason `expired`), within a minute of that
         *     time; it must be in the future (`400 invalid_request` otherwise). Null (or absent): never.
         *     A Memory that is a source of a reviewed Fact is not trashed while it is one. Restoring an
         *     expired Memory clears it, as does restoring one whose `expires_at` passed while it was in
         *     the trash; a Memory deleted before its `expires_at` keeps it when restored.
         */
        ExpiresAt: string | null;
        MemoryUpdate: {
            text?: components["schemas"]["MemoryText"];
            type?: components["schemas"]["MemoryType"];
            sensitivity?: components["schemas"]["Sensitivity"];
            tags?: components["schemas"]["Tags"];
            pinned?: boolean;
            expires_at?: components["schemas"]["ExpiresAt"];
        };
        Memory: {
            id: components["schemas"]["MemoryId"];
            text: string;
            /** @description True when `text` was shortened (lists, search and batch shorten to 2,000 code points). */
            text_truncated: boolean;
            type: components["schemas"]["MemoryType"];
            sensitivity: components["schemas"]["Sensitivity"];
            tags: string[];
            pinned: boolean;
            revision: number;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the Memory goes to the trash by itself; null when it does not.
             */
            expires_at: string | null;
        };
        MemoryResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Memory"];
        };
        MemoryListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Memory"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        MemorySearchHit: {
            memory: components["schemas"]["Memory"];
            /** @description Relevance; higher is better, and never higher than the hit before. Comparable only within one response. */
            score: number;
            /**
             * @description `fuzzy` when the hit matched only through corrections of misspelt words; `semantic` when it was found by meaning, not among what the query's words found (its excerpt marks no word).
             * @enum {string}
             */
            match: "fulltext" | "fuzzy" | "semantic";
            /** @description An excerpt of at most 300 characters of the Memory's text with the matched words wrapped in `<mark>` and `</mark>` (not counted in the 300; at most 64 words are marked, so at most 1,132 characters in all); `…` marks text left out. Text, not HTML: the `<mark>` tags are literal and the Memory's text is not escaped, so never render it as HTML (use `highlight_html`). */
            highlight: string;
            /** @description The same excerpt as HTML, safe to insert into a page's HTML content as it is: the text is escaped (`&`, `<`, `>`, `"` and `'` as `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`), and `<mark>` and `</mark>` around the matched words are its only markup. */
            highlight_html: string;
        };
        MemorySearchResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["MemorySearchHit"][];
        };
        MemoryBatchItem: {
            id: components["schemas"]["MemoryId"];
            /** @enum {string} */
            status: "ok" | "error";
            memory?: components["schemas"]["Memory"];
            /** @description True when the item's text was shortened, by the per-item or the total budget. */
            truncated?: boolean;
            /** @description The full text's length in code points. */
            text_length?: number;
            error?: {
                code: components["schemas"]["ErrorCode"];
                message: string;
            };
        };
        BatchBudget: {
            /**
             * @description Code points of text per item.
             * @enum {integer}
             */
            per_item: 2000;
            /**
             * @description Code points of text per response.
             * @enum {integer}
             */
            total: 12000;
            used: number;
        };
        MemoryBatchResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                items: components["schemas"]["MemoryBatchItem"][];
                budget: components["schemas"]["BatchBudget"];
            };
        };
        MemoryDeletedResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                id: components["schemas"]["MemoryId"];
                /** @enum {boolean} */
                deleted: true;
                /** @description True when the Memory was deleted for good; false when it went to the trash. */
                permanent: boolean;
                /**
                 * Format: date-time
                 * @description When the trashed Memory will be deleted for good; null after a permanent delete.
                 */
                purge_at: string | null;
            };
        };
        TrashedMemory: {
            /** @description The Memory as it was when trashed, with its `expires_at` (text shortened to 2,000 code points). */
            memory: components["schemas"]["Memory"];
            trashed_at: components["schemas"]["Timestamp"];
            /** @description When it will be deleted for good (`trashed_at` plus the retention period). */
            purge_at: components["schemas"]["Timestamp"];
            /**
             * @description `deleted` by a request, or `expired` at its `expires_at`.
             * @enum {string}
             */
            reason: "deleted" | "expired";
        };
        TrashListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["TrashedMemory"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        DeletedResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                id: string;
                /** @enum {boolean} */
                deleted: true;
            };
        };
        Actor: {
            /** @enum {string} */
            kind: "api_key" | "session";
            key_id?: components["schemas"]["CredentialId"];
        };
        MemoryRevision: {
            memory_id: components["schemas"]["MemoryId"];
            revision: number;
            text: string;
            text_truncated: boolean;
            type: components["schemas"]["MemoryType"];
            sensitivity: components["schemas"]["Sensitivity"];
            tags: string[];
            pinned: boolean;
            created_at: components["schemas"]["Timestamp"];
            actor: components["schemas"]["Actor"];
        };
        MemoryRevisionResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["MemoryRevision"];
        };
        MemoryRevisionListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["MemoryRevision"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @example sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        SubjectId: string;
        /** @example fct_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        FactId: string;
        /** @example fsg_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        SuggestionId: string;
        /** @example ins_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        InsightId: string;
        /** @enum {string} */
        SubjectKind: "person" | "project" | "organization" | "place" | "topic" | "other";
        /** @description 1–200 code points, no control characters; surrounding whitespace is trimmed. */
        SubjectName: string;
        /** @description 0–20 aliases, trimmed; duplicates (compared case-insensitively) are removed. */
        SubjectAliases: components["schemas"]["SubjectName"][];
        SubjectDescription: string;
        SubjectCreate: {
            name: components["schemas"]["SubjectName"];
            /** @description `other` when absent. */
            kind?: components["schemas"]["SubjectKind"];
            aliases?: components["schemas"]["SubjectAliases"];
            description?: components["schemas"]["SubjectDescription"];
        };
        SubjectUpdate: {
            name?: components["schemas"]["SubjectName"];
            kind?: components["schemas"]["SubjectKind"];
            aliases?: components["schemas"]["SubjectAliases"];
            description?: components["schemas"]["SubjectDescription"];
        };
        Subject: {
            id: components["schemas"]["SubjectId"];
            name: string;
            kind: components["schemas"]["SubjectKind"];
            aliases: string[];
            description: string;
            /** @description Linked Memories the caller can see (secret ones are not counted for API keys). */
            memory_count: number;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        SubjectResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Subject"];
        };
        SubjectListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Subject"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @description What the deletion removes that the caller can see (for API keys, no secret Memory, and no Fact, suggestion or insight that exists only through secret ones). */
        DeletionImpact: {
            linked_memories: number;
            facts: number;
            fact_suggestions: number;
            insights: number;
        };
        SubjectDeletionResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                subject_id: components["schemas"]["SubjectId"];
                /** @description Single-use; send it as `confirmation_token` on the DELETE within 10 minutes. */
                confirmation_token: string;
                expires_at: components["schemas"]["Timestamp"];
                impact: components["schemas"]["DeletionImpact"];
            };
        };
        LinkCreate: {
            memory_id: components["schemas"]["MemoryId"];
        };
        Link: {
            subject_id: components["schemas"]["SubjectId"];
            memory_id: components["schemas"]["MemoryId"];
            created_at: components["schemas"]["Timestamp"];
        };
        LinkResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Link"];
        };
        UnlinkResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                subject_id: components["schemas"]["SubjectId"];
                memory_id: components["schemas"]["MemoryId"];
                /** @enum {boolean} */
                deleted: true;
            };
        };
        FactSource: {
            memory_id: components["schemas"]["MemoryId"];
        };
        /**
         * @description A reviewed statement about a Subject, drawn from its source Memories. For API keys, secret
         *     sources are left out of `sources`, and a Fact whose sources are all secret does not exist:
         *     it is in no list, context, map, count, export or rule answered to a key. A Fact with no
         *     sources at all (an import can make one) is shown to everyone.
         */
        Fact: {
            id: components["schemas"]["FactId"];
            subject_id: components["schemas"]["SubjectId"];
            statement: string;
            sources: components["schemas"]["FactSource"][];
            accepted_at: components["schemas"]["Timestamp"];
            created_at: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the Fact became valid (its acceptance).
             */
            valid_from: string;
            /**
             * Format: date-time
             * @description When a later Fact superseded it; null while the Fact is current.
             */
            valid_until: string | null;
            /**
             * @description The Fact that superseded this one; null while the Fact is current, and null too when
             *     the caller cannot see the Fact that superseded it (`valid_until` still says when this
             *     one ended).
             */
            superseded_by: string | null;
        };
        FactListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Fact"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @enum {string} */
        SuggestionStatus: "pending" | "accepted" | "rejected";
        FactSuggestionCreate: {
            statement: string;
            source_memory_ids: components["schemas"]["MemoryId"][];
            note?: string;
            /**
             * @description A current Fact of the same Subject that this suggestion replaces: accepting the
             *     suggestion closes it.
             */
            supersedes?: string;
        };
        /**
         * @description A proposed Fact, backed by source Memories. For API keys, secret sources are left out of
         *     `sources`, and a suggestion none of whose sources they can see does not exist for them
         *     (its statement was drawn from secret text, or from Memories since trashed).
         */
        FactSuggestion: {
            id: components["schemas"]["SuggestionId"];
            subject_id: components["schemas"]["SubjectId"];
            statement: string;
            note: string | null;
            sources: components["schemas"]["FactSource"][];
            status: components["schemas"]["SuggestionStatus"];
            /** @description The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact). */
            fact_id: string | null;
            /** @description The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact). */
            supersedes: string | null;
            created_at: components["schemas"]["Timestamp"];
            reviewed_at: components["schemas"]["NullableTimestamp"];
        };
        FactSuggestionCreateResponse: {
            /** @enum {boolean} */
            ok: true;
            /** @description False when an equal pending suggestion that the caller can see already existed (and is returned). */
            created: boolean;
            data: components["schemas"]["FactSuggestion"];
        };
        FactSuggestionListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["FactSuggestion"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        FactSuggestionReviewResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                suggestion: components["schemas"]["FactSuggestion"];
                /** @description The new Fact (accept only). */
                fact?: components["schemas"]["Fact"];
            };
        };
        /** @enum {string} */
        InsightKind: "unlinked_mention" | "possible_duplicate";
        MemoryInsight: {
            id: components["schemas"]["InsightId"];
            subject_id: components["schemas"]["SubjectId"];
            kind: components["schemas"]["InsightKind"];
            /** @enum {string} */
            status: "pending" | "dismissed";
            summary: string;
            memory_ids: components["schemas"]["MemoryId"][];
            created_at: components["schemas"]["Timestamp"];
        };
        MemoryInsightResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["MemoryInsight"];
        };
        MemoryInsightListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["MemoryInsight"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        WorkspaceProfileUpdate: {
            guidance: string;
        };
        WorkspaceProfile: {
            guidance: string;
            updated_at: components["schemas"]["NullableTimestamp"];
        };
        WorkspaceProfileResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["WorkspaceProfile"];
        };
        ContextMemory: {
            id: components["schemas"]["MemoryId"];
            type: components["schemas"]["MemoryType"];
            sensitivity: components["schemas"]["Sensitivity"];
            pinned: boolean;
            tags: string[];
            text: string;
            text_truncated: boolean;
            updated_at: components["schemas"]["Timestamp"];
        };
        ContextSubject: {
            id: components["schemas"]["SubjectId"];
            name: string;
            kind: components["schemas"]["SubjectKind"];
            memory_count: number;
            /** @description How many current (not superseded) Facts the Subject has that the caller can see. */
            fact_count: number;
        };
        ContextBudget: {
            max_chars: number;
            used_chars: number;
        };
        StartupContext: {
            profile: {
                guidance: string;
                truncated: boolean;
            };
            pinned: components["schemas"]["ContextMemory"][];
            instructions: components["schemas"]["ContextMemory"][];
            recent: components["schemas"]["ContextMemory"][];
            subjects: components["schemas"]["ContextSubject"][];
            budget: components["schemas"]["ContextBudget"];
            omitted: {
                pinned: number;
                instructions: number;
                recent: number;
                subjects: number;
            };
            /** @description Pass to `GET /context/resume` to learn what changed after this response. */
            checkpoint: string;
        };
        StartupContextResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["StartupContext"];
        };
        ResumeContext: {
            memories_upserted: components["schemas"]["ContextMemory"][];
            /**
             * @description Memories deleted since the checkpoint, or changed so that this context leaves them
             *     out: turned secret (API keys), or secret or sensitive without `include_sensitive`.
             *     An API key is told of a Memory only if it could see it at some point since the
             *     checkpoint: a Memory that was secret all along (created secret, say) never existed
             *     for the key and is not listed.
             */
            memories_removed: components["schemas"]["MemoryId"][];
            subjects_upserted: components["schemas"]["ContextSubject"][];
            subjects_removed: components["schemas"]["SubjectId"][];
            checkpoint: string;
            has_more: boolean;
            budget: components["schemas"]["ContextBudget"];
        };
        ResumeContextResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ResumeContext"];
        };
        SubjectContext: {
            subject: components["schemas"]["Subject"];
            /** @description Whether `subject.description` was shortened to fit `max_chars` (it counts first, after the name). */
            subject_description_truncated: boolean;
            /** @description The Subject's current Facts (superseded ones are left out), newest first. */
            facts: components["schemas"]["Fact"][];
            memories: components["schemas"]["ContextMemory"][];
            pending_insights: components["schemas"]["MemoryInsight"][];
            budget: components["schemas"]["ContextBudget"];
            omitted: {
                facts: number;
                memories: number;
                insights: number;
            };
        };
        SubjectContextResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["SubjectContext"];
        };
        ContextMapNode: {
            id: string;
            /** @enum {string} */
            kind: "memory" | "subject" | "fact";
            label: string;
        };
        ContextMapEdge: {
            from: string;
            to: string;
            /**
             * @description `linked_to`: Memory → Subject; `fact_of`: Fact → Subject; `sourced_from`: Fact → Memory.
             * @enum {string}
             */
            kind: "linked_to" | "fact_of" | "sourced_from";
        };
        ContextMap: {
            root: components["schemas"]["MemoryId"];
            nodes: components["schemas"]["ContextMapNode"][];
            edges: components["schemas"]["ContextMapEdge"][];
            truncated: boolean;
            omitted_nodes: number;
        };
        ContextMapResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ContextMap"];
        };
        /** @example tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        TemplateId: string;
        /** @example run_01JD2X5Y7Z8A9B0C1D2E3F4G5H */
        RunId: string;
        /** @enum {string} */
        TemplateCategory: "productivity" | "engineering" | "writing" | "research" | "personal" | "education" | "other";
        /**
         * @description An SPDX identifier from the allowed list.
         * @enum {string}
         */
        TemplateLicense: "MIT" | "Apache-2.0" | "BSD-2-Clause" | "BSD-3-Clause" | "ISC" | "MPL-2.0" | "GPL-3.0-only" | "LGPL-3.0-only" | "CC0-1.0" | "CC-BY-4.0" | "CC-BY-SA-4.0" | "Unlicense";
        TemplateName: string;
        TemplateSummary: string;
        TemplateTag: string;
        /** @description 0–10 tags, trimmed, lower-cased and de-duplicated. */
        TemplateTags: components["schemas"]["TemplateTag"][];
        ReleaseNotes: string;
        /**
         * @description Relative and `/`-separated; each segment starts with a letter, digit or `_` and holds only
         *     letters, digits, `.`, `_` and `-` (no `..` segment, no leading `/` or `.`, no backslash).
         *     No segment ends with `.`, and none is named as a Windows device (`CON`, `PRN`, `AUX`,
         *     `NUL`, `COM1`–`COM9`, `LPT1`–`LPT9`, in any letter case, with or without an extension:
         *     `nul.md`, `Aux.txt`). Unique in the draft, compared case-insensitively; and, compared
         *     case-insensitively too, no path is a folder of another path (a file `docs` beside
         *     `docs/a.md`) and a folder is spelled the same way by every path in it (not `DOCS/a.md`
         *     beside `docs/b.md`), so that the files can be written to any disk as named.
         */
        DraftFilePath: string;
        /** @description UTF-8 text without NUL or other control characters (tab, line feed and carriage return are allowed); at most 100,000 code points. */
        DraftFileContent: string;
        DraftFile: {
            path: components["schemas"]["DraftFilePath"];
            content: components["schemas"]["DraftFileContent"];
        };
        /** @description The complete file set, 1–50 files, at most 500,000 code points in all, with a root `README.md`. */
        DraftFiles: components["schemas"]["DraftFile"][];
        /**
         * @description The most code points of content a draft may hold in all its files.
         * @enum {integer}
         */
        DraftTotalChars: 500000;
        DraftUpdate: {
            /** @description The revision this update replaces, as returned by the last read. */
            base_revision: number;
            files: components["schemas"]["DraftFiles"];
            name?: components["schemas"]["TemplateName"];
            summary?: components["schemas"]["TemplateSummary"];
            category?: components["schemas"]["TemplateCategory"];
            tags?: components["schemas"]["TemplateTags"];
            license?: components["schemas"]["TemplateLicense"];
            release_notes?: string;
        };
        DraftReadRequest: {
            paths?: string[];
            /** @description Characters of each file at most; 20,000 when absent. */
            max_chars_per_file?: number;
            /** @description Characters of all files together at most; 100,000 when absent. */
            max_total_chars?: number;
        };
        DraftReadFile: {
            path: string;
            /** @description The file's full length in code points. */
            size: number;
            content: string;
            truncated: boolean;
        };
        DraftReadResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                template_id: components["schemas"]["TemplateId"];
                revision: number;
                files: components["schemas"]["DraftReadFile"][];
                missing: string[];
                omitted: string[];
            };
        };
        FileSummary: {
            path: string;
            size: number;
        };
        /**
         * @description The review of the current draft revision, independent of publication. `draft`: not
         *     reviewed since the last draft update; `changes_requested`: a check failed;
         *     `review_error`: the review could not run; `ready_to_publish`: every check passed for
         *     `review.reviewed_revision`. Publishing does not change it: after `publish` it still reads
         *     `ready_to_publish`, because the review describes the draft revision, which is still the
         *     reviewed one. Whether and what is public is `publication` (`state`,
         *     `published_revision`). Any draft update sets it back to `draft`.
         * @enum {string}
         */
        ReviewState: "draft" | "changes_requested" | "review_error" | "ready_to_publish";
        /** @enum {string} */
        PublicationState: "never_published" | "published" | "unpublished";
        Template: {
            id: components["schemas"]["TemplateId"];
            name: string;
            summary: string;
            category: components["schemas"]["TemplateCategory"];
            tags: string[];
            license: components["schemas"]["TemplateLicense"];
            release_notes: string;
            draft: {
                revision: number;
                files: components["schemas"]["FileSummary"][];
                total_size: number;
                updated_at: components["schemas"]["Timestamp"];
            };
            review: {
                state: components["schemas"]["ReviewState"];
                reviewed_revision: number | null;
                last_run_id: string | null;
            };
            publication: {
                state: components["schemas"]["PublicationState"];
                version: number;
                published_revision: number | null;
                published_at: components["schemas"]["NullableTimestamp"];
            };
            /** @description The published Template and version this one was copied from; null for a Template created empty. */
            copied_from: {
                template_id: components["schemas"]["TemplateId"];
                version: number;
            } | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        TemplateResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Template"];
        };
        RunFinding: {
            /** @description The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set). */
            path?: string;
            line?: number;
            message: string;
        };
        RunCheck: {
            /**
             * @description `file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft
             *     stored before one of them was added cannot be published until it keeps them.
             * @enum {string}
             */
            check: "readme_present" | "file_rules" | "license_allowed" | "metadata_complete" | "no_secrets" | "text_only";
            /** @enum {string} */
            status: "passed" | "failed";
            /** @description What the check found, at most 50 (the rest are counted in `omitted_findings`). */
            findings: components["schemas"]["RunFinding"][];
            /** @description Present when the check found more than 50 things; how many are not listed. */
            omitted_findings?: number;
        };
        /** @enum {string} */
        WorkflowAction: "create" | "submit_review" | "retry" | "publish" | "unpublish" | "republish";
        WorkflowRun: {
            id: components["schemas"]["RunId"];
            template_id: components["schemas"]["TemplateId"];
            action: components["schemas"]["WorkflowAction"];
            /** @description The draft revision the action concerned. */
            revision: number | null;
            /** @enum {string} */
            status: "succeeded" | "failed";
            checks: components["schemas"]["RunCheck"][];
            /** @description For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`. */
            error_code: string | null;
            created_at: components["schemas"]["Timestamp"];
        };
        WorkflowResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                template: components["schemas"]["Template"];
                run: components["schemas"]["WorkflowRun"];
            };
        };
        WorkflowCreate: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create";
            name: components["schemas"]["TemplateName"];
            summary?: components["schemas"]["TemplateSummary"];
            category: components["schemas"]["TemplateCategory"];
            tags?: components["schemas"]["TemplateTags"];
            license: components["schemas"]["TemplateLicense"];
        };
        WorkflowReview: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "submit_review" | "retry";
            template_id: components["schemas"]["TemplateId"];
            revision: number;
        };
        PublishConfirmation: {
            /** @description Must equal the Template's license. */
            license: string;
            /** @description Must be true: every file of the draft becomes public. */
            files_public: boolean;
            /** @description Must equal `revision`, the revision that completed review. */
            reviewed_revision: number;
        };
        WorkflowPublish: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "publish";
            template_id: components["schemas"]["TemplateId"];
            revision: number;
            release_notes: components["schemas"]["ReleaseNotes"];
            confirm: components["schemas"]["PublishConfirmation"];
        };
        WorkflowUnpublish: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "unpublish";
            template_id: components["schemas"]["TemplateId"];
        };
        WorkflowRepublish: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "republish";
            template_id: components["schemas"]["TemplateId"];
            release_notes: components["schemas"]["ReleaseNotes"];
        };
        WorkflowRequest: components["schemas"]["WorkflowCreate"] | components["schemas"]["WorkflowReview"] | components["schemas"]["WorkflowPublish"] | components["schemas"]["WorkflowUnpublish"] | components["schemas"]["WorkflowRepublish"];
        CreatorLimits: {
            /** @enum {integer} */
            templates_max: 100;
            templates_used: number;
            files_max: number;
            file_chars_max: number;
            total_chars_max: components["schemas"]["DraftTotalChars"];
            path_chars_max: number;
            /**
             * @description The largest draft update body accepted, in bytes.
             * @enum {integer}
             */
            body_bytes_max: 2097152;
        };
        CreatorStatusResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                templates: {
                    template: components["schemas"]["Template"];
                    latest_runs: components["schemas"]["WorkflowRun"][];
                }[];
                limits: components["schemas"]["CreatorLimits"];
            };
        };
        /** @description A published Template as every account sees it. Its texts (name, summary, tags, display name, README excerpt) are the creator's plain text, not HTML; escape them to show them in a page. */
        PublicTemplate: {
            id: components["schemas"]["TemplateId"];
            /** @description Plain text, as the creator wrote it. */
            name: string;
            /** @description Plain text, as the creator wrote it. */
            summary: string;
            category: components["schemas"]["TemplateCategory"];
            tags: string[];
            license: components["schemas"]["TemplateLicense"];
            version: number;
            published_at: components["schemas"]["Timestamp"];
            creator: {
                /** @description Plain text. */
                display_name: string | null;
            };
            /** @description The start of the README as plain text: its Markdown and any HTML in it are neither rendered nor escaped. */
            readme_excerpt: string;
            /** @description How many accounts have copied it into a draft of theirs (each once). */
            uses: number;
        };
        PublicTemplateListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["PublicTemplate"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        PublicTemplateResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                template: components["schemas"]["PublicTemplate"];
                files: components["schemas"]["FileSummary"][];
                release_notes: string;
                /** @description The versions published so far, newest first (the latest 100), each with the release notes it was published with. */
                versions: components["schemas"]["PublishedVersion"][];
            };
        };
        PublishedVersion: {
            version: number;
            published_at: components["schemas"]["Timestamp"];
            /** @description Plain text, as the creator wrote it. */
            release_notes: string;
        };
        PublishedFilesResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                template_id: components["schemas"]["TemplateId"];
                version: number;
                files: components["schemas"]["DraftReadFile"][];
                missing: string[];
                omitted: string[];
            };
        };
        /** @description `name` is the copy's name; the source's name when absent. */
        TemplateCopyRequest: {
            name?: components["schemas"]["TemplateName"];
        };
        /** @enum {string} */
        ApiKeyMode: "read_only" | "read_write";
        PrincipalResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                /** @enum {string} */
                kind: "api_key" | "session";
                /** @description The API key's ID (or the OAuth connection's, `con_…`, which acts as a key); null for a session. */
                key_id: string | null;
                /**
                 * @description The API key's mode; null for a session (which may call every operation).
                 * @enum {string|null}
                 */
                key_mode: "read_only" | "read_write" | null;
            };
        };
        ApiKeyCreate: {
            name: string;
            mode: components["schemas"]["ApiKeyMode"];
            /** @description The key stops working this many days after creation. Without it the key does not expire. */
            expires_in_days?: number;
        };
        /**
         * @description The most API keys an account may have in force (neither revoked nor expired) at once.
         * @enum {integer}
         */
        ApiKeysMax: 100;
        ApiKey: {
            id: components["schemas"]["ApiKeyId"];
            name: string;
            mode: components["schemas"]["ApiKeyMode"];
            /** @description The first 12 characters of the key, safe to display. */
            prefix: string;
            created_at: components["schemas"]["Timestamp"];
            /** @description May lag behind real use by up to a minute. */
            last_used_at: components["schemas"]["NullableTimestamp"];
            expires_at: components["schemas"]["NullableTimestamp"];
            revoked_at: components["schemas"]["NullableTimestamp"];
        };
        /** @description An MCP client connected to the account by OAuth; it acts as an API key of its mode on `/mcp`. */
        Connection: {
            id: components["schemas"]["ConnectionId"];
            /** @description The client's ID from its registration (RFC 7591). */
            client_id: string;
            /** @description The name the client registered with (chosen by the client, not checked by the service). */
            client_name: string;
            mode: components["schemas"]["ApiKeyMode"];
            created_at: components["schemas"]["Timestamp"];
            /** @description May lag behind real use by up to a minute. */
            last_used_at: components["schemas"]["NullableTimestamp"];
            revoked_at: components["schemas"]["NullableTimestamp"];
        };
        ConnectionResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Connection"];
        };
        ConnectionListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["Connection"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        ApiKeyWithSecret: {
            id: components["schemas"]["ApiKeyId"];
            name: string;
            mode: components["schemas"]["ApiKeyMode"];
            prefix: string;
            created_at: components["schemas"]["Timestamp"];
            last_used_at: components["schemas"]["NullableTimestamp"];
            expires_at: components["schemas"]["NullableTimestamp"];
            revoked_at: components["schemas"]["NullableTimestamp"];
            /** @description The full key. Shown only in this response; store it safely. After its prefix come 32 random characters, its account's ID (without `acc_`; 26 characters), so that the key is looked up within its account, and a 6-character checksum. Keys made before keys named their account have no account part (38 characters after the prefix) and are accepted until revoked or expired. */
            secret: string;
        };
        ApiKeyResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ApiKey"];
        };
        ApiKeySecretResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ApiKeyWithSecret"];
        };
        ApiKeyListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ApiKey"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        ActivityEntry: {
            id: string;
            at: components["schemas"]["Timestamp"];
            method: string;
            /** @description The route template (such as `/v1/memories/{id}`); null for an unknown route. */
            route: string | null;
            /** @description The operationId, or the MCP tool's name for a tool call (whose `route` is `/mcp` and `method` `POST`); null for an unknown route, or a method the route does not have (405). */
            operation: string | null;
            status: number;
            request_id: string;
            duration_ms: number;
        };
        ActivityListResponse: {
            /** @enum {boolean} */
            ok: true;
            data: components["schemas"]["ActivityEntry"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /**
         * @description One line of an export (`GET /export`, `POST /import`): a record type and its data. See
         *     `docs/export-format.md` for the order of the records and the rules of an import.
         */
        ExportRecord: components["schemas"]["ExportHeaderRecord"] | components["schemas"]["ExportWorkspaceProfileRecord"] | components["schemas"]["ExportSubjectRecord"] | components["schemas"]["ExportMemoryRecord"] | components["schemas"]["ExportMemoryHistoryRecord"] | components["schemas"]["ExportLinkRecord"] | components["schemas"]["ExportFactRecord"] | components["schemas"]["ExportFactSuggestionRecord"] | components["schemas"]["ExportTemplateRecord"] | components["schemas"]["ExportEndRecord"];
        ExportHeaderRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "header";
            data: components["schemas"]["ExportHeader"];
        };
        ExportHeader: {
            /** @enum {string} */
            format: "mtl-export";
            /**
             * @description The format's version; an import refuses a version it does not know.
             * @enum {integer}
             */
            version: 1;
            exported_at: components["schemas"]["Timestamp"];
        };
        ExportWorkspaceProfileRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "workspace_profile";
            data: components["schemas"]["ExportWorkspaceProfile"];
        };
        ExportWorkspaceProfile: {
            guidance: string;
            updated_at: components["schemas"]["Timestamp"];
        };
        ExportSubjectRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subject";
            data: components["schemas"]["ExportSubject"];
        };
        ExportSubject: {
            id: components["schemas"]["SubjectId"];
            name: components["schemas"]["SubjectName"];
            kind: components["schemas"]["SubjectKind"];
            aliases: components["schemas"]["SubjectAliases"];
            description: components["schemas"]["SubjectDescription"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        ExportMemoryRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "memory";
            data: components["schemas"]["ExportMemory"];
        };
        ExportMemory: {
            id: components["schemas"]["MemoryId"];
            text: components["schemas"]["MemoryText"];
            type: components["schemas"]["MemoryType"];
            sensitivity: components["schemas"]["Sensitivity"];
            tags: components["schemas"]["Tags"];
            pinned: boolean;
            /**
             * @description The current revision. An import refuses a Memory at the highest revision number
             *     (2147483647) with `400 invalid_import`: no change to it could make a next revision.
             */
            revision: number;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the Memory goes to the trash by itself (absent or null: never). The trash is not exported.
             */
            expires_at?: string | null;
            /**
             * @description The Memory's history, oldest first, ending with its current revision (`revision`).
             *     An API key's export leaves out the revisions in which the Memory was secret. A long
             *     history is split to keep lines short: this holds its first revisions (at most 32, at
             *     most 4 MiB of text, as an export writes it), and `memory_history` records right after
             *     this one hold the rest, the last of them ending with the current revision.
             */
            revisions: components["schemas"]["ExportMemoryRevision"][];
        };
        ExportMemoryHistoryRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "memory_history";
            data: components["schemas"]["ExportMemoryHistory"];
        };
        /**
         * @description More of the history of the Memory whose record (or another `memory_history` record of it)
         *     is the line right before this one: the revisions after those, oldest first. The Memory's
         *     last `memory_history` record ends with its current revision.
         */
        ExportMemoryHistory: {
            memory_id: components["schemas"]["MemoryId"];
            revisions: components["schemas"]["ExportMemoryRevision"][];
        };
        ExportMemoryRevision: {
            revision: number;
            text: components["schemas"]["MemoryText"];
            type: components["schemas"]["MemoryType"];
            sensitivity: components["schemas"]["Sensitivity"];
            tags: components["schemas"]["Tags"];
            pinned: boolean;
            created_at: components["schemas"]["Timestamp"];
            actor: components["schemas"]["Actor"];
        };
        ExportLinkRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "link";
            data: components["schemas"]["Link"];
        };
        ExportFactRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fact";
            data: components["schemas"]["ExportFact"];
        };
        ExportFact: {
            id: components["schemas"]["FactId"];
            subject_id: components["schemas"]["SubjectId"];
            statement: components["schemas"]["FactStatement"];
            /** @description The source Memories (an API key's export lists only those it may see). */
            sources: components["schemas"]["FactSource"][];
            accepted_at: components["schemas"]["Timestamp"];
            created_at: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description Always written; a file without it imports with `accepted_at`.
             */
            valid_from?: string;
            /**
             * Format: date-time
             * @description Null (or absent, in older files) while the Fact is current.
             */
            valid_until?: string | null;
            /**
             * @description A `fact` record of the same Subject anywhere in the file (usually later), or null: always
             *     while the Fact is current, and for a Fact that ended when its successor is not in the
             *     file (an API key's export leaves out a Fact the key cannot see).
             */
            superseded_by?: string | null;
        };
        FactStatement: string;
        ExportFactSuggestionRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fact_suggestion";
            data: components["schemas"]["ExportFactSuggestion"];
        };
        ExportFactSuggestion: {
            id: components["schemas"]["SuggestionId"];
            subject_id: components["schemas"]["SubjectId"];
            statement: components["schemas"]["FactStatement"];
            note: string | null;
            sources: components["schemas"]["FactSource"][];
            status: components["schemas"]["SuggestionStatus"];
            /**
             * @description The Fact an accepted suggestion became (a `fact` record earlier in the file), else null.
             *     An accepted suggestion may have none (an API key's export leaves out a Fact the key
             *     cannot see).
             */
            fact_id: string | null;
            /** @description The Fact the suggestion supersedes (a `fact` record earlier in the file), else null or absent. */
            supersedes?: string | null;
            created_at: components["schemas"]["Timestamp"];
            reviewed_at: components["schemas"]["NullableTimestamp"];
        };
        ExportTemplateRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "template";
            data: components["schemas"]["ExportTemplate"];
        };
        ExportTemplate: {
            id: components["schemas"]["TemplateId"];
            name: components["schemas"]["TemplateName"];
            summary: components["schemas"]["TemplateSummary"];
            category: components["schemas"]["TemplateCategory"];
            tags: components["schemas"]["TemplateTags"];
            license: components["schemas"]["TemplateLicense"];
            release_notes: string;
            draft: {
                revision: number;
                files: components["schemas"]["DraftFiles"];
                updated_at: components["schemas"]["Timestamp"];
            };
            /** @description The review state when exported (an import starts the draft over as `draft`). */
            review: {
                state: components["schemas"]["ReviewState"];
                reviewed_revision: number | null;
            };
            /**
             * @description The publication when exported, with the published files (empty when never published).
             *     An import does not publish: the Template comes back as a draft that was never published.
             */
            publication: {
                state: components["schemas"]["PublicationState"];
                version: number;
                published_revision: number | null;
                published_at: components["schemas"]["NullableTimestamp"];
                files: components["schemas"]["DraftFile"][];
            };
            /** @description The published Template and version it was copied from; an import keeps this credit. Absent in files exported before copies were credited. */
            copied_from?: {
                template_id: components["schemas"]["TemplateId"];
                version: number;
            } | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        ExportEndRecord: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "end";
            data: {
                counts: components["schemas"]["ExportCounts"];
            };
        };
        /** @description How many records of each type the export holds. */
        ExportCounts: {
            workspace_profile: number;
            subjects: number;
            memories: number;
            /** @description `memory_history` records (0 when absent, as in files written before they existed). */
            memory_histories?: number;
            links: number;
            facts: number;
            fact_suggestions: number;
            templates: number;
        };
        ImportResponse: {
            /** @enum {boolean} */
            ok: true;
            data: {
                /** @description The records written (a merged Subject, and a Fact or suggestion it already had, are not counted). */
                imported: {
                    memories: number;
                    subjects: number;
                    links: number;
                    facts: number;
                    fact_suggestions: number;
                    templates: number;
                };
                /** @description Subjects of the file merged into a Subject of the same name that the account already had. */
                merged_subjects: number;
                /**
                 * @description An API key's import: the file's current Facts that arrived as pending suggestions of
                 *     their statements (a key cannot write reviewed Facts; the user reviews them). 0 for a
                 *     session's import.
                 */
                facts_as_suggestions: number;
                /** @description Records of the file that were read and checked but not written. */
                skipped: {
                    /**
                     * @description 1 when the file's workspace profile was not imported: the account had one, or
                     *     an API key imported (the guidance every agent receives is set by the user only).
                     */
                    workspace_profile: number;
                    /**
                     * @description An API key's import: Facts of the file that are no longer current, which are
                     *     history the user reviewed and not suggestions to make. 0 for a session's import.
                     */
                    superseded_facts: number;
                    /**
                     * @description A restore (`mode=restore`): records of the file the account already had, by
                     *     their IDs, left as they were. All 0 for a copy.
                     */
                    existing: {
                        subjects: number;
                        memories: number;
                        facts: number;
                        fact_suggestions: number;
                        templates: number;
                    };
                };
            };
        };
    };
    responses: {
        /**
         * @description The request is invalid (`invalid_request`, `invalid_json`, `credentials_in_query`,
         *     `invalid_cursor`, `batch_too_large`, `memory_in_use`, `invalid_import`, …). `details` names
         *     what failed.
         */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Credentials are missing, malformed, unknown, expired or revoked. */
        Unauthorized: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The key mode or account does not allow the action (`insufficient_key_mode`,
         *     `session_required`, `secret_memory_forbidden`).
         */
        Forbidden: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The resource does not exist or belongs to another account. */
        NotFound: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description `If-Match` does not match the current revision (`precondition_failed`). */
        PreconditionFailed: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description Library: the draft changed (`draft_changed`, the current revision in
         *     `details.current_revision`) or the workflow state changed while the request waited
         *     (`workflow_state_changed`). Read the creator status and the draft again before another
         *     write; do not retry blindly. Import: another import into the account is running
         *     (`import_in_progress`, retryable after `Retry-After`).
         */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is larger than 1 MiB (2 MiB for a draft update, 512 MiB for an import) (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is not `application/json` (`application/x-ndjson` for an import) (`unsupported_media_type`). */
        UnsupportedMediaType: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The path does not take the request's method (`method_not_allowed`); `Allow` lists the
         *     methods it takes. A path answers only for itself: `DELETE /memories/search` is this
         *     answer, never `DELETE /memories/{id}`.
         */
        MethodNotAllowed: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The headers did not arrive within 10 seconds, or the body within 30 of them (for an
         *     import: 30 seconds passed without a byte) (`request_timeout`). The connection is closed.
         */
        RequestTimeout: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The request line is longer than 16 KiB (`uri_too_long`, the limit in
         *     `details.limit_bytes`). The connection is closed.
         */
        UriTooLong: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The request line and headers together are larger than 16 KiB (`headers_too_large`, the
         *     limit in `details.limit_bytes`). The connection is closed.
         */
        HeadersTooLarge: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected server error (`internal_error`); retryable. */
        InternalError: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The per-minute budget of the API key (or session), of its account, or of failed
         *     authentications from the client address, is used up (`rate_limited`); retryable after
         *     `Retry-After` seconds (also in `details.retry_after_seconds`). The `RateLimit` entry
         *     with `r=0` names the budget.
         */
        TooManyRequests: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The database is unavailable right now (`service_unavailable`), or the account's requests
         *     are queued behind others and this one waited too long for its turn (`account_busy`);
         *     either is retryable after the `Retry-After` seconds (also in `details.retry_after_seconds`).
         *     The service recovers by itself when the database returns.
         */
        ServiceUnavailable: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description As many exports as the server runs at once are running (`too_many_exports`), the
         *     database is unavailable right now (`service_unavailable`), or the account's requests are
         *     queued behind others (`account_busy`); each is retryable after the `Retry-After` seconds
         *     (also in `details.retry_after_seconds`).
         */
        ExportUnavailable: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /** @description Page size (default 20, at most 100; larger values are refused). */
        Limit: number;
        /** @description The `next_cursor` of the previous page, sent with the same filters. */
        Cursor: string;
        MemoryIdPath: components["schemas"]["MemoryId"];
        ApiKeyIdPath: components["schemas"]["ApiKeyId"];
        ConnectionIdPath: components["schemas"]["ConnectionId"];
        SubjectIdPath: components["schemas"]["SubjectId"];
        SuggestionIdPath: components["schemas"]["SuggestionId"];
        /**
         * @description Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret
         *     Memories never appear for API keys.
         */
        IncludeSensitive: boolean;
        TemplateIdPath: components["schemas"]["TemplateId"];
        /**
         * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
         *     session, or one API key; an API key never receives an answer made for another) and a
         *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
         *     key with another request is `400 idempotency_key_reused`; while the first request is still
         *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
         *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
         *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
         *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
         *     request whose write committed but whose answer was lost (the database failed over as it
         *     answered, and it was answered 503) is never run again: its repeats are answered
         *     `400 idempotency_answer_lost` (not retryable; read the result instead).
         */
        IdempotencyKey: string;
        /** @description The expected current revision as an entity tag (`"3"`), or `*`. */
        IfMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's identifier, echoed from a valid incoming `Request-Id` or generated. */
        "Request-Id": string;
        /**
         * @description `true` when this response is the stored answer to an earlier request with the same
         *     Idempotency-Key: a success, or a refusal the operation made (400, 403, 404, 413), whose
         *     `error.request_id` is that of this request.
         */
        "Idempotent-Replayed": "true";
        /** @description The budget left in the current window (IETF httpapi draft 8), one entry per budget the request drew on: the key's (or session's) `"principal"`, then the account's `"account"`, e.g. `"principal"; r=598; t=41, "account"; r=2391; t=41`; a failed authentication's is `"failed-authentication"`. Sent on every `/v1` response but the 408, 414 and 431 given before the request is read. */
        RateLimit: string;
        /** @description The limits that apply (IETF httpapi draft 8), with the same entries as `RateLimit`, e.g. `"principal"; q=600; w=60; pk=:M2E0ZjE5YjVjOWY3:, "account"; q=2400; w=60; pk=:ZDM4YTk1MTgyYzBh:`. Sent on every `/v1` response but the 408, 414 and 431 given before the request is read. */
        "RateLimit-Policy": string;
        /** @description The scheme to authenticate with: `Bearer realm="mtl"`. */
        "WWW-Authenticate": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description The address of the created resource. */
        Location: string;
        /** @description The Memory's revision, as a quoted string (`"3"`). */
        ETag: string;
        /** @description `no-store`: no answer of `/v1` may be kept by a cache. */
        "Cache-Control": "no-store";
        /** @description The methods the path takes, such as `GET, HEAD, POST` (`HEAD` wherever it takes `GET`). */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listMemories: {
        parameters: {
            query?: {
                type?: components["schemas"]["MemoryType"];
                /** @description Only Memories carrying this tag (compared lower-case). */
                tag?: string;
                sensitivity?: components["schemas"]["Sensitivity"];
                pinned?: boolean;
                /** @description Only Memories updated at or after this instant. */
                updated_since?: string;
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of Memories. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMemory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryCreate"];
            };
        };
        responses: {
            /** @description The Memory was created. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchMemories: {
        parameters: {
            query: {
                q: string;
                limit?: number;
                type?: components["schemas"]["MemoryType"];
                tag?: string;
                /** @description When true, every unquoted word of `q` must match (each through itself or a correction). */
                require_all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ranked hits. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemorySearchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    batchGetMemories: {
        parameters: {
            query: {
                /**
                 * @example [
                 *       "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H",
                 *       "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5J"
                 *     ]
                 */
                ids: components["schemas"]["MemoryId"][];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One item per distinct ID, in request order. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryBatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTrashedMemories: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the trash. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrashListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    restoreMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored Memory. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Memory. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMemory: {
        parameters: {
            query?: {
                /** @description True to delete the Memory for good instead of moving it to the trash. */
                permanent?: boolean;
            };
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Memory was moved to the trash, or deleted for good. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryDeletedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description The expected current revision as an entity tag (`"3"`), or `*`. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryUpdate"];
            };
        };
        responses: {
            /** @description The Memory after the update. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemoryRevisions: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of revisions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryRevisionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMemoryRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
                revision: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revision, with its full text. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryRevisionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemorySubjects: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of Subjects. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContextMap: {
        parameters: {
            query?: {
                depth?: 1 | 2;
                max_nodes?: number;
                /**
                 * @description Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret
                 *     Memories never appear for API keys.
                 */
                include_sensitive?: components["parameters"]["IncludeSensitive"];
            };
            header?: never;
            path: {
                id: components["parameters"]["MemoryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The map. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContextMapResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSubjects: {
        parameters: {
            query?: {
                q?: string;
                kind?: components["schemas"]["SubjectKind"];
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of Subjects. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSubject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubjectCreate"];
            };
        };
        responses: {
            /** @description The Subject was created. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Subject. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSubject: {
        parameters: {
            query?: {
                /** @description The token from `POST /subjects/{subject_id}/deletion/prepare`. */
                confirmation_token?: string;
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Subject was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubjectUpdate"];
            };
        };
        responses: {
            /** @description The Subject after the update. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    prepareSubjectDeletion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmation token and the impact. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectDeletionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSubjectMemories: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of Memories. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkMemory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkCreate"];
            };
        };
        responses: {
            /** @description The link already existed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkResponse"];
                };
            };
            /** @description The link was created. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
                memory_id: components["schemas"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link was removed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnlinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSubjectContext: {
        parameters: {
            query?: {
                max_chars?: number;
                /**
                 * @description Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret
                 *     Memories never appear for API keys.
                 */
                include_sensitive?: components["parameters"]["IncludeSensitive"];
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Subject context. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubjectContextResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSubjectFacts: {
        parameters: {
            query?: {
                /** @description Only the Facts that were valid at this instant. */
                as_of?: string;
                /** @description List superseded Facts too (not together with `as_of`). */
                include_superseded?: boolean;
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of Facts. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFactSuggestions: {
        parameters: {
            query?: {
                status?: components["schemas"]["SuggestionStatus"];
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of suggestions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFactSuggestion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FactSuggestionCreate"];
            };
        };
        responses: {
            /** @description An equal pending suggestion already existed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionCreateResponse"];
                };
            };
            /** @description The suggestion was created, pending review in the application. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemoryInsights: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                subject_id: components["parameters"]["SubjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of pending insights. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryInsightListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAccountFactSuggestions: {
        parameters: {
            query?: {
                status?: components["schemas"]["SuggestionStatus"];
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of suggestions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAccountMemoryInsights: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of pending insights. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryInsightListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    acceptFactSuggestion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                suggestion_id: components["parameters"]["SuggestionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accepted suggestion and the new Fact. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionReviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rejectFactSuggestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                suggestion_id: components["parameters"]["SuggestionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rejected suggestion. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactSuggestionReviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dismissMemoryInsight: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                insight_id: components["schemas"]["InsightId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dismissed insight. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryInsightResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWorkspaceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace profile. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceProfileResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWorkspaceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceProfileUpdate"];
            };
        };
        responses: {
            /** @description The new profile. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceProfileResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStartupContext: {
        parameters: {
            query?: {
                max_chars?: number;
                /**
                 * @description Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret
                 *     Memories never appear for API keys.
                 */
                include_sensitive?: components["parameters"]["IncludeSensitive"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The startup context. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartupContextResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resumeContext: {
        parameters: {
            query: {
                checkpoint: string;
                max_chars?: number;
                /**
                 * @description Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret
                 *     Memories never appear for API keys.
                 */
                include_sensitive?: components["parameters"]["IncludeSensitive"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes and a new checkpoint. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResumeContextResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchLibraryTemplates: {
        parameters: {
            query?: {
                query?: string;
                category?: components["schemas"]["TemplateCategory"];
                tag?: string;
                /** @description `relevance` (the default: best match first with `query`, newest without), `newest` or `most_used`. */
                sort?: "relevance" | "newest" | "most_used";
                limit?: number;
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of public Templates. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTemplateListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLibraryTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public Template. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    readLibraryTemplateFiles: {
        parameters: {
            query?: {
                /** @description Comma-separated paths to read (a path holds no comma); all files when absent. */
                paths?: string[];
                /** @description Characters of each file at most. */
                max_chars_per_file?: number;
                /** @description Characters of all files together at most. */
                max_total_chars?: number;
            };
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published version's selected files. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedFilesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    copyLibraryTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TemplateCopyRequest"];
            };
        };
        responses: {
            /** @description The copy was created; `Location` is the caller's creator status. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCreatorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's Templates and limits. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorStatusResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    readTemplateDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DraftReadRequest"];
            };
        };
        responses: {
            /** @description The draft's revision and the selected content. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DraftReadResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTemplateDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: components["parameters"]["TemplateIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DraftUpdate"];
            };
        };
        responses: {
            /** @description The Template with its new draft revision. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    runTemplateWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkflowRequest"];
            };
        };
        responses: {
            /** @description The action ran (a review that failed checks is a run with status `failed`). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowResponse"];
                };
            };
            /** @description The Template was created. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling credential. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrincipalResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, one record per line. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {"type":"header","data":{"format":"mtl-export","version":1,"exported_at":"2026-11-23T10:00:00.000Z"}}
                     *     {"type":"subject","data":{"id":"sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H","name":"Ada","kind":"person","aliases":[],"description":"","created_at":"2026-11-20T09:00:00.000Z","updated_at":"2026-11-20T09:00:00.000Z"}}
                     *     {"type":"end","data":{"counts":{"workspace_profile":0,"subjects":1,"memories":0,"links":0,"facts":0,"fact_suggestions":0,"templates":0}}}
                     */
                    "application/x-ndjson": Omit<components["schemas"]["ExportRecord"], "type">;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ExportUnavailable"];
        };
    };
    importAccount: {
        parameters: {
            query?: {
                /**
                 * @description `copy` (the default): every record is written with a new ID. `restore` (application
                 *     sessions only): each keeps its ID, and records the account already has are left as
                 *     they are (`skipped.existing`).
                 */
                mode?: "copy" | "restore";
            };
            header?: {
                /**
                 * @description Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the
                 *     session, or one API key; an API key never receives an answer made for another) and a
                 *     repeat with the same request returns it again with `Idempotent-Replayed: true`. The same
                 *     key with another request is `400 idempotency_key_reused`; while the first request is still
                 *     running, however long it runs (an import of a large file), `400 idempotency_key_in_use`
                 *     (retryable). A request that died (its server stopped) holds its key for at most a minute;
                 *     a retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry
                 *     runs again; a stored refusal is replayed with the repeat's own `error.request_id`. A
                 *     request whose write committed but whose answer was lost (the database failed over as it
                 *     answered, and it was answered 503) is never run again: its repeats are answered
                 *     `400 idempotency_answer_lost` (not retryable; read the result instead).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-ndjson": Omit<components["schemas"]["ExportRecord"], "type">;
            };
        };
        responses: {
            /** @description What was imported. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The key, with its secret shown once. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replacement key, with its secret shown once. */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeyActivity: {
        parameters: {
            query?: {
                /** @description Only entries whose status is of this class. */
                status_class?: "2xx" | "3xx" | "4xx" | "5xx";
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of activity entries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listConnections: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of connections. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked connection. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listConnectionActivity: {
        parameters: {
            query?: {
                /** @description Only entries whose status is of this class. */
                status_class?: "2xx" | "3xx" | "4xx" | "5xx";
                /** @description Page size (default 20, at most 100; larger values are refused). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page, sent with the same filters. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                connection_id: components["parameters"]["ConnectionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of activity entries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
