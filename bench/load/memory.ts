/**
 * The server's resident memory during a load run, read from Linux's /proc (elsewhere: undefined),
 * and the least-squares slope of those samples: a server whose memory stays flat under a steady
 * load has a slope near zero once its caches and JIT have warmed up.
 */
import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes. */
export function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

export interface Sample {
  /** ms since the run started. */
  t: number;
  bytes: number;
}

/** Least-squares slope of bytes over time, in bytes per minute (NaN with fewer than two samples). */
export function slopePerMinute(samples: Sample[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const meanT = samples.reduce((s, p) => s + p.t, 0) / n;
  const meanB = samples.reduce((s, p) => s + p.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.t - meanT) * (p.bytes - meanB);
    den += (p.t - meanT) ** 2;
  }
  return den === 0 ? Number.NaN : (num / den) * 60_000;
}

/** Samples the pid's RSS every `everyMs` until stopped. */
export function sampleRss(pid: number | undefined, everyMs: number): { stop(): Sample[] } {
  const samples: Sample[] = [];
  const start = performance.now();
  const take = () => {
    const bytes = rssOf(pid);
    if (bytes !== undefined) samples.push({ t: performance.now() - start, bytes });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
