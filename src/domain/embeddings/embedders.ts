import type { EmbeddingsConfig } from '../../config';
import type { Embedder } from './embedder';
import { HttpEmbedder } from './http-embedder';
import { LocalEmbedder } from './local-embedder';

let local: LocalEmbedder | null = null;

/**
 * The embedder EMBEDDINGS names, for one app (which closes it when it closes). The local model is
 * loaded once per process (its worker thread serves every app the process runs, until the last
 * closes), and only when first used.
 */
export function embedderFor(config: EmbeddingsConfig | null): Embedder | null {
  if (!config) return null;
  if (config.kind === 'local') return (local ??= new LocalEmbedder()).retain();
  return new HttpEmbedder({ url: config.url, model: config.model, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
}
