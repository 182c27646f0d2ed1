/**
 * One benchmark call at a time per client address (docs/decisions/040). A call runs its operations
 * one after another, so an address holds at most one engine task at a time and the demo's other
 * visitors queue behind one operation, never a whole batch; a second call from the same address
 * while one runs answers 429 `benchmark_busy` at once instead of queueing.
 */
import { AppError } from '../../errors.ts';

export class RunningBenchmarks {
  private readonly running = new Set<string>();

  /** Takes the address's slot or throws 429; give it back with the returned function (idempotent). */
  take(address: string): () => void {
    if (this.running.has(address)) {
      throw new AppError(429, 'benchmark_busy', 'A benchmark from this address is already running on the server: wait for it to finish.', undefined, undefined, {
        'Retry-After': '1',
      });
    }
    this.running.add(address);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running.delete(address);
    };
  }

  /** Whether the address has a benchmark running, for tests. */
  has(address: string): boolean {
    return this.running.has(address);
  }
}
