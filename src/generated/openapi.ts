// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
export type paths = {
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
         * @description Full-text search over text and tags with web-search syntax (quoted phrases, `or`,
         *     `-word`), ranked by relevance, then recency. When full text finds nothing, typo-tolerant
         *     trigram matching answers instead (`match: fuzzy`). `highlight` is a short excerpt of the
         *     text with matched words wrapped in `<mark>` and `</mark>`. Returns at most `limit` hits;
         *     there is no cursor.
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
         * Delete a Memory
         * @description Removes the Memory with its links and revisions. Refused with `400 memory_in_use` (the Fact
         *     IDs in `details.fact_ids`) while the Memory is a source of a reviewed Fact.
         */
        delete: operations["deleteMemory"];
        options?: never;
        head?: never;
        /**
         * Update a Memory
         * @description Send at least one field. A change creates a new revision; a request that changes nothing
         *     returns 200 and creates none. With `If-Match`, the update happens only when the current
         *     revision matches (`412 precondition_failed` otherwise). Turning a Memory secret is a
         *     session-only action.
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
         * @description Application only. The full key (`secret`) is in this response and nowhere else.
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
         *     the same lifetime, counted from now, when the old key had an expiry). A revoked key cannot
         *     be rotated (`400 invalid_request`).
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
         *     query strings, Memory text or Template content.
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
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description Stable machine code of an error. New codes may be added within `v1`.
         * @enum {string}
         */
        ErrorCode: "invalid_request" | "invalid_json" | "credentials_in_query" | "invalid_cursor" | "batch_too_large" | "memory_in_use" | "duplicate_subject" | "confirmation_required" | "invalid_confirmation" | "confirmation_stale" | "source_not_found" | "source_not_linked" | "fact_exists" | "invalid_checkpoint" | "checkpoint_expired" | "invalid_template_state" | "invalid_draft" | "secret_in_content" | "publish_confirmation_mismatch" | "idempotency_key_reused" | "idempotency_key_in_use" | "unauthorized" | "insufficient_key_mode" | "session_required" | "secret_memory_forbidden" | "not_found" | "memory_not_found" | "subject_not_found" | "link_not_found" | "suggestion_not_found" | "template_not_found" | "api_key_not_found" | "revision_not_found" | "method_not_allowed" | "draft_changed" | "workflow_state_changed" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "service_unavailable" | "body_budget_exceeded";
        Error: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            status: number;
            retryable: boolean;
            request_id: string;
            /** @description Machine-readable details (the failing parameter, the current revision, the validation errors). */
            details?: {
                [key: string]: unknown;
            };
        };
        ErrorResponse: {
            /** @enum {boolean} */
            ok: false;
            error: components["schemas"]["Error"];
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
            /** @default note */
            type: components["schemas"]["MemoryType"];
            /** @default normal */
            sensitivity: components["schemas"]["Sensitivity"];
            tags?: components["schemas"]["Tags"];
            /** @default false */
            pinned: boolean;
        };
        MemoryUpdate: {
            text?: components["schemas"]["MemoryText"];
            type?: components["schemas"]["MemoryType"];
            sensitivity?: components["schemas"]["Sensitivity"];
            tags?: components["schemas"]["Tags"];
            pinned?: boolean;
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
            /** @description Relevance; higher is better. Comparable only within one response. */
            score: number;
            /** @enum {string} */
            match: "fulltext" | "fuzzy";
            /** @description A short excerpt with matched words wrapped in `<mark>` and `</mark>`. */
            highlight: string;
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
            key_id?: components["schemas"]["ApiKeyId"];
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
        /** @enum {string} */
        ApiKeyMode: "read_only" | "read_write";
        ApiKeyCreate: {
            name: string;
            mode: components["schemas"]["ApiKeyMode"];
            /** @description The key stops working this many days after creation. Without it the key does not expire. */
            expires_in_days?: number;
        };
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
        ApiKeyWithSecret: {
            id: components["schemas"]["ApiKeyId"];
            name: string;
            mode: components["schemas"]["ApiKeyMode"];
            prefix: string;
            created_at: components["schemas"]["Timestamp"];
            last_used_at: components["schemas"]["NullableTimestamp"];
            expires_at: components["schemas"]["NullableTimestamp"];
            revoked_at: components["schemas"]["NullableTimestamp"];
            /** @description The full key. Shown only in this response; store it safely. */
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
            /** @description The operationId (or MCP tool name); null for an unknown route. */
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
    };
    responses: {
        /**
         * @description The request is invalid (`invalid_request`, `invalid_json`, `credentials_in_query`,
         *     `invalid_cursor`, `batch_too_large`, `memory_in_use`, …). `details` names what failed.
         */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
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
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is larger than 1 MiB (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is not `application/json` (`unsupported_media_type`). */
        UnsupportedMediaType: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
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
        /** @description The expected current revision as an entity tag (`"3"`), or `*`. */
        IfMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's identifier, echoed from a valid incoming `Request-Id` or generated. */
        "Request-Id": string;
        /** @description The address of the created resource. */
        Location: string;
        /** @description The Memory's revision, as a quoted string (`"3"`). */
        ETag: string;
    };
    pathItems: never;
};
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
        };
    };
    createMemory: {
        parameters: {
            query?: never;
            header?: never;
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    searchMemories: {
        parameters: {
            query: {
                q: string;
                limit?: number;
                type?: components["schemas"]["MemoryType"];
                tag?: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemorySearchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryBatchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    deleteMemory: {
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
            /** @description The Memory was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
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
            500: components["responses"]["InternalError"];
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
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryRevisionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryRevisionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeyActivity: {
        parameters: {
            query?: {
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
            500: components["responses"]["InternalError"];
        };
    };
}
