import type { Embedder } from './embedder';

/** Queries whose vectors are kept, per embedder: an agent often asks the same thing again. */
const KEPT = 1_000;
/** The longest query embedded, in characters. */
const QUERY_MAX = 1_000;
/** How long a search waits for its query's vector before it answers by the words alone. */
export const QUERY_DEADLINE_MS = 2_000;
/** After this many failures in a row, the embedder is not asked for queries for a while. */
const FAILURES_TO_PAUSE = 3;
const PAUSE_MS = 30_000;

interface EmbedderState {
  /** Vectors by account and query: an account never learns from timing what another asked. */
  readonly kept: Map<string, Promise<Float32Array>>;
  failures: number;
  pausedUntil: number;
}

const states = new WeakMap<Embedder, EmbedderState>();

function stateOf(embedder: Embedder): EmbedderState {
  let state = states.get(embedder);
  if (!state) states.set(embedder, (state = { kept: new Map(), failures: 0, pausedUntil: 0 }));
  return state;
}

/**
 * A query's vector for an account, or null when the embedder failed, took longer than
 * QUERY_DEADLINE_MS, or failed FAILURES_TO_PAUSE times in a row lately (it is then left alone for
 * PAUSE_MS): the search then ranks by the words alone. The last KEPT queries' vectors are kept (a
 * query being embedded is waited for, not embedded twice); a failure is not kept.
 */
export async function queryVector(embedder: Embedder, accountId: string, query: string, deadlineMs = QUERY_DEADLINE_MS): Promise<Float32Array | null> {
  const state = stateOf(embedder);
  const text = query.trim().slice(0, QUERY_MAX);
  const key = `${accountId}\u0000${text}`;
  let made = state.kept.get(key);
  if (made) {
    state.kept.delete(key);
    state.kept.set(key, made);
  } else {
    if (Date.now() < state.pausedUntil) return null;
    made = embedder.embed([text]).then(([vector]) => vector!);
    state.kept.set(key, made);
    if (state.kept.size > KEPT) state.kept.delete(state.kept.keys().next().value!);
    made.then(
      () => {
        state.failures = 0;
      },
      () => {
        state.kept.delete(key);
        state.failures += 1;
        if (state.failures >= FAILURES_TO_PAUSE) state.pausedUntil = Date.now() + PAUSE_MS;
      },
    );
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
    timer.unref();
  });
  try {
    return await Promise.race([made, late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
