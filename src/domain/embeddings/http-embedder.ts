import { normalized, type Embedder } from './embedder';

export interface HttpEmbedderOptions {
  /** The API's base URL, such as `http://localhost:11434/v1`: requests go to `<url>/embeddings`. */
  readonly url: string;
  readonly model: string;
  readonly apiKey: string | null;
  readonly timeoutMs: number;
}

/** Texts per request: OpenAI's limit is 2,048 inputs; local servers like smaller batches. */
const BATCH = 64;

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, or a local model server such as
 * Ollama, llama.cpp or vLLM): `{model, input: [texts]}` in, `{data: [{index, embedding}]}` out.
 */
export class HttpEmbedder implements Embedder {
  readonly name: string;

  constructor(private readonly options: HttpEmbedderOptions) {
    this.name = `http:${options.model}`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH) out.push(...(await this.request(texts.slice(start, start + BATCH))));
    return out;
  }

  async close(): Promise<void> {}

  private async request(texts: readonly string[]): Promise<Float32Array[]> {
    const response = await fetch(`${this.options.url.replace(/\/+$/, '')}/embeddings`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: this.options.model, input: texts }),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`The embeddings endpoint answered ${response.status}.`);
    const body = (await response.json()) as { data?: Array<{ index?: number; embedding?: unknown }> };
    const data = Array.isArray(body.data) ? body.data : [];
    if (data.length !== texts.length) throw new Error(`The embeddings endpoint answered ${data.length} vectors for ${texts.length} texts.`);
    const vectors: Float32Array[] = new Array(texts.length);
    data.forEach((item, position) => {
      const index = item.index === undefined ? position : item.index;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= texts.length || vectors[index] !== undefined) {
        throw new Error('The embeddings endpoint answered an index out of range, or twice.');
      }
      const embedding = item.embedding;
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new Error('The embeddings endpoint answered a vector that is not a list of numbers.');
      }
      vectors[index] = normalized(embedding as number[]);
    });
    for (let i = 0; i < texts.length; i += 1) if (vectors[i] === undefined) throw new Error('The embeddings endpoint left a text without a vector.');
    return vectors;
  }
}
