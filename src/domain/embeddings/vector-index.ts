import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { cosine, decodeVector, vectorLiteral } from './embedder';
import { recentVectors, vectorsOf, type VectorFilter } from './embeddings.repository';

/**
 * How search finds the Memories closest in meaning to a query in an account of MEANING_SCAN_MAX
 * embedded Memories or more (SPEC §19; a smaller account's are all compared in the service):
 * - `pgvector`: the database has the pgvector extension (the embedded database always does;
 *   PostgreSQL when it is installed): each vector is also kept in a `vector` column, and the
 *   database finds the account's nearest neighbours itself, through an HNSW index (one per
 *   dimension);
 * - `scan`: plain PostgreSQL; the service compares the query with the account's MEANING_SCAN_MAX
 *   most recently updated Memories.
 */
export type NeighbourSearch = 'pgvector' | 'scan';

/**
 * Without pgvector, how many of the account's Memories (the most recently updated it may see) are
 * compared with the query for meaning alone: the whole of most accounts; in larger ones the rest
 * are found by their words, then scored again for meaning.
 */
export const MEANING_SCAN_MAX = 1_000;

/**
 * How long an account's most recent vectors are kept in the process, and for how many accounts (searches without a type or tag filter; at most 2 MB each). Reading them is most
 * of a search's cost (1,000 vectors, 2.7 MB, about 20 ms of the service's and the database's
 * time): kept, a search reads again only the vectors of the Memories it picks. This process drops
 * an account's when it embeds one of its Memories; another instance's new vectors are seen after
 * RECENT_KEPT_MS and one read (at most RECENT_STALE_MS more).
 */
const RECENT_KEPT_MS = 5_000;
const RECENT_KEPT_ACCOUNTS = 8;
/**
 * Vectors kept longer than RECENT_KEPT_MS still serve searches while they are read again in the
 * background (so that no search waits for the read), up to this much longer.
 */
const RECENT_STALE_MS = 30_000;

interface KeptVectors {
  readonly accountId: string;
  readonly until: number;
  readonly vectors: Promise<Array<{ id: string; vector: Float32Array }>>;
  /** Whether they are being read again. */
  refreshing: boolean;
}

/**
 * Vectors copied into the `vector` column per round, when it is added to a database that already
 * has vectors: each goes into the HNSW index, which takes 15 to 45 ms a vector on the embedded
 * database, whose one connection the copy holds meanwhile.
 */
const FILL_BATCH = { embedded: 4, server: 500 };
/** Dimensions an index is made for: those of the embedders in use (512 for the default). */
const MAX_INDEXED_DIMENSIONS = 2_000;

/**
 * The database's side of search by meaning, detected at start: whether it has pgvector, the
 * `embedding` column and its indexes. Several instances may prepare one database at once: every
 * step is idempotent.
 */
export class VectorIndex {
  private detected: Promise<NeighbourSearch> | null = null;
  private readonly indexed = new Map<number, Promise<void>>();
  /** Accounts' most recent vectors, least recently used first. */
  private readonly recent = new Map<string, KeptVectors>();

  /** `singleConnection`: the embedded database, which serves one statement at a time (PostgreSQL builds indexes concurrently with writes). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { readonly singleConnection: boolean },
  ) {}

  /**
   * Which way neighbours are found here, found out once: when the database offers pgvector, the
   * extension and the column are added if they are not there (a column without a default is added
   * without rewriting the table). A database that refuses (no privilege to create the extension)
   * is searched by `scan`. A failed detection is tried again on the next call.
   */
  mode(): Promise<NeighbourSearch> {
    this.detected ??= this.detect().catch((err: unknown) => {
      this.detected = null;
      throw err;
    });
    return this.detected;
  }

  private async detect(): Promise<NeighbourSearch> {
    if (await this.hasColumn()) return 'pgvector';
    const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'vector'`.execute(this.db);
    if (available.rows.length === 0) return 'scan';
    try {
      await sql`create extension if not exists vector`.execute(this.db);
      await sql`alter table memory_embeddings add column if not exists embedding vector`.execute(this.db);
      // Finds the vectors not yet copied into the column, without reading the others.
      await sql`create index if not exists memory_embeddings_unfilled on memory_embeddings (memory_id) where embedding is null`.execute(this.db);
    } catch (err) {
      // Another instance adding them at this moment, or no privilege to: the catalog says which.
      if (await this.hasColumn()) return 'pgvector';
      if (isPrivilegeError(err)) return 'scan';
      throw err;
    }
    return 'pgvector';
  }

  private async hasColumn(): Promise<boolean> {
    const found = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'memory_embeddings' and column_name = 'embedding'`.execute(this.db);
    return found.rows.length > 0;
  }

  /**
   * The HNSW index of vectors of this many dimensions (cosine distance), made once per process
   * before the first vector of that size is written to the column, so that it grows a vector at a
   * time and is never built over a large table at once (which would hold the embedded database's
   * only connection for minutes). An index must know its vectors' size, and embedders differ, so
   * each size has its own partial index, on the column cast to that size.
   */
  ensureIndex(dimensions: number): Promise<void> {
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_INDEXED_DIMENSIONS) return Promise.resolve();
    let made = this.indexed.get(dimensions);
    if (!made) {
      const size = sql.lit(dimensions);
      const concurrently = this.options.singleConnection ? sql`` : sql`concurrently`;
      made = sql`
        create index ${concurrently} if not exists ${sql.id(`memory_embeddings_hnsw_${dimensions}`)} on memory_embeddings
        using hnsw ((embedding::vector(${size})) vector_cosine_ops) where vector_dims(embedding) = ${size}`
        .execute(this.db)
        .then(() => undefined)
        .catch((err: unknown) => {
          this.indexed.delete(dimensions);
          throw err;
        });
      this.indexed.set(dimensions, made);
    }
    return made;
  }

  /**
   * Copies stored vectors into the `vector` column, a batch at a time (a database given pgvector
   * after Memories were embedded); how many were copied.
   */
  async fillColumn(): Promise<number> {
    const size = this.options.singleConnection ? FILL_BATCH.embedded : FILL_BATCH.server;
    const rows = await sql<{ memory_id: string; vector: string }>`
      select memory_id, vector from memory_embeddings where embedding is null limit ${size}`.execute(this.db);
    if (rows.rows.length === 0) return 0;
    const ids = rows.rows.map((row) => row.memory_id);
    const decoded = rows.rows.map((row) => decodeVector(row.vector));
    for (const dimensions of new Set(decoded.map((vector) => vector.length))) await this.ensureIndex(dimensions);
    const vectors = decoded.map(vectorLiteral);
    await sql`
      update memory_embeddings e set embedding = v.embedding::vector
      from (select unnest(${ids}::text[]) as memory_id, unnest(${vectors}::text[]) as embedding) v
      where e.memory_id = v.memory_id and e.embedding is null`.execute(this.db);
    return rows.rows.length;
  }

  /** Whether stored vectors wait to be copied into the column. */
  async unfilled(): Promise<boolean> {
    const found = await sql`select 1 from memory_embeddings where embedding is null limit 1`.execute(this.db);
    return found.rows.length > 0;
  }

  /**
   * The account's Memories closest in meaning to the query that the filter lets through, at most
   * `size`, with their cosine similarity, leaving out `except` (those the words found): compared
   * in the service when the account has fewer than
   * MEANING_SCAN_MAX vectors, or has more and the database has no pgvector (then among the most
   * recently updated); otherwise found by the database. Every vector scored is the Memory's as it
   * is now: one whose text changed since has none, and one the filter no longer lets through (made
   * secret, for a key) is not read.
   */
  async closest(filter: VectorFilter, query: Float32Array, size: number, except: readonly string[] = []): Promise<Array<{ id: string; closeness: number }>> {
    // A detection that failed (a lock it waited for too long) is tried again by the next search;
    // this one compares in the service, which needs nothing of pgvector.
    const mode = await this.mode().catch((): NeighbourSearch => 'scan');
    const excluded = new Set(except);
    const others = (vectors: ReadonlyArray<{ id: string; vector: Float32Array }>) => vectors.filter(({ id }) => !excluded.has(id));
    if (filter.type === undefined && filter.tag === undefined) {
      const recent = await this.recentOf(filter);
      // Fewer than MEANING_SCAN_MAX: all of the account's vectors, compared here exactly, faster
      // than the database finds them.
      if (mode === 'scan' || recent.length < MEANING_SCAN_MAX) {
        const chosen = best(query, others(recent), size);
        // Kept vectors may be a few seconds old: the chosen are read again, as they are now.
        const now = await vectorsOf(this.db, filter, chosen.map(({ id }) => id));
        return best(query, chosen.flatMap(({ id }) => (now.has(id) ? [{ id, vector: now.get(id)! }] : [])), size);
      }
    }
    if (mode === 'pgvector') return this.nearest(filter, query, size, except);
    return best(query, others(await recentVectors(this.db, filter, MEANING_SCAN_MAX)), size);
  }

  /** Drops what this process keeps of these accounts' vectors (it has just embedded some of their Memories). */
  forget(accountIds: Iterable<string>): void {
    const accounts = new Set(accountIds);
    for (const [key, kept] of this.recent) if (accounts.has(kept.accountId)) this.recent.delete(key);
  }

  private recentOf(filter: VectorFilter): Promise<Array<{ id: string; vector: Float32Array }>> {
    const key = `${filter.accountId} ${filter.model} ${filter.keysOnly}`;
    const kept = this.recent.get(key);
    const now = Date.now();
    if (kept && kept.until + RECENT_STALE_MS > now) {
      // The most recently used go last.
      this.recent.delete(key);
      this.recent.set(key, kept);
      if (kept.until <= now && !kept.refreshing) this.refresh(key, filter, kept);
      return kept.vectors;
    }
    const entry: KeptVectors = { accountId: filter.accountId, until: now + RECENT_KEPT_MS, vectors: recentVectors(this.db, filter, MEANING_SCAN_MAX), refreshing: false };
    // A failed read is not kept.
    entry.vectors.catch(() => this.recent.get(key) === entry && this.recent.delete(key));
    this.recent.delete(key);
    this.recent.set(key, entry);
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= RECENT_KEPT_ACCOUNTS) break;
      this.recent.delete(oldest);
    }
    return entry.vectors;
  }

  /** Reads an account's recent vectors again while searches go on with those kept, and keeps them unless forgotten meanwhile. */
  private refresh(key: string, filter: VectorFilter, kept: KeptVectors): void {
    kept.refreshing = true;
    recentVectors(this.db, filter, MEANING_SCAN_MAX).then(
      (vectors) => {
        if (this.recent.get(key) === kept) this.recent.set(key, { accountId: kept.accountId, until: Date.now() + RECENT_KEPT_MS, vectors: Promise.resolve(vectors), refreshing: false });
      },
      () => {
        kept.refreshing = false;
      },
    );
  }

  /**
   * The account's Memories closest in meaning to the query that the filter lets through, closest
   * first, at most `size`, with their cosine similarity. An HNSW index scan goes on past the
   * vectors of other accounts and of filtered-out Memories until it has `size` (pgvector's
   * iterative scan); its order may be slightly relaxed, and the caller sorts.
   */
  private async nearest(filter: VectorFilter, query: Float32Array, size: number, except: readonly string[]): Promise<Array<{ id: string; closeness: number }>> {
    const dimensions = sql.lit(query.length);
    const target = sql`${vectorLiteral(query)}::vector(${dimensions})`;
    const distance = sql`e.embedding::vector(${dimensions}) <=> ${target}`;
    return this.db.transaction().execute(async (trx) => {
      await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
      const rows = await sql<{ memory_id: string; distance: number }>`
        select e.memory_id, ${distance} as distance
        from memory_embeddings e join memories m on m.id = e.memory_id
        where e.account_id = ${filter.accountId} and m.account_id = ${filter.accountId}
          and e.model = ${filter.model} and vector_dims(e.embedding) = ${dimensions}
          ${filter.keysOnly ? sql`and m.sensitivity <> 'secret'` : sql``}
          ${filter.type !== undefined ? sql`and m.type = ${filter.type}` : sql``}
          ${filter.tag !== undefined ? sql`and ${filter.tag} = any(m.tags)` : sql``}
          ${except.length > 0 ? sql`and not (e.memory_id = any(${[...except]}::text[]))` : sql``}
        order by ${distance}
        limit ${size}`.execute(trx);
      return rows.rows.map((row) => ({ id: row.memory_id, closeness: 1 - Number(row.distance) }));
    });
  }
}

function isPrivilegeError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '42501';
}

/** The `size` vectors closest to the query, closest first, with their cosine. */
function best(query: Float32Array, vectors: ReadonlyArray<{ id: string; vector: Float32Array }>, size: number): Array<{ id: string; closeness: number }> {
  return vectors
    .map(({ id, vector }) => ({ id, closeness: cosine(query, vector) }))
    .sort((a, b) => b.closeness - a.closeness || (a.id < b.id ? -1 : 1))
    .slice(0, size);
}
