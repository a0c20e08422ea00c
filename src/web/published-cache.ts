/**
 * What a page makes from a published version of a Template (its rendered README, its archive),
 * kept by the Template and version it belongs to: a published version never changes, so a page
 * costs the making once per version and process. A README written to be slow to render (100,000
 * characters of `[`, about 0.3 s) or the largest archive cannot then be made to cost that on
 * every visit. Kept up to a total size, the least recently used dropped first; what is larger
 * than the whole budget is made and not kept.
 */
export class PublishedCache<V> {
  private readonly kept = new Map<string, V>();
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
    const value = await make();
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
