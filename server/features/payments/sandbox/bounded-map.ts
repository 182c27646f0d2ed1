/**
 * A Map with a size cap and an age limit, for the PayPal emulator's state (docs/decisions/035): an
 * entry expires `ttlMs` after it was set, and past `capacity` the oldest entry goes first. Entries
 * are kept in the order they were set, so both rules trim from the front and each set() costs
 * amortised O(1), whatever a caller sends.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    readonly capacity: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, unless it expired (then it is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Sets (or renews) an entry: it moves to the back and lives ttlMs from now. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    this.trim();
  }

  /** The keys of entries that have not expired, oldest first. */
  *keys(): IterableIterator<K> {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt > now) yield key;
  }

  /** The values of entries that have not expired, oldest first. */
  *values(): IterableIterator<V> {
    const now = this.now();
    for (const entry of this.entries.values()) if (entry.expiresAt > now) yield entry.value;
  }

  private trim(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.capacity && entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}
