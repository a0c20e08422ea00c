// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
/* eslint-disable */
export const limits = {
  "pageSizeDefault": 20,
  "pageSizeMax": 100,
  "memoryPreviewChars": 2000,
  "batchTotalChars": 12000,
  "batchMaxIds": 8,
  "searchLimitDefault": 10,
  "startupMaxCharsDefault": 8000,
  "resumeMaxCharsDefault": 8000,
  "subjectContextMaxCharsDefault": 6000,
  "contextMapDepthDefault": 2,
  "contextMapMaxNodesDefault": 50,
  "templatesMax": 100,
  "apiKeysMax": 100,
  "draftFilesMax": 50,
  "draftFileCharsMax": 100000,
  "draftTotalCharsMax": 500000,
  "draftPathCharsMax": 200,
  "draftBodyBytesMax": 2097152,
  "readMaxCharsPerFileDefault": 20000,
  "readMaxTotalCharsDefault": 100000,
  "librarySearchLimitDefault": 20,
  "contextMapLabelChars": 200,
  "memoryRevisionMax": 2147483647
} as const;

export const enums = {
  "errorCode": [
    "invalid_request",
    "invalid_json",
    "credentials_in_query",
    "invalid_cursor",
    "batch_too_large",
    "memory_in_use",
    "duplicate_subject",
    "confirmation_required",
    "invalid_confirmation",
    "confirmation_stale",
    "source_not_found",
    "source_not_linked",
    "fact_exists",
    "invalid_checkpoint",
    "checkpoint_expired",
    "invalid_template_state",
    "invalid_draft",
    "secret_in_content",
    "publish_confirmation_mismatch",
    "idempotency_key_reused",
    "idempotency_key_in_use",
    "idempotency_answer_lost",
    "unauthorized",
    "insufficient_key_mode",
    "session_required",
    "secret_memory_forbidden",
    "not_found",
    "memory_not_found",
    "subject_not_found",
    "link_not_found",
    "suggestion_not_found",
    "template_not_found",
    "api_key_not_found",
    "connection_not_found",
    "revision_not_found",
    "insight_not_found",
    "suggestion_already_reviewed",
    "template_limit_reached",
    "method_not_allowed",
    "draft_changed",
    "workflow_state_changed",
    "precondition_failed",
    "payload_too_large",
    "unsupported_media_type",
    "rate_limited",
    "internal_error",
    "service_unavailable",
    "body_budget_exceeded",
    "request_timeout",
    "uri_too_long",
    "headers_too_large",
    "invalid_import",
    "import_in_progress",
    "memory_not_in_trash",
    "too_many_exports",
    "revision_limit_reached",
    "account_busy",
    "api_key_limit_reached",
    "origin_not_allowed",
    "batch_response_too_large",
    "csrf_failed",
    "invalid_credentials",
    "sign_up_closed",
    "setup_complete",
    "invitation_invalid",
    "email_taken"
  ],
  "memoryType": [
    "note",
    "preference",
    "instruction",
    "decision",
    "event",
    "reference"
  ],
  "sensitivity": [
    "normal",
    "sensitive",
    "secret"
  ],
  "apiKeyMode": [
    "read_only",
    "read_write"
  ],
  "subjectKind": [
    "person",
    "project",
    "organization",
    "place",
    "topic",
    "other"
  ],
  "templateLicense": [
    "MIT",
    "Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "MPL-2.0",
    "GPL-3.0-only",
    "LGPL-3.0-only",
    "CC0-1.0",
    "CC-BY-4.0",
    "CC-BY-SA-4.0",
    "Unlicense"
  ],
  "templateCategory": [
    "productivity",
    "engineering",
    "writing",
    "research",
    "personal",
    "education",
    "other"
  ]
} as const;

export const patterns = {
  "draftFilePath": "^[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*$"
} as const;

export type OperationAccess = 'read' | 'write' | 'session';

export const operations = {
  "listMemories": {
    "method": "GET",
    "path": "/memories",
    "tag": "Memories",
    "summary": "List Memories",
    "description": "Newest `updated_at` first. Item text is shortened to 2,000 code points with\n`text_truncated` set. Secret Memories are left out for API keys.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "type",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "note",
            "preference",
            "instruction",
            "decision",
            "event",
            "reference"
          ]
        }
      },
      {
        "name": "tag",
        "in": "query",
        "required": false,
        "description": "Only Memories carrying this tag (compared lower-case).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      {
        "name": "sensitivity",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
          "enum": [
            "normal",
            "sensitive",
            "secret"
          ]
        }
      },
      {
        "name": "pinned",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "boolean"
        }
      },
      {
        "name": "updated_since",
        "in": "query",
        "required": false,
        "description": "Only Memories updated at or after this instant.",
        "schema": {
          "type": "string",
          "format": "date-time"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "createMemory": {
    "method": "POST",
    "path": "/memories",
    "tag": "Memories",
    "summary": "Create a Memory",
    "description": "Requires a read-write key or a session. Creating a secret Memory is a session-only action\n(`403 secret_memory_forbidden` for API keys).",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      201
    ],
    "parameters": [
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "text"
      ],
      "properties": {
        "text": {
          "type": "string",
          "minLength": 1,
          "maxLength": 32000,
          "pattern": "\\S",
          "x-mtl-mcp-description": "Stored as given.",
          "description": "1–32,000 code points, not only whitespace; stored as given."
        },
        "type": {
          "allOf": [
            {
              "type": "string",
              "enum": [
                "note",
                "preference",
                "instruction",
                "decision",
                "event",
                "reference"
              ]
            }
          ],
          "description": "`note` when absent.",
          "x-mtl-when-absent": "note"
        },
        "sensitivity": {
          "allOf": [
            {
              "type": "string",
              "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
              "enum": [
                "normal",
                "sensitive",
                "secret"
              ]
            }
          ],
          "description": "`normal` when absent.",
          "x-mtl-when-absent": "normal"
        },
        "tags": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
            "x-mtl-mcp-description": "Stored trimmed and lower-case.",
            "description": "No control characters; trimmed and stored lower-case."
          },
          "x-mtl-mcp-description": "Duplicates are removed.",
          "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
        },
        "pinned": {
          "type": "boolean",
          "description": "`false` when absent.",
          "x-mtl-when-absent": false
        },
        "expires_at": {
          "type": "string",
          "format": "date-time",
          "nullable": true,
          "description": "When the Memory goes to the trash by itself (reason `expired`), within a minute of that\ntime; it must be in the future (`400 invalid_request` otherwise). Null (or absent): never.\nA Memory that is a source of a reviewed Fact is not trashed while it is one. Restoring an\nexpired Memory clears it, as does restoring one whose `expires_at` passed while it was in\nthe trash; a Memory deleted before its `expires_at` keeps it when restored.\n"
        }
      }
    },
    "bodyDefaults": {
      "type": "note",
      "sensitivity": "normal",
      "pinned": false
    },
    "bodyMediaType": "application/json"
  },
  "searchMemories": {
    "method": "GET",
    "path": "/memories/search",
    "tag": "Memories",
    "summary": "Search Memories",
    "description": "Ranked retrieval over the text and tags of every Memory the caller may see, for\nquestions in natural language as much as for keywords.\n\n**Query.** Without operators every word is optional and ranking decides: a Memory that\nmatches more of the words, and rarer ones, ranks higher. A `\"quoted phrase\"` must occur\n(its words in order; when no Memory the caller may see has it, the query is answered as\nif it were not quoted, since questions often quote a title the Memories word\ndifferently), `-word` or `-\"phrase\"` leaves out the Memories that contain it, and\n`a or b` is an explicit either (with `require_all=true`, or when one side is a phrase, one\nof its sides must match). `require_all=true` asks for every unquoted word. The first 32\ndistinct words are used.\n\n**Words.** Case and accents do not matter (`zurich` finds `Zürich`, `strasse` finds\n`Straße`); English words are stemmed (`meetings` finds `meeting`) and English stop words\n(`the`, `what`, `did`, …) do not count, and irregular forms meet their base (`went`\nfinds `go`); the words questions put around what they ask for (`kind`, `type`,\n`thing`, `something`, `describe`, `mention`, `ever`, `likely`) count only in a query\nwithout other words (`what type of car` looks for `car`; `type` alone finds `Blood\ntype: O negative`) or inside a phrase; words of other scripts match by their folded\nform; Chinese, Japanese and Korean text is found by any word of two or more characters\ninside a sentence. Tags count as words of the Memory, worth two words of text each, and\nso does a short label that opens the text (`Project Falcon: …`).\n\n**Ranking.** BM25 (term frequency with saturation, inverse document frequency over the\nMemories the caller may see, length normalisation against a fixed length of 32 words, so\na Memory's weight depends on it alone) over every matching Memory, whatever\nits age, with a bonus for matching more of the query's words; the three best hits then\nlend their most characteristic words to rank the remaining matches (pseudo-relevance\nfeedback), which never adds a Memory the query does not match. Ties go to the more\nrecently updated Memory. A query reads at most 2,000 index entries, shared among its\nwords (at least 400 each): a word found in more Memories than its share contributes\nthrough the Memories where it weighs most, so the work per query is bounded by the query,\nnot by the number of matches, and the best candidates are then scored with every query\nword they contain (a word beyond the entries read counts as one occurrence); a query of a single plain word the Memories contain, without\nexclusions, `require_all` or `type` and `tag` filters, is ranked exactly. A query with\nfilters, exclusions, required words or phrases that finds fewer than `limit` hits among\nthe entries read is ranked again over up to 32,000 entries of each of its words (all of\nthem for a word in fewer Memories); phrases are then looked\nfor among the best 10,000 Memories that have their words (and within 2,000,000\ncharacters of their text). All of a query's phrases, excluded ones included, are looked\nfor in one reading of each Memory's text, so their number does not multiply the work. Secret Memories, their words and\ntheir statistics never play a part in a key's results.\n\n**Typos.** A word that no Memory the caller may see contains is also matched through up\nto three of the most similar words of those Memories (trigram similarity, or one typing\nslip away: a letter replaced, added or left out, or two neighbouring letters swapped), at\na discount, so one misspelt word among correct ones still finds and ranks the right\nMemory. A hit found only through such corrections has `match: fuzzy`.\n\n`highlight` is an excerpt of at most 300 characters of the Memory's text with the matched\nwords wrapped in `<mark>` and `</mark>` (the tags are not counted, and at most 64 words are\nmarked, so a highlight has at most 1,132 characters), including words matched through\nstemming, folding or correction. It is text, not HTML: the text is not escaped, so a\ntag written in the Memory (`<mark>`, a script) appears in it as written, and it must never\nbe rendered as HTML. `highlight_html` is the same excerpt as HTML: the text escaped, the\n`<mark>` and `</mark>` around matched words its only markup. Returns at most `limit`\nhits; there is no cursor.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "q",
        "in": "query",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "pattern": "\\S"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 10
        }
      },
      {
        "name": "type",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "note",
            "preference",
            "instruction",
            "decision",
            "event",
            "reference"
          ]
        }
      },
      {
        "name": "tag",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      {
        "name": "require_all",
        "in": "query",
        "required": false,
        "description": "When true, every unquoted word of `q` must match (each through itself or a correction).",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "batchGetMemories": {
    "method": "GET",
    "path": "/memories/batch",
    "tag": "Memories",
    "summary": "Get several Memories by exact ID",
    "description": "One to eight comma-separated IDs (more is `400 batch_too_large`). Duplicates are returned\nonce, in order of first appearance. Each item's text is shortened to 2,000 code points and\nthe whole response holds at most 12,000 code points of text: items are filled in order, an\nitem that finds less budget left than it needs is shortened to what is left, and once none\nis left every later found item is an error item with code `body_budget_exceeded`. Unknown\nIDs (and, for API keys, secret ones) are error items with code `memory_not_found` and use\nno budget.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "ids",
        "in": "query",
        "required": true,
        "description": null,
        "schema": {
          "type": "array",
          "minItems": 1,
          "maxItems": 8,
          "items": {
            "type": "string",
            "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
            "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
          }
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listTrashedMemories": {
    "method": "GET",
    "path": "/memories/trash",
    "tag": "Memories",
    "summary": "List the trash",
    "description": "Trashed Memories, most recently trashed first, each with when it was trashed, when it\nwill be deleted for good (`purge_at`) and why (`deleted` or `expired`). Text is shortened\nto 2,000 code points. For API keys, secret Memories are left out.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "restoreMemory": {
    "method": "POST",
    "path": "/memories/{id}/restore",
    "tag": "Memories",
    "summary": "Restore a Memory from the trash",
    "description": "Brings a trashed Memory back as it was: same ID, fields, revision and revision history,\nits links to the Subjects that still exist (links to Subjects deleted meanwhile are not\nrestored), and its place among the sources of the Fact suggestions that still exist and\nare not accepted (an accepted suggestion keeps the sources its Fact was accepted with).\n`expires_at` is cleared when the Memory went to the trash because it expired, or when it\npassed while the Memory was in the trash; a Memory deleted before its `expires_at` comes\nback with it. Counts, insights and search follow, and the change feed reports it\nupserted. `404 memory_not_found` when there is no such Memory (for API keys, also when it\nis secret); `400 memory_not_in_trash` when it is not in the trash.",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getMemory": {
    "method": "GET",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Get one Memory",
    "description": "Returns the full text. The `ETag` header carries the revision.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "updateMemory": {
    "method": "PATCH",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Update a Memory",
    "description": "Send at least one field. A change creates a new revision; a request that changes nothing\nreturns 200 and creates none. With `If-Match`, the update happens only when the current\nrevision matches (`412 precondition_failed` otherwise). Turning a Memory secret is a\nsession-only action. A Memory at the highest revision number (2147483647, which only an\nimport can bring within reach) cannot be changed again: a change to it is\n`400 revision_limit_reached`, with `details.current_revision`.",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "If-Match",
        "in": "header",
        "required": false,
        "description": "The expected current revision as an entity tag (`\"3\"`), or `*`.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "minProperties": 1,
      "properties": {
        "text": {
          "type": "string",
          "minLength": 1,
          "maxLength": 32000,
          "pattern": "\\S",
          "x-mtl-mcp-description": "Stored as given.",
          "description": "1–32,000 code points, not only whitespace; stored as given."
        },
        "type": {
          "type": "string",
          "enum": [
            "note",
            "preference",
            "instruction",
            "decision",
            "event",
            "reference"
          ]
        },
        "sensitivity": {
          "type": "string",
          "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
          "enum": [
            "normal",
            "sensitive",
            "secret"
          ]
        },
        "tags": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
            "x-mtl-mcp-description": "Stored trimmed and lower-case.",
            "description": "No control characters; trimmed and stored lower-case."
          },
          "x-mtl-mcp-description": "Duplicates are removed.",
          "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
        },
        "pinned": {
          "type": "boolean"
        },
        "expires_at": {
          "type": "string",
          "format": "date-time",
          "nullable": true,
          "description": "When the Memory goes to the trash by itself (reason `expired`), within a minute of that\ntime; it must be in the future (`400 invalid_request` otherwise). Null (or absent): never.\nA Memory that is a source of a reviewed Fact is not trashed while it is one. Restoring an\nexpired Memory clears it, as does restoring one whose `expires_at` passed while it was in\nthe trash; a Memory deleted before its `expires_at` keeps it when restored.\n"
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "deleteMemory": {
    "method": "DELETE",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Delete a Memory (to the trash, or for good)",
    "description": "Moves the Memory to the trash: from then on it does not exist for any other route (404,\nabsent from lists, search, batches, contexts, maps, insights, counts and the sources of\nFact suggestions; the change feed reports it deleted), but it keeps its revisions, its\nlinks, its place among the sources of Fact suggestions and its `expires_at` for\n`TRASH_RETENTION_DAYS` (30 by default, `purge_at`), and `POST /memories/{id}/restore`\nbrings it back. A trashed Memory is `404 memory_not_found` here unless `permanent=true`.\n\nWith `permanent=true` the Memory (trashed or not) is deleted at once and for good: its\ntext, revisions, links, search index entries and words, and stored idempotent answers\nthat hold it are removed.\n\nRefused with `400 memory_in_use` (the Fact IDs in `details.fact_ids`) while the Memory is\na source of a reviewed Fact.",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "permanent",
        "in": "query",
        "required": false,
        "description": "True to delete the Memory for good instead of moving it to the trash.",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listMemoryRevisions": {
    "method": "GET",
    "path": "/memories/{id}/revisions",
    "tag": "Memories",
    "summary": "List Memory revisions",
    "description": "Newest first. Text is shortened to 2,000 code points. For API keys, revisions in which\nthe Memory was secret are left out.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getMemoryRevision": {
    "method": "GET",
    "path": "/memories/{id}/revisions/{revision}",
    "tag": "Memories",
    "summary": "Get one Memory revision in full",
    "description": "",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "revision",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 2147483647
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listMemorySubjects": {
    "method": "GET",
    "path": "/memories/{id}/subjects",
    "tag": "Links",
    "summary": "List Subjects linked to a Memory",
    "description": "Most recently linked first.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getContextMap": {
    "method": "GET",
    "path": "/memories/{id}/context-map",
    "tag": "Context",
    "summary": "Load a bounded Context Map around a Memory",
    "description": "The neighbourhood of one Memory, breadth-first and nearest first: its Subjects (and the\ncurrent Facts it is a source of) at depth 1; the current Facts of those Subjects and the\nother Memories linked to them at depth 2 (superseded Facts are never on the map). `max_nodes` counts the root. Labels are at most 200 code\npoints. `sensitive` Memories (and, for sessions, secret ones) are left out unless\n`include_sensitive=true`; secret Memories never appear for API keys, nor do Facts whose\nsources are all secret.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "depth",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "default": 2
        }
      },
      {
        "name": "max_nodes",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 50
        }
      },
      {
        "name": "include_sensitive",
        "in": "query",
        "required": false,
        "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.\n",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listSubjects": {
    "method": "GET",
    "path": "/subjects",
    "tag": "Subjects",
    "summary": "List or search Subjects",
    "description": "Without `q`, Subjects by name. With `q`, Subjects whose name or an alias matches it\ncase-insensitively: exact matches first, then prefix, then substring, then typo-tolerant\n(trigram) matches, each group by name.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "q",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "\\S"
        }
      },
      {
        "name": "kind",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "person",
            "project",
            "organization",
            "place",
            "topic",
            "other"
          ]
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "createSubject": {
    "method": "POST",
    "path": "/subjects",
    "tag": "Subjects",
    "summary": "Create a Subject",
    "description": "Names are unique per account, compared case-insensitively (`400 duplicate_subject`).",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      201
    ],
    "parameters": [
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name"
      ],
      "properties": {
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
          "x-mtl-mcp-description": "Trimmed.",
          "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
        },
        "kind": {
          "allOf": [
            {
              "type": "string",
              "enum": [
                "person",
                "project",
                "organization",
                "place",
                "topic",
                "other"
              ]
            }
          ],
          "description": "`other` when absent.",
          "x-mtl-when-absent": "other"
        },
        "aliases": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
            "x-mtl-mcp-description": "Trimmed.",
            "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
          },
          "x-mtl-mcp-description": "Other names; duplicates are removed.",
          "description": "0–20 aliases, trimmed; duplicates (compared case-insensitively) are removed."
        },
        "description": {
          "type": "string",
          "maxLength": 2000
        }
      }
    },
    "bodyDefaults": {
      "kind": "other"
    },
    "bodyMediaType": "application/json"
  },
  "getSubject": {
    "method": "GET",
    "path": "/subjects/{subject_id}",
    "tag": "Subjects",
    "summary": "Get one Subject",
    "description": "",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "updateSubject": {
    "method": "PATCH",
    "path": "/subjects/{subject_id}",
    "tag": "Subjects",
    "summary": "Update one Subject",
    "description": "Send at least one field. A new name must stay unique (`400 duplicate_subject`).",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "minProperties": 1,
      "properties": {
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
          "x-mtl-mcp-description": "Trimmed.",
          "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
        },
        "kind": {
          "type": "string",
          "enum": [
            "person",
            "project",
            "organization",
            "place",
            "topic",
            "other"
          ]
        },
        "aliases": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
            "x-mtl-mcp-description": "Trimmed.",
            "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
          },
          "x-mtl-mcp-description": "Other names; duplicates are removed.",
          "description": "0–20 aliases, trimmed; duplicates (compared case-insensitively) are removed."
        },
        "description": {
          "type": "string",
          "maxLength": 2000
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "deleteSubject": {
    "method": "DELETE",
    "path": "/subjects/{subject_id}",
    "tag": "Subjects",
    "summary": "Delete a Subject after confirmation",
    "description": "The second step of the two-step deletion. Deletes the Subject with its links, Facts,\nsuggestions and insights; the Memories stay. Without a token: `400 confirmation_required`;\nan unknown, expired, used or another Subject's token: `400 invalid_confirmation`; links or\nFacts changed since the prepare request: `400 confirmation_stale` (prepare again).",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "confirmation_token",
        "in": "query",
        "required": false,
        "description": "The token from `POST /subjects/{subject_id}/deletion/prepare`.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "prepareSubjectDeletion": {
    "method": "POST",
    "path": "/subjects/{subject_id}/deletion/prepare",
    "tag": "Subjects",
    "summary": "Prepare a confirmed Subject deletion",
    "description": "The first step of the two-step deletion: returns a single-use confirmation token, valid\nfor 10 minutes, and what the deletion would remove. Show the impact to the user, then send\n`DELETE /subjects/{subject_id}?confirmation_token=…`.",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listSubjectMemories": {
    "method": "GET",
    "path": "/subjects/{subject_id}/memories",
    "tag": "Links",
    "summary": "List Memories linked to a Subject",
    "description": "Most recently linked first; text shortened to 2,000 code points. No secret Memories for API keys.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "linkMemory": {
    "method": "POST",
    "path": "/subjects/{subject_id}/memories",
    "tag": "Links",
    "summary": "Link a Memory to a Subject",
    "description": "201 when the link is new, 200 when it already existed. Secret Memories cannot be linked with an API key (`404 memory_not_found`).",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200,
      201
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "memory_id"
      ],
      "properties": {
        "memory_id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "unlinkMemory": {
    "method": "DELETE",
    "path": "/subjects/{subject_id}/memories/{memory_id}",
    "tag": "Links",
    "summary": "Remove a Memory link from a Subject",
    "description": "`404 link_not_found` when the Memory is not linked to the Subject.",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "memory_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getSubjectContext": {
    "method": "GET",
    "path": "/subjects/{subject_id}/context",
    "tag": "Context",
    "summary": "Load bounded Subject context",
    "description": "The Subject, its current reviewed Facts that the caller can see (newest first), its linked Memories (pinned first, then\nnewest) and its pending insights, within `max_chars` code points of returned text (Subject\nname and description, Fact statements, Memory text, insight summaries). Memory text is\nshortened to what is left (at most 2,000 per Memory); a Memory is left out, and counted in\n`omitted`, only when fewer than 100 characters are left.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "max_chars",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 500,
          "maximum": 20000,
          "default": 6000
        }
      },
      {
        "name": "include_sensitive",
        "in": "query",
        "required": false,
        "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.\n",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listSubjectFacts": {
    "method": "GET",
    "path": "/subjects/{subject_id}/facts",
    "tag": "Facts",
    "summary": "List reviewed Subject Facts",
    "description": "Reviewed Facts only, newest first. Secret sources are left out for API keys, and a Fact\nwhose sources are all secret does not exist for them. Without\nfilters, only current Facts are listed (those no later Fact has superseded:\n`valid_until` is null). `as_of` lists the Facts that were valid at that instant\n(`valid_from <= as_of`, and `valid_until` null or after `as_of`);\n`include_superseded=true` lists every Fact, current or not. The two answer different\nquestions, so sending `as_of` together with `include_superseded=true` is\n`400 invalid_request`. A cursor works only with the filters that issued it.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "as_of",
        "in": "query",
        "required": false,
        "description": "Only the Facts that were valid at this instant.",
        "schema": {
          "type": "string",
          "format": "date-time"
        }
      },
      {
        "name": "include_superseded",
        "in": "query",
        "required": false,
        "description": "List superseded Facts too (not together with `as_of`).",
        "schema": {
          "type": "boolean",
          "default": false
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listFactSuggestions": {
    "method": "GET",
    "path": "/subjects/{subject_id}/fact-suggestions",
    "tag": "Facts",
    "summary": "List Fact suggestions of a Subject",
    "description": "Newest first, optionally only one status. For API keys, secret sources are left out, and\na suggestion none of whose sources they can see is not listed.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "createFactSuggestion": {
    "method": "POST",
    "path": "/subjects/{subject_id}/fact-suggestions",
    "tag": "Facts",
    "summary": "Create a source-backed Fact suggestion",
    "description": "Every source must exist and be visible to the caller (`400 source_not_found`) and be\nlinked to the Subject (`400 source_not_linked`). A statement equal, after folding case and\nwhitespace, to a current reviewed Fact is `400 fact_exists`; to a pending suggestion, the\nanswer is 200 with that suggestion and `created: false`. Otherwise 201 with a pending\nsuggestion. `supersedes` names a current Fact of the same Subject that the suggestion\nreplaces once accepted; any other ID (unknown, another Subject's, already superseded) is\n`400 invalid_request`. Facts and suggestions the caller cannot see (for an API key, those\ndrawn from secret Memories alone) take no part in these rules: their statements are\nneither `fact_exists` nor an equal pending suggestion, so the key's suggestion is created,\nand naming such a Fact in `supersedes` is refused as an unknown ID is. The review then\nsettles it (accepting a statement a current Fact already states is `400 fact_exists`).",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200,
      201
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "statement",
        "source_memory_ids"
      ],
      "properties": {
        "statement": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1000,
          "pattern": "\\S"
        },
        "source_memory_ids": {
          "type": "array",
          "minItems": 1,
          "maxItems": 10,
          "uniqueItems": true,
          "items": {
            "type": "string",
            "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$",
            "example": "mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
          }
        },
        "note": {
          "type": "string",
          "maxLength": 1000
        },
        "supersedes": {
          "type": "string",
          "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
          "description": "A current Fact of the same Subject that this suggestion replaces: accepting the\nsuggestion closes it.\n"
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "listMemoryInsights": {
    "method": "GET",
    "path": "/subjects/{subject_id}/memory-insights",
    "tag": "Insights",
    "summary": "List pending read-only Memory insights",
    "description": "Generated by the service whenever Memories, links or Subjects change: `unlinked_mention`\n(a Memory mentions the Subject's name or an alias as a whole word but is not linked to it)\nand `possible_duplicate` (two linked Memories whose texts are equal after folding case,\nwhitespace and punctuation, or whose trigram similarity is at least 0.85). Pending only,\noldest first; an insight disappears when its cause does. Insights that involve a secret\nMemory are not shown to API keys. Among many Memories that all look alike, each takes\npart in at most 10 `possible_duplicate` insights of the Subject when it is linked,\nwritten or imported, and a Memory linked or written alone is compared with the 500 of\nthe Subject's Memories linked most recently: the insights point at duplicates, they do\nnot list every pair of them.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "subject_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listAccountFactSuggestions": {
    "method": "GET",
    "path": "/fact-suggestions",
    "tag": "Facts",
    "summary": "List the account's Fact suggestions, across its Subjects",
    "description": "Every Subject's suggestions in one list, newest first, optionally only one status: with\n`status=pending`, what waits for review. The same suggestions as each Subject's list\n(`GET /subjects/{subject_id}/fact-suggestions`), with the same visibility: for API keys,\nsecret sources are left out, and a suggestion none of whose sources they can see is not\nlisted.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "status",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listAccountMemoryInsights": {
    "method": "GET",
    "path": "/memory-insights",
    "tag": "Insights",
    "summary": "List the account's pending Memory insights, across its Subjects",
    "description": "Every Subject's pending insights in one list, oldest first: the same insights as each\nSubject's list (`GET /subjects/{subject_id}/memory-insights`), with the same visibility\n(insights that involve a secret Memory are not shown to API keys).",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "acceptFactSuggestion": {
    "method": "POST",
    "path": "/fact-suggestions/{suggestion_id}/accept",
    "tag": "Facts",
    "summary": "Accept a Fact suggestion",
    "description": "Application only. A pending suggestion becomes a reviewed Fact with the same sources\n(those that still exist and are not in the trash), valid from now. A suggestion already\nreviewed is `400 suggestion_already_reviewed`; one whose statement now equals a current\nFact is `400 fact_exists`; one with no source left is `400 source_not_found`. When the\nsuggestion `supersedes` a Fact, that Fact is closed in the same step (`valid_until` = now,\n`superseded_by` = the new Fact); if it is no longer current (another acceptance superseded\nit first), the answer is `400 invalid_request` and nothing changes: of two acceptances that\nsupersede the same Fact, exactly one succeeds.",
    "access": "session",
    "idempotent": true,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "suggestion_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^fsg_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "fsg_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "rejectFactSuggestion": {
    "method": "POST",
    "path": "/fact-suggestions/{suggestion_id}/reject",
    "tag": "Facts",
    "summary": "Reject a Fact suggestion",
    "description": "Application only. A suggestion already reviewed is `400 suggestion_already_reviewed`.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "suggestion_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^fsg_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "fsg_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "dismissMemoryInsight": {
    "method": "POST",
    "path": "/memory-insights/{insight_id}/dismiss",
    "tag": "Insights",
    "summary": "Dismiss a Memory insight",
    "description": "Application only. Idempotent; a dismissed insight stays dismissed while its cause lasts.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "insight_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "ins_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getWorkspaceProfile": {
    "method": "GET",
    "path": "/context/workspace-profile",
    "tag": "Context",
    "summary": "Load workspace guidance",
    "description": "Empty guidance (and a null `updated_at`) when none was set.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "updateWorkspaceProfile": {
    "method": "PUT",
    "path": "/context/workspace-profile",
    "tag": "Context",
    "summary": "Set workspace guidance",
    "description": "Application only. Replaces the guidance (0–8,000 code points).",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "guidance"
      ],
      "properties": {
        "guidance": {
          "type": "string",
          "maxLength": 8000
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "getStartupContext": {
    "method": "GET",
    "path": "/context/startup",
    "tag": "Context",
    "summary": "Load startup context",
    "description": "Sections in this order, each filled within what is left of `max_chars` code points of\nreturned text: `profile` (the workspace guidance, at most a quarter of the budget),\n`pinned` Memories, `instructions` (types `instruction` and `preference`), `recent`\nMemories, `subjects` (most-linked first, with their Fact counts; a Subject's name counts).\nA Memory appears in one section only. Memory text is shortened to what is left (at most\n2,000 per Memory); a Memory is left out, and counted in `omitted`, only when fewer than 100\ncharacters are left. `checkpoint` resumes from this moment through `GET /context/resume`.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "max_chars",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        }
      },
      {
        "name": "include_sensitive",
        "in": "query",
        "required": false,
        "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.\n",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "resumeContext": {
    "method": "GET",
    "path": "/context/resume",
    "tag": "Context",
    "summary": "Continue from a checkpoint",
    "description": "What changed since the checkpoint, oldest first, each Memory or Subject once in its latest\nstate: upserted Memories (shortened text) and Subjects, and the IDs of removed ones\n(deleted, or no longer visible to the caller: a Memory that turned secret for an API key,\nor sensitive without `include_sensitive=true`). An API key is told of a Subject only when\nit changed for keys: a link of a secret Memory added or removed is not news to them, a\nlinked Memory turning secret or back is (the count of Memories they can see changed), and so\nis accepting a Fact only if keys can see it or the Fact it supersedes.\nWhen more changes remain than fit\n`max_chars` (or 200 changes), `has_more` is true: call again with the new `checkpoint`.\nCheckpoints are opaque (encrypted: they reveal nothing, not even how much the account\nchanged), bound to the account and valid for 30 days (`400 invalid_checkpoint`,\n`400 checkpoint_expired`). Changes are kept for 31 days: a checkpoint whose next change is\nno longer kept is `400 checkpoint_expired` too, so that nothing is skipped.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "checkpoint",
        "in": "query",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500
        }
      },
      {
        "name": "max_chars",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        }
      },
      {
        "name": "include_sensitive",
        "in": "query",
        "required": false,
        "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.\n",
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "searchLibraryTemplates": {
    "method": "GET",
    "path": "/library/templates",
    "tag": "Library",
    "summary": "Search public Templates",
    "description": "Published Templates only, public listing fields only; never a draft, an unpublished\nTemplate or a revision newer than the published one. With `query`, full-text search\n(web-search syntax) over name, tags, summary and the whole README, ranked by where the\nwords occur (name and tags first, then the summary, then the README's first 4,000\ncharacters; a Template whose README has them only further on matches with the lowest\nrank), then newest publication first; without it, newest publication first.\n`sort` chooses another order of the same matches: `newest` (newest publication first)\nor `most_used` (most `uses` first, then newest). The Library website's `/library` page\nshows this operation's answer to everyone, signed in or not.",
    "access": "read",
    "idempotent": false,
    "visitors": true,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "query",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "\\S"
        }
      },
      {
        "name": "category",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "enum": [
            "productivity",
            "engineering",
            "writing",
            "research",
            "personal",
            "education",
            "other"
          ]
        }
      },
      {
        "name": "tag",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 40
        }
      },
      {
        "name": "sort",
        "in": "query",
        "required": false,
        "description": "`relevance` (the default: best match first with `query`, newest without), `newest` or `most_used`.",
        "schema": {
          "type": "string",
          "enum": [
            "relevance",
            "newest",
            "most_used"
          ],
          "default": "relevance"
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": null,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getLibraryTemplate": {
    "method": "GET",
    "path": "/library/templates/{template_id}",
    "tag": "Library",
    "summary": "Get one public Template",
    "description": "The public listing and published file list of a published Template, its release notes\nand its version history (newest first); 404 otherwise. The Library website's page of the\nTemplate shows this answer to everyone.",
    "access": "read",
    "idempotent": false,
    "visitors": true,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "template_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "readLibraryTemplateFiles": {
    "method": "GET",
    "path": "/library/templates/{template_id}/files",
    "tag": "Library",
    "summary": "Read a published Template's files",
    "description": "The files of the published version of a published Template (never a draft), bounded as\na draft's read is: the selected files (all when `paths` is absent), each cut to\n`max_chars_per_file` and all together to `max_total_chars` code points. Paths the\npublished version does not have are listed in `missing`; files left out because the\ntotal budget ran out, in `omitted`. 404 when the Template is not published. Any key may\nread it; the Library website shows the same files to everyone.",
    "access": "read",
    "idempotent": false,
    "visitors": true,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "template_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "paths",
        "in": "query",
        "required": false,
        "description": "Comma-separated paths to read (a path holds no comma); all files when absent.",
        "schema": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          }
        }
      },
      {
        "name": "max_chars_per_file",
        "in": "query",
        "required": false,
        "description": "Characters of each file at most.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "default": 20000
        }
      },
      {
        "name": "max_total_chars",
        "in": "query",
        "required": false,
        "description": "Characters of all files together at most.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "default": 100000
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "copyLibraryTemplate": {
    "method": "POST",
    "path": "/library/templates/{template_id}/copy",
    "tag": "Library",
    "summary": "Copy a published Template into a new draft of the caller's",
    "description": "Makes a new Template owned by the caller whose revision 1 holds the published version's\nfiles, summary, category, tags and license (review `draft`, never published), named\n`name` or as the source is. The copy credits its source in `copied_from` (the Template\nand version); the source's `uses` counts each account that copied it once. Needs a\nread-write key or a session, and room for one more Template (`400\ntemplate_limit_reached` at 100); 404 when the source is not published. An account may\ncopy its own published Template.",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      201
    ],
    "parameters": [
      {
        "name": "template_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "description": "`name` is the copy's name; the source's name when absent.",
      "properties": {
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "getCreatorStatus": {
    "method": "GET",
    "path": "/library/creator/status",
    "tag": "Library",
    "summary": "List owned Templates and workflow results",
    "description": "Every Template of the caller (owner's view: draft revision, review and publication\nstates) with its five latest workflow runs, and the limits that apply. Call it before any\nwrite or publication request, and again after a 409.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "readTemplateDraft": {
    "method": "POST",
    "path": "/library/templates/{template_id}/read",
    "tag": "Library",
    "summary": "Read selected, bounded content from an owned draft",
    "description": "A retrieval request (read-only keys may use it). Returns the current draft revision and\nthe selected files (all when `paths` is absent), each cut to `max_chars_per_file` and all\ntogether to `max_total_chars` code points. Paths not in the draft are listed in `missing`;\nfiles left out because the total budget ran out, in `omitted`. Use `revision` as\n`base_revision` of the next draft update.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "template_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "paths": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          }
        },
        "max_chars_per_file": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "description": "Characters of each file at most; 20,000 when absent.",
          "x-mtl-when-absent": 20000
        },
        "max_total_chars": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "description": "Characters of all files together at most; 100,000 when absent.",
          "x-mtl-when-absent": 100000
        }
      }
    },
    "bodyDefaults": {
      "max_chars_per_file": 20000,
      "max_total_chars": 100000
    },
    "bodyMediaType": "application/json"
  },
  "updateTemplateDraft": {
    "method": "PUT",
    "path": "/library/templates/{template_id}/draft",
    "tag": "Library",
    "summary": "Replace an owned private draft",
    "description": "Replaces the complete file set (and optionally the metadata) when `base_revision` is the\ncurrent draft revision; otherwise `409 draft_changed` with the current revision in\n`details.current_revision`. Every broken rule (paths, duplicates, files that collide with\nfolders, sizes, text only, root README; see `DraftFilePath`) is reported at once in `details.violations` with `400 invalid_draft` (with any other\nbroken field of the body in `details.errors` beside them); content that\ncontains an MTL API key is `400 secret_in_content` (file and line, never the key; the\nfirst 50 places in `details.findings`, how many more in `details.omitted_findings`). Nothing\nis stored unless the whole update succeeds. A successful update creates a new revision and\nsends the review back to `draft`. Bodies may be up to 2 MiB.",
    "access": "write",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "template_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "base_revision",
        "files"
      ],
      "properties": {
        "base_revision": {
          "type": "integer",
          "minimum": 1,
          "maximum": 2147483647,
          "description": "The revision this update replaces, as returned by the last read."
        },
        "files": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "path",
              "content"
            ],
            "properties": {
              "path": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200,
                "pattern": "^[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*$",
                "description": "Relative and `/`-separated; each segment starts with a letter, digit or `_` and holds only\nletters, digits, `.`, `_` and `-` (no `..` segment, no leading `/` or `.`, no backslash).\nNo segment ends with `.`, and none is named as a Windows device (`CON`, `PRN`, `AUX`,\n`NUL`, `COM1`–`COM9`, `LPT1`–`LPT9`, in any letter case, with or without an extension:\n`nul.md`, `Aux.txt`). Unique in the draft, compared case-insensitively; and, compared\ncase-insensitively too, no path is a folder of another path (a file `docs` beside\n`docs/a.md`) and a folder is spelled the same way by every path in it (not `DOCS/a.md`\nbeside `docs/b.md`), so that the files can be written to any disk as named.\n"
              },
              "content": {
                "type": "string",
                "maxLength": 100000,
                "description": "UTF-8 text without NUL or other control characters (tab, line feed and carriage return are allowed); at most 100,000 code points."
              }
            }
          },
          "description": "The complete file set, 1–50 files, at most 500,000 code points in all, with a root `README.md`."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
        },
        "summary": {
          "type": "string",
          "maxLength": 300
        },
        "category": {
          "type": "string",
          "enum": [
            "productivity",
            "engineering",
            "writing",
            "research",
            "personal",
            "education",
            "other"
          ]
        },
        "tags": {
          "type": "array",
          "maxItems": 10,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 40,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
          },
          "description": "0–10 tags, trimmed, lower-cased and de-duplicated."
        },
        "license": {
          "type": "string",
          "description": "An SPDX identifier from the allowed list.",
          "enum": [
            "MIT",
            "Apache-2.0",
            "BSD-2-Clause",
            "BSD-3-Clause",
            "ISC",
            "MPL-2.0",
            "GPL-3.0-only",
            "LGPL-3.0-only",
            "CC0-1.0",
            "CC-BY-4.0",
            "CC-BY-SA-4.0",
            "Unlicense"
          ]
        },
        "release_notes": {
          "type": "string",
          "maxLength": 2000
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "runTemplateWorkflow": {
    "method": "POST",
    "path": "/library/templates/workflow",
    "tag": "Library",
    "summary": "Create, review, publish, unpublish or republish an owned Template",
    "description": "One action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200,
      201
    ],
    "parameters": [
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      }
    ],
    "requestBody": {
      "oneOf": [
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "action",
            "name",
            "category",
            "license"
          ],
          "properties": {
            "action": {
              "type": "string",
              "enum": [
                "create"
              ]
            },
            "name": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100,
              "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
            },
            "summary": {
              "type": "string",
              "maxLength": 300
            },
            "category": {
              "type": "string",
              "enum": [
                "productivity",
                "engineering",
                "writing",
                "research",
                "personal",
                "education",
                "other"
              ]
            },
            "tags": {
              "type": "array",
              "maxItems": 10,
              "items": {
                "type": "string",
                "minLength": 1,
                "maxLength": 40,
                "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
              },
              "description": "0–10 tags, trimmed, lower-cased and de-duplicated."
            },
            "license": {
              "type": "string",
              "description": "An SPDX identifier from the allowed list.",
              "enum": [
                "MIT",
                "Apache-2.0",
                "BSD-2-Clause",
                "BSD-3-Clause",
                "ISC",
                "MPL-2.0",
                "GPL-3.0-only",
                "LGPL-3.0-only",
                "CC0-1.0",
                "CC-BY-4.0",
                "CC-BY-SA-4.0",
                "Unlicense"
              ]
            }
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "action",
            "template_id",
            "revision"
          ],
          "properties": {
            "action": {
              "type": "string",
              "enum": [
                "submit_review",
                "retry"
              ]
            },
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
              "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
            },
            "revision": {
              "type": "integer",
              "minimum": 1,
              "maximum": 2147483647
            }
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "action",
            "template_id",
            "revision",
            "release_notes",
            "confirm"
          ],
          "properties": {
            "action": {
              "type": "string",
              "enum": [
                "publish"
              ]
            },
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
              "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
            },
            "revision": {
              "type": "integer",
              "minimum": 1,
              "maximum": 2147483647
            },
            "release_notes": {
              "type": "string",
              "minLength": 10,
              "maxLength": 2000,
              "pattern": "\\S"
            },
            "confirm": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "license",
                "files_public",
                "reviewed_revision"
              ],
              "properties": {
                "license": {
                  "type": "string",
                  "description": "Must equal the Template's license."
                },
                "files_public": {
                  "type": "boolean",
                  "description": "Must be true: every file of the draft becomes public."
                },
                "reviewed_revision": {
                  "type": "integer",
                  "maximum": 2147483647,
                  "description": "Must equal `revision`, the revision that completed review."
                }
              }
            }
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "action",
            "template_id"
          ],
          "properties": {
            "action": {
              "type": "string",
              "enum": [
                "unpublish"
              ]
            },
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
              "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
            }
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "action",
            "template_id",
            "release_notes"
          ],
          "properties": {
            "action": {
              "type": "string",
              "enum": [
                "republish"
              ]
            },
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$",
              "example": "tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
            },
            "release_notes": {
              "type": "string",
              "minLength": 10,
              "maxLength": 2000,
              "pattern": "\\S"
            }
          }
        }
      ],
      "discriminator": {
        "propertyName": "action",
        "mapping": {
          "create": "#/components/schemas/WorkflowCreate",
          "submit_review": "#/components/schemas/WorkflowReview",
          "retry": "#/components/schemas/WorkflowReview",
          "publish": "#/components/schemas/WorkflowPublish",
          "unpublish": "#/components/schemas/WorkflowUnpublish",
          "republish": "#/components/schemas/WorkflowRepublish"
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "getPrincipal": {
    "method": "GET",
    "path": "/principal",
    "tag": "Principal",
    "summary": "Describe the calling credential",
    "description": "Whether the caller is an application session or an API key, and for a key its ID and\nmode, so a client can tell which operations it may call before calling them (a read-only\nkey gets `403 insufficient_key_mode` on writes).",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": true,
    "successStatus": [
      200
    ],
    "parameters": [],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "exportAccount": {
    "method": "GET",
    "path": "/export",
    "tag": "Export and import",
    "summary": "Export the account's data",
    "description": "Streams the caller's data as newline-delimited JSON (`application/x-ndjson`): one\n`ExportRecord` per line, `{\"type\": …, \"data\": …}`. The first line is the `header`\n(`format: mtl-export`, `version: 1`, `exported_at`); then the `workspace_profile` (when\none is set), `subject`s, `memory`s with their full revision history (a history of more\nthan 32 revisions goes on in `memory_history` records right after its `memory`, 32\nrevisions each, so no line is longer than about 4 MiB), `link`s, `fact`s,\n`fact_suggestion`s and `template`s (metadata, current draft files, review and publication\nstate, published files); the last line is `end` with the count of each type, so a cut-off\ndownload is recognisable (no `end` line, or counts that differ). A record always comes after\nthe records it refers to.\n\nThe export is one consistent snapshot of the account, read and sent in batches as the\nclient takes them: the server's memory does not grow with the account. Any key may export\n(read-only is enough); an API key's export leaves out secret Memories, their links and\nevery revision in which a Memory was secret, and the Facts and suggestions that exist only\nthrough secret Memories (a reference to such a Fact is null), as every other route does. The format is\ndescribed in `docs/export-format.md`. Not an MCP tool: use the REST route.\n\nAn export is first written to a temporary file under the data directory as fast as the\ndatabase gives it, and sent from that file: its snapshot and database connection are held\nfor the reading only, never while the client takes its time. On the embedded database,\nwhose one connection every account shares, it is read a page at a time, each page by a\nstatement of its own, so other accounts are served in between; until its last page is\nread (not sent) the account's changes are `503 account_busy` (retryable, with\n`Retry-After`), which keeps the file one consistent state of the account. A server runs a bounded number of exports at once (a quarter of its PostgreSQL pool by\ndefault, one on the embedded database); another one meanwhile is `503 too_many_exports`,\nretryable after `Retry-After`. When nothing can be written to the client for 30 seconds\n(configurable), because it stopped reading or reads so slowly that the connection's\nbuffers stay full that long, its connection is closed: the file it got has no `end` line.\nThe cut comes between that time and about twice it after the client's last read (a write\nstill waiting to go out starts the wait once more), so about 60 seconds by default.",
    "access": "read",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "importAccount": {
    "method": "POST",
    "path": "/import",
    "tag": "Export and import",
    "summary": "Import an export into the account",
    "description": "Reads an export (`Content-Type: application/x-ndjson`, the format of `GET /export`, at most\n512 MiB, no line longer than 8 MiB) as a stream and writes its records into the caller's account as new records with\nnew IDs, keeping texts, fields, tags, timestamps and revision histories; links; Facts (with\ntheir sources remapped) and suggestions; Templates as unpublished drafts (publication always\ngoes through review again). A Subject whose name (compared case-insensitively) already\nexists in the account is merged into it: its links, Facts and suggestions go to the existing\nSubject, which keeps its own fields (`merged_subjects` counts them); a Fact or pending\nsuggestion the merged Subject already has is not added twice. The workspace profile is\nimported only when the account has none. API key IDs in revision actors are not carried\nover (the keys belong to the exporting account).\n\nAn API key's import follows the key's rules, as its other requests do: it does not set the\nworkspace profile (`skipped.workspace_profile`); it writes no reviewed Fact and decides no\nsuggestion, so the file's current Facts arrive as pending suggestions of their statements\n(`facts_as_suggestions`), Facts no longer current are left out (`skipped.superseded_facts`),\nand every suggestion arrives pending, for the user to review; and every imported revision\nnames the importing key as its actor.\n\nAll or nothing: the first invalid line (not JSON, an unknown `type`, a record that breaks\nits schema, an `id` an earlier record of the same type has, a timestamp before the year\n0100 or after 9999 (UTC) or a leap second, a Memory at the highest revision number, a\nreference to a record that is not earlier in the file, a `version` this\nservice does not know, a missing or second `header`, anything after `end`, an `end` whose\ncounts differ from the records read, or no `end` at all: a truncated file) is\n`400 invalid_import` with `details: {line, errors}`, and nothing is written. A secret\nMemory (or a secret revision) imported with an API key is `403 secret_memory_forbidden`,\nnothing written. Templates beyond the account's limit are `400 template_limit_reached`.\nA client that disconnects before the end leaves the account unchanged.\n\nHow it runs: the body is received whole into a temporary file first, so a client that\nsends slowly holds no transaction, lock or connection; then the whole file is checked\nwithout writing anything, so a bad line anywhere refuses it before a record is written;\nthen it is written. On PostgreSQL it is written in one transaction. On the embedded\ndatabase, whose one connection every account shares, it is written in transactions of\nabout 50 ms that commit as they go, so other accounts' requests are served in between: the\nimporting account's own requests are `503 account_busy` until it has finished, and what it\nwrote is taken out again if it fails while it is written (or when the server starts again\nafter stopping in the middle), so it stays all or nothing. On either database the\naccount's other changes are `503 account_busy` while the import is written. An import line\nmay nest at most 64 levels deep and hold at most 10,000 values (items and members of all\nits arrays and objects; an export's largest line holds about 1,000), both checked before\nit is parsed; `details.errors` lists at most 20 errors of a line, with\n`details.omitted_errors`.\n\nOne import runs at a time in an account: a second one meanwhile is\n`409 import_in_progress` (retryable, with `Retry-After`). Send an `Idempotency-Key` to make\na retry safe: a repeat with the same key and the same file returns the first answer and\nimports nothing (while the first import still runs, however long, a repeat is\n`400 idempotency_key_in_use`). A repeat's body is read\nto its end before that answer is replayed. The same key with another file is\n`400 idempotency_key_reused`: at once when its length differs, after its body has been\nread when only its content does (a first import refused before the end of its file is\ntold apart by length only). Not an MCP tool: use the REST route.\n\n`mode=restore` puts a backup back into the account it came from: every record keeps the\nID it has in the file, and a record the account already has (a Subject, Memory, Fact,\nsuggestion or Template with that ID; a Memory in the trash too) is left as it is and\ncounted in `skipped.existing`, with the file's history and successor of it (a source it\nlost with a Memory the restore brings back is added back). So importing an account's own\nexport into it again adds nothing, and adds back only what was deleted for good since. A\nlink of the file the account lacks is added, between records it had too; a Memory in the\ntrash keeps its links there. A file holding an ID that another account's record has (it\nwas exported by another account, or copied into one) is `400 invalid_import` naming the\nearliest such line: import it with the default `mode=copy`, which gives every record a\nnew ID. A restore is the user's (the backup holds secret Memories and reviewed Facts): an\nAPI key's `mode=restore` is `403 session_required`, before the file is read.",
    "access": "write",
    "idempotent": true,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      },
      {
        "name": "mode",
        "in": "query",
        "required": false,
        "description": "`copy` (the default): every record is written with a new ID. `restore` (application\nsessions only): each keeps its ID, and records the account already has are left as\nthey are (`skipped.existing`).\n",
        "schema": {
          "type": "string",
          "enum": [
            "copy",
            "restore"
          ],
          "default": "copy"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": "application/x-ndjson"
  },
  "listApiKeys": {
    "method": "GET",
    "path": "/account/api-keys",
    "tag": "API keys",
    "summary": "List the account's API keys",
    "description": "Application only. Newest first, revoked keys included. Never returns secrets.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "createApiKey": {
    "method": "POST",
    "path": "/account/api-keys",
    "tag": "API keys",
    "summary": "Create an API key",
    "description": "Application only. The full key (`secret`) is in this response and nowhere else. An\naccount may have at most 100 keys in force (neither revoked nor expired); one more is\n`400 api_key_limit_reached` with `details.api_keys_max`. Revoking a key makes room for\nanother; rotating one does not take any.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      201
    ],
    "parameters": [],
    "requestBody": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name",
        "mode"
      ],
      "properties": {
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "pattern": "\\S"
        },
        "mode": {
          "type": "string",
          "enum": [
            "read_only",
            "read_write"
          ]
        },
        "expires_in_days": {
          "type": "integer",
          "minimum": 1,
          "maximum": 3650,
          "description": "The key stops working this many days after creation. Without it the key does not expire."
        }
      }
    },
    "bodyDefaults": {},
    "bodyMediaType": "application/json"
  },
  "getApiKey": {
    "method": "GET",
    "path": "/account/api-keys/{key_id}",
    "tag": "API keys",
    "summary": "Get one API key",
    "description": "Application only. Never returns the secret.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "key_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "key_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "revokeApiKey": {
    "method": "DELETE",
    "path": "/account/api-keys/{key_id}",
    "tag": "API keys",
    "summary": "Revoke an API key",
    "description": "Application only. Idempotent; revoking a revoked key returns it unchanged.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "key_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "key_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "rotateApiKey": {
    "method": "POST",
    "path": "/account/api-keys/{key_id}/rotate",
    "tag": "API keys",
    "summary": "Rotate an API key",
    "description": "Application only. Revokes the key and creates a new one with the same name and mode (and\nthe same lifetime, counted from now, when the old key had an expiry). The new key takes\nthe old one's place: it uses what is left of the old key's rate budget, and it does not\ncount as one more key of the account. A revoked key cannot be rotated\n(`400 invalid_request`).",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      201
    ],
    "parameters": [
      {
        "name": "key_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "key_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listApiKeyActivity": {
    "method": "GET",
    "path": "/account/api-keys/{key_id}/activity",
    "tag": "API keys",
    "summary": "List a key's recent activity",
    "description": "Application only. Newest first; entries are kept for 90 days. Entries never hold bodies,\nquery strings, Memory text or Template content. `status_class` keeps the entries of one\nclass of status (`2xx` successes, `4xx` refusals, `5xx` failures); a cursor belongs to its\nfilter.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "key_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "key_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "status_class",
        "in": "query",
        "required": false,
        "description": "Only entries whose status is of this class.",
        "schema": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ]
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listConnections": {
    "method": "GET",
    "path": "/account/connections",
    "tag": "Connections",
    "summary": "List the MCP clients connected by OAuth",
    "description": "Application only. Newest first, revoked connections included. A connection is made when\nan MCP client exchanges the code the account approved on the consent page (`/oauth/consent`);\nit acts as an API key of its mode on `/mcp` alone. Connecting the same client again replaces\n(revokes) the earlier connection. Never returns tokens.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "getConnection": {
    "method": "GET",
    "path": "/account/connections/{connection_id}",
    "tag": "Connections",
    "summary": "Get one connection",
    "description": "Application only.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "connection_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "con_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "revokeConnection": {
    "method": "DELETE",
    "path": "/account/connections/{connection_id}",
    "tag": "Connections",
    "summary": "Disconnect a client",
    "description": "Application only. Revokes the connection and every token of it at once, on every instance:\nits next request is `401`, and its refresh token is refused (`invalid_grant`). Idempotent;\nrevoking a revoked connection returns it unchanged.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "connection_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "con_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  },
  "listConnectionActivity": {
    "method": "GET",
    "path": "/account/connections/{connection_id}/activity",
    "tag": "Connections",
    "summary": "List a connection's recent activity",
    "description": "Application only. As a key's activity: newest first, kept for 90 days, never bodies, query\nstrings, Memory text or Template content; `status_class` keeps one class of status.",
    "access": "session",
    "idempotent": false,
    "visitors": false,
    "mcpTool": false,
    "successStatus": [
      200
    ],
    "parameters": [
      {
        "name": "connection_id",
        "in": "path",
        "required": true,
        "description": null,
        "schema": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$",
          "example": "con_01JD2X5Y7Z8A9B0C1D2E3F4G5H"
        }
      },
      {
        "name": "status_class",
        "in": "query",
        "required": false,
        "description": "Only entries whose status is of this class.",
        "schema": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ]
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size (default 20, at most 100; larger values are refused).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next_cursor` of the previous page, sent with the same filters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024
        }
      }
    ],
    "requestBody": null,
    "bodyDefaults": {},
    "bodyMediaType": null
  }
} as const;

export const exportRecordSchemas = {
  "header": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "format",
      "version",
      "exported_at"
    ],
    "properties": {
      "format": {
        "type": "string",
        "enum": [
          "mtl-export"
        ]
      },
      "version": {
        "type": "integer",
        "enum": [
          1
        ],
        "description": "The format's version; an import refuses a version it does not know."
      },
      "exported_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "workspace_profile": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "guidance",
      "updated_at"
    ],
    "properties": {
      "guidance": {
        "type": "string",
        "maxLength": 8000
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "subject": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "name",
      "kind",
      "aliases",
      "description",
      "created_at",
      "updated_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
        "x-mtl-mcp-description": "Trimmed.",
        "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
      },
      "kind": {
        "type": "string",
        "enum": [
          "person",
          "project",
          "organization",
          "place",
          "topic",
          "other"
        ]
      },
      "aliases": {
        "type": "array",
        "maxItems": 20,
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
          "x-mtl-mcp-description": "Trimmed.",
          "description": "1–200 code points, no control characters; surrounding whitespace is trimmed."
        },
        "x-mtl-mcp-description": "Other names; duplicates are removed.",
        "description": "0–20 aliases, trimmed; duplicates (compared case-insensitively) are removed."
      },
      "description": {
        "type": "string",
        "maxLength": 2000
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "memory": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "text",
      "type",
      "sensitivity",
      "tags",
      "pinned",
      "revision",
      "created_at",
      "updated_at",
      "revisions"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "text": {
        "type": "string",
        "minLength": 1,
        "maxLength": 32000,
        "pattern": "\\S",
        "x-mtl-mcp-description": "Stored as given.",
        "description": "1–32,000 code points, not only whitespace; stored as given."
      },
      "type": {
        "type": "string",
        "enum": [
          "note",
          "preference",
          "instruction",
          "decision",
          "event",
          "reference"
        ]
      },
      "sensitivity": {
        "type": "string",
        "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
        "enum": [
          "normal",
          "sensitive",
          "secret"
        ]
      },
      "tags": {
        "type": "array",
        "maxItems": 20,
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
          "x-mtl-mcp-description": "Stored trimmed and lower-case.",
          "description": "No control characters; trimmed and stored lower-case."
        },
        "x-mtl-mcp-description": "Duplicates are removed.",
        "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
      },
      "pinned": {
        "type": "boolean"
      },
      "revision": {
        "type": "integer",
        "minimum": 1,
        "maximum": 2147483647,
        "description": "The current revision. An import refuses a Memory at the highest revision number\n(2147483647) with `400 invalid_import`: no change to it could make a next revision.\n"
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "When the Memory goes to the trash by itself (absent or null: never). The trash is not exported."
      },
      "revisions": {
        "type": "array",
        "minItems": 1,
        "description": "The Memory's history, oldest first, ending with its current revision (`revision`).\nAn API key's export leaves out the revisions in which the Memory was secret. A long\nhistory is split to keep lines short: this holds its first revisions (at most 32, at\nmost 4 MiB of text, as an export writes it), and `memory_history` records right after\nthis one hold the rest, the last of them ending with the current revision.\n",
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "revision",
            "text",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "created_at",
            "actor"
          ],
          "properties": {
            "revision": {
              "type": "integer",
              "minimum": 1,
              "maximum": 2147483647
            },
            "text": {
              "type": "string",
              "minLength": 1,
              "maxLength": 32000,
              "pattern": "\\S",
              "x-mtl-mcp-description": "Stored as given.",
              "description": "1–32,000 code points, not only whitespace; stored as given."
            },
            "type": {
              "type": "string",
              "enum": [
                "note",
                "preference",
                "instruction",
                "decision",
                "event",
                "reference"
              ]
            },
            "sensitivity": {
              "type": "string",
              "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
              "enum": [
                "normal",
                "sensitive",
                "secret"
              ]
            },
            "tags": {
              "type": "array",
              "maxItems": 20,
              "items": {
                "type": "string",
                "minLength": 1,
                "maxLength": 64,
                "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
                "x-mtl-mcp-description": "Stored trimmed and lower-case.",
                "description": "No control characters; trimmed and stored lower-case."
              },
              "x-mtl-mcp-description": "Duplicates are removed.",
              "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
            },
            "pinned": {
              "type": "boolean"
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "actor": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "kind"
              ],
              "properties": {
                "kind": {
                  "type": "string",
                  "enum": [
                    "api_key",
                    "session"
                  ]
                },
                "key_id": {
                  "type": "string",
                  "pattern": "^(key|con)_[0-9A-HJKMNP-TV-Z]{26}$",
                  "description": "An API key's ID (`key_…`), or an OAuth connection's (`con_…`), which acts as a key of its mode."
                }
              }
            }
          }
        }
      }
    }
  },
  "memory_history": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "memory_id",
      "revisions"
    ],
    "description": "More of the history of the Memory whose record (or another `memory_history` record of it)\nis the line right before this one: the revisions after those, oldest first. The Memory's\nlast `memory_history` record ends with its current revision.\n",
    "properties": {
      "memory_id": {
        "type": "string",
        "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "revisions": {
        "type": "array",
        "minItems": 1,
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "revision",
            "text",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "created_at",
            "actor"
          ],
          "properties": {
            "revision": {
              "type": "integer",
              "minimum": 1,
              "maximum": 2147483647
            },
            "text": {
              "type": "string",
              "minLength": 1,
              "maxLength": 32000,
              "pattern": "\\S",
              "x-mtl-mcp-description": "Stored as given.",
              "description": "1–32,000 code points, not only whitespace; stored as given."
            },
            "type": {
              "type": "string",
              "enum": [
                "note",
                "preference",
                "instruction",
                "decision",
                "event",
                "reference"
              ]
            },
            "sensitivity": {
              "type": "string",
              "description": "`secret` Memories exist only for sessions. `sensitive` Memories are returned by get, list,\nsearch and batch but left out of contexts unless `include_sensitive=true`.\n",
              "enum": [
                "normal",
                "sensitive",
                "secret"
              ]
            },
            "tags": {
              "type": "array",
              "maxItems": 20,
              "items": {
                "type": "string",
                "minLength": 1,
                "maxLength": 64,
                "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
                "x-mtl-mcp-description": "Stored trimmed and lower-case.",
                "description": "No control characters; trimmed and stored lower-case."
              },
              "x-mtl-mcp-description": "Duplicates are removed.",
              "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
            },
            "pinned": {
              "type": "boolean"
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "actor": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "kind"
              ],
              "properties": {
                "kind": {
                  "type": "string",
                  "enum": [
                    "api_key",
                    "session"
                  ]
                },
                "key_id": {
                  "type": "string",
                  "pattern": "^(key|con)_[0-9A-HJKMNP-TV-Z]{26}$",
                  "description": "An API key's ID (`key_…`), or an OAuth connection's (`con_…`), which acts as a key of its mode."
                }
              }
            }
          }
        }
      }
    }
  },
  "link": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "subject_id",
      "memory_id",
      "created_at"
    ],
    "properties": {
      "subject_id": {
        "type": "string",
        "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "memory_id": {
        "type": "string",
        "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "fact": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "subject_id",
      "statement",
      "sources",
      "accepted_at",
      "created_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "subject_id": {
        "type": "string",
        "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "statement": {
        "type": "string",
        "minLength": 1,
        "maxLength": 1000,
        "pattern": "\\S"
      },
      "sources": {
        "type": "array",
        "maxItems": 100,
        "uniqueItems": true,
        "description": "The source Memories (an API key's export lists only those it may see).",
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "memory_id"
          ],
          "properties": {
            "memory_id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            }
          }
        }
      },
      "accepted_at": {
        "type": "string",
        "format": "date-time"
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "valid_from": {
        "type": "string",
        "format": "date-time",
        "description": "Always written; a file without it imports with `accepted_at`."
      },
      "valid_until": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "Null (or absent, in older files) while the Fact is current."
      },
      "superseded_by": {
        "type": [
          "string",
          "null"
        ],
        "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
        "description": "A `fact` record of the same Subject anywhere in the file (usually later), or null: always\nwhile the Fact is current, and for a Fact that ended when its successor is not in the\nfile (an API key's export leaves out a Fact the key cannot see).\n"
      }
    }
  },
  "fact_suggestion": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "subject_id",
      "statement",
      "note",
      "sources",
      "status",
      "fact_id",
      "created_at",
      "reviewed_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^fsg_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "subject_id": {
        "type": "string",
        "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "statement": {
        "type": "string",
        "minLength": 1,
        "maxLength": 1000,
        "pattern": "\\S"
      },
      "note": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 1000
      },
      "sources": {
        "type": "array",
        "maxItems": 10,
        "uniqueItems": true,
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "memory_id"
          ],
          "properties": {
            "memory_id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            }
          }
        }
      },
      "status": {
        "type": "string",
        "enum": [
          "pending",
          "accepted",
          "rejected"
        ]
      },
      "fact_id": {
        "type": [
          "string",
          "null"
        ],
        "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
        "description": "The Fact an accepted suggestion became (a `fact` record earlier in the file), else null.\nAn accepted suggestion may have none (an API key's export leaves out a Fact the key\ncannot see).\n"
      },
      "supersedes": {
        "type": [
          "string",
          "null"
        ],
        "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
        "description": "The Fact the suggestion supersedes (a `fact` record earlier in the file), else null or absent."
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "reviewed_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time"
      }
    }
  },
  "template": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "id",
      "name",
      "summary",
      "category",
      "tags",
      "license",
      "release_notes",
      "draft",
      "review",
      "publication",
      "created_at",
      "updated_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
      },
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
      },
      "summary": {
        "type": "string",
        "maxLength": 300
      },
      "category": {
        "type": "string",
        "enum": [
          "productivity",
          "engineering",
          "writing",
          "research",
          "personal",
          "education",
          "other"
        ]
      },
      "tags": {
        "type": "array",
        "maxItems": 10,
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 40,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
        },
        "description": "0–10 tags, trimmed, lower-cased and de-duplicated."
      },
      "license": {
        "type": "string",
        "description": "An SPDX identifier from the allowed list.",
        "enum": [
          "MIT",
          "Apache-2.0",
          "BSD-2-Clause",
          "BSD-3-Clause",
          "ISC",
          "MPL-2.0",
          "GPL-3.0-only",
          "LGPL-3.0-only",
          "CC0-1.0",
          "CC-BY-4.0",
          "CC-BY-SA-4.0",
          "Unlicense"
        ]
      },
      "release_notes": {
        "type": "string",
        "maxLength": 2000
      },
      "draft": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "revision",
          "files",
          "updated_at"
        ],
        "properties": {
          "revision": {
            "type": "integer",
            "minimum": 1
          },
          "files": {
            "type": "array",
            "minItems": 1,
            "maxItems": 50,
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "path",
                "content"
              ],
              "properties": {
                "path": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200,
                  "pattern": "^[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*$",
                  "description": "Relative and `/`-separated; each segment starts with a letter, digit or `_` and holds only\nletters, digits, `.`, `_` and `-` (no `..` segment, no leading `/` or `.`, no backslash).\nNo segment ends with `.`, and none is named as a Windows device (`CON`, `PRN`, `AUX`,\n`NUL`, `COM1`–`COM9`, `LPT1`–`LPT9`, in any letter case, with or without an extension:\n`nul.md`, `Aux.txt`). Unique in the draft, compared case-insensitively; and, compared\ncase-insensitively too, no path is a folder of another path (a file `docs` beside\n`docs/a.md`) and a folder is spelled the same way by every path in it (not `DOCS/a.md`\nbeside `docs/b.md`), so that the files can be written to any disk as named.\n"
                },
                "content": {
                  "type": "string",
                  "maxLength": 100000,
                  "description": "UTF-8 text without NUL or other control characters (tab, line feed and carriage return are allowed); at most 100,000 code points."
                }
              }
            },
            "description": "The complete file set, 1–50 files, at most 500,000 code points in all, with a root `README.md`."
          },
          "updated_at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "review": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "state",
          "reviewed_revision"
        ],
        "description": "The review state when exported (an import starts the draft over as `draft`).",
        "properties": {
          "state": {
            "type": "string",
            "description": "The review of the current draft revision, independent of publication. `draft`: not\nreviewed since the last draft update; `changes_requested`: a check failed;\n`review_error`: the review could not run; `ready_to_publish`: every check passed for\n`review.reviewed_revision`. Publishing does not change it: after `publish` it still reads\n`ready_to_publish`, because the review describes the draft revision, which is still the\nreviewed one. Whether and what is public is `publication` (`state`,\n`published_revision`). Any draft update sets it back to `draft`.\n",
            "enum": [
              "draft",
              "changes_requested",
              "review_error",
              "ready_to_publish"
            ]
          },
          "reviewed_revision": {
            "type": [
              "integer",
              "null"
            ]
          }
        }
      },
      "publication": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "state",
          "version",
          "published_revision",
          "published_at",
          "files"
        ],
        "description": "The publication when exported, with the published files (empty when never published).\nAn import does not publish: the Template comes back as a draft that was never published.\n",
        "properties": {
          "state": {
            "type": "string",
            "enum": [
              "never_published",
              "published",
              "unpublished"
            ]
          },
          "version": {
            "type": "integer",
            "minimum": 0
          },
          "published_revision": {
            "type": [
              "integer",
              "null"
            ]
          },
          "published_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "files": {
            "type": "array",
            "maxItems": 50,
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "path",
                "content"
              ],
              "properties": {
                "path": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200,
                  "pattern": "^[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*$",
                  "description": "Relative and `/`-separated; each segment starts with a letter, digit or `_` and holds only\nletters, digits, `.`, `_` and `-` (no `..` segment, no leading `/` or `.`, no backslash).\nNo segment ends with `.`, and none is named as a Windows device (`CON`, `PRN`, `AUX`,\n`NUL`, `COM1`–`COM9`, `LPT1`–`LPT9`, in any letter case, with or without an extension:\n`nul.md`, `Aux.txt`). Unique in the draft, compared case-insensitively; and, compared\ncase-insensitively too, no path is a folder of another path (a file `docs` beside\n`docs/a.md`) and a folder is spelled the same way by every path in it (not `DOCS/a.md`\nbeside `docs/b.md`), so that the files can be written to any disk as named.\n"
                },
                "content": {
                  "type": "string",
                  "maxLength": 100000,
                  "description": "UTF-8 text without NUL or other control characters (tab, line feed and carriage return are allowed); at most 100,000 code points."
                }
              }
            }
          }
        }
      },
      "copied_from": {
        "type": [
          "object",
          "null"
        ],
        "additionalProperties": false,
        "required": [
          "template_id",
          "version"
        ],
        "description": "The published Template and version it was copied from; an import keeps this credit. Absent in files exported before copies were credited.",
        "properties": {
          "template_id": {
            "type": "string",
            "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
          },
          "version": {
            "type": "integer",
            "minimum": 1
          }
        }
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "end": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "counts"
    ],
    "properties": {
      "counts": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "workspace_profile",
          "subjects",
          "memories",
          "links",
          "facts",
          "fact_suggestions",
          "templates"
        ],
        "description": "How many records of each type the export holds.",
        "properties": {
          "workspace_profile": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1
          },
          "subjects": {
            "type": "integer",
            "minimum": 0
          },
          "memories": {
            "type": "integer",
            "minimum": 0
          },
          "memory_histories": {
            "type": "integer",
            "minimum": 0,
            "description": "`memory_history` records (0 when absent, as in files written before they existed)."
          },
          "links": {
            "type": "integer",
            "minimum": 0
          },
          "facts": {
            "type": "integer",
            "minimum": 0
          },
          "fact_suggestions": {
            "type": "integer",
            "minimum": 0
          },
          "templates": {
            "type": "integer",
            "minimum": 0
          }
        }
      }
    }
  }
} as const;

export type OperationId = keyof typeof operations;
