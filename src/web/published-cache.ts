/**
 * What a page makes from a published version of a Template (its rendered README, its archive),
 * kept by the publication it belongs to: a published version never changes, so a page costs the
 * making once per version and process while it is kept, and requests that miss it together wait
 * for one making. Kept up to a total size, the least recently used dropped first; what is larger
 * than the whole budget is made and not kept. (The making itself is bounded by its callers: the
 * README's rendered part, the archive's files.)
 */
export class PublishedCache<V> {
  private readonly kept = new Map<string, V>();
  private readonly making = new Map<string, Promise<V | undefined>>();
  private size = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value kept for a version (`template_id@version`), or made by `make`; undefined from `make` is returned and not kept. */
  async get(key: string, make: () => Promise<V | undefined>): Promise<V | undefined> {
    const held = this.kept.get(key);
    if (held !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, held);
      return held;
    }
    const pending = this.making.get(key);
    if (pending) return pending;
    const made = make();
    this.making.set(key, made);
    let value: V | undefined;
    try {
      value = await made;
    } finally {
      this.making.delete(key);
    }
    if (value === undefined || this.kept.has(key)) return value;
    const size = this.sizeOf(value);
    if (size > this.maxSize) return value;
    this.kept.set(key, value);
    this.size += size;
    for (const [oldest, old] of this.kept) {
      if (this.size <= this.maxSize) break;
      this.kept.delete(oldest);
      this.size -= this.sizeOf(old);
    }
    return value;
  }
}
