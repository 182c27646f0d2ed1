/**
 * The one way every suite measures a function: warm up, then run for a time budget split into
 * rounds, and report the median round's ops/s. The median (not the mean) keeps one round that was
 * slowed by the other tenant of a shared machine, or by a GC pause, from moving the figure.
 */
import { performance } from 'node:perf_hooks';

export interface Budget {
  /** Time spent calling the function before measuring, so the JIT has tiered up (ms). */
  warmupMs: number;
  /** Length of one measured round (ms). */
  roundMs: number;
  /** Number of measured rounds; the median of them is reported. */
  rounds: number;
}

/** Default budget: about 1.2 s per measured function. */
export const STANDARD: Budget = { warmupMs: 200, roundMs: 200, rounds: 5 };
/** For smoke runs and tests: the figures are rough, but every code path runs. */
export const QUICK: Budget = { warmupMs: 10, roundMs: 10, rounds: 3 };

export interface Measurement {
  /** Median of the rounds' ops/s. */
  opsPerSec: number;
  /** Each round's ops/s, in the order they ran. */
  roundsOpsPerSec: number[];
  /** Half the spread between the slowest and fastest round, relative to the median (0.05 = ±5%). */
  spread: number;
  /** Calls made while measuring (warm-up excluded). */
  calls: number;
}

/** Called between batches with the fraction of this measurement done so far (0..1). */
export type OnTick = (fraction: number) => void;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// The measured function's result is stored in module state so the JIT cannot treat the call as dead.
export let sink: unknown;

/**
 * Runs `fn` in batches until `ms` have passed; returns calls made and the time they took. Reading
 * the clock after every call would dominate a sub-microsecond function, so calls are batched to
 * take about a twentieth of the round each.
 */
function runFor(fn: () => unknown, ms: number, batch: number, onTick?: (elapsed: number) => void) {
  let calls = 0;
  const start = performance.now();
  let elapsed: number;
  do {
    for (let i = 0; i < batch; i++) sink = fn();
    calls += batch;
    elapsed = performance.now() - start;
    onTick?.(elapsed);
  } while (elapsed < ms);
  return { calls, elapsed };
}

function batchFor(msPerCall: number, roundMs: number): number {
  return Math.max(1, Math.floor(roundMs / 20 / Math.max(msPerCall, 1e-6)));
}

export function measure(fn: () => unknown, budget: Budget = STANDARD, onTick?: OnTick): Measurement {
  if (budget.rounds < 1 || budget.roundMs <= 0) throw new RangeError('a budget needs at least one round of positive length');
  const total = budget.warmupMs + budget.rounds * budget.roundMs;
  const tick = (doneMs: number) => onTick?.(Math.min(1, doneMs / total));

  // Warm-up doubles the batch until it takes a measurable time, which also gives the per-call cost.
  let batch = 1;
  let warm = runFor(fn, 0, batch);
  let warmedMs = warm.elapsed;
  while (warmedMs < budget.warmupMs) {
    batch = warm.elapsed < 1 ? batch * 2 : batchFor(warm.elapsed / warm.calls, budget.roundMs);
    warm = runFor(fn, 0, batch);
    warmedMs += warm.elapsed;
    tick(warmedMs);
  }
  batch = batchFor(warm.elapsed / warm.calls, budget.roundMs);

  const roundsOpsPerSec: number[] = [];
  let calls = 0;
  for (let round = 0; round < budget.rounds; round++) {
    const before = budget.warmupMs + round * budget.roundMs;
    const r = runFor(fn, budget.roundMs, batch, (elapsed) => tick(before + Math.min(elapsed, budget.roundMs)));
    roundsOpsPerSec.push((r.calls * 1000) / r.elapsed);
    calls += r.calls;
  }

  const opsPerSec = median(roundsOpsPerSec);
  const spread = (Math.max(...roundsOpsPerSec) - Math.min(...roundsOpsPerSec)) / 2 / opsPerSec;
  return { opsPerSec, roundsOpsPerSec, spread, calls };
}
