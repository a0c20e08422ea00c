import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/** Timestamps leave the database as Date and are written as Date. */
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface AccountsTable {
  id: string;
  external_id: string;
  display_name: string | null;
  created_at: Timestamp;
  change_seq: Generated<string>;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  mode: 'read_only' | 'read_write';
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** The first key of the rotation line this key continues; null when the key begins one. */
  line_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The OAuth client this row is a connection of; null for an API key. */
  oauth_client_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApiKeyActivityTable {
  id: string;
  account_id: string;
  key_id: string;
  at: Timestamp;
  method: string;
  route: string | null;
  operation: string | null;
  status: number;
  request_id: string;
  duration_ms: number;
}

/** What a Memory is, in its live row and in its row in the trash. */
interface MemoryColumns {
  id: string;
  account_id: string;
  text: string;
  type: string;
  sensitivity: string;
  tags: string[];
  pinned: boolean;
  revision: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MemoriesTable extends MemoryColumns {
  /** The Memory's number in the search index (search_postings.doc). */
  search_doc: Generated<number>;
  /** The search_terms IDs the Memory is indexed under, and its length in terms (see search-index.ts). */
  search_terms: Generated<number[]>;
  search_length: Generated<number>;
  /** When the Memory goes to the trash by itself (null: never). */
  expires_at: NullableTimestamp;
}

/**
 * A trashed Memory: its row as it was, when and why it was trashed, the Subjects it was linked to
 * and the Fact suggestions it was a source of.
 */
export interface MemoryTrashTable extends MemoryColumns {
  expires_at: NullableTimestamp;
  trashed_at: Timestamp;
  reason: 'deleted' | 'expired';
  links: ColumnType<TrashedLink[], string, string>;
  suggestion_ids: string[];
}

export interface TrashedLink {
  subject_id: string;
  created_at: string;
}

export interface MemoryRevisionsTable {
  memory_id: string;
  account_id: string;
  revision: number;
  text: string;
  type: string;
  sensitivity: string;
  tags: string[];
  pinned: boolean;
  created_at: Timestamp;
  actor_kind: 'api_key' | 'session';
  actor_key_id: string | null;
}

export interface SubjectsTable {
  id: string;
  account_id: string;
  name: string;
  kind: string;
  aliases: string[];
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Maintained by a trigger from name and aliases. */
  search_text: Generated<string>;
}

export interface MemoryLinksTable {
  account_id: string;
  subject_id: string;
  memory_id: string;
  created_at: Timestamp;
}

export interface FactsTable {
  id: string;
  account_id: string;
  subject_id: string;
  statement: string;
  /** The statement folded for equality: lower case, single spaces. */
  statement_key: string;
  accepted_at: Timestamp;
  created_at: Timestamp;
  /** When the Fact became true: its acceptance, unless an import kept another. */
  valid_from: Timestamp;
  /** Null while the Fact is current; set when a later Fact supersedes it. */
  valid_until: NullableTimestamp;
  superseded_by: string | null;
}

export interface FactSourcesTable {
  account_id: string;
  fact_id: string;
  memory_id: string;
}

export interface ChangesTable {
  account_id: string;
  /** int8: read it cast to text. */
  seq: string;
  entity: 'memory' | 'subject';
  entity_id: string;
  op: 'upsert' | 'delete';
  at: Timestamp;
  /** Memories only: whether API keys could see the Memory before and after the change. */
  key_visible_before: boolean | null;
  key_visible_after: boolean | null;
}

export interface FactSuggestionsTable {
  id: string;
  account_id: string;
  subject_id: string;
  statement: string;
  statement_key: string;
  note: string | null;
  status: 'pending' | 'accepted' | 'rejected';
  fact_id: string | null;
  /** The current Fact that accepting this suggestion closes. */
  supersedes: string | null;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
}

export interface FactSuggestionSourcesTable {
  account_id: string;
  suggestion_id: string;
  memory_id: string;
}

export interface MemoryInsightsTable {
  id: string;
  account_id: string;
  subject_id: string;
  kind: 'unlinked_mention' | 'possible_duplicate';
  cause_key: string;
  memory_ids: string[];
  summary: string;
  status: 'pending' | 'dismissed';
  created_at: Timestamp;
  dismissed_at: NullableTimestamp;
}

export interface SubjectDeletionTokensTable {
  token_hash: string;
  account_id: string;
  subject_id: string;
  state_fingerprint: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface WorkspaceProfilesTable {
  account_id: string;
  guidance: string;
  updated_at: Timestamp;
}

export interface ServiceSecretsTable {
  name: string;
  secret: string;
  created_at: Timestamp;
}

export interface TemplatesTable {
  id: string;
  account_id: string;
  draft_revision: number;
  starter_readme: string;
  review_state: 'draft' | 'changes_requested' | 'review_error' | 'ready_to_publish';
  reviewed_revision: number | null;
  last_run_id: string | null;
  publication_state: 'never_published' | 'published' | 'unpublished';
  version: number;
  published_revision: number | null;
  published_at: NullableTimestamp;
  state_version: number;
  /** A copy of a published Template: the Template and version it was copied from. */
  copied_from_template_id: Generated<string | null>;
  copied_from_version: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each published version of a Template, with the release notes it was published with. */
export interface TemplateVersionsTable {
  account_id: string;
  template_id: string;
  version: number;
  revision: number;
  release_notes: string;
  published_at: Timestamp;
}

/** What a Template says of itself: kept with each revision, and copied into its public listing. */
interface TemplateDescriptionColumns {
  name: string;
  summary: string;
  category: string;
  tags: string[];
  license: string;
  release_notes: string;
}

export interface TemplateRevisionsTable extends TemplateDescriptionColumns {
  account_id: string;
  template_id: string;
  revision: number;
  total_size: number;
  created_at: Timestamp;
}

export interface TemplateFilesTable {
  account_id: string;
  template_id: string;
  revision: number;
  path: string;
  content: string;
  size: number;
}

export interface RunCheckRecord {
  check: string;
  status: 'passed' | 'failed';
  findings: Array<{ path?: string; line?: number; message: string }>;
  /** Findings beyond the first FINDINGS_MAX, counted but not listed. */
  omitted_findings?: number;
}

export interface TemplateRunsTable {
  id: string;
  template_id: string;
  account_id: string;
  action: string;
  revision: number | null;
  status: 'succeeded' | 'failed';
  /** jsonb: written as JSON text, read back parsed. */
  checks: ColumnType<RunCheckRecord[], string, string>;
  error_code: string | null;
  created_at: Timestamp;
}

export interface PublicTemplatesTable extends TemplateDescriptionColumns {
  template_id: string;
  account_id: string;
  revision: number;
  version: number;
  readme: string;
  published_at: Timestamp;
  /** How many accounts have copied the Template into a draft of theirs. */
  uses: Generated<number>;
  /** What a query matches: name, tags, summary and the whole README. */
  search: Generated<string>;
  /** What ranks a match: name, tags, summary and the README's beginning (see migration 0015). */
  ranking: Generated<string>;
}

export interface IdempotencyKeysTable {
  account_id: string;
  /** Whose key it is: `session`, or `key:` and the API key's ID. */
  principal: string;
  key: string;
  operation: string;
  fingerprint: string;
  state: 'running' | 'done';
  status: number | null;
  /** jsonb: written as JSON text, read back parsed. */
  body: ColumnType<unknown, string | null, string | null>;
  headers: ColumnType<Record<string, string> | null, string | null, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** When the running request last renewed its claim (null: not since it was made). */
  renewed_at: NullableTimestamp;
  /** When the request's write committed, marked in its own transaction (null: it has written nothing). */
  wrote_at: NullableTimestamp;
  /** The SHA-256 (hex) of a streamed body read to its end (null: a JSON body, or one not read whole). */
  content_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One per Subject (a trigger creates it with the Subject). */
export interface SubjectMemoryCountsTable {
  subject_id: string;
  account_id: string;
  /** Memories linked to the Subject. */
  links: Generated<number>;
  /** Of those, the secret ones. */
  secret_links: Generated<number>;
}

export type MemorySection = 'pinned' | 'instructions' | 'recent';

export interface MemorySectionCountsTable {
  account_id: string;
  section: MemorySection;
  sensitivity: string;
  memories: number;
}

/** An account's search terms, with how many of its Memories (and of those API keys may see) contain each. */
export interface SearchTermsTable {
  id: Generated<number>;
  account_id: string;
  term: string;
  docs: number;
  key_docs: number;
}

export interface SearchPostingsTable {
  account_id: string;
  term_id: number;
  doc: number;
  impact: number;
  tf: number;
  secret: boolean;
}

export interface SearchStatsTable {
  account_id: string;
  docs: number;
  key_docs: number;
  length: number;
  key_length: number;
}

/** A database handle or an open transaction: what every repository function takes first. */
export type Queryable = Kysely<DB> | Transaction<DB>;

/** Credentials made before credentials named their account: the account of each, by its SHA-256 hash (migration 0031). */
export interface LegacyCredentialsTable {
  hash: string;
  account_id: string;
}

export interface DB {
  legacy_credentials: LegacyCredentialsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  api_key_activity: ApiKeyActivityTable;
  memories: MemoriesTable;
  memory_revisions: MemoryRevisionsTable;
  subjects: SubjectsTable;
  memory_links: MemoryLinksTable;
  facts: FactsTable;
  fact_sources: FactSourcesTable;
  changes: ChangesTable;
  fact_suggestions: FactSuggestionsTable;
  fact_suggestion_sources: FactSuggestionSourcesTable;
  memory_insights: MemoryInsightsTable;
  subject_deletion_tokens: SubjectDeletionTokensTable;
  workspace_profiles: WorkspaceProfilesTable;
  service_secrets: ServiceSecretsTable;
  templates: TemplatesTable;
  template_revisions: TemplateRevisionsTable;
  template_files: TemplateFilesTable;
  template_runs: TemplateRunsTable;
  public_templates: PublicTemplatesTable;
  template_versions: TemplateVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  subject_memory_counts: SubjectMemoryCountsTable;
  memory_section_counts: MemorySectionCountsTable;
  search_terms: SearchTermsTable;
  search_postings: SearchPostingsTable;
  search_stats: SearchStatsTable;
  memory_trash: MemoryTrashTable;
  import_runs: ImportRunsTable;
  import_run_rows: ImportRunRowsTable;
  local_credentials: LocalCredentialsTable;
  web_sessions: WebSessionsTable;
  invitations: InvitationsTable;
  account_identities: AccountIdentitiesTable;
  oidc_sign_ins: OidcSignInsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  memory_embeddings: MemoryEmbeddingsTable;
  embedding_queue: EmbeddingQueueTable;
}

/** An account's email and password; `is_owner` marks the account `/setup` created (one at most). */
export interface LocalCredentialsTable {
  account_id: string;
  email: string;
  email_lower: string;
  password_hash: string;
  is_owner: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A signed-in browser: the cookie's value is kept only as its SHA-256 hash. */
export interface WebSessionsTable {
  id: string;
  account_id: string;
  token_hash: string;
  csrf_token: string;
  auth_method: 'password' | 'oidc';
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute end of the session, whatever its use. */
  expires_at: Timestamp;
}

/** A link that lets one person create an account while sign-up is closed or by invitation. */
export interface InvitationsTable {
  id: string;
  account_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  used_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An OpenID Connect identity (issuer and `sub`) and the account it signs in to. */
export interface AccountIdentitiesTable {
  issuer: string;
  subject: string;
  account_id: string;
  created_at: Timestamp;
}

/** A sign-in at the OpenID provider under way, found again by its `state` when the browser returns. */
export interface OidcSignInsTable {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  expires_at: Timestamp;
}

/** A client registered by RFC 7591 dynamic registration (public clients only: no secret). */
export interface OAuthClientsTable {
  id: string;
  name: string;
  redirect_uris: ColumnType<string[], string, string>;
  registered_at: Timestamp;
}

/** A one-time authorization code, by its hash; `used_at` and `connection_id` once exchanged. */
export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  account_id: string;
  mode: 'read_only' | 'read_write';
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  connection_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An access or refresh token of a connection, by its hash; a refresh token's `used_at` once rotated. */
export interface OAuthTokensTable {
  account_id: string;
  token_hash: string;
  connection_id: string;
  kind: 'access' | 'refresh';
  resource: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A Memory's text embedded by `model`: the text whose MD5 (hex) is `text_hash` (see migration 0028). */
export interface MemoryEmbeddingsTable {
  memory_id: string;
  account_id: string;
  model: string;
  text_hash: string;
  /** Base64 of the float32 values, little-endian. */
  vector: string;
  embedded_at: Timestamp;
}

/** A Memory whose text is to be embedded; `claim` and `claimed_until` while a worker embeds it. */
export interface EmbeddingQueueTable {
  account_id: string;
  memory_id: string;
  queued_at: Timestamp;
  backfill: ColumnType<boolean, boolean | undefined, boolean>;
  attempts: ColumnType<number, number | undefined, number>;
  claim: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_until: NullableTimestamp;
}

/** An import that commits as it goes, while it runs (see migration 0021). */
export interface ImportRunsTable {
  account_id: string;
  id: string;
  started_at: Date;
}

/** What such an import has written so far, to take out again if it does not finish. */
export interface ImportRunRowsTable {
  account_id: string;
  run_id: string;
  kind: 'profile' | 'subject' | 'memory' | 'fact' | 'suggestion' | 'template';
  row_id: string;
}

export type TemplateRow = Selectable<TemplatesTable>;
export type TemplateRevisionRow = Selectable<TemplateRevisionsTable>;
export type TemplateRunRow = Selectable<TemplateRunsTable>;
export type PublicTemplateRow = Selectable<PublicTemplatesTable>;

export type SubjectRow = Selectable<SubjectsTable>;
export type FactRow = Selectable<FactsTable>;
export type FactSuggestionRow = Selectable<FactSuggestionsTable>;
export type MemoryInsightRow = Selectable<MemoryInsightsTable>;

/** A Memory as the domain reads it: the search index's columns are the index's own. */
export type MemoryRow = Omit<Selectable<MemoriesTable>, 'search_doc' | 'search_terms' | 'search_length'>;
export type NewMemoryRow = Insertable<MemoriesTable>;
export type MemoryRevisionRow = Selectable<MemoryRevisionsTable>;
export type TrashedMemoryRow = Selectable<MemoryTrashTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ActivityRow = Selectable<ApiKeyActivityTable>;
