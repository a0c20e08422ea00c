// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
/* eslint-disable */
export const limits = {
  "pageSizeDefault": 20,
  "pageSizeMax": 100,
  "memoryPreviewChars": 2000,
  "batchTotalChars": 12000,
  "batchMaxIds": 8,
  "searchLimitDefault": 10
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
    "revision_not_found",
    "method_not_allowed",
    "draft_changed",
    "workflow_state_changed",
    "precondition_failed",
    "payload_too_large",
    "unsupported_media_type",
    "rate_limited",
    "internal_error",
    "service_unavailable",
    "body_budget_exceeded"
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
  ]
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
    "requestBody": null
  },
  "createMemory": {
    "method": "POST",
    "path": "/memories",
    "tag": "Memories",
    "summary": "Create a Memory",
    "description": "Requires a read-write key or a session. Creating a secret Memory is a session-only action\n(`403 secret_memory_forbidden` for API keys).",
    "access": "write",
    "successStatus": [
      201
    ],
    "parameters": [],
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
          "default": "note"
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
          "default": "normal"
        },
        "tags": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$",
            "description": "No control characters; trimmed and stored lower-case."
          },
          "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
        },
        "pinned": {
          "type": "boolean",
          "default": false
        }
      }
    }
  },
  "searchMemories": {
    "method": "GET",
    "path": "/memories/search",
    "tag": "Memories",
    "summary": "Search Memories",
    "description": "Full-text search over text and tags with web-search syntax (quoted phrases, `or`,\n`-word`), ranked by relevance, then recency. When full text finds nothing, typo-tolerant\ntrigram matching answers instead (`match: fuzzy`). `highlight` is a short excerpt of the\ntext with matched words wrapped in `<mark>` and `</mark>`. Returns at most `limit` hits;\nthere is no cursor.",
    "access": "read",
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
      }
    ],
    "requestBody": null
  },
  "batchGetMemories": {
    "method": "GET",
    "path": "/memories/batch",
    "tag": "Memories",
    "summary": "Get several Memories by exact ID",
    "description": "One to eight comma-separated IDs (more is `400 batch_too_large`). Duplicates are returned\nonce, in order of first appearance. Each item's text is shortened to 2,000 code points and\nthe whole response holds at most 12,000 code points of text: items are filled in order, an\nitem that finds less budget left than it needs is shortened to what is left, and once none\nis left every later found item is an error item with code `body_budget_exceeded`. Unknown\nIDs (and, for API keys, secret ones) are error items with code `memory_not_found` and use\nno budget.",
    "access": "read",
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
    "requestBody": null
  },
  "getMemory": {
    "method": "GET",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Get one Memory",
    "description": "Returns the full text. The `ETag` header carries the revision.",
    "access": "read",
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
    "requestBody": null
  },
  "updateMemory": {
    "method": "PATCH",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Update a Memory",
    "description": "Send at least one field. A change creates a new revision; a request that changes nothing\nreturns 200 and creates none. With `If-Match`, the update happens only when the current\nrevision matches (`412 precondition_failed` otherwise). Turning a Memory secret is a\nsession-only action.",
    "access": "write",
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
            "description": "No control characters; trimmed and stored lower-case."
          },
          "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
        },
        "pinned": {
          "type": "boolean"
        }
      }
    }
  },
  "deleteMemory": {
    "method": "DELETE",
    "path": "/memories/{id}",
    "tag": "Memories",
    "summary": "Delete a Memory",
    "description": "Removes the Memory with its links and revisions. Refused with `400 memory_in_use` (the Fact\nIDs in `details.fact_ids`) while the Memory is a source of a reviewed Fact.",
    "access": "write",
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
    "requestBody": null
  },
  "listMemoryRevisions": {
    "method": "GET",
    "path": "/memories/{id}/revisions",
    "tag": "Memories",
    "summary": "List Memory revisions",
    "description": "Newest first. Text is shortened to 2,000 code points. For API keys, revisions in which\nthe Memory was secret are left out.",
    "access": "read",
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
    "requestBody": null
  },
  "getMemoryRevision": {
    "method": "GET",
    "path": "/memories/{id}/revisions/{revision}",
    "tag": "Memories",
    "summary": "Get one Memory revision in full",
    "description": "",
    "access": "read",
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
    "requestBody": null
  },
  "listApiKeys": {
    "method": "GET",
    "path": "/account/api-keys",
    "tag": "API keys",
    "summary": "List the account's API keys",
    "description": "Application only. Newest first, revoked keys included. Never returns secrets.",
    "access": "session",
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
    "requestBody": null
  },
  "createApiKey": {
    "method": "POST",
    "path": "/account/api-keys",
    "tag": "API keys",
    "summary": "Create an API key",
    "description": "Application only. The full key (`secret`) is in this response and nowhere else.",
    "access": "session",
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
    }
  },
  "getApiKey": {
    "method": "GET",
    "path": "/account/api-keys/{key_id}",
    "tag": "API keys",
    "summary": "Get one API key",
    "description": "Application only. Never returns the secret.",
    "access": "session",
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
    "requestBody": null
  },
  "revokeApiKey": {
    "method": "DELETE",
    "path": "/account/api-keys/{key_id}",
    "tag": "API keys",
    "summary": "Revoke an API key",
    "description": "Application only. Idempotent; revoking a revoked key returns it unchanged.",
    "access": "session",
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
    "requestBody": null
  },
  "rotateApiKey": {
    "method": "POST",
    "path": "/account/api-keys/{key_id}/rotate",
    "tag": "API keys",
    "summary": "Rotate an API key",
    "description": "Application only. Revokes the key and creates a new one with the same name and mode (and\nthe same lifetime, counted from now, when the old key had an expiry). A revoked key cannot\nbe rotated (`400 invalid_request`).",
    "access": "session",
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
    "requestBody": null
  },
  "listApiKeyActivity": {
    "method": "GET",
    "path": "/account/api-keys/{key_id}/activity",
    "tag": "API keys",
    "summary": "List a key's recent activity",
    "description": "Application only. Newest first; entries are kept for 90 days. Entries never hold bodies,\nquery strings, Memory text or Template content.",
    "access": "session",
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
    "requestBody": null
  }
} as const;

export type OperationId = keyof typeof operations;
