/**
 * What a benchmark run's samples add up to (the stat cards, results panel and buckets of docs/product.md §2.5 and §9):
 * averages over successful operations, totals over all, and the Fast/Normal/Slow/Failed split.
 */
import { i18n } from '../../i18n/index.ts';

export type Side = 'browser' | 'server';

/** One operation: a sign and a verify of the same message, timed by its side (the page around the worker, the server around its steps; docs/decisions/040). */
export interface Sample {
  /** 1-based operation number. */
  index: number;
  side: Side;
  ok: boolean;
  /** ms for the sign (or prove) step; 0 when the operation failed (docs/product.md §8). */
  signMs: number;
  verifyMs: number;
  /** signMs + verifyMs; 0 when failed. */
  time: number;
  /** Bytes of the signature or proof, when known. */
  size: number | null;
  /** The engine's own times: reported by the worker, in the browser or on the server (its benchmark answer). */
  engineSignMs?: number;
  engineVerifyMs?: number;
  error?: string;
}

export interface Distribution {
  fast: number;
  normal: number;
  slow: number;
  failed: number;
}

export interface Summary {
  operations: number;
  succeeded: number;
  failed: number;
  /** Percent, 0..100. */
  successRate: number;
  /** Sum of operation times (pauses and rate-limit waits excluded), ms. */
  totalMs: number;
  averageMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  opsPerSecond: number | null;
  averageSize: number | null;
  averageSignMs: number | null;
  averageVerifyMs: number | null;
  medianEngineSignMs: number | null;
  medianEngineVerifyMs: number | null;
  /** Successful operations whose sign (or prove) engine time is known: the medians' sample size. */
  engineSignTimed: number;
  distribution: Distribution;
}

/** docs/product.md §9: Fast under 200 ms, Normal 200 to 500 ms, Slow over 500 ms; failures apart. */
export function bucketOf(sample: Pick<Sample, 'ok' | 'time'>): keyof Distribution {
  if (!sample.ok) return 'failed';
  if (sample.time < 200) return 'fast';
  if (sample.time <= 500) return 'normal';
  return 'slow';
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(samples: readonly Sample[]): Summary {
  const ok = samples.filter((s) => s.ok);
  const times = ok.map((s) => s.time);
  const totalMs = samples.reduce((sum, s) => sum + s.time, 0);
  const okMs = times.reduce((a, b) => a + b, 0);
  const distribution: Distribution = { fast: 0, normal: 0, slow: 0, failed: 0 };
  for (const s of samples) distribution[bucketOf(s)]++;
  const sizes = ok.map((s) => s.size).filter((x): x is number => x !== null);
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  const engineSign = defined(ok.map((s) => s.engineSignMs));
  return {
    operations: samples.length,
    succeeded: ok.length,
    failed: samples.length - ok.length,
    successRate: samples.length ? (ok.length / samples.length) * 100 : 0,
    totalMs,
    averageMs: mean(times),
    minMs: times.length ? Math.min(...times) : null,
    maxMs: times.length ? Math.max(...times) : null,
    opsPerSecond: okMs > 0 ? ok.length / (okMs / 1000) : null,
    averageSize: mean(sizes),
    averageSignMs: mean(ok.map((s) => s.signMs)),
    averageVerifyMs: mean(ok.map((s) => s.verifyMs)),
    medianEngineSignMs: median(engineSign),
    medianEngineVerifyMs: median(defined(ok.map((s) => s.engineVerifyMs))),
    engineSignTimed: engineSign.length,
    distribution,
  };
}

/** Distinct error messages with how often each occurred, most frequent first. */
export function errorCounts(samples: readonly Sample[]): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  const unknown = i18n.t('demo:networkError');
  for (const s of samples) if (!s.ok) counts.set(s.error ?? unknown, (counts.get(s.error ?? unknown) ?? 0) + 1);
  return [...counts].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
}

/** a ÷ b when both are known and b is positive. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a != null && b != null && b > 0 ? a / b : null;
}
