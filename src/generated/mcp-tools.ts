// Generated from openapi.yaml by `npm run codegen`. Do not edit by hand.
/* eslint-disable */
import type { OperationId } from './contract';

export interface McpToolDefinition {
  readonly name: string;
  readonly operationId: OperationId;
  /** Offered over MCP; an application-only operation's shape serves the application's forms only. */
  readonly mcp: boolean;
  readonly title: string;
  /** The whole description (the contract's summary and description). */
  readonly description: string;
  /** What tools/list says: a few sentences (the contract's x-mtl-mcp-description). */
  readonly listedDescription: string;
  readonly readOnly: boolean;
  /** The tool may remove or overwrite data (MCP's destructiveHint), not only add to it. */
  readonly destructive: boolean;
  readonly idempotent: boolean;
  /** Arguments that are parameters: where each goes in the HTTP request. */
  readonly parameters: Readonly<Record<string, { readonly in: 'path' | 'query' | 'header'; readonly name: string }>>;
  /** Arguments that are properties of the request body. */
  readonly bodyArguments: readonly string[];
  readonly hasBody: boolean;
  /** The body's minProperties: how many body arguments the call must give. */
  readonly bodyMinProperties: number;
  /** Body properties the tool sets itself (the workflow action). */
  readonly fixedBody: Readonly<Record<string, string>>;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
  /** The input schema as tools/list gives it: compact and portable; calls are checked against inputSchema. */
  readonly listedInputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
  readonly outputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
}

/** How every operation that takes arguments takes them: the MCP tools, and the application-only operations' forms. */
export const argumentShapes: readonly McpToolDefinition[] = [
  {
    "name": "list_memories",
    "operationId": "listMemories",
    "mcp": true,
    "title": "List Memories",
    "description": "List Memories\n\nNewest `updated_at` first. Item text is shortened to 2,000 code points with\n`text_truncated` set. Secret Memories are left out for API keys.",
    "listedDescription": "Pages through Memories, newest first, with filters (type, tags, sensitivity, pinned). To find Memories by content, use search_memories.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "type": {
        "in": "query",
        "name": "type"
      },
      "tag": {
        "in": "query",
        "name": "tag"
      },
      "sensitivity": {
        "in": "query",
        "name": "sensitivity"
      },
      "pinned": {
        "in": "query",
        "name": "pinned"
      },
      "updated_since": {
        "in": "query",
        "name": "updated_since"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "description": "Only Memories carrying this tag (compared lower-case)."
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
        "pinned": {
          "type": "boolean"
        },
        "updated_since": {
          "type": "string",
          "format": "date-time",
          "description": "Only Memories updated at or after this instant."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "text",
              "text_truncated",
              "type",
              "sensitivity",
              "tags",
              "pinned",
              "revision",
              "created_at",
              "updated_at",
              "expires_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "text": {
                "type": "string"
              },
              "text_truncated": {
                "type": "boolean",
                "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
                "items": {
                  "type": "string"
                }
              },
              "pinned": {
                "type": "boolean"
              },
              "revision": {
                "type": "integer",
                "minimum": 1
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
                "description": "When the Memory goes to the trash by itself; null when it does not."
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "description": "Only Memories carrying this tag (compared lower-case)."
        },
        "sensitivity": {
          "type": "string",
          "enum": [
            "normal",
            "sensitive",
            "secret"
          ],
          "description": "`secret` Memories exist only for sessions."
        },
        "pinned": {
          "type": "boolean"
        },
        "updated_since": {
          "type": "string",
          "format": "date-time",
          "description": "Only Memories updated at or after this instant."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "create_memory",
    "operationId": "createMemory",
    "mcp": true,
    "title": "Create a Memory",
    "description": "Create a Memory\n\nRequires a read-write key or a session. Creating a secret Memory is a session-only action\n(`403 secret_memory_forbidden` for API keys).\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Stores a Memory: text the user or agent should remember, with optional type, tags and expiry. Link it to a Subject with link_memory. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "text",
      "type",
      "sensitivity",
      "tags",
      "pinned",
      "expires_at"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
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
          "description": "`normal` when absent.",
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
            "x-mtl-mcp-description": "Stored trimmed and lower-case.",
            "description": "No control characters; trimmed and stored lower-case."
          },
          "x-mtl-mcp-description": "Duplicates are removed.",
          "description": "0–20 tags; duplicates (after trimming and lower-casing) are removed."
        },
        "pinned": {
          "type": "boolean",
          "description": "`false` when absent.",
          "default": false
        },
        "expires_at": {
          "type": [
            "string",
            "null"
          ],
          "format": "date-time",
          "description": "When the Memory goes to the trash by itself (reason `expired`), within a minute of that\ntime; it must be in the future (`400 invalid_request` otherwise). Null (or absent): never.\nA Memory that is a source of a reviewed Fact is not trashed while it is one. Restoring an\nexpired Memory clears it, as does restoring one whose `expires_at` passed while it was in\nthe trash; a Memory deleted before its `expires_at` keeps it when restored.\n"
        }
      },
      "required": [
        "text"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "text",
            "text_truncated",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "revision",
            "created_at",
            "updated_at",
            "expires_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "text": {
              "type": "string"
            },
            "text_truncated": {
              "type": "boolean",
              "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
              "items": {
                "type": "string"
              }
            },
            "pinned": {
              "type": "boolean"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
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
              "description": "When the Memory goes to the trash by itself; null when it does not."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "text": {
          "type": "string",
          "minLength": 1,
          "maxLength": 32000,
          "description": "Stored as given."
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
          ],
          "default": "note"
        },
        "sensitivity": {
          "type": "string",
          "enum": [
            "normal",
            "sensitive",
            "secret"
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
            "description": "Stored trimmed and lower-case."
          },
          "description": "Duplicates are removed."
        },
        "pinned": {
          "type": "boolean",
          "default": false
        },
        "expires_at": {
          "anyOf": [
            {
              "format": "date-time",
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "text"
      ]
    }
  },
  {
    "name": "search_memories",
    "operationId": "searchMemories",
    "mcp": true,
    "title": "Search Memories",
    "description": "Search Memories\n\nRanked retrieval over the text and tags of every Memory the caller may see, for\nquestions in natural language as much as for keywords.\n\n**Query.** Without operators every word is optional and ranking decides: a Memory that\nmatches more of the words, and rarer ones, ranks higher. A `\"quoted phrase\"` must occur\n(its words in order; when no Memory the caller may see has it, the query is answered as\nif it were not quoted, since questions often quote a title the Memories word\ndifferently), `-word` or `-\"phrase\"` leaves out the Memories that contain it, and\n`a or b` is an explicit either (with `require_all=true`, or when one side is a phrase, one\nof its sides must match). `require_all=true` asks for every unquoted word. The first 32\ndistinct words are used.\n\n**Words.** Case and accents do not matter (`zurich` finds `Zürich`, `strasse` finds\n`Straße`); English words are stemmed (`meetings` finds `meeting`) and English stop words\n(`the`, `what`, `did`, …) do not count, and irregular forms meet their base (`went`\nfinds `go`); the words questions put around what they ask for (`kind`, `type`,\n`thing`, `something`, `describe`, `mention`, `ever`, `likely`) count only in a query\nwithout other words (`what type of car` looks for `car`; `type` alone finds `Blood\ntype: O negative`) or inside a phrase; words of other scripts match by their folded\nform; Chinese, Japanese and Korean text is found by any word of two or more characters\ninside a sentence. Tags count as words of the Memory, worth two words of text each, and\nso does a short label that opens the text (`Project Falcon: …`).\n\n**Ranking.** BM25 (term frequency with saturation, inverse document frequency over the\nMemories the caller may see, length normalisation against a fixed length of 32 words, so\na Memory's weight depends on it alone) over every matching Memory, whatever\nits age, with a bonus for matching more of the query's words; the three best hits then\nlend their most characteristic words to rank the remaining matches (pseudo-relevance\nfeedback), which never adds a Memory the query does not match. Ties go to the more\nrecently updated Memory. A query reads at most 2,000 index entries, shared among its\nwords (at least 400 each): a word found in more Memories than its share contributes\nthrough the Memories where it weighs most, so the work per query is bounded by the query,\nnot by the number of matches, and the best candidates are then scored with every query\nword they contain (a word beyond the entries read counts as one occurrence); a query of a single plain word the Memories contain, without\nexclusions, `require_all` or `type` and `tag` filters, is ranked exactly. A query with\nfilters, exclusions, required words or phrases that finds fewer than `limit` hits among\nthe entries read is ranked again over up to 32,000 entries of each of its words (all of\nthem for a word in fewer Memories); phrases are then looked\nfor among the best 10,000 Memories that have their words (and within 2,000,000\ncharacters of their text). All of a query's phrases, excluded ones included, are looked\nfor in one reading of each Memory's text, so their number does not multiply the work. Secret Memories, their words and\ntheir statistics never play a part in a key's results.\n\n**Typos.** A word that no Memory the caller may see contains is also matched through up\nto three of the most similar words of those Memories (trigram similarity, or one typing\nslip away: a letter replaced, added or left out, or two neighbouring letters swapped), at\na discount, so one misspelt word among correct ones still finds and ranks the right\nMemory. A hit found only through such corrections has `match: fuzzy`.\n\n`highlight` is an excerpt of at most 300 characters of the Memory's text with the matched\nwords wrapped in `<mark>` and `</mark>` (the tags are not counted, and at most 64 words are\nmarked, so a highlight has at most 1,132 characters), including words matched through\nstemming, folding or correction. It is text, not HTML: the text is not escaped, so a\ntag written in the Memory (`<mark>`, a script) appears in it as written, and it must never\nbe rendered as HTML. `highlight_html` is the same excerpt as HTML: the text escaped, the\n`<mark>` and `</mark>` around matched words its only markup. Returns at most `limit`\nhits; there is no cursor.",
    "listedDescription": "Ranked search over Memories' text and tags. Send the question as asked; \"quoted phrases\" must occur, -word excludes. First tool to find what is known.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "q": {
        "in": "query",
        "name": "q"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "type": {
        "in": "query",
        "name": "type"
      },
      "tag": {
        "in": "query",
        "name": "tag"
      },
      "require_all": {
        "in": "query",
        "name": "require_all"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "q": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500,
          "pattern": "\\S"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 10
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        },
        "require_all": {
          "type": "boolean",
          "default": false,
          "description": "When true, every unquoted word of `q` must match (each through itself or a correction)."
        }
      },
      "required": [
        "q"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "memory",
              "score",
              "match",
              "highlight",
              "highlight_html"
            ],
            "properties": {
              "memory": {
                "type": "object",
                "required": [
                  "id",
                  "text",
                  "text_truncated",
                  "type",
                  "sensitivity",
                  "tags",
                  "pinned",
                  "revision",
                  "created_at",
                  "updated_at",
                  "expires_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean",
                    "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
                    "items": {
                      "type": "string"
                    }
                  },
                  "pinned": {
                    "type": "boolean"
                  },
                  "revision": {
                    "type": "integer",
                    "minimum": 1
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
                    "description": "When the Memory goes to the trash by itself; null when it does not."
                  }
                }
              },
              "score": {
                "type": "number",
                "description": "Relevance; higher is better, and never higher than the hit before. Comparable only within one response."
              },
              "match": {
                "type": "string",
                "enum": [
                  "fulltext",
                  "fuzzy",
                  "semantic"
                ],
                "description": "`fuzzy` when the hit matched only through corrections of misspelt words; `semantic` when it was found by meaning, not among what the query's words found (its excerpt marks no word)."
              },
              "highlight": {
                "type": "string",
                "description": "An excerpt of at most 300 characters of the Memory's text with the matched words wrapped in `<mark>` and `</mark>` (not counted in the 300; at most 64 words are marked, so at most 1,132 characters in all); `…` marks text left out. Text, not HTML: the `<mark>` tags are literal and the Memory's text is not escaped, so never render it as HTML (use `highlight_html`)."
              },
              "highlight_html": {
                "type": "string",
                "description": "The same excerpt as HTML, safe to insert into a page's HTML content as it is: the text is escaped (`&`, `<`, `>`, `\"` and `'` as `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`), and `<mark>` and `</mark>` around the matched words are its only markup."
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "q": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 10
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        },
        "require_all": {
          "type": "boolean",
          "default": false,
          "description": "When true, every unquoted word of `q` must match (each through itself or a correction)."
        }
      },
      "required": [
        "q"
      ]
    }
  },
  {
    "name": "get_memories",
    "operationId": "batchGetMemories",
    "mcp": true,
    "title": "Get several Memories by exact ID",
    "description": "Get several Memories by exact ID\n\nOne to eight comma-separated IDs (more is `400 batch_too_large`). Duplicates are returned\nonce, in order of first appearance. Each item's text is shortened to 2,000 code points and\nthe whole response holds at most 12,000 code points of text: items are filled in order, an\nitem that finds less budget left than it needs is shortened to what is left, and once none\nis left every later found item is an error item with code `body_budget_exceeded`. Unknown\nIDs (and, for API keys, secret ones) are error items with code `memory_not_found` and use\nno budget.",
    "listedDescription": "Gets up to 8 Memories by exact ID in one call, within a character budget.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "ids": {
        "in": "query",
        "name": "ids"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "ids": {
          "type": "array",
          "minItems": 1,
          "maxItems": 8,
          "items": {
            "type": "string",
            "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
          }
        }
      },
      "required": [
        "ids"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "items",
            "budget"
          ],
          "properties": {
            "items": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "status"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "ok",
                      "error"
                    ]
                  },
                  "memory": {
                    "type": "object",
                    "required": [
                      "id",
                      "text",
                      "text_truncated",
                      "type",
                      "sensitivity",
                      "tags",
                      "pinned",
                      "revision",
                      "created_at",
                      "updated_at",
                      "expires_at"
                    ],
                    "properties": {
                      "id": {
                        "type": "string",
                        "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                      },
                      "text": {
                        "type": "string"
                      },
                      "text_truncated": {
                        "type": "boolean",
                        "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
                        "items": {
                          "type": "string"
                        }
                      },
                      "pinned": {
                        "type": "boolean"
                      },
                      "revision": {
                        "type": "integer",
                        "minimum": 1
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
                        "description": "When the Memory goes to the trash by itself; null when it does not."
                      }
                    }
                  },
                  "truncated": {
                    "type": "boolean",
                    "description": "True when the item's text was shortened, by the per-item or the total budget."
                  },
                  "text_length": {
                    "type": "integer",
                    "description": "The full text's length in code points."
                  },
                  "error": {
                    "type": "object",
                    "required": [
                      "code",
                      "message"
                    ],
                    "properties": {
                      "code": {
                        "description": "Stable machine code of an error. The set is open: new codes may be added within `v1`, so\naccept any string here and handle an unknown code by the HTTP status and `retryable`. The\ncodes of this version are listed in `KnownErrorCode`. The application's pages and forms\n(outside `/v1`) answer with the same codes, and with their own: `csrf_failed` (403, a form\nwithout its CSRF token or from another origin), `invalid_credentials` (401, a sign-in that\nfailed, never saying whether the email exists), `sign_up_closed` (403), `setup_complete`\n(403, the owner account exists), `invitation_invalid` (404) and `email_taken` (409).\n",
                        "anyOf": [
                          {
                            "type": "string",
                            "description": "The error codes of this version of the contract (see `ErrorCode`).",
                            "enum": [
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
                            ]
                          },
                          {
                            "type": "string"
                          }
                        ]
                      },
                      "message": {
                        "type": "string"
                      }
                    }
                  }
                }
              }
            },
            "budget": {
              "type": "object",
              "required": [
                "per_item",
                "total",
                "used"
              ],
              "properties": {
                "per_item": {
                  "type": "integer",
                  "enum": [
                    2000
                  ],
                  "description": "Code points of text per item."
                },
                "total": {
                  "type": "integer",
                  "enum": [
                    12000
                  ],
                  "description": "Code points of text per response."
                },
                "used": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 12000
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "ids": {
          "type": "array",
          "minItems": 1,
          "maxItems": 8,
          "items": {
            "type": "string"
          }
        }
      },
      "required": [
        "ids"
      ]
    }
  },
  {
    "name": "list_trashed_memories",
    "operationId": "listTrashedMemories",
    "mcp": true,
    "title": "List the trash",
    "description": "List the trash\n\nTrashed Memories, most recently trashed first, each with when it was trashed, when it\nwill be deleted for good (`purge_at`) and why (`deleted` or `expired`). Text is shortened\nto 2,000 code points. For API keys, secret Memories are left out.",
    "listedDescription": "Lists Memories in the trash, newest first, with when each is purged.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "memory",
              "trashed_at",
              "purge_at",
              "reason"
            ],
            "properties": {
              "memory": {
                "allOf": [
                  {
                    "type": "object",
                    "required": [
                      "id",
                      "text",
                      "text_truncated",
                      "type",
                      "sensitivity",
                      "tags",
                      "pinned",
                      "revision",
                      "created_at",
                      "updated_at",
                      "expires_at"
                    ],
                    "properties": {
                      "id": {
                        "type": "string",
                        "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                      },
                      "text": {
                        "type": "string"
                      },
                      "text_truncated": {
                        "type": "boolean",
                        "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
                        "items": {
                          "type": "string"
                        }
                      },
                      "pinned": {
                        "type": "boolean"
                      },
                      "revision": {
                        "type": "integer",
                        "minimum": 1
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
                        "description": "When the Memory goes to the trash by itself; null when it does not."
                      }
                    }
                  }
                ],
                "description": "The Memory as it was when trashed, with its `expires_at` (text shortened to 2,000 code points)."
              },
              "trashed_at": {
                "type": "string",
                "format": "date-time"
              },
              "purge_at": {
                "allOf": [
                  {
                    "type": "string",
                    "format": "date-time"
                  }
                ],
                "description": "When it will be deleted for good (`trashed_at` plus the retention period)."
              },
              "reason": {
                "type": "string",
                "enum": [
                  "deleted",
                  "expired"
                ],
                "description": "`deleted` by a request, or `expired` at its `expires_at`."
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "restore_memory",
    "operationId": "restoreMemory",
    "mcp": true,
    "title": "Restore a Memory from the trash",
    "description": "Restore a Memory from the trash\n\nBrings a trashed Memory back as it was: same ID, fields, revision and revision history,\nits links to the Subjects that still exist (links to Subjects deleted meanwhile are not\nrestored), and its place among the sources of the Fact suggestions that still exist and\nare not accepted (an accepted suggestion keeps the sources its Fact was accepted with).\n`expires_at` is cleared when the Memory went to the trash because it expired, or when it\npassed while the Memory was in the trash; a Memory deleted before its `expires_at` comes\nback with it. Counts, insights and search follow, and the change feed reports it\nupserted. `404 memory_not_found` when there is no such Memory (for API keys, also when it\nis secret); `400 memory_not_in_trash` when it is not in the trash.\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Brings a Memory back from the trash, with its links. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "text",
            "text_truncated",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "revision",
            "created_at",
            "updated_at",
            "expires_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "text": {
              "type": "string"
            },
            "text_truncated": {
              "type": "boolean",
              "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
              "items": {
                "type": "string"
              }
            },
            "pinned": {
              "type": "boolean"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
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
              "description": "When the Memory goes to the trash by itself; null when it does not."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "get_memory",
    "operationId": "getMemory",
    "mcp": true,
    "title": "Get one Memory",
    "description": "Get one Memory\n\nReturns the full text. The `ETag` header carries the revision.",
    "listedDescription": "Gets one Memory by ID, with its current revision.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "text",
            "text_truncated",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "revision",
            "created_at",
            "updated_at",
            "expires_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "text": {
              "type": "string"
            },
            "text_truncated": {
              "type": "boolean",
              "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
              "items": {
                "type": "string"
              }
            },
            "pinned": {
              "type": "boolean"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
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
              "description": "When the Memory goes to the trash by itself; null when it does not."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "update_memory",
    "operationId": "updateMemory",
    "mcp": true,
    "title": "Update a Memory",
    "description": "Update a Memory\n\nSend at least one field. A change creates a new revision; a request that changes nothing\nreturns 200 and creates none. With `If-Match`, the update happens only when the current\nrevision matches (`412 precondition_failed` otherwise). Turning a Memory secret is a\nsession-only action. A Memory at the highest revision number (2147483647, which only an\nimport can bring within reach) cannot be changed again: a change to it is\n`400 revision_limit_reached`, with `details.current_revision`.\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Changes a Memory's fields; pass if_match with its revision to refuse a stale update. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "if_match": {
        "in": "header",
        "name": "If-Match"
      }
    },
    "bodyArguments": [
      "text",
      "type",
      "sensitivity",
      "tags",
      "pinned",
      "expires_at"
    ],
    "hasBody": true,
    "bodyMinProperties": 1,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "if_match": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "The expected current revision as an entity tag (`\"3\"`), or `*`."
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
        "expires_at": {
          "type": [
            "string",
            "null"
          ],
          "format": "date-time",
          "description": "When the Memory goes to the trash by itself (reason `expired`), within a minute of that\ntime; it must be in the future (`400 invalid_request` otherwise). Null (or absent): never.\nA Memory that is a source of a reviewed Fact is not trashed while it is one. Restoring an\nexpired Memory clears it, as does restoring one whose `expires_at` passed while it was in\nthe trash; a Memory deleted before its `expires_at` keeps it when restored.\n"
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "text",
            "text_truncated",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "revision",
            "created_at",
            "updated_at",
            "expires_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "text": {
              "type": "string"
            },
            "text_truncated": {
              "type": "boolean",
              "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
              "items": {
                "type": "string"
              }
            },
            "pinned": {
              "type": "boolean"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
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
              "description": "When the Memory goes to the trash by itself; null when it does not."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "if_match": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "The expected current revision as an entity tag (`\"3\"`), or `*`."
        },
        "text": {
          "type": "string",
          "minLength": 1,
          "maxLength": 32000,
          "description": "Stored as given."
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
          "enum": [
            "normal",
            "sensitive",
            "secret"
          ],
          "description": "`secret` Memories exist only for sessions."
        },
        "tags": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "Stored trimmed and lower-case."
          },
          "description": "Duplicates are removed."
        },
        "pinned": {
          "type": "boolean"
        },
        "expires_at": {
          "anyOf": [
            {
              "format": "date-time",
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "delete_memory",
    "operationId": "deleteMemory",
    "mcp": true,
    "title": "Delete a Memory (to the trash, or for good)",
    "description": "Delete a Memory (to the trash, or for good)\n\nMoves the Memory to the trash: from then on it does not exist for any other route (404,\nabsent from lists, search, batches, contexts, maps, insights, counts and the sources of\nFact suggestions; the change feed reports it deleted), but it keeps its revisions, its\nlinks, its place among the sources of Fact suggestions and its `expires_at` for\n`TRASH_RETENTION_DAYS` (30 by default, `purge_at`), and `POST /memories/{id}/restore`\nbrings it back. A trashed Memory is `404 memory_not_found` here unless `permanent=true`.\n\nWith `permanent=true` the Memory (trashed or not) is deleted at once and for good: its\ntext, revisions, links, search index entries and words, and stored idempotent answers\nthat hold it are removed.\n\nRefused with `400 memory_in_use` (the Fact IDs in `details.fact_ids`) while the Memory is\na source of a reviewed Fact.\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Moves a Memory to the trash (restorable for 30 days), or deletes it for good with permanent=true. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "permanent": {
        "in": "query",
        "name": "permanent"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "permanent": {
          "type": "boolean",
          "default": false,
          "description": "True to delete the Memory for good instead of moving it to the trash."
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "deleted",
            "permanent",
            "purge_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "deleted": {
              "type": "boolean",
              "enum": [
                true
              ]
            },
            "permanent": {
              "type": "boolean",
              "description": "True when the Memory was deleted for good; false when it went to the trash."
            },
            "purge_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time",
              "description": "When the trashed Memory will be deleted for good; null after a permanent delete."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "permanent": {
          "type": "boolean",
          "default": false,
          "description": "True to delete the Memory for good instead of moving it to the trash."
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "list_memory_revisions",
    "operationId": "listMemoryRevisions",
    "mcp": true,
    "title": "List Memory revisions",
    "description": "List Memory revisions\n\nNewest first. Text is shortened to 2,000 code points. For API keys, revisions in which\nthe Memory was secret are left out.",
    "listedDescription": "Lists a Memory's earlier revisions, newest first.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "memory_id",
              "revision",
              "text",
              "text_truncated",
              "type",
              "sensitivity",
              "tags",
              "pinned",
              "created_at",
              "actor"
            ],
            "properties": {
              "memory_id": {
                "type": "string",
                "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "revision": {
                "type": "integer",
                "minimum": 1
              },
              "text": {
                "type": "string"
              },
              "text_truncated": {
                "type": "boolean"
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
                "items": {
                  "type": "string"
                }
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
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "get_memory_revision",
    "operationId": "getMemoryRevision",
    "mcp": true,
    "title": "Get one Memory revision in full",
    "description": "Get one Memory revision in full",
    "listedDescription": "Gets one earlier revision of a Memory in full.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "revision": {
        "in": "path",
        "name": "revision"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "revision": {
          "type": "integer",
          "minimum": 1,
          "maximum": 2147483647
        }
      },
      "required": [
        "id",
        "revision"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "memory_id",
            "revision",
            "text",
            "text_truncated",
            "type",
            "sensitivity",
            "tags",
            "pinned",
            "created_at",
            "actor"
          ],
          "properties": {
            "memory_id": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
            },
            "text": {
              "type": "string"
            },
            "text_truncated": {
              "type": "boolean"
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
              "items": {
                "type": "string"
              }
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
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "revision": {
          "type": "integer",
          "minimum": 1
        }
      },
      "required": [
        "id",
        "revision"
      ]
    }
  },
  {
    "name": "list_memory_subjects",
    "operationId": "listMemorySubjects",
    "mcp": true,
    "title": "List Subjects linked to a Memory",
    "description": "List Subjects linked to a Memory\n\nMost recently linked first.",
    "listedDescription": "Lists the Subjects a Memory is linked to.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "name",
              "kind",
              "aliases",
              "description",
              "memory_count",
              "created_at",
              "updated_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "name": {
                "type": "string"
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
                "items": {
                  "type": "string"
                }
              },
              "description": {
                "type": "string"
              },
              "memory_count": {
                "type": "integer",
                "minimum": 0,
                "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "get_context_map",
    "operationId": "getContextMap",
    "mcp": true,
    "title": "Load a bounded Context Map around a Memory",
    "description": "Load a bounded Context Map around a Memory\n\nThe neighbourhood of one Memory, breadth-first and nearest first: its Subjects (and the\ncurrent Facts it is a source of) at depth 1; the current Facts of those Subjects and the\nother Memories linked to them at depth 2 (superseded Facts are never on the map). `max_nodes` counts the root. Labels are at most 200 code\npoints. `sensitive` Memories (and, for sessions, secret ones) are left out unless\n`include_sensitive=true`; secret Memories never appear for API keys, nor do Facts whose\nsources are all secret.",
    "listedDescription": "A bounded map around a Memory: its Subjects and their other Memories, to a depth and node budget.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "id": {
        "in": "path",
        "name": "id"
      },
      "depth": {
        "in": "query",
        "name": "depth"
      },
      "max_nodes": {
        "in": "query",
        "name": "max_nodes"
      },
      "include_sensitive": {
        "in": "query",
        "name": "include_sensitive"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "depth": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "default": 2
        },
        "max_nodes": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 50
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.",
          "x-mtl-mcp-description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "root",
            "nodes",
            "edges",
            "truncated",
            "omitted_nodes"
          ],
          "properties": {
            "root": {
              "type": "string",
              "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "nodes": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "kind",
                  "label"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "memory",
                      "subject",
                      "fact"
                    ]
                  },
                  "label": {
                    "type": "string",
                    "maxLength": 200
                  }
                }
              }
            },
            "edges": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "from",
                  "to",
                  "kind"
                ],
                "properties": {
                  "from": {
                    "type": "string"
                  },
                  "to": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "linked_to",
                      "fact_of",
                      "sourced_from"
                    ],
                    "description": "`linked_to`: Memory → Subject; `fact_of`: Fact → Subject; `sourced_from`: Fact → Memory."
                  }
                }
              }
            },
            "truncated": {
              "type": "boolean"
            },
            "omitted_nodes": {
              "type": "integer",
              "minimum": 0
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "depth": {
          "type": "integer",
          "enum": [
            1,
            2
          ],
          "default": 2
        },
        "max_nodes": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 50
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "id"
      ]
    }
  },
  {
    "name": "list_subjects",
    "operationId": "listSubjects",
    "mcp": true,
    "title": "List or search Subjects",
    "description": "List or search Subjects\n\nWithout `q`, Subjects by name. With `q`, Subjects whose name or an alias matches it\ncase-insensitively: exact matches first, then prefix, then substring, then typo-tolerant\n(trigram) matches, each group by name.",
    "listedDescription": "Lists Subjects (people, projects, topics), or finds them by name or alias with q.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "q": {
        "in": "query",
        "name": "q"
      },
      "kind": {
        "in": "query",
        "name": "kind"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "q": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "\\S"
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
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "name",
              "kind",
              "aliases",
              "description",
              "memory_count",
              "created_at",
              "updated_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "name": {
                "type": "string"
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
                "items": {
                  "type": "string"
                }
              },
              "description": {
                "type": "string"
              },
              "memory_count": {
                "type": "integer",
                "minimum": 0,
                "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "q": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
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
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "create_subject",
    "operationId": "createSubject",
    "mcp": true,
    "title": "Create a Subject",
    "description": "Create a Subject\n\nNames are unique per account, compared case-insensitively (`400 duplicate_subject`).\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Creates a Subject (a person, project, place or topic) that Memories link to. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "name",
      "kind",
      "aliases",
      "description"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
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
          "default": "other"
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
      },
      "required": [
        "name"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "kind",
            "aliases",
            "description",
            "memory_count",
            "created_at",
            "updated_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
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
              "items": {
                "type": "string"
              }
            },
            "description": {
              "type": "string"
            },
            "memory_count": {
              "type": "integer",
              "minimum": 0,
              "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "Trimmed."
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
          ],
          "default": "other"
        },
        "aliases": {
          "type": "array",
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Trimmed."
          },
          "description": "Other names; duplicates are removed."
        },
        "description": {
          "type": "string",
          "maxLength": 2000
        }
      },
      "required": [
        "name"
      ]
    }
  },
  {
    "name": "get_subject",
    "operationId": "getSubject",
    "mcp": true,
    "title": "Get one Subject",
    "description": "Get one Subject",
    "listedDescription": "Gets one Subject with its counts.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "kind",
            "aliases",
            "description",
            "memory_count",
            "created_at",
            "updated_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
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
              "items": {
                "type": "string"
              }
            },
            "description": {
              "type": "string"
            },
            "memory_count": {
              "type": "integer",
              "minimum": 0,
              "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "update_subject",
    "operationId": "updateSubject",
    "mcp": true,
    "title": "Update one Subject",
    "description": "Update one Subject\n\nSend at least one field. A new name must stay unique (`400 duplicate_subject`).\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Changes a Subject's name, kind, aliases or description. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      }
    },
    "bodyArguments": [
      "name",
      "kind",
      "aliases",
      "description"
    ],
    "hasBody": true,
    "bodyMinProperties": 1,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
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
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "kind",
            "aliases",
            "description",
            "memory_count",
            "created_at",
            "updated_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
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
              "items": {
                "type": "string"
              }
            },
            "description": {
              "type": "string"
            },
            "memory_count": {
              "type": "integer",
              "minimum": 0,
              "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "Trimmed."
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
            "description": "Trimmed."
          },
          "description": "Other names; duplicates are removed."
        },
        "description": {
          "type": "string",
          "maxLength": 2000
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "delete_subject",
    "operationId": "deleteSubject",
    "mcp": true,
    "title": "Delete a Subject after confirmation",
    "description": "Delete a Subject after confirmation\n\nThe second step of the two-step deletion. Deletes the Subject with its links, Facts,\nsuggestions and insights; the Memories stay. Without a token: `400 confirmation_required`;\nan unknown, expired, used or another Subject's token: `400 invalid_confirmation`; links or\nFacts changed since the prepare request: `400 confirmation_stale` (prepare again).\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Deletes a Subject with the token from prepare_subject_deletion (its Memories stay). Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "confirmation_token": {
        "in": "query",
        "name": "confirmation_token"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "confirmation_token": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "The token from `POST /subjects/{subject_id}/deletion/prepare`."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "deleted"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "deleted": {
              "type": "boolean",
              "enum": [
                true
              ]
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "confirmation_token": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "description": "The token from `POST /subjects/{subject_id}/deletion/prepare`."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "prepare_subject_deletion",
    "operationId": "prepareSubjectDeletion",
    "mcp": true,
    "title": "Prepare a confirmed Subject deletion",
    "description": "Prepare a confirmed Subject deletion\n\nThe first step of the two-step deletion: returns a single-use confirmation token, valid\nfor 10 minutes, and what the deletion would remove. Show the impact to the user, then send\n`DELETE /subjects/{subject_id}?confirmation_token=…`.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Shows what deleting a Subject removes, and gives the token delete_subject needs. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "subject_id",
            "confirmation_token",
            "expires_at",
            "impact"
          ],
          "properties": {
            "subject_id": {
              "type": "string",
              "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "confirmation_token": {
              "type": "string",
              "description": "Single-use; send it as `confirmation_token` on the DELETE within 10 minutes."
            },
            "expires_at": {
              "type": "string",
              "format": "date-time"
            },
            "impact": {
              "type": "object",
              "required": [
                "linked_memories",
                "facts",
                "fact_suggestions",
                "insights"
              ],
              "description": "What the deletion removes that the caller can see (for API keys, no secret Memory, and no Fact, suggestion or insight that exists only through secret ones).",
              "properties": {
                "linked_memories": {
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
                "insights": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "list_subject_memories",
    "operationId": "listSubjectMemories",
    "mcp": true,
    "title": "List Memories linked to a Subject",
    "description": "List Memories linked to a Subject\n\nMost recently linked first; text shortened to 2,000 code points. No secret Memories for API keys.",
    "listedDescription": "Lists the Memories linked to a Subject, newest first.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "text",
              "text_truncated",
              "type",
              "sensitivity",
              "tags",
              "pinned",
              "revision",
              "created_at",
              "updated_at",
              "expires_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "text": {
                "type": "string"
              },
              "text_truncated": {
                "type": "boolean",
                "description": "True when `text` was shortened (lists, search and batch shorten to 2,000 code points)."
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
                "items": {
                  "type": "string"
                }
              },
              "pinned": {
                "type": "boolean"
              },
              "revision": {
                "type": "integer",
                "minimum": 1
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
                "description": "When the Memory goes to the trash by itself; null when it does not."
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "link_memory",
    "operationId": "linkMemory",
    "mcp": true,
    "title": "Link a Memory to a Subject",
    "description": "Link a Memory to a Subject\n\n201 when the link is new, 200 when it already existed. Secret Memories cannot be linked with an API key (`404 memory_not_found`).\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Links a Memory to a Subject (linking twice is one link). Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "memory_id"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "memory_id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "subject_id",
        "memory_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "memory_id": {
          "type": "string"
        }
      },
      "required": [
        "subject_id",
        "memory_id"
      ]
    }
  },
  {
    "name": "unlink_memory",
    "operationId": "unlinkMemory",
    "mcp": true,
    "title": "Remove a Memory link from a Subject",
    "description": "Remove a Memory link from a Subject\n\n`404 link_not_found` when the Memory is not linked to the Subject.\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Removes a Memory's link to a Subject; the Memory stays. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "memory_id": {
        "in": "path",
        "name": "memory_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "memory_id": {
          "type": "string",
          "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "subject_id",
        "memory_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "subject_id",
            "memory_id",
            "deleted"
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
            "deleted": {
              "type": "boolean",
              "enum": [
                true
              ]
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "memory_id": {
          "type": "string"
        }
      },
      "required": [
        "subject_id",
        "memory_id"
      ]
    }
  },
  {
    "name": "get_subject_context",
    "operationId": "getSubjectContext",
    "mcp": true,
    "title": "Load bounded Subject context",
    "description": "Load bounded Subject context\n\nThe Subject, its current reviewed Facts that the caller can see (newest first), its linked Memories (pinned first, then\nnewest) and its pending insights, within `max_chars` code points of returned text (Subject\nname and description, Fact statements, Memory text, insight summaries). Memory text is\nshortened to what is left (at most 2,000 per Memory); a Memory is left out, and counted in\n`omitted`, only when fewer than 100 characters are left.",
    "listedDescription": "What one Subject is about, within a character budget: its reviewed Facts, linked Memories and pending insights.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "max_chars": {
        "in": "query",
        "name": "max_chars"
      },
      "include_sensitive": {
        "in": "query",
        "name": "include_sensitive"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "max_chars": {
          "type": "integer",
          "minimum": 500,
          "maximum": 20000,
          "default": 6000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.",
          "x-mtl-mcp-description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "subject",
            "subject_description_truncated",
            "facts",
            "memories",
            "pending_insights",
            "budget",
            "omitted"
          ],
          "properties": {
            "subject": {
              "type": "object",
              "required": [
                "id",
                "name",
                "kind",
                "aliases",
                "description",
                "memory_count",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
                },
                "description": {
                  "type": "string"
                },
                "memory_count": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "Linked Memories the caller can see (secret ones are not counted for API keys)."
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
            "subject_description_truncated": {
              "type": "boolean",
              "description": "Whether `subject.description` was shortened to fit `max_chars` (it counts first, after the name)."
            },
            "facts": {
              "type": "array",
              "description": "The Subject's current Facts (superseded ones are left out), newest first.",
              "items": {
                "type": "object",
                "description": "A reviewed statement about a Subject, drawn from its source Memories. For API keys, secret\nsources are left out of `sources`, and a Fact whose sources are all secret does not exist:\nit is in no list, context, map, count, export or rule answered to a key. A Fact with no\nsources at all (an import can make one) is shown to everyone.\n",
                "required": [
                  "id",
                  "subject_id",
                  "statement",
                  "sources",
                  "accepted_at",
                  "created_at",
                  "valid_from",
                  "valid_until",
                  "superseded_by"
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
                    "type": "string"
                  },
                  "sources": {
                    "type": "array",
                    "items": {
                      "type": "object",
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
                    "description": "When the Fact became valid (its acceptance)."
                  },
                  "valid_until": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time",
                    "description": "When a later Fact superseded it; null while the Fact is current."
                  },
                  "superseded_by": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                    "description": "The Fact that superseded this one; null while the Fact is current, and null too when\nthe caller cannot see the Fact that superseded it (`valid_until` still says when this\none ended).\n"
                  }
                }
              }
            },
            "memories": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "type",
                  "sensitivity",
                  "pinned",
                  "tags",
                  "text",
                  "text_truncated",
                  "updated_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
                  "pinned": {
                    "type": "boolean"
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean"
                  },
                  "updated_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "pending_insights": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "subject_id",
                  "kind",
                  "status",
                  "summary",
                  "memory_ids",
                  "created_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "subject_id": {
                    "type": "string",
                    "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "unlinked_mention",
                      "possible_duplicate"
                    ]
                  },
                  "status": {
                    "type": "string",
                    "enum": [
                      "pending",
                      "dismissed"
                    ]
                  },
                  "summary": {
                    "type": "string"
                  },
                  "memory_ids": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  },
                  "created_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "budget": {
              "type": "object",
              "required": [
                "max_chars",
                "used_chars"
              ],
              "properties": {
                "max_chars": {
                  "type": "integer"
                },
                "used_chars": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            },
            "omitted": {
              "type": "object",
              "required": [
                "facts",
                "memories",
                "insights"
              ],
              "properties": {
                "facts": {
                  "type": "integer",
                  "minimum": 0
                },
                "memories": {
                  "type": "integer",
                  "minimum": 0
                },
                "insights": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "max_chars": {
          "type": "integer",
          "minimum": 500,
          "maximum": 20000,
          "default": 6000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "list_subject_facts",
    "operationId": "listSubjectFacts",
    "mcp": true,
    "title": "List reviewed Subject Facts",
    "description": "List reviewed Subject Facts\n\nReviewed Facts only, newest first. Secret sources are left out for API keys, and a Fact\nwhose sources are all secret does not exist for them. Without\nfilters, only current Facts are listed (those no later Fact has superseded:\n`valid_until` is null). `as_of` lists the Facts that were valid at that instant\n(`valid_from <= as_of`, and `valid_until` null or after `as_of`);\n`include_superseded=true` lists every Fact, current or not. The two answer different\nquestions, so sending `as_of` together with `include_superseded=true` is\n`400 invalid_request`. A cursor works only with the filters that issued it.",
    "listedDescription": "Lists a Subject's reviewed Facts (current ones; superseded or as of a date on request).",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "as_of": {
        "in": "query",
        "name": "as_of"
      },
      "include_superseded": {
        "in": "query",
        "name": "include_superseded"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "as_of": {
          "type": "string",
          "format": "date-time",
          "description": "Only the Facts that were valid at this instant."
        },
        "include_superseded": {
          "type": "boolean",
          "default": false,
          "description": "List superseded Facts too (not together with `as_of`)."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "description": "A reviewed statement about a Subject, drawn from its source Memories. For API keys, secret\nsources are left out of `sources`, and a Fact whose sources are all secret does not exist:\nit is in no list, context, map, count, export or rule answered to a key. A Fact with no\nsources at all (an import can make one) is shown to everyone.\n",
            "required": [
              "id",
              "subject_id",
              "statement",
              "sources",
              "accepted_at",
              "created_at",
              "valid_from",
              "valid_until",
              "superseded_by"
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
                "type": "string"
              },
              "sources": {
                "type": "array",
                "items": {
                  "type": "object",
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
                "description": "When the Fact became valid (its acceptance)."
              },
              "valid_until": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time",
                "description": "When a later Fact superseded it; null while the Fact is current."
              },
              "superseded_by": {
                "type": [
                  "string",
                  "null"
                ],
                "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                "description": "The Fact that superseded this one; null while the Fact is current, and null too when\nthe caller cannot see the Fact that superseded it (`valid_until` still says when this\none ended).\n"
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "as_of": {
          "type": "string",
          "format": "date-time",
          "description": "Only the Facts that were valid at this instant."
        },
        "include_superseded": {
          "type": "boolean",
          "default": false,
          "description": "List superseded Facts too (not together with `as_of`)."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "list_fact_suggestions",
    "operationId": "listFactSuggestions",
    "mcp": true,
    "title": "List Fact suggestions of a Subject",
    "description": "List Fact suggestions of a Subject\n\nNewest first, optionally only one status. For API keys, secret sources are left out, and\na suggestion none of whose sources they can see is not listed.",
    "listedDescription": "Lists a Subject's Fact suggestions, by status.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "status": {
        "in": "query",
        "name": "status"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "description": "A proposed Fact, backed by source Memories. For API keys, secret sources are left out of\n`sources`, and a suggestion none of whose sources they can see does not exist for them\n(its statement was drawn from secret text, or from Memories since trashed).\n",
            "required": [
              "id",
              "subject_id",
              "statement",
              "note",
              "sources",
              "status",
              "fact_id",
              "supersedes",
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
                "type": "string"
              },
              "note": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "sources": {
                "type": "array",
                "items": {
                  "type": "object",
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
                "description": "The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact)."
              },
              "supersedes": {
                "type": [
                  "string",
                  "null"
                ],
                "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                "description": "The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact)."
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
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "suggest_fact",
    "operationId": "createFactSuggestion",
    "mcp": true,
    "title": "Create a source-backed Fact suggestion",
    "description": "Create a source-backed Fact suggestion\n\nEvery source must exist and be visible to the caller (`400 source_not_found`) and be\nlinked to the Subject (`400 source_not_linked`). A statement equal, after folding case and\nwhitespace, to a current reviewed Fact is `400 fact_exists`; to a pending suggestion, the\nanswer is 200 with that suggestion and `created: false`. Otherwise 201 with a pending\nsuggestion. `supersedes` names a current Fact of the same Subject that the suggestion\nreplaces once accepted; any other ID (unknown, another Subject's, already superseded) is\n`400 invalid_request`. Facts and suggestions the caller cannot see (for an API key, those\ndrawn from secret Memories alone) take no part in these rules: their statements are\nneither `fact_exists` nor an equal pending suggestion, so the key's suggestion is created,\nand naming such a Fact in `supersedes` is refused as an unknown ID is. The review then\nsettles it (accepting a statement a current Fact already states is `400 fact_exists`).\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Suggests a Fact about a Subject, citing linked Memories as sources; the user accepts or rejects it in the application. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "statement",
      "source_memory_ids",
      "note",
      "supersedes"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
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
            "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
      },
      "required": [
        "subject_id",
        "statement",
        "source_memory_ids"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "created"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "created": {
          "type": "boolean",
          "description": "False when an equal pending suggestion that the caller can see already existed (and is returned)."
        },
        "data": {
          "type": "object",
          "description": "A proposed Fact, backed by source Memories. For API keys, secret sources are left out of\n`sources`, and a suggestion none of whose sources they can see does not exist for them\n(its statement was drawn from secret text, or from Memories since trashed).\n",
          "required": [
            "id",
            "subject_id",
            "statement",
            "note",
            "sources",
            "status",
            "fact_id",
            "supersedes",
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
              "type": "string"
            },
            "note": {
              "type": [
                "string",
                "null"
              ]
            },
            "sources": {
              "type": "array",
              "items": {
                "type": "object",
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
              "description": "The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact)."
            },
            "supersedes": {
              "type": [
                "string",
                "null"
              ],
              "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
              "description": "The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact)."
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "statement": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1000
        },
        "source_memory_ids": {
          "type": "array",
          "minItems": 1,
          "maxItems": 10,
          "uniqueItems": true,
          "items": {
            "type": "string"
          }
        },
        "note": {
          "type": "string",
          "maxLength": 1000
        },
        "supersedes": {
          "type": "string",
          "description": "A current Fact of the same Subject that this suggestion replaces: accepting the suggestion closes it."
        }
      },
      "required": [
        "subject_id",
        "statement",
        "source_memory_ids"
      ]
    }
  },
  {
    "name": "list_memory_insights",
    "operationId": "listMemoryInsights",
    "mcp": true,
    "title": "List pending read-only Memory insights",
    "description": "List pending read-only Memory insights\n\nGenerated by the service whenever Memories, links or Subjects change: `unlinked_mention`\n(a Memory mentions the Subject's name or an alias as a whole word but is not linked to it)\nand `possible_duplicate` (two linked Memories whose texts are equal after folding case,\nwhitespace and punctuation, or whose trigram similarity is at least 0.85). Pending only,\noldest first; an insight disappears when its cause does. Insights that involve a secret\nMemory are not shown to API keys. Among many Memories that all look alike, each takes\npart in at most 10 `possible_duplicate` insights of the Subject when it is linked,\nwritten or imported, and a Memory linked or written alone is compared with the 500 of\nthe Subject's Memories linked most recently: the insights point at duplicates, they do\nnot list every pair of them.",
    "listedDescription": "Lists a Subject's pending insights (possible duplicates, contradictions, stale Memories).",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "subject_id": {
        "in": "path",
        "name": "subject_id"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "subject_id": {
          "type": "string",
          "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "subject_id",
              "kind",
              "status",
              "summary",
              "memory_ids",
              "created_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "subject_id": {
                "type": "string",
                "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "kind": {
                "type": "string",
                "enum": [
                  "unlinked_mention",
                  "possible_duplicate"
                ]
              },
              "status": {
                "type": "string",
                "enum": [
                  "pending",
                  "dismissed"
                ]
              },
              "summary": {
                "type": "string"
              },
              "memory_ids": {
                "type": "array",
                "items": {
                  "type": "string",
                  "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                }
              },
              "created_at": {
                "type": "string",
                "format": "date-time"
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "subject_id": {
          "type": "string"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "subject_id"
      ]
    }
  },
  {
    "name": "list_account_fact_suggestions",
    "operationId": "listAccountFactSuggestions",
    "mcp": true,
    "title": "List the account's Fact suggestions, across its Subjects",
    "description": "List the account's Fact suggestions, across its Subjects\n\nEvery Subject's suggestions in one list, newest first, optionally only one status: with\n`status=pending`, what waits for review. The same suggestions as each Subject's list\n(`GET /subjects/{subject_id}/fact-suggestions`), with the same visibility: for API keys,\nsecret sources are left out, and a suggestion none of whose sources they can see is not\nlisted.",
    "listedDescription": "Lists Fact suggestions across all Subjects, newest first.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "status": {
        "in": "query",
        "name": "status"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "description": "A proposed Fact, backed by source Memories. For API keys, secret sources are left out of\n`sources`, and a suggestion none of whose sources they can see does not exist for them\n(its statement was drawn from secret text, or from Memories since trashed).\n",
            "required": [
              "id",
              "subject_id",
              "statement",
              "note",
              "sources",
              "status",
              "fact_id",
              "supersedes",
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
                "type": "string"
              },
              "note": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "sources": {
                "type": "array",
                "items": {
                  "type": "object",
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
                "description": "The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact)."
              },
              "supersedes": {
                "type": [
                  "string",
                  "null"
                ],
                "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                "description": "The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact)."
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
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "status": {
          "type": "string",
          "enum": [
            "pending",
            "accepted",
            "rejected"
          ]
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "list_account_memory_insights",
    "operationId": "listAccountMemoryInsights",
    "mcp": true,
    "title": "List the account's pending Memory insights, across its Subjects",
    "description": "List the account's pending Memory insights, across its Subjects\n\nEvery Subject's pending insights in one list, oldest first: the same insights as each\nSubject's list (`GET /subjects/{subject_id}/memory-insights`), with the same visibility\n(insights that involve a secret Memory are not shown to API keys).",
    "listedDescription": "Lists pending insights across all Subjects, oldest first.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "subject_id",
              "kind",
              "status",
              "summary",
              "memory_ids",
              "created_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "subject_id": {
                "type": "string",
                "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "kind": {
                "type": "string",
                "enum": [
                  "unlinked_mention",
                  "possible_duplicate"
                ]
              },
              "status": {
                "type": "string",
                "enum": [
                  "pending",
                  "dismissed"
                ]
              },
              "summary": {
                "type": "string"
              },
              "memory_ids": {
                "type": "array",
                "items": {
                  "type": "string",
                  "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
                }
              },
              "created_at": {
                "type": "string",
                "format": "date-time"
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "accept_fact_suggestion",
    "operationId": "acceptFactSuggestion",
    "mcp": false,
    "title": "Accept a Fact suggestion",
    "description": "Accept a Fact suggestion\n\nApplication only. A pending suggestion becomes a reviewed Fact with the same sources\n(those that still exist and are not in the trash), valid from now. A suggestion already\nreviewed is `400 suggestion_already_reviewed`; one whose statement now equals a current\nFact is `400 fact_exists`; one with no source left is `400 source_not_found`. When the\nsuggestion `supersedes` a Fact, that Fact is closed in the same step (`valid_until` = now,\n`superseded_by` = the new Fact); if it is no longer current (another acceptance superseded\nit first), the answer is `400 invalid_request` and nothing changes: of two acceptances that\nsupersede the same Fact, exactly one succeeds.\n\nApplication only (a session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "suggestion_id": {
        "in": "path",
        "name": "suggestion_id"
      },
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "suggestion_id": {
          "type": "string",
          "pattern": "^fsg_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        }
      },
      "required": [
        "suggestion_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "suggestion"
          ],
          "properties": {
            "suggestion": {
              "type": "object",
              "description": "A proposed Fact, backed by source Memories. For API keys, secret sources are left out of\n`sources`, and a suggestion none of whose sources they can see does not exist for them\n(its statement was drawn from secret text, or from Memories since trashed).\n",
              "required": [
                "id",
                "subject_id",
                "statement",
                "note",
                "sources",
                "status",
                "fact_id",
                "supersedes",
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
                  "type": "string"
                },
                "note": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "sources": {
                  "type": "array",
                  "items": {
                    "type": "object",
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
                  "description": "The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact)."
                },
                "supersedes": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                  "description": "The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact)."
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
            "fact": {
              "allOf": [
                {
                  "type": "object",
                  "description": "A reviewed statement about a Subject, drawn from its source Memories. For API keys, secret\nsources are left out of `sources`, and a Fact whose sources are all secret does not exist:\nit is in no list, context, map, count, export or rule answered to a key. A Fact with no\nsources at all (an import can make one) is shown to everyone.\n",
                  "required": [
                    "id",
                    "subject_id",
                    "statement",
                    "sources",
                    "accepted_at",
                    "created_at",
                    "valid_from",
                    "valid_until",
                    "superseded_by"
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
                      "type": "string"
                    },
                    "sources": {
                      "type": "array",
                      "items": {
                        "type": "object",
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
                      "description": "When the Fact became valid (its acceptance)."
                    },
                    "valid_until": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "format": "date-time",
                      "description": "When a later Fact superseded it; null while the Fact is current."
                    },
                    "superseded_by": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                      "description": "The Fact that superseded this one; null while the Fact is current, and null too when\nthe caller cannot see the Fact that superseded it (`valid_until` still says when this\none ended).\n"
                    }
                  }
                }
              ],
              "description": "The new Fact (accept only)."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "suggestion_id": {
          "type": "string"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        }
      },
      "required": [
        "suggestion_id"
      ]
    }
  },
  {
    "name": "reject_fact_suggestion",
    "operationId": "rejectFactSuggestion",
    "mcp": false,
    "title": "Reject a Fact suggestion",
    "description": "Reject a Fact suggestion\n\nApplication only. A suggestion already reviewed is `400 suggestion_already_reviewed`.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "suggestion_id": {
        "in": "path",
        "name": "suggestion_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "suggestion_id": {
          "type": "string",
          "pattern": "^fsg_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "suggestion_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "suggestion"
          ],
          "properties": {
            "suggestion": {
              "type": "object",
              "description": "A proposed Fact, backed by source Memories. For API keys, secret sources are left out of\n`sources`, and a suggestion none of whose sources they can see does not exist for them\n(its statement was drawn from secret text, or from Memories since trashed).\n",
              "required": [
                "id",
                "subject_id",
                "statement",
                "note",
                "sources",
                "status",
                "fact_id",
                "supersedes",
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
                  "type": "string"
                },
                "note": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "sources": {
                  "type": "array",
                  "items": {
                    "type": "object",
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
                  "description": "The Fact an accepted suggestion became (null until accepted, or when the caller cannot see that Fact)."
                },
                "supersedes": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                  "description": "The Fact that accepting this suggestion closes, or null (also when the caller cannot see that Fact)."
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
            "fact": {
              "allOf": [
                {
                  "type": "object",
                  "description": "A reviewed statement about a Subject, drawn from its source Memories. For API keys, secret\nsources are left out of `sources`, and a Fact whose sources are all secret does not exist:\nit is in no list, context, map, count, export or rule answered to a key. A Fact with no\nsources at all (an import can make one) is shown to everyone.\n",
                  "required": [
                    "id",
                    "subject_id",
                    "statement",
                    "sources",
                    "accepted_at",
                    "created_at",
                    "valid_from",
                    "valid_until",
                    "superseded_by"
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
                      "type": "string"
                    },
                    "sources": {
                      "type": "array",
                      "items": {
                        "type": "object",
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
                      "description": "When the Fact became valid (its acceptance)."
                    },
                    "valid_until": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "format": "date-time",
                      "description": "When a later Fact superseded it; null while the Fact is current."
                    },
                    "superseded_by": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^fct_[0-9A-HJKMNP-TV-Z]{26}$",
                      "description": "The Fact that superseded this one; null while the Fact is current, and null too when\nthe caller cannot see the Fact that superseded it (`valid_until` still says when this\none ended).\n"
                    }
                  }
                }
              ],
              "description": "The new Fact (accept only)."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "suggestion_id": {
          "type": "string"
        }
      },
      "required": [
        "suggestion_id"
      ]
    }
  },
  {
    "name": "dismiss_memory_insight",
    "operationId": "dismissMemoryInsight",
    "mcp": false,
    "title": "Dismiss a Memory insight",
    "description": "Dismiss a Memory insight\n\nApplication only. Idempotent; a dismissed insight stays dismissed while its cause lasts.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "insight_id": {
        "in": "path",
        "name": "insight_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "insight_id": {
          "type": "string",
          "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "insight_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "subject_id",
            "kind",
            "status",
            "summary",
            "memory_ids",
            "created_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^ins_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "subject_id": {
              "type": "string",
              "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "kind": {
              "type": "string",
              "enum": [
                "unlinked_mention",
                "possible_duplicate"
              ]
            },
            "status": {
              "type": "string",
              "enum": [
                "pending",
                "dismissed"
              ]
            },
            "summary": {
              "type": "string"
            },
            "memory_ids": {
              "type": "array",
              "items": {
                "type": "string",
                "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
              }
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "insight_id": {
          "type": "string"
        }
      },
      "required": [
        "insight_id"
      ]
    }
  },
  {
    "name": "get_workspace_profile",
    "operationId": "getWorkspaceProfile",
    "mcp": true,
    "title": "Load workspace guidance",
    "description": "Load workspace guidance\n\nEmpty guidance (and a null `updated_at`) when none was set.",
    "listedDescription": "Gets the workspace's guidance for agents (set by the user).",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {},
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {}
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "guidance",
            "updated_at"
          ],
          "properties": {
            "guidance": {
              "type": "string"
            },
            "updated_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {}
    }
  },
  {
    "name": "update_workspace_profile",
    "operationId": "updateWorkspaceProfile",
    "mcp": false,
    "title": "Set workspace guidance",
    "description": "Set workspace guidance\n\nApplication only. Replaces the guidance (0–8,000 code points).\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {},
    "bodyArguments": [
      "guidance"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "guidance": {
          "type": "string",
          "maxLength": 8000
        }
      },
      "required": [
        "guidance"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "guidance",
            "updated_at"
          ],
          "properties": {
            "guidance": {
              "type": "string"
            },
            "updated_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "guidance": {
          "type": "string",
          "maxLength": 8000
        }
      },
      "required": [
        "guidance"
      ]
    }
  },
  {
    "name": "get_startup_context",
    "operationId": "getStartupContext",
    "mcp": true,
    "title": "Load startup context",
    "description": "Load startup context\n\nSections in this order, each filled within what is left of `max_chars` code points of\nreturned text: `profile` (the workspace guidance, at most a quarter of the budget),\n`pinned` Memories, `instructions` (types `instruction` and `preference`), `recent`\nMemories, `subjects` (most-linked first, with their Fact counts; a Subject's name counts).\nA Memory appears in one section only. Memory text is shortened to what is left (at most\n2,000 per Memory); a Memory is left out, and counted in `omitted`, only when fewer than 100\ncharacters are left. `checkpoint` resumes from this moment through `GET /context/resume`.",
    "listedDescription": "Call first in a session: guidance, pinned and recent Memories and main Subjects within a budget, and a checkpoint for resume_context.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "max_chars": {
        "in": "query",
        "name": "max_chars"
      },
      "include_sensitive": {
        "in": "query",
        "name": "include_sensitive"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "max_chars": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.",
          "x-mtl-mcp-description": "Include sensitive Memories in the context."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "profile",
            "pinned",
            "instructions",
            "recent",
            "subjects",
            "budget",
            "omitted",
            "checkpoint"
          ],
          "properties": {
            "profile": {
              "type": "object",
              "required": [
                "guidance",
                "truncated"
              ],
              "properties": {
                "guidance": {
                  "type": "string"
                },
                "truncated": {
                  "type": "boolean"
                }
              }
            },
            "pinned": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "type",
                  "sensitivity",
                  "pinned",
                  "tags",
                  "text",
                  "text_truncated",
                  "updated_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
                  "pinned": {
                    "type": "boolean"
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean"
                  },
                  "updated_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "instructions": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "type",
                  "sensitivity",
                  "pinned",
                  "tags",
                  "text",
                  "text_truncated",
                  "updated_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
                  "pinned": {
                    "type": "boolean"
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean"
                  },
                  "updated_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "recent": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "type",
                  "sensitivity",
                  "pinned",
                  "tags",
                  "text",
                  "text_truncated",
                  "updated_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
                  "pinned": {
                    "type": "boolean"
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean"
                  },
                  "updated_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "subjects": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "name",
                  "kind",
                  "memory_count",
                  "fact_count"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "name": {
                    "type": "string"
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
                  "memory_count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "fact_count": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "How many current (not superseded) Facts the Subject has that the caller can see."
                  }
                }
              }
            },
            "budget": {
              "type": "object",
              "required": [
                "max_chars",
                "used_chars"
              ],
              "properties": {
                "max_chars": {
                  "type": "integer"
                },
                "used_chars": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            },
            "omitted": {
              "type": "object",
              "required": [
                "pinned",
                "instructions",
                "recent",
                "subjects"
              ],
              "properties": {
                "pinned": {
                  "type": "integer",
                  "minimum": 0
                },
                "instructions": {
                  "type": "integer",
                  "minimum": 0
                },
                "recent": {
                  "type": "integer",
                  "minimum": 0
                },
                "subjects": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            },
            "checkpoint": {
              "type": "string",
              "description": "Pass to `GET /context/resume` to learn what changed after this response."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "max_chars": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include sensitive Memories in the context."
        }
      }
    }
  },
  {
    "name": "resume_context",
    "operationId": "resumeContext",
    "mcp": true,
    "title": "Continue from a checkpoint",
    "description": "Continue from a checkpoint\n\nWhat changed since the checkpoint, oldest first, each Memory or Subject once in its latest\nstate: upserted Memories (shortened text) and Subjects, and the IDs of removed ones\n(deleted, or no longer visible to the caller: a Memory that turned secret for an API key,\nor sensitive without `include_sensitive=true`). An API key is told of a Subject only when\nit changed for keys: a link of a secret Memory added or removed is not news to them, a\nlinked Memory turning secret or back is (the count of Memories they can see changed), and so\nis accepting a Fact only if keys can see it or the Fact it supersedes.\nWhen more changes remain than fit\n`max_chars` (or 200 changes), `has_more` is true: call again with the new `checkpoint`.\nCheckpoints are opaque (encrypted: they reveal nothing, not even how much the account\nchanged), bound to the account and valid for 30 days (`400 invalid_checkpoint`,\n`400 checkpoint_expired`). Changes are kept for 31 days: a checkpoint whose next change is\nno longer kept is `400 checkpoint_expired` too, so that nothing is skipped.",
    "listedDescription": "What changed since a checkpoint (from get_startup_context or an earlier resume), in pages; repeat while has_more.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "checkpoint": {
        "in": "query",
        "name": "checkpoint"
      },
      "max_chars": {
        "in": "query",
        "name": "max_chars"
      },
      "include_sensitive": {
        "in": "query",
        "name": "include_sensitive"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "checkpoint": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500
        },
        "max_chars": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include `sensitive` Memories (and, for sessions, secret ones) in the context. Secret\nMemories never appear for API keys.",
          "x-mtl-mcp-description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "checkpoint"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "memories_upserted",
            "memories_removed",
            "subjects_upserted",
            "subjects_removed",
            "checkpoint",
            "has_more",
            "budget"
          ],
          "properties": {
            "memories_upserted": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "type",
                  "sensitivity",
                  "pinned",
                  "tags",
                  "text",
                  "text_truncated",
                  "updated_at"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
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
                  "pinned": {
                    "type": "boolean"
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "text": {
                    "type": "string"
                  },
                  "text_truncated": {
                    "type": "boolean"
                  },
                  "updated_at": {
                    "type": "string",
                    "format": "date-time"
                  }
                }
              }
            },
            "memories_removed": {
              "type": "array",
              "description": "Memories deleted since the checkpoint, or changed so that this context leaves them\nout: turned secret (API keys), or secret or sensitive without `include_sensitive`.\nAn API key is told of a Memory only if it could see it at some point since the\ncheckpoint: a Memory that was secret all along (created secret, say) never existed\nfor the key and is not listed.\n",
              "items": {
                "type": "string",
                "pattern": "^mem_[0-9A-HJKMNP-TV-Z]{26}$"
              }
            },
            "subjects_upserted": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "name",
                  "kind",
                  "memory_count",
                  "fact_count"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
                  },
                  "name": {
                    "type": "string"
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
                  "memory_count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "fact_count": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "How many current (not superseded) Facts the Subject has that the caller can see."
                  }
                }
              }
            },
            "subjects_removed": {
              "type": "array",
              "items": {
                "type": "string",
                "pattern": "^sub_[0-9A-HJKMNP-TV-Z]{26}$"
              }
            },
            "checkpoint": {
              "type": "string"
            },
            "has_more": {
              "type": "boolean"
            },
            "budget": {
              "type": "object",
              "required": [
                "max_chars",
                "used_chars"
              ],
              "properties": {
                "max_chars": {
                  "type": "integer"
                },
                "used_chars": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "checkpoint": {
          "type": "string",
          "minLength": 1,
          "maxLength": 500
        },
        "max_chars": {
          "type": "integer",
          "minimum": 1000,
          "maximum": 32000,
          "default": 8000
        },
        "include_sensitive": {
          "type": "boolean",
          "default": false,
          "description": "Include sensitive Memories in the context."
        }
      },
      "required": [
        "checkpoint"
      ]
    }
  },
  {
    "name": "search_library_templates",
    "operationId": "searchLibraryTemplates",
    "mcp": true,
    "title": "Search public Templates",
    "description": "Search public Templates\n\nPublished Templates only, public listing fields only; never a draft, an unpublished\nTemplate or a revision newer than the published one. With `query`, full-text search\n(web-search syntax) over name, tags, summary and the whole README, ranked by where the\nwords occur (name and tags first, then the summary, then the README's first 4,000\ncharacters; a Template whose README has them only further on matches with the lowest\nrank), then newest publication first; without it, newest publication first.\n`sort` chooses another order of the same matches: `newest` (newest publication first)\nor `most_used` (most `uses` first, then newest). The Library website's `/library` page\nshows this operation's answer to everyone, signed in or not.",
    "listedDescription": "Searches the public Library's published Templates; filter by category or tag, sort by relevance, newest or most used.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "query": {
        "in": "query",
        "name": "query"
      },
      "category": {
        "in": "query",
        "name": "category"
      },
      "tag": {
        "in": "query",
        "name": "tag"
      },
      "sort": {
        "in": "query",
        "name": "sort"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "query": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200,
          "pattern": "\\S"
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 40
        },
        "sort": {
          "type": "string",
          "enum": [
            "relevance",
            "newest",
            "most_used"
          ],
          "default": "relevance",
          "description": "`relevance` (the default: best match first with `query`, newest without), `newest` or `most_used`."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 20
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "name",
              "summary",
              "category",
              "tags",
              "license",
              "version",
              "published_at",
              "creator",
              "readme_excerpt",
              "uses"
            ],
            "description": "A published Template as every account sees it. Its texts (name, summary, tags, display name, README excerpt) are the creator's plain text, not HTML; escape them to show them in a page.",
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "name": {
                "type": "string",
                "description": "Plain text, as the creator wrote it."
              },
              "summary": {
                "type": "string",
                "description": "Plain text, as the creator wrote it."
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
                "items": {
                  "type": "string"
                }
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
              "version": {
                "type": "integer",
                "minimum": 1
              },
              "published_at": {
                "type": "string",
                "format": "date-time"
              },
              "creator": {
                "type": "object",
                "required": [
                  "display_name"
                ],
                "properties": {
                  "display_name": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "Plain text."
                  }
                }
              },
              "readme_excerpt": {
                "type": "string",
                "maxLength": 300,
                "description": "The start of the README as plain text: its Markdown and any HTML in it are neither rendered nor escaped."
              },
              "uses": {
                "type": "integer",
                "minimum": 0,
                "description": "How many accounts have copied it into a draft of theirs (each once)."
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "query": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
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
        "tag": {
          "type": "string",
          "minLength": 1,
          "maxLength": 40
        },
        "sort": {
          "type": "string",
          "enum": [
            "relevance",
            "newest",
            "most_used"
          ],
          "default": "relevance",
          "description": "`relevance` (the default: best match first with `query`, newest without), `newest` or `most_used`."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50,
          "default": 20
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "get_library_template",
    "operationId": "getLibraryTemplate",
    "mcp": true,
    "title": "Get one public Template",
    "description": "Get one public Template\n\nThe public listing and published file list of a published Template, its release notes\nand its version history (newest first); 404 otherwise. The Library website's page of the\nTemplate shows this answer to everyone.",
    "listedDescription": "Gets a published Template's listing, file list, release notes and versions.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "template_id": {
        "in": "path",
        "name": "template_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "template_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "files",
            "release_notes",
            "versions"
          ],
          "properties": {
            "template": {
              "type": "object",
              "required": [
                "id",
                "name",
                "summary",
                "category",
                "tags",
                "license",
                "version",
                "published_at",
                "creator",
                "readme_excerpt",
                "uses"
              ],
              "description": "A published Template as every account sees it. Its texts (name, summary, tags, display name, README excerpt) are the creator's plain text, not HTML; escape them to show them in a page.",
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string",
                  "description": "Plain text, as the creator wrote it."
                },
                "summary": {
                  "type": "string",
                  "description": "Plain text, as the creator wrote it."
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
                  "items": {
                    "type": "string"
                  }
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
                "version": {
                  "type": "integer",
                  "minimum": 1
                },
                "published_at": {
                  "type": "string",
                  "format": "date-time"
                },
                "creator": {
                  "type": "object",
                  "required": [
                    "display_name"
                  ],
                  "properties": {
                    "display_name": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "description": "Plain text."
                    }
                  }
                },
                "readme_excerpt": {
                  "type": "string",
                  "maxLength": 300,
                  "description": "The start of the README as plain text: its Markdown and any HTML in it are neither rendered nor escaped."
                },
                "uses": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "How many accounts have copied it into a draft of theirs (each once)."
                }
              }
            },
            "files": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "path",
                  "size"
                ],
                "properties": {
                  "path": {
                    "type": "string"
                  },
                  "size": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              }
            },
            "release_notes": {
              "type": "string"
            },
            "versions": {
              "type": "array",
              "maxItems": 100,
              "description": "The versions published so far, newest first (the latest 100), each with the release notes it was published with.",
              "items": {
                "type": "object",
                "required": [
                  "version",
                  "published_at",
                  "release_notes"
                ],
                "properties": {
                  "version": {
                    "type": "integer",
                    "minimum": 1
                  },
                  "published_at": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "release_notes": {
                    "type": "string",
                    "description": "Plain text, as the creator wrote it."
                  }
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "template_id": {
          "type": "string"
        }
      },
      "required": [
        "template_id"
      ]
    }
  },
  {
    "name": "read_library_template_files",
    "operationId": "readLibraryTemplateFiles",
    "mcp": true,
    "title": "Read a published Template's files",
    "description": "Read a published Template's files\n\nThe files of the published version of a published Template (never a draft), bounded as\na draft's read is: the selected files (all when `paths` is absent), each cut to\n`max_chars_per_file` and all together to `max_total_chars` code points. Paths the\npublished version does not have are listed in `missing`; files left out because the\ntotal budget ran out, in `omitted`. 404 when the Template is not published. Any key may\nread it; the Library website shows the same files to everyone.",
    "listedDescription": "Reads a published Template's files, each and all within a character budget.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "template_id": {
        "in": "path",
        "name": "template_id"
      },
      "paths": {
        "in": "query",
        "name": "paths"
      },
      "max_chars_per_file": {
        "in": "query",
        "name": "max_chars_per_file"
      },
      "max_total_chars": {
        "in": "query",
        "name": "max_total_chars"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "paths": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": "Comma-separated paths to read (a path holds no comma); all files when absent.",
          "x-mtl-mcp-description": "The paths to read; all files when absent."
        },
        "max_chars_per_file": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "default": 20000,
          "description": "Characters of each file at most."
        },
        "max_total_chars": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "default": 100000,
          "description": "Characters of all files together at most."
        }
      },
      "required": [
        "template_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template_id",
            "version",
            "files",
            "missing",
            "omitted"
          ],
          "properties": {
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "version": {
              "type": "integer",
              "minimum": 1
            },
            "files": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "path",
                  "size",
                  "content",
                  "truncated"
                ],
                "properties": {
                  "path": {
                    "type": "string"
                  },
                  "size": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "The file's full length in code points."
                  },
                  "content": {
                    "type": "string"
                  },
                  "truncated": {
                    "type": "boolean"
                  }
                }
              }
            },
            "missing": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "omitted": {
              "type": "array",
              "items": {
                "type": "string"
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "template_id": {
          "type": "string"
        },
        "paths": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "description": "The paths to read; all files when absent."
        },
        "max_chars_per_file": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000,
          "default": 20000,
          "description": "Characters of each file at most."
        },
        "max_total_chars": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "default": 100000,
          "description": "Characters of all files together at most."
        }
      },
      "required": [
        "template_id"
      ]
    }
  },
  {
    "name": "copy_library_template",
    "operationId": "copyLibraryTemplate",
    "mcp": true,
    "title": "Copy a published Template into a new draft of the caller's",
    "description": "Copy a published Template into a new draft of the caller's\n\nMakes a new Template owned by the caller whose revision 1 holds the published version's\nfiles, summary, category, tags and license (review `draft`, never published), named\n`name` or as the source is. The copy credits its source in `copied_from` (the Template\nand version); the source's `uses` counts each account that copied it once. Needs a\nread-write key or a session, and room for one more Template (`400\ntemplate_limit_reached` at 100); 404 when the source is not published. An account may\ncopy its own published Template.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Copies a published Template into a new draft of yours, crediting its source. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "template_id": {
        "in": "path",
        "name": "template_id"
      },
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "name"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "pattern": "^[^\\u0000-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u001F\\u007F]*$"
        }
      },
      "required": [
        "template_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
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
            "copied_from",
            "created_at",
            "updated_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "summary": {
              "type": "string"
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
              "items": {
                "type": "string"
              }
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
              "type": "string"
            },
            "draft": {
              "type": "object",
              "required": [
                "revision",
                "files",
                "total_size",
                "updated_at"
              ],
              "properties": {
                "revision": {
                  "type": "integer",
                  "minimum": 1
                },
                "files": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "path",
                      "size"
                    ],
                    "properties": {
                      "path": {
                        "type": "string"
                      },
                      "size": {
                        "type": "integer",
                        "minimum": 0
                      }
                    }
                  }
                },
                "total_size": {
                  "type": "integer",
                  "minimum": 0
                },
                "updated_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            },
            "review": {
              "type": "object",
              "required": [
                "state",
                "reviewed_revision",
                "last_run_id"
              ],
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
                },
                "last_run_id": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                }
              }
            },
            "publication": {
              "type": "object",
              "required": [
                "state",
                "version",
                "published_revision",
                "published_at"
              ],
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
                }
              }
            },
            "copied_from": {
              "type": [
                "object",
                "null"
              ],
              "required": [
                "template_id",
                "version"
              ],
              "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "template_id": {
          "type": "string"
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100
        }
      },
      "required": [
        "template_id"
      ]
    }
  },
  {
    "name": "get_creator_status",
    "operationId": "getCreatorStatus",
    "mcp": true,
    "title": "List owned Templates and workflow results",
    "description": "List owned Templates and workflow results\n\nEvery Template of the caller (owner's view: draft revision, review and publication\nstates) with its five latest workflow runs, and the limits that apply. Call it before any\nwrite or publication request, and again after a 409.",
    "listedDescription": "Lists your Templates with their review and publication states and latest runs. Call before any Template write, and after a 409.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {},
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {}
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "templates",
            "limits"
          ],
          "properties": {
            "templates": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "template",
                  "latest_runs"
                ],
                "properties": {
                  "template": {
                    "type": "object",
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
                      "copied_from",
                      "created_at",
                      "updated_at"
                    ],
                    "properties": {
                      "id": {
                        "type": "string",
                        "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                      },
                      "name": {
                        "type": "string"
                      },
                      "summary": {
                        "type": "string"
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
                        "items": {
                          "type": "string"
                        }
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
                        "type": "string"
                      },
                      "draft": {
                        "type": "object",
                        "required": [
                          "revision",
                          "files",
                          "total_size",
                          "updated_at"
                        ],
                        "properties": {
                          "revision": {
                            "type": "integer",
                            "minimum": 1
                          },
                          "files": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "required": [
                                "path",
                                "size"
                              ],
                              "properties": {
                                "path": {
                                  "type": "string"
                                },
                                "size": {
                                  "type": "integer",
                                  "minimum": 0
                                }
                              }
                            }
                          },
                          "total_size": {
                            "type": "integer",
                            "minimum": 0
                          },
                          "updated_at": {
                            "type": "string",
                            "format": "date-time"
                          }
                        }
                      },
                      "review": {
                        "type": "object",
                        "required": [
                          "state",
                          "reviewed_revision",
                          "last_run_id"
                        ],
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
                          },
                          "last_run_id": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                          }
                        }
                      },
                      "publication": {
                        "type": "object",
                        "required": [
                          "state",
                          "version",
                          "published_revision",
                          "published_at"
                        ],
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
                          }
                        }
                      },
                      "copied_from": {
                        "type": [
                          "object",
                          "null"
                        ],
                        "required": [
                          "template_id",
                          "version"
                        ],
                        "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
                  "latest_runs": {
                    "type": "array",
                    "maxItems": 5,
                    "items": {
                      "type": "object",
                      "required": [
                        "id",
                        "template_id",
                        "action",
                        "revision",
                        "status",
                        "checks",
                        "error_code",
                        "created_at"
                      ],
                      "properties": {
                        "id": {
                          "type": "string",
                          "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                        },
                        "template_id": {
                          "type": "string",
                          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                        },
                        "action": {
                          "type": "string",
                          "enum": [
                            "create",
                            "submit_review",
                            "retry",
                            "publish",
                            "unpublish",
                            "republish"
                          ]
                        },
                        "revision": {
                          "type": [
                            "integer",
                            "null"
                          ],
                          "description": "The draft revision the action concerned."
                        },
                        "status": {
                          "type": "string",
                          "enum": [
                            "succeeded",
                            "failed"
                          ]
                        },
                        "checks": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "check",
                              "status",
                              "findings"
                            ],
                            "properties": {
                              "check": {
                                "type": "string",
                                "enum": [
                                  "readme_present",
                                  "file_rules",
                                  "license_allowed",
                                  "metadata_complete",
                                  "no_secrets",
                                  "text_only"
                                ],
                                "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                              },
                              "status": {
                                "type": "string",
                                "enum": [
                                  "passed",
                                  "failed"
                                ]
                              },
                              "findings": {
                                "type": "array",
                                "maxItems": 50,
                                "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                                "items": {
                                  "type": "object",
                                  "required": [
                                    "message"
                                  ],
                                  "properties": {
                                    "path": {
                                      "type": "string",
                                      "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                                    },
                                    "line": {
                                      "type": "integer",
                                      "minimum": 1
                                    },
                                    "message": {
                                      "type": "string"
                                    }
                                  }
                                }
                              },
                              "omitted_findings": {
                                "type": "integer",
                                "minimum": 1,
                                "description": "Present when the check found more than 50 things; how many are not listed."
                              }
                            }
                          }
                        },
                        "error_code": {
                          "type": [
                            "string",
                            "null"
                          ],
                          "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                        },
                        "created_at": {
                          "type": "string",
                          "format": "date-time"
                        }
                      }
                    }
                  }
                }
              }
            },
            "limits": {
              "type": "object",
              "required": [
                "templates_max",
                "templates_used",
                "files_max",
                "file_chars_max",
                "total_chars_max",
                "path_chars_max",
                "body_bytes_max"
              ],
              "properties": {
                "templates_max": {
                  "type": "integer",
                  "enum": [
                    100
                  ]
                },
                "templates_used": {
                  "type": "integer",
                  "minimum": 0
                },
                "files_max": {
                  "type": "integer"
                },
                "file_chars_max": {
                  "type": "integer"
                },
                "total_chars_max": {
                  "type": "integer",
                  "enum": [
                    500000
                  ],
                  "description": "The most code points of content a draft may hold in all its files."
                },
                "path_chars_max": {
                  "type": "integer"
                },
                "body_bytes_max": {
                  "type": "integer",
                  "enum": [
                    2097152
                  ],
                  "description": "The largest draft update body accepted, in bytes."
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {}
    }
  },
  {
    "name": "read_template_draft",
    "operationId": "readTemplateDraft",
    "mcp": true,
    "title": "Read selected, bounded content from an owned draft",
    "description": "Read selected, bounded content from an owned draft\n\nA retrieval request (read-only keys may use it). Returns the current draft revision and\nthe selected files (all when `paths` is absent), each cut to `max_chars_per_file` and all\ntogether to `max_total_chars` code points. Paths not in the draft are listed in `missing`;\nfiles left out because the total budget ran out, in `omitted`. Use `revision` as\n`base_revision` of the next draft update.",
    "listedDescription": "Reads files of your Template's draft within a character budget, and its revision (the base_revision of the next update).",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "template_id": {
        "in": "path",
        "name": "template_id"
      }
    },
    "bodyArguments": [
      "paths",
      "max_chars_per_file",
      "max_total_chars"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
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
          "default": 20000
        },
        "max_total_chars": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "description": "Characters of all files together at most; 100,000 when absent.",
          "default": 100000
        }
      },
      "required": [
        "template_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template_id",
            "revision",
            "files",
            "missing",
            "omitted"
          ],
          "properties": {
            "template_id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
            },
            "files": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "path",
                  "size",
                  "content",
                  "truncated"
                ],
                "properties": {
                  "path": {
                    "type": "string"
                  },
                  "size": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "The file's full length in code points."
                  },
                  "content": {
                    "type": "string"
                  },
                  "truncated": {
                    "type": "boolean"
                  }
                }
              }
            },
            "missing": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "omitted": {
              "type": "array",
              "items": {
                "type": "string"
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "template_id": {
          "type": "string"
        },
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
          "default": 20000,
          "description": "Characters of each file at most; 20,000 when absent."
        },
        "max_total_chars": {
          "type": "integer",
          "minimum": 1,
          "maximum": 500000,
          "default": 100000,
          "description": "Characters of all files together at most; 100,000 when absent."
        }
      },
      "required": [
        "template_id"
      ]
    }
  },
  {
    "name": "update_template_draft",
    "operationId": "updateTemplateDraft",
    "mcp": true,
    "title": "Replace an owned private draft",
    "description": "Replace an owned private draft\n\nReplaces the complete file set (and optionally the metadata) when `base_revision` is the\ncurrent draft revision; otherwise `409 draft_changed` with the current revision in\n`details.current_revision`. Every broken rule (paths, duplicates, files that collide with\nfolders, sizes, text only, root README; see `DraftFilePath`) is reported at once in `details.violations` with `400 invalid_draft` (with any other\nbroken field of the body in `details.errors` beside them); content that\ncontains an MTL API key is `400 secret_in_content` (file and line, never the key; the\nfirst 50 places in `details.findings`, how many more in `details.omitted_findings`). Nothing\nis stored unless the whole update succeeds. A successful update creates a new revision and\nsends the review back to `draft`. Bodies may be up to 2 MiB.\n\nNeeds a read-write API key (or an application session).",
    "listedDescription": "Replaces your Template draft's whole file set (and optionally its description), naming the revision read; the review starts over. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "template_id": {
        "in": "path",
        "name": "template_id"
      }
    },
    "bodyArguments": [
      "base_revision",
      "files",
      "name",
      "summary",
      "category",
      "tags",
      "license",
      "release_notes"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
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
      },
      "required": [
        "template_id",
        "base_revision",
        "files"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
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
            "copied_from",
            "created_at",
            "updated_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "summary": {
              "type": "string"
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
              "items": {
                "type": "string"
              }
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
              "type": "string"
            },
            "draft": {
              "type": "object",
              "required": [
                "revision",
                "files",
                "total_size",
                "updated_at"
              ],
              "properties": {
                "revision": {
                  "type": "integer",
                  "minimum": 1
                },
                "files": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "path",
                      "size"
                    ],
                    "properties": {
                      "path": {
                        "type": "string"
                      },
                      "size": {
                        "type": "integer",
                        "minimum": 0
                      }
                    }
                  }
                },
                "total_size": {
                  "type": "integer",
                  "minimum": 0
                },
                "updated_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            },
            "review": {
              "type": "object",
              "required": [
                "state",
                "reviewed_revision",
                "last_run_id"
              ],
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
                },
                "last_run_id": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                }
              }
            },
            "publication": {
              "type": "object",
              "required": [
                "state",
                "version",
                "published_revision",
                "published_at"
              ],
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
                }
              }
            },
            "copied_from": {
              "type": [
                "object",
                "null"
              ],
              "required": [
                "template_id",
                "version"
              ],
              "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "template_id": {
          "type": "string"
        },
        "base_revision": {
          "type": "integer",
          "minimum": 1,
          "description": "The revision this update replaces, as returned by the last read."
        },
        "files": {
          "type": "array",
          "minItems": 1,
          "maxItems": 50,
          "items": {
            "type": "object",
            "required": [
              "path",
              "content"
            ],
            "properties": {
              "path": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200
              },
              "content": {
                "type": "string",
                "maxLength": 100000
              }
            }
          },
          "description": "The complete file set, 1–50 files, at most 500,000 code points in all, with a root `README.md`."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100
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
            "maxLength": 40
          },
          "description": "0–10 tags, trimmed, lower-cased and de-duplicated."
        },
        "license": {
          "type": "string",
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
          ],
          "description": "An SPDX identifier from the allowed list."
        },
        "release_notes": {
          "type": "string",
          "maxLength": 2000
        }
      },
      "required": [
        "template_id",
        "base_revision",
        "files"
      ]
    }
  },
  {
    "name": "create_template",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Create a Template owned by the caller (revision 1 with a starter README.md, in review `draft`).",
    "description": "Create a Template owned by the caller (revision 1 with a starter README.md, in review `draft`).\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Creates a Template of yours: revision 1 with a starter README.md, not reviewed, never published. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "name",
      "summary",
      "category",
      "tags",
      "license"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "create"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
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
      },
      "required": [
        "name",
        "category",
        "license"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100
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
            "maxLength": 40
          },
          "description": "0–10 tags, trimmed, lower-cased and de-duplicated."
        },
        "license": {
          "type": "string",
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
          ],
          "description": "An SPDX identifier from the allowed list."
        }
      },
      "required": [
        "name",
        "category",
        "license"
      ]
    }
  },
  {
    "name": "submit_template_for_review",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Run the review checks on the current draft revision of a Template.",
    "description": "Run the review checks on the current draft revision of a Template.\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Runs the review checks on the draft's current revision; passing makes it ready to publish. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "template_id",
      "revision"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "submit_review"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "revision": {
          "type": "integer",
          "minimum": 1,
          "maximum": 2147483647
        }
      },
      "required": [
        "template_id",
        "revision"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string"
        },
        "revision": {
          "type": "integer",
          "minimum": 1
        }
      },
      "required": [
        "template_id",
        "revision"
      ]
    }
  },
  {
    "name": "retry_template_review",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Run the review again after a `review_error`, on the same revision.",
    "description": "Run the review again after a `review_error`, on the same revision.\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Runs the review again after review_error, on the same revision. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "template_id",
      "revision"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "retry"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "revision": {
          "type": "integer",
          "minimum": 1,
          "maximum": 2147483647
        }
      },
      "required": [
        "template_id",
        "revision"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string"
        },
        "revision": {
          "type": "integer",
          "minimum": 1
        }
      },
      "required": [
        "template_id",
        "revision"
      ]
    }
  },
  {
    "name": "publish_template",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Publish the reviewed revision of a Template (needs `confirm` with the license, `files_public` and the reviewed revision).",
    "description": "Publish the reviewed revision of a Template (needs `confirm` with the license, `files_public` and the reviewed revision).\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Publishes the reviewed revision to the Library, with release notes and confirm (license, files_public, reviewed revision). Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "template_id",
      "revision",
      "release_notes",
      "confirm"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "publish"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
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
      },
      "required": [
        "template_id",
        "revision",
        "release_notes",
        "confirm"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string"
        },
        "revision": {
          "type": "integer",
          "minimum": 1
        },
        "release_notes": {
          "type": "string",
          "minLength": 10,
          "maxLength": 2000
        },
        "confirm": {
          "type": "object",
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
              "description": "Must equal `revision`, the revision that completed review."
            }
          }
        }
      },
      "required": [
        "template_id",
        "revision",
        "release_notes",
        "confirm"
      ]
    }
  },
  {
    "name": "unpublish_template",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Take a published Template out of the public Library.",
    "description": "Take a published Template out of the public Library.\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Takes a published Template out of the Library. Needs a read-write key.",
    "readOnly": false,
    "destructive": true,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "template_id"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "unpublish"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "template_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string"
        }
      },
      "required": [
        "template_id"
      ]
    }
  },
  {
    "name": "republish_template",
    "operationId": "runTemplateWorkflow",
    "mcp": true,
    "title": "Publish an unpublished Template again, with its last published revision.",
    "description": "Publish an unpublished Template again, with its last published revision.\n\nOne action per request, chosen by `action`:\n\n| action | allowed when | effect |\n| --- | --- | --- |\n| `create` | fewer than 100 Templates | 201; revision 1 with a starter `README.md`; `draft` / `never_published` |\n| `submit_review` | review `draft` or `changes_requested` | runs every check on `revision`: `ready_to_publish` if all pass, else `changes_requested`; `review_error` if the run itself failed |\n| `retry` | review `review_error` | runs the review again on the same revision |\n| `publish` | review `ready_to_publish`, `revision` = reviewed revision = current draft revision, and that revision is not already the published one | publication `published`, `version` + 1, the reviewed revision becomes the public one |\n| `unpublish` | publication `published` | publication `unpublished`, gone from public search |\n| `republish` | publication `unpublished` | published again with the last published revision (same version) |\n\nAn action not allowed in the current state is `400 invalid_template_state` (current states\nin `details`). A `revision` that is not the current draft revision is `409 draft_changed`,\nwhatever the state.\nConcurrent requests on one Template are serialised; one whose premise no longer holds when\nits turn comes is `409 workflow_state_changed`. `publish` needs `confirm` with the\nTemplate's license, `files_public: true` and `reviewed_revision` equal to `revision`\n(`400 publish_confirmation_mismatch` otherwise). The `release_notes` of `publish` and\n`republish` are published as written: notes holding what looks like a secret (any kind\nthe `no_secrets` check finds) are `400 secret_in_content` naming the field, never the\nsecret. Every request on an owned Template is recorded as a run, refused ones included.\n\nNeeds a read-write API key (or an application session).\n\nPass `idempotency_key` to make a retry safe: a repeat returns the first answer.",
    "listedDescription": "Publishes an unpublished Template again, with its last published revision. Needs a read-write key.",
    "readOnly": false,
    "destructive": false,
    "idempotent": true,
    "parameters": {
      "idempotency_key": {
        "in": "header",
        "name": "Idempotency-Key"
      }
    },
    "bodyArguments": [
      "template_id",
      "release_notes"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {
      "action": "republish"
    },
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$",
          "description": "Makes a retry safe: the first response to a key is stored for 24 hours (per caller: the\nsession, or one API key; an API key never receives an answer made for another) and a\nrepeat with the same request returns it again with `Idempotent-Replayed: true`. The same\nkey with another request is `400 idempotency_key_reused`; while the first request is still\nrunning, however long it runs (an import of a large file), `400 idempotency_key_in_use`\n(retryable). A request that died (its server stopped) holds its key for at most a minute;\na retry after that runs again. Responses 409, 412, 429 and 5xx are not stored, so a retry\nruns again; a stored refusal is replayed with the repeat's own `error.request_id`. A\nrequest whose write committed but whose answer was lost (the database failed over as it\nanswered, and it was answered 503) is never run again: its repeats are answered\n`400 idempotency_answer_lost` (not retryable; read the result instead).",
          "x-mtl-mcp-description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string",
          "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "release_notes": {
          "type": "string",
          "minLength": 10,
          "maxLength": 2000,
          "pattern": "\\S"
        }
      },
      "required": [
        "template_id",
        "release_notes"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "template",
            "run"
          ],
          "properties": {
            "template": {
              "type": "object",
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
                "copied_from",
                "created_at",
                "updated_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "name": {
                  "type": "string"
                },
                "summary": {
                  "type": "string"
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
                  "items": {
                    "type": "string"
                  }
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
                  "type": "string"
                },
                "draft": {
                  "type": "object",
                  "required": [
                    "revision",
                    "files",
                    "total_size",
                    "updated_at"
                  ],
                  "properties": {
                    "revision": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "files": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "path",
                          "size"
                        ],
                        "properties": {
                          "path": {
                            "type": "string"
                          },
                          "size": {
                            "type": "integer",
                            "minimum": 0
                          }
                        }
                      }
                    },
                    "total_size": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "updated_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                },
                "review": {
                  "type": "object",
                  "required": [
                    "state",
                    "reviewed_revision",
                    "last_run_id"
                  ],
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
                    },
                    "last_run_id": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                    }
                  }
                },
                "publication": {
                  "type": "object",
                  "required": [
                    "state",
                    "version",
                    "published_revision",
                    "published_at"
                  ],
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
                    }
                  }
                },
                "copied_from": {
                  "type": [
                    "object",
                    "null"
                  ],
                  "required": [
                    "template_id",
                    "version"
                  ],
                  "description": "The published Template and version this one was copied from; null for a Template created empty.",
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
            "run": {
              "type": "object",
              "required": [
                "id",
                "template_id",
                "action",
                "revision",
                "status",
                "checks",
                "error_code",
                "created_at"
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "pattern": "^run_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "template_id": {
                  "type": "string",
                  "pattern": "^tpl_[0-9A-HJKMNP-TV-Z]{26}$"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "create",
                    "submit_review",
                    "retry",
                    "publish",
                    "unpublish",
                    "republish"
                  ]
                },
                "revision": {
                  "type": [
                    "integer",
                    "null"
                  ],
                  "description": "The draft revision the action concerned."
                },
                "status": {
                  "type": "string",
                  "enum": [
                    "succeeded",
                    "failed"
                  ]
                },
                "checks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "check",
                      "status",
                      "findings"
                    ],
                    "properties": {
                      "check": {
                        "type": "string",
                        "enum": [
                          "readme_present",
                          "file_rules",
                          "license_allowed",
                          "metadata_complete",
                          "no_secrets",
                          "text_only"
                        ],
                        "description": "`file_rules` checks the draft's file rules (see `DraftFilePath`) again, so a draft\nstored before one of them was added cannot be published until it keeps them.\n"
                      },
                      "status": {
                        "type": "string",
                        "enum": [
                          "passed",
                          "failed"
                        ]
                      },
                      "findings": {
                        "type": "array",
                        "maxItems": 50,
                        "description": "What the check found, at most 50 (the rest are counted in `omitted_findings`).",
                        "items": {
                          "type": "object",
                          "required": [
                            "message"
                          ],
                          "properties": {
                            "path": {
                              "type": "string",
                              "description": "The file, absent when its path holds something that looks like a secret (the message then names the file by its place in the set)."
                            },
                            "line": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "message": {
                              "type": "string"
                            }
                          }
                        }
                      },
                      "omitted_findings": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "Present when the check found more than 50 things; how many are not listed."
                      }
                    }
                  }
                },
                "error_code": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "description": "For a refused request, the error code it was given (`invalid_template_state`, `draft_changed`, …); for a review that could not finish, `review_error`."
                },
                "created_at": {
                  "type": "string",
                  "format": "date-time"
                }
              }
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Retry-safe; the same key and arguments within 24 hours return the first answer."
        },
        "template_id": {
          "type": "string"
        },
        "release_notes": {
          "type": "string",
          "minLength": 10,
          "maxLength": 2000
        }
      },
      "required": [
        "template_id",
        "release_notes"
      ]
    }
  },
  {
    "name": "get_principal",
    "operationId": "getPrincipal",
    "mcp": true,
    "title": "Describe the calling credential",
    "description": "Describe the calling credential\n\nWhether the caller is an application session or an API key, and for a key its ID and\nmode, so a client can tell which operations it may call before calling them (a read-only\nkey gets `403 insufficient_key_mode` on writes).",
    "listedDescription": "Describes the calling key: its account, mode and the tools it may use.",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {},
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {}
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "kind",
            "key_id",
            "key_mode"
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
              "type": [
                "string",
                "null"
              ],
              "pattern": "^(key|con)_[0-9A-HJKMNP-TV-Z]{26}$",
              "description": "The API key's ID (or the OAuth connection's, `con_…`, which acts as a key); null for a session."
            },
            "key_mode": {
              "type": [
                "string",
                "null"
              ],
              "enum": [
                "read_only",
                "read_write",
                null
              ],
              "description": "The API key's mode; null for a session (which may call every operation)."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {}
    }
  },
  {
    "name": "list_api_keys",
    "operationId": "listApiKeys",
    "mcp": false,
    "title": "List the account's API keys",
    "description": "List the account's API keys\n\nApplication only. Newest first, revoked keys included. Never returns secrets.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "name",
              "mode",
              "prefix",
              "created_at",
              "last_used_at",
              "expires_at",
              "revoked_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "name": {
                "type": "string"
              },
              "mode": {
                "type": "string",
                "enum": [
                  "read_only",
                  "read_write"
                ]
              },
              "prefix": {
                "type": "string",
                "description": "The first 12 characters of the key, safe to display."
              },
              "created_at": {
                "type": "string",
                "format": "date-time"
              },
              "last_used_at": {
                "allOf": [
                  {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  }
                ],
                "description": "May lag behind real use by up to a minute."
              },
              "expires_at": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time"
              },
              "revoked_at": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time"
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "create_api_key",
    "operationId": "createApiKey",
    "mcp": false,
    "title": "Create an API key",
    "description": "Create an API key\n\nApplication only. The full key (`secret`) is in this response and nowhere else. An\naccount may have at most 100 keys in force (neither revoked nor expired); one more is\n`400 api_key_limit_reached` with `details.api_keys_max`. Revoking a key makes room for\nanother; rotating one does not take any.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": false,
    "idempotent": false,
    "parameters": {},
    "bodyArguments": [
      "name",
      "mode",
      "expires_in_days"
    ],
    "hasBody": true,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
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
      },
      "required": [
        "name",
        "mode"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "mode",
            "prefix",
            "created_at",
            "last_used_at",
            "expires_at",
            "revoked_at",
            "secret"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "prefix": {
              "type": "string"
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "expires_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "secret": {
              "type": "string",
              "pattern": "^mtl_(ro|rw)_[0-9A-Za-z]{32}([0-9A-HJKMNP-TV-Z]{26})?[0-9A-Za-z]{6}$",
              "description": "The full key. Shown only in this response; store it safely. After its prefix come 32 random characters, its account's ID (without `acc_`; 26 characters), so that the key is looked up within its account, and a 6-character checksum. Keys made before keys named their account have no account part (38 characters after the prefix) and are accepted until revoked or expired."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100
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
      },
      "required": [
        "name",
        "mode"
      ]
    }
  },
  {
    "name": "get_api_key",
    "operationId": "getApiKey",
    "mcp": false,
    "title": "Get one API key",
    "description": "Get one API key\n\nApplication only. Never returns the secret.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "key_id": {
        "in": "path",
        "name": "key_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "key_id": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "key_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "mode",
            "prefix",
            "created_at",
            "last_used_at",
            "expires_at",
            "revoked_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "prefix": {
              "type": "string",
              "description": "The first 12 characters of the key, safe to display."
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "allOf": [
                {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              ],
              "description": "May lag behind real use by up to a minute."
            },
            "expires_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "key_id": {
          "type": "string"
        }
      },
      "required": [
        "key_id"
      ]
    }
  },
  {
    "name": "revoke_api_key",
    "operationId": "revokeApiKey",
    "mcp": false,
    "title": "Revoke an API key",
    "description": "Revoke an API key\n\nApplication only. Idempotent; revoking a revoked key returns it unchanged.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "key_id": {
        "in": "path",
        "name": "key_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "key_id": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "key_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "mode",
            "prefix",
            "created_at",
            "last_used_at",
            "expires_at",
            "revoked_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "prefix": {
              "type": "string",
              "description": "The first 12 characters of the key, safe to display."
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "allOf": [
                {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              ],
              "description": "May lag behind real use by up to a minute."
            },
            "expires_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "key_id": {
          "type": "string"
        }
      },
      "required": [
        "key_id"
      ]
    }
  },
  {
    "name": "rotate_api_key",
    "operationId": "rotateApiKey",
    "mcp": false,
    "title": "Rotate an API key",
    "description": "Rotate an API key\n\nApplication only. Revokes the key and creates a new one with the same name and mode (and\nthe same lifetime, counted from now, when the old key had an expiry). The new key takes\nthe old one's place: it uses what is left of the old key's rate budget, and it does not\ncount as one more key of the account. A revoked key cannot be rotated\n(`400 invalid_request`).\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "key_id": {
        "in": "path",
        "name": "key_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "key_id": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "key_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "required": [
            "id",
            "name",
            "mode",
            "prefix",
            "created_at",
            "last_used_at",
            "expires_at",
            "revoked_at",
            "secret"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "name": {
              "type": "string"
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "prefix": {
              "type": "string"
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "expires_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "secret": {
              "type": "string",
              "pattern": "^mtl_(ro|rw)_[0-9A-Za-z]{32}([0-9A-HJKMNP-TV-Z]{26})?[0-9A-Za-z]{6}$",
              "description": "The full key. Shown only in this response; store it safely. After its prefix come 32 random characters, its account's ID (without `acc_`; 26 characters), so that the key is looked up within its account, and a 6-character checksum. Keys made before keys named their account have no account part (38 characters after the prefix) and are accepted until revoked or expired."
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "key_id": {
          "type": "string"
        }
      },
      "required": [
        "key_id"
      ]
    }
  },
  {
    "name": "list_api_key_activity",
    "operationId": "listApiKeyActivity",
    "mcp": false,
    "title": "List a key's recent activity",
    "description": "List a key's recent activity\n\nApplication only. Newest first; entries are kept for 90 days. Entries never hold bodies,\nquery strings, Memory text or Template content. `status_class` keeps the entries of one\nclass of status (`2xx` successes, `4xx` refusals, `5xx` failures); a cursor belongs to its\nfilter.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "key_id": {
        "in": "path",
        "name": "key_id"
      },
      "status_class": {
        "in": "query",
        "name": "status_class"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "key_id": {
          "type": "string",
          "pattern": "^key_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "status_class": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ],
          "description": "Only entries whose status is of this class."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "key_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "at",
              "method",
              "route",
              "operation",
              "status",
              "request_id",
              "duration_ms"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^act_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "at": {
                "type": "string",
                "format": "date-time"
              },
              "method": {
                "type": "string"
              },
              "route": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The route template (such as `/v1/memories/{id}`); null for an unknown route."
              },
              "operation": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The operationId, or the MCP tool's name for a tool call (whose `route` is `/mcp` and `method` `POST`); null for an unknown route, or a method the route does not have (405)."
              },
              "status": {
                "type": "integer"
              },
              "request_id": {
                "type": "string"
              },
              "duration_ms": {
                "type": "integer",
                "minimum": 0
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "key_id": {
          "type": "string"
        },
        "status_class": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ],
          "description": "Only entries whose status is of this class."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "key_id"
      ]
    }
  },
  {
    "name": "list_connections",
    "operationId": "listConnections",
    "mcp": false,
    "title": "List the MCP clients connected by OAuth",
    "description": "List the MCP clients connected by OAuth\n\nApplication only. Newest first, revoked connections included. A connection is made when\nan MCP client exchanges the code the account approved on the consent page (`/oauth/consent`);\nit acts as an API key of its mode on `/mcp` alone. Connecting the same client again replaces\n(revokes) the earlier connection. Never returns tokens.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "description": "An MCP client connected to the account by OAuth; it acts as an API key of its mode on `/mcp`.",
            "required": [
              "id",
              "client_id",
              "client_name",
              "mode",
              "created_at",
              "last_used_at",
              "revoked_at"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "client_id": {
                "type": "string",
                "description": "The client's ID from its registration (RFC 7591)."
              },
              "client_name": {
                "type": "string",
                "description": "The name the client registered with (chosen by the client, not checked by the service)."
              },
              "mode": {
                "type": "string",
                "enum": [
                  "read_only",
                  "read_write"
                ]
              },
              "created_at": {
                "type": "string",
                "format": "date-time"
              },
              "last_used_at": {
                "allOf": [
                  {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  }
                ],
                "description": "May lag behind real use by up to a minute."
              },
              "revoked_at": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time"
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      }
    }
  },
  {
    "name": "get_connection",
    "operationId": "getConnection",
    "mcp": false,
    "title": "Get one connection",
    "description": "Get one connection\n\nApplication only.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "connection_id": {
        "in": "path",
        "name": "connection_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "connection_id": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "connection_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "description": "An MCP client connected to the account by OAuth; it acts as an API key of its mode on `/mcp`.",
          "required": [
            "id",
            "client_id",
            "client_name",
            "mode",
            "created_at",
            "last_used_at",
            "revoked_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "client_id": {
              "type": "string",
              "description": "The client's ID from its registration (RFC 7591)."
            },
            "client_name": {
              "type": "string",
              "description": "The name the client registered with (chosen by the client, not checked by the service)."
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "allOf": [
                {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              ],
              "description": "May lag behind real use by up to a minute."
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "connection_id": {
          "type": "string"
        }
      },
      "required": [
        "connection_id"
      ]
    }
  },
  {
    "name": "revoke_connection",
    "operationId": "revokeConnection",
    "mcp": false,
    "title": "Disconnect a client",
    "description": "Disconnect a client\n\nApplication only. Revokes the connection and every token of it at once, on every instance:\nits next request is `401`, and its refresh token is refused (`invalid_grant`). Idempotent;\nrevoking a revoked connection returns it unchanged.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": false,
    "destructive": true,
    "idempotent": false,
    "parameters": {
      "connection_id": {
        "in": "path",
        "name": "connection_id"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "connection_id": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
        }
      },
      "required": [
        "connection_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "object",
          "description": "An MCP client connected to the account by OAuth; it acts as an API key of its mode on `/mcp`.",
          "required": [
            "id",
            "client_id",
            "client_name",
            "mode",
            "created_at",
            "last_used_at",
            "revoked_at"
          ],
          "properties": {
            "id": {
              "type": "string",
              "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
            },
            "client_id": {
              "type": "string",
              "description": "The client's ID from its registration (RFC 7591)."
            },
            "client_name": {
              "type": "string",
              "description": "The name the client registered with (chosen by the client, not checked by the service)."
            },
            "mode": {
              "type": "string",
              "enum": [
                "read_only",
                "read_write"
              ]
            },
            "created_at": {
              "type": "string",
              "format": "date-time"
            },
            "last_used_at": {
              "allOf": [
                {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              ],
              "description": "May lag behind real use by up to a minute."
            },
            "revoked_at": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            }
          }
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "connection_id": {
          "type": "string"
        }
      },
      "required": [
        "connection_id"
      ]
    }
  },
  {
    "name": "list_connection_activity",
    "operationId": "listConnectionActivity",
    "mcp": false,
    "title": "List a connection's recent activity",
    "description": "List a connection's recent activity\n\nApplication only. As a key's activity: newest first, kept for 90 days, never bodies, query\nstrings, Memory text or Template content; `status_class` keeps one class of status.\n\nApplication only (a session).",
    "listedDescription": "",
    "readOnly": true,
    "destructive": false,
    "idempotent": false,
    "parameters": {
      "connection_id": {
        "in": "path",
        "name": "connection_id"
      },
      "status_class": {
        "in": "query",
        "name": "status_class"
      },
      "limit": {
        "in": "query",
        "name": "limit"
      },
      "cursor": {
        "in": "query",
        "name": "cursor"
      }
    },
    "bodyArguments": [],
    "hasBody": false,
    "bodyMinProperties": 0,
    "fixedBody": {},
    "inputSchema": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "connection_id": {
          "type": "string",
          "pattern": "^con_[0-9A-HJKMNP-TV-Z]{26}$"
        },
        "status_class": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ],
          "description": "Only entries whose status is of this class."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size (default 20, at most 100; larger values are refused).",
          "x-mtl-mcp-description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The `next_cursor` of the previous page, sent with the same filters.",
          "x-mtl-mcp-description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "connection_id"
      ]
    },
    "outputSchema": {
      "type": "object",
      "required": [
        "ok",
        "data",
        "next_cursor"
      ],
      "properties": {
        "ok": {
          "type": "boolean",
          "enum": [
            true
          ]
        },
        "data": {
          "type": "array",
          "items": {
            "type": "object",
            "required": [
              "id",
              "at",
              "method",
              "route",
              "operation",
              "status",
              "request_id",
              "duration_ms"
            ],
            "properties": {
              "id": {
                "type": "string",
                "pattern": "^act_[0-9A-HJKMNP-TV-Z]{26}$"
              },
              "at": {
                "type": "string",
                "format": "date-time"
              },
              "method": {
                "type": "string"
              },
              "route": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The route template (such as `/v1/memories/{id}`); null for an unknown route."
              },
              "operation": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The operationId, or the MCP tool's name for a tool call (whose `route` is `/mcp` and `method` `POST`); null for an unknown route, or a method the route does not have (405)."
              },
              "status": {
                "type": "integer"
              },
              "request_id": {
                "type": "string"
              },
              "duration_ms": {
                "type": "integer",
                "minimum": 0
              }
            }
          }
        },
        "next_cursor": {
          "type": [
            "string",
            "null"
          ],
          "description": "Pass as `cursor` to get the next page; null on the last page."
        }
      }
    },
    "listedInputSchema": {
      "type": "object",
      "properties": {
        "connection_id": {
          "type": "string"
        },
        "status_class": {
          "type": "string",
          "enum": [
            "2xx",
            "3xx",
            "4xx",
            "5xx"
          ],
          "description": "Only entries whose status is of this class."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1024,
          "description": "The next_cursor of the previous page (same filters)."
        }
      },
      "required": [
        "connection_id"
      ]
    }
  }
];

export const mcpTools: readonly McpToolDefinition[] = argumentShapes.filter((shape) => shape.mcp);
