/**
 * Calls one account may have running or waiting at once, across all its API keys (docs/api.md §4,
 * docs/decisions/042). The per-key cap (call-slots.ts) multiplies by keys: 16 on each of 25 keys
 * let one account hold 400 calls in the engine's queue. Past this limit a call answers 429
 * `too_many_concurrent_calls` at once, like the per-key cap, so what an account has queued stays
 * bounded whatever keys it spreads its calls over.
 */
import { AppError } from '../errors.ts';

export class AccountSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Takes a slot for the account `userId` or throws 429; give it back with the returned function (once; more calls do nothing). */
  take(userId: string): () => void {
    const n = this.held.get(userId) ?? 0;
    if (n >= this.perAccount) {
      throw new AppError(
        429,
        'too_many_concurrent_calls',
        `This account already has ${this.perAccount} calls running or waiting across its API keys, the account's limit whichever keys are used: wait for one to finish. More calls at once do not raise throughput: keep up to ${this.perAccount} in flight and send the next as one finishes. To raise the limit, ask the server's operator (ACCOUNT_CONCURRENCY).`,
        undefined,
        undefined,
        { 'Retry-After': '1' },
      );
    }
    this.held.set(userId, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = this.held.get(userId)! - 1;
      if (left === 0) this.held.delete(userId);
      else this.held.set(userId, left);
    };
  }

  /** Calls running or waiting for the account, for tests. */
  count(userId: string): number {
    return this.held.get(userId) ?? 0;
  }
}
