/**
 * Where the login throttle and two-factor sign-in keep their failure counts
 * (docs/decisions/050-one-storage-seam.md): what must agree across instances, or an attacker
 * spreading guesses over instances would multiply the tries it gets. The rules (which counts, when
 * an attempt waits and how long) stay in login-throttle.ts and two-factor.ts, the same over every
 * store. Here, in this process's memory: exact with one instance (SQLite, db/server-lock.ts). On
 * PostgreSQL: login-throttle-store.postgres.ts.
 */

/**
 * Each count kept apart and bounded apart: the three of login-throttle.ts (wrong passwords), and
 * 'totp', an account's wrong two-factor codes (server/features/auth/two-factor.ts).
 */
export type FailureCountKind = 'pair' | 'account' | 'device' | 'totp';

export interface FailureKey {
  kind: FailureCountKind;
  /** `<email>|<address>` for a pair, the email for an account, the device cookie's id for a device, the user id for totp. */
  key: string;
}

/** A key's failures in its current window. */
export interface FailureCount {
  failures: number;
  /** When the window began: the first failure after the last one's window ended (ms since the epoch). */
  since: number;
  /** When the latest failure was (ms since the epoch). */
  last: number;
}

export interface LoginThrottleStore {
  /** Each key's count, in the order asked; undefined for none or one whose window began at or before `windowStart`. */
  read(keys: readonly FailureKey[], windowStart: number): Promise<(FailureCount | undefined)[]>;
  /**
   * One more failure at `now` on each key (distinct keys): a count whose window began at or before
   * `windowStart` starts again at one. Failures recorded at once, by any instance, are all counted,
   * and each gets the counts as its own failure left them (in the order asked): of concurrent
   * failures on a key, one sees each number.
   */
  recordFailure(keys: readonly FailureKey[], now: number, windowStart: number): Promise<FailureCount[]>;
  /** Forgets the keys' counts: a success. */
  clear(keys: readonly FailureKey[]): Promise<void>;
}

/** One count's entries, the most recently failed last: past `tracked` the least recent go first. */
class Counts {
  private readonly seen = new Map<string, FailureCount>();

  constructor(private readonly tracked: number) {}

  get(key: string, windowStart: number): FailureCount | undefined {
    const entry = this.seen.get(key);
    if (entry && entry.since <= windowStart) {
      this.seen.delete(key);
      return undefined;
    }
    return entry;
  }

  add(key: string, now: number, windowStart: number): FailureCount {
    const entry = this.get(key, windowStart);
    const added = entry ? { failures: entry.failures + 1, since: entry.since, last: now } : { failures: 1, since: now, last: now };
    this.seen.delete(key);
    this.seen.set(key, added);
    while (this.seen.size > this.tracked) this.seen.delete(this.seen.keys().next().value!);
    return added;
  }

  clear(key: string): void {
    this.seen.delete(key);
  }
}

/** The counts in memory, at most `tracked` entries of each kind, so memory stays bounded. */
export class MemoryLoginThrottleStore implements LoginThrottleStore {
  private readonly counts: Record<FailureCountKind, Counts>;

  constructor(tracked: number) {
    this.counts = { pair: new Counts(tracked), account: new Counts(tracked), device: new Counts(tracked), totp: new Counts(tracked) };
  }

  async read(keys: readonly FailureKey[], windowStart: number): Promise<(FailureCount | undefined)[]> {
    return keys.map(({ kind, key }) => this.counts[kind].get(key, windowStart));
  }

  async recordFailure(keys: readonly FailureKey[], now: number, windowStart: number): Promise<FailureCount[]> {
    return keys.map(({ kind, key }) => this.counts[kind].add(key, now, windowStart));
  }

  async clear(keys: readonly FailureKey[]): Promise<void> {
    for (const { kind, key } of keys) this.counts[kind].clear(key);
  }
}
