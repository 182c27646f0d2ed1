/**
 * The run's order and batching, with each side's operation replaced by a record of the call: which
 * operations run where, in what order, how they are grouped into server calls, and Stop.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BENCHMARK_MAX_OPERATIONS } from '../../../../server/contract/demo-benchmark.ts';
import type { Sample } from './stats.ts';

const calls: string[] = [];
const ok = (index: number, side: Sample['side']): Sample => ({ index, side, ok: true, signMs: 1, verifyMs: 1, time: 2, size: 3309 });

vi.mock('./operations.ts', async (original) => ({
  ...(await original<typeof import('./operations.ts')>()),
  warmUp: vi.fn(async () => {
    calls.push('warm-up');
  }),
  browserOperation: vi.fn(async (_algorithm: string, index: number) => {
    calls.push(`browser${index}`);
    return ok(index, 'browser');
  }),
}));
vi.mock('./serverBatch.ts', () => ({
  runServerBatch: vi.fn(async (_algorithm: string, first: number, count: number) => {
    calls.push(`server${first}-${first + count - 1}`);
    return { samples: Array.from({ length: count }, (_, i) => ok(first + i, 'server')), call: { operations: count, roundTripMs: 5, serverMs: 4 } };
  }),
}));

const { runBenchmark, validCount, MAX_COUNT, SERVER_BATCH } = await import('./run.ts');

beforeEach(() => {
  calls.length = 0;
});

const options = (count: number, extra: Partial<Parameters<typeof runBenchmark>[0]> = {}) => ({
  algorithm: 'dilion' as const,
  count,
  signal: new AbortController().signal,
  onSample: () => {},
  onWait: () => {},
  ...extra,
});

describe('benchmark run', () => {
  it('accepts only whole counts from 1 to the server’s most operations per run, 500', () => {
    expect(MAX_COUNT).toBe(BENCHMARK_MAX_OPERATIONS);
    expect([1, 100, 500].every(validCount)).toBe(true);
    expect([0, 501, -3, 2.5, Number.NaN].some(validCount)).toBe(false);
  });

  it('warms up, then runs each batch in the browser and then on the server in one call, never both at once', async () => {
    const samples: Sample[] = [];
    const batches: unknown[] = [];
    const result = await runBenchmark(options(23, { onSample: (s) => samples.push(s), onBatch: (c) => batches.push(c) }));
    expect(result.stopped).toBe(false);
    const browser = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `browser${from + i}`);
    expect(SERVER_BATCH).toBe(10);
    expect(calls).toEqual(['warm-up', ...browser(1, 10), 'server1-10', ...browser(11, 20), 'server11-20', ...browser(21, 23), 'server21-23']);
    expect(samples).toHaveLength(46);
    expect(batches).toEqual([1, 2, 3].map((n) => ({ operations: n < 3 ? 10 : 3, roundTripMs: 5, serverMs: 4 })));
  });

  it('takes 10 server calls for the default 100 operations', async () => {
    await runBenchmark(options(100));
    expect(calls.filter((c) => c.startsWith('server'))).toHaveLength(10);
  });

  it('runs one side alone when asked, without the browser’s warm-up for the server', async () => {
    await runBenchmark(options(12, { sides: ['server'] }));
    expect(calls).toEqual(['server1-10', 'server11-12']);
  });

  it('stops at the next operation once stopped', async () => {
    const controller = new AbortController();
    const result = await runBenchmark(options(100, { signal: controller.signal, onSample: (s) => s.index === 2 && s.side === 'browser' && controller.abort() }));
    expect(result.stopped).toBe(true);
    expect(calls).toEqual(['warm-up', 'browser1', 'browser2']);
  });
});
