// A small per-process cache of computed values (item 8's response times): an entry lives `ttlMs`,
// the oldest goes first past `maxEntries`, and concurrent misses of one key share one load. A
// statistic over 90 days may lag a few minutes; nothing needs invalidating across processes.

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.at < this.ttlMs) return entry.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), value });
    // A failed load is not kept.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
