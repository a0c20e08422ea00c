import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { decodeVector, vectorLiteral } from './embedder';
import type { VectorFilter } from './embeddings.repository';

/**
 * How search finds the Memories closest in meaning to a query (SPEC §19):
 * - `pgvector`: the database has the pgvector extension (the embedded database always does;
 *   PostgreSQL when it is installed): each vector is also kept in a `vector` column, and the
 *   database finds an account's nearest neighbours itself, exactly for a small account and through
 *   an HNSW index (one per dimension) for a large one, as its planner judges;
 * - `scan`: plain PostgreSQL; the service compares the query with the account's most recently
 *   updated Memories (search.ts, MEANING_SCAN_MAX).
 */
export type NeighbourSearch = 'pgvector' | 'scan';

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
   * The account's Memories closest in meaning to the query that the filter lets through, closest
   * first, at most `size`, with their cosine similarity. An HNSW index scan goes on past the
   * vectors of other accounts and of filtered-out Memories until it has `size` (pgvector's
   * iterative scan); its order may be slightly relaxed, and the caller sorts.
   */
  async nearest(filter: VectorFilter, query: Float32Array, size: number): Promise<Array<{ id: string; closeness: number }>> {
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
        order by ${distance}
        limit ${size}`.execute(trx);
      return rows.rows.map((row) => ({ id: row.memory_id, closeness: 1 - Number(row.distance) }));
    });
  }
}

function isPrivilegeError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '42501';
}
