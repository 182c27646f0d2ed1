/**
 * A benchmark run: operation i in the browser worker, then operation i on the server, for i = 1..n,
 * one at a time, with the 50 ms pause of docs/product.md §2.5 after each server operation (the demo API is rate
 * limited; the browser needs no pause). Stop aborts between or inside operations.
 */
import type { AlgorithmId } from '../algorithms.ts';
import { Cancelled, runOperation, sleep, warmUp } from './operations.ts';
import type { Sample, Side } from './stats.ts';

export const SERVER_PAUSE_MS = 50;
export const MIN_COUNT = 1;
export const MAX_COUNT = 500;
export const COUNT_ERROR = 'Operation count must be between 1 and 500';

export function validCount(count: number): boolean {
  return Number.isInteger(count) && count >= MIN_COUNT && count <= MAX_COUNT;
}

export interface RunOptions {
  algorithm: AlgorithmId;
  count: number;
  sides?: Side[];
  signal: AbortSignal;
  onSample(sample: Sample): void;
  onWait(seconds: number): void;
}

/** Resolves when all operations ran or the run was stopped (stopped: true). */
export async function runBenchmark(options: RunOptions): Promise<{ stopped: boolean }> {
  const { algorithm, count, signal } = options;
  const sides = options.sides ?? ['browser', 'server'];
  const ctx = { signal, onWait: options.onWait };
  try {
    // Not timed: loading the engine is not an operation.
    await warmUp(algorithm, sides);
    for (let i = 1; i <= count; i++) {
      for (const side of sides) {
        if (signal.aborted) return { stopped: true };
        options.onSample(await runOperation(algorithm, side, i, ctx));
        if (side === 'server') await sleep(SERVER_PAUSE_MS, signal);
      }
    }
  } catch (error) {
    if (error instanceof Cancelled) return { stopped: true };
    throw error;
  }
  return { stopped: false };
}
