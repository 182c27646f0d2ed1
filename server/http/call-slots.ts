/**
 * Calls one API key may have running at once (docs/api.md §4): past the limit a call answers 429
 * `too_many_concurrent_calls` at once instead of queueing behind the others, so one key cannot
 * fill the engine's queue for everyone.
 */
import { AppError } from '../errors.ts';

export class CallSlots {
  private readonly running = new Map<string, number>();

  constructor(readonly perKey: number) {}

  /** Takes a slot for `key` or throws 429; give it back with the returned function. */
  take(key: string): () => void {
    const n = this.running.get(key) ?? 0;
    if (n >= this.perKey) {
      throw new AppError(429, 'too_many_concurrent_calls', `This API key already has ${this.perKey} calls running: wait for one to finish.`, undefined, undefined, {
        'Retry-After': '1',
      });
    }
    this.running.set(key, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = this.running.get(key)! - 1;
      if (left === 0) this.running.delete(key);
      else this.running.set(key, left);
    };
  }

  /** Calls running for `key`, for tests. */
  count(key: string): number {
    return this.running.get(key) ?? 0;
  }
}
