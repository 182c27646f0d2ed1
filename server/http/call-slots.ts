/**
 * Calls running (or waiting) at once, counted per holder (docs/api.md §4): past the limit a call
 * answers 429 `too_many_concurrent_calls` at once instead of queueing behind the others. Two caps
 * use it: per API key, so one key cannot fill the engine's queue for everyone, and per account
 * across all its keys (docs/decisions/042), since the per-key cap multiplies by keys (16 on each of
 * 25 keys let one account hold 400 calls in the queue).
 *
 * Per docs/decisions/050-one-storage-seam.md the per-key slots stay in each instance's memory: they
 * protect that instance's engine queue, so with N instances a key may run N times its limit, one
 * share per queue. The per-account cap must hold across instances: it is an AccountSlots, in memory
 * here (exact with one instance, SQLite) or in a table every instance shares on PostgreSQL
 * (account-slots.postgres.ts).
 */
import { AppError } from '../errors.ts';

/** The per-account cap (ACCOUNT_CONCURRENCY), the same whichever store keeps its slots. */
export interface AccountSlots {
  readonly limit: number;
  /**
   * Takes one of the account's slots, or rejects with 429 while all are taken. Resolves to the
   * function that gives the slot back: once (later calls do nothing), and it never rejects.
   */
  take(userId: string): Promise<() => Promise<void>>;
  /** Slots the account holds, for tests. */
  count(userId: string): Promise<number>;
}

/** The 429 of a call past a cap. */
export const tooManyCalls = (message: string) => new AppError(429, 'too_many_concurrent_calls', message, undefined, undefined, { 'Retry-After': '1' });

/** What a call past the account's cap is told. */
export const accountCapMessage = (limit: number) =>
  `This account already has ${limit} calls running or waiting across its API keys, the account's limit whichever keys are used: wait for one to finish. More calls at once do not raise throughput: keep up to ${limit} in flight and send the next as one finishes. To raise the limit, ask the server's operator (ACCOUNT_CONCURRENCY).`;

export class CallSlots {
  private readonly held = new Map<string, number>();

  private constructor(
    readonly limit: number,
    private readonly refusal: string,
  ) {}

  /** The per-key cap (API_KEY_CONCURRENCY), per instance. */
  static perKey(limit: number): CallSlots {
    return new CallSlots(limit, `This API key already has ${limit} calls running: wait for one to finish.`);
  }

  /** The per-account cap over all its keys (ACCOUNT_CONCURRENCY) in this process's memory. */
  static perAccount(limit: number): AccountSlots {
    const slots = new CallSlots(limit, accountCapMessage(limit));
    return {
      limit,
      // async: the slot is taken in this call (there is no await before it), and a refusal becomes a rejection.
      take: async (userId) => {
        const giveBack = slots.take(userId);
        return async () => giveBack();
      },
      count: async (userId) => slots.count(userId),
    };
  }

  /** Takes a slot for `holder` or throws 429; give it back with the returned function (once; more calls do nothing). */
  take(holder: string): () => void {
    const n = this.held.get(holder) ?? 0;
    if (n >= this.limit) throw tooManyCalls(this.refusal);
    this.held.set(holder, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = this.held.get(holder)! - 1;
      if (left === 0) this.held.delete(holder);
      else this.held.set(holder, left);
    };
  }

  /** Calls held for `holder`, for tests. */
  count(holder: string): number {
    return this.held.get(holder) ?? 0;
  }
}
