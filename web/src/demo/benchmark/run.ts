/**
 * A benchmark run (docs/product.md §2.5): operations in batches of SERVER_BATCH, each batch run
 * first in this browser's worker, one operation at a time, then on the server in one call to
 * POST /api/demo/benchmark (docs/decisions/040), so a default run of 100 takes 10 server calls, not
 * 200, and stays well inside the demo's per-address limits. The two sides never run at once, so
 * neither slows the other on a machine that hosts both. Stop aborts between operations.
 */
import { i18n } from '../../i18n/index.ts';
import type { AlgorithmId } from '../algorithms.ts';
import { browserOperation, warmUp } from './operations.ts';
import { runServerBatch, type BatchCall } from './serverBatch.ts';
import type { Sample, Side } from './stats.ts';
import { Cancelled, sleep } from './wait.ts';

/** Operations per server call: progress moves every few hundred ms even for zk-FIDNA's proofs. */
export const SERVER_BATCH = 10;
/** After each server call, so the page draws the progress before the next timed step. */
export const DRAW_PAUSE_MS = 20;
export const MIN_COUNT = 1;
/** The server's BENCHMARK_MAX_OPERATIONS (server/contract/demo-benchmark.ts; run.test.ts keeps them equal, without bundling zod here). */
export const MAX_COUNT = 500;
/** The alert for a count outside MIN_COUNT..MAX_COUNT (docs/product.md §5), in the page's language. */
export const countError = () => i18n.t('demo:benchmark.countError', { min: String(MIN_COUNT), max: String(MAX_COUNT) });

export function validCount(count: number): boolean {
  return Number.isInteger(count) && count >= MIN_COUNT && count <= MAX_COUNT;
}

export interface RunOptions {
  algorithm: AlgorithmId;
  count: number;
  sides?: Side[];
  signal: AbortSignal;
  onSample(sample: Sample): void;
  /** After each server call (and its samples): a moment to show progress. */
  onBatch?(call: BatchCall | null): void;
  /** Seconds left of a rate-limit wait, each second; 0 when it is over. */
  onWait(seconds: number): void;
}

/** Resolves when all operations ran or the run was stopped (stopped: true). */
export async function runBenchmark(options: RunOptions): Promise<{ stopped: boolean }> {
  const { algorithm, count, signal } = options;
  const sides = options.sides ?? ['browser', 'server'];
  const ctx = { signal, onWait: options.onWait };
  try {
    // Not timed: loading the engine is not an operation. The server warms its own key up untimed.
    if (sides.includes('browser')) await warmUp(algorithm);
    for (let first = 1; first <= count; first += SERVER_BATCH) {
      const size = Math.min(SERVER_BATCH, count - first + 1);
      if (sides.includes('browser')) {
        for (let i = first; i < first + size; i++) {
          if (signal.aborted) return { stopped: true };
          options.onSample(await browserOperation(algorithm, i));
        }
      }
      if (sides.includes('server')) {
        if (signal.aborted) return { stopped: true };
        const batch = await runServerBatch(algorithm, first, size, ctx);
        batch.samples.forEach(options.onSample);
        options.onBatch?.(batch.call);
        await sleep(DRAW_PAUSE_MS, signal);
      }
    }
  } catch (error) {
    if (error instanceof Cancelled) return { stopped: true };
    throw error;
  }
  return { stopped: signal.aborted };
}
