/**
 * Answers kept by key for a while, each kept as its promise from the moment it is asked for:
 * calls that arrive together while it is read share the one read (a page opening sends many).
 * A read that fails is forgotten, so the next call reads again; `clear` drops everything, and a
 * read begun before it then never lands in the cache.
 */
export class PromiseCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    /** Past this many keys the cache starts again empty (a bound, not an eviction policy). */
    private readonly maxEntries = Infinity,
  ) {}

  /** What is kept for `key`, while younger than the time limit. */
  get(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  /** Keeps `value` for `key` and returns it. */
  set(key: string, value: Promise<V>): Promise<V> {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** What is kept for `key`, else what `load` reads (and is then kept). */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    return this.get(key) ?? this.set(key, load());
  }

  clear(): void {
    this.entries.clear();
  }
}
