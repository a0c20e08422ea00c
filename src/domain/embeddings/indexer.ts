import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { safeError } from '../shared/errors';
import { EMBEDDED_TEXT_MAX, type Embedder } from './embedder';
import { claimQueued, embeddingPending, failedAlone, queueUnembedded, releaseClaim, storeEmbeddings } from './embeddings.repository';
import type { VectorIndex } from './vector-index';

export interface IndexerOptions {
  /** Memories embedded per round. */
  readonly batch: number;
  /** How long an empty queue is left before it is looked at again. */
  readonly idleMs: number;
  /** How long a claim holds: a claim lost with its instance is taken again after it. */
  readonly claimMs: number;
}

const DEFAULTS: IndexerOptions = { batch: 32, idleMs: 1_000, claimMs: 120_000 };
/** After a failure (the embedder is down), the next round waits this long, doubling up to a minute. */
const RETRY_MS = 2_000;
/** Rounds a Memory may fail alone (the embedder refuses its text) before it is left to its words. */
const MAX_ATTEMPTS = 5;

/** The start of a text the embedder is given: at most `max` UTF-16 units, never half of a character. */
export function embeddedText(text: string, max = EMBEDDED_TEXT_MAX): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export const textHash = (text: string): string => createHash('md5').update(text).digest('hex');

/**
 * The background worker of search by meaning: at start it queues every Memory without a vector of
 * the current model for its current text (a backfill, and a re-embedding after the embedder
 * changed), then drains the queue that writes fill, a batch at a time, after those writes commit.
 * Several instances share the queue through claims (taken with SKIP LOCKED, so none waits for
 * another), and a claim lost with its instance expires. A write never waits for it and never
 * fails because of it: until a Memory is embedded, search finds it by its words alone.
 */
export class EmbeddingIndexer {
  private readonly options: IndexerOptions;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = true;
  private failures = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: Partial<IndexerOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Queues every Memory without a vector of this model for its current text; how many were queued. */
  backfill(): Promise<number> {
    return queueUnembedded(this.db, this.embedder.name, this.clock.now());
  }

  /** The embedder's model. */
  get model(): string {
    return this.embedder.name;
  }

  /** Whether every Memory has its vector (and, with pgvector, every vector is in its column). */
  async upToDate(): Promise<boolean> {
    if (await embeddingPending(this.db)) return false;
    return (await this.vectors.mode()) !== 'pgvector' || !(await this.vectors.unfilled());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.round = this.backfill()
      .then((queued) => {
        if (queued > 0) this.logger.info({ queued, model: this.embedder.name }, 'embedding Memories in the background');
      })
      .catch((err: unknown) => this.logger.warn({ error: safeError(err) }, 'queueing Memories to embed failed'))
      .finally(() => this.schedule(0));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  /** Embeds what is queued now, round after round, until the queue is empty (tests, benchmarks). */
  async drain(): Promise<void> {
    await this.round;
    while ((await this.embedOnce()) > 0);
  }

  /**
   * One round: claims a batch, embeds it, stores the vectors; how many Memories it claimed (or,
   * on a database given pgvector after Memories were embedded, first copies a batch of stored
   * vectors into its column, and counts those). When
   * the batch fails, its Memories are tried one by one: those the embedder refuses alone go to the
   * back of the queue (and are dropped after a few rounds), so one text it cannot take never
   * holds up the rest. When every one fails, the embedder is down: the claim is given back, and
   * the round fails.
   */
  async embedOnce(): Promise<number> {
    if ((await this.vectors.mode()) === 'pgvector') {
      const copied = await this.vectors.fillColumn();
      if (copied > 0) return copied;
    }
    const claim = randomUUID();
    const now = this.clock.now();
    const memories = await claimQueued(this.db, claim, now, new Date(now.getTime() + this.options.claimMs), this.options.batch);
    if (memories.length === 0) return 0;
    try {
      const vectors = await this.embedder.embed(memories.map((memory) => embeddedText(memory.text)));
      await this.store(claim, memories.map((memory, i) => ({ memory, vector: vectors[i]! })));
      return memories.length;
    } catch (batchError) {
      if (memories.length === 1) {
        await releaseClaim(this.db, claim).catch(() => undefined);
        throw batchError;
      }
    }
    const done: Array<{ memory: (typeof memories)[number]; vector: Float32Array }> = [];
    const refused: string[] = [];
    let error: unknown = null;
    for (const memory of memories) {
      try {
        const [vector] = await this.embedder.embed([embeddedText(memory.text)]);
        done.push({ memory, vector: vector! });
      } catch (err) {
        refused.push(memory.id);
        error = err;
      }
    }
    if (done.length === 0) {
      await releaseClaim(this.db, claim).catch(() => undefined);
      throw error;
    }
    const dropped = await failedAlone(this.db, claim, refused, this.clock.now(), MAX_ATTEMPTS);
    if (dropped.length > 0) this.logger.warn({ memories: dropped, error: safeError(error) }, 'the embedder refused these Memories; they are found by their words alone');
    await this.store(claim, done);
    return memories.length;
  }

  private async store(claim: string, embedded: ReadonlyArray<{ memory: { id: string; account_id: string; text: string }; vector: Float32Array }>): Promise<void> {
    const pgvector = (await this.vectors.mode()) === 'pgvector';
    if (pgvector) for (const size of new Set(embedded.map(({ vector }) => vector.length))) await this.vectors.ensureIndex(size);
    await storeEmbeddings(
      this.db,
      this.embedder.name,
      claim,
      embedded.map(({ memory, vector }) => ({ id: memory.id, textHash: textHash(memory.text), vector })),
      this.clock.now(),
      pgvector,
    );
    this.vectors.forget(embedded.map(({ memory }) => memory.account_id));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.embedOnce()
        .then((claimed) => {
          this.failures = 0;
          this.schedule(claimed > 0 ? 0 : this.options.idleMs);
        })
        .catch((err: unknown) => {
          this.failures += 1;
          if (this.failures === 1 || this.failures % 30 === 0) this.logger.warn({ error: safeError(err), failures: this.failures }, 'embedding Memories failed; retrying');
          this.schedule(Math.min(60_000, RETRY_MS * 2 ** Math.min(this.failures - 1, 5)));
        });
    }, delayMs);
    this.timer.unref();
  }
}
