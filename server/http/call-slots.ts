/**
 * Calls running (or waiting) at once, counted per holder (docs/api.md §4): past the limit a call
 * answers 429 `too_many_concurrent_calls` at once instead of queueing behind the others. Two caps
 * use it: per API key, so one key cannot fill the engine's queue for everyone, and per account
 * across all its keys (docs/decisions/042), since the per-key cap multiplies by keys (16 on each of
 * 25 keys let one account hold 400 calls in the queue).
 */
import { AppError } from '../errors.ts';

export class CallSlots {
  private readonly held = new Map<string, number>();

  private constructor(
    readonly limit: number,
    private readonly refusal: string,
  ) {}

  /** The per-key cap (API_KEY_CONCURRENCY). */
  static perKey(limit: number): CallSlots {
    return new CallSlots(limit, `This API key already has ${limit} calls running: wait for one to finish.`);
  }

  /** The per-account cap over all its keys (ACCOUNT_CONCURRENCY). */
  static perAccount(limit: number): CallSlots {
    return new CallSlots(
      limit,
      `This account already has ${limit} calls running or waiting across its API keys, the account's limit whichever keys are used: wait for one to finish. More calls at once do not raise throughput: keep up to ${limit} in flight and send the next as one finishes. To raise the limit, ask the server's operator (ACCOUNT_CONCURRENCY).`,
    );
  }

  /** Takes a slot for `holder` or throws 429; give it back with the returned function (once; more calls do nothing). */
  take(holder: string): () => void {
    const n = this.held.get(holder) ?? 0;
    if (n >= this.limit) throw new AppError(429, 'too_many_concurrent_calls', this.refusal, undefined, undefined, { 'Retry-After': '1' });
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
