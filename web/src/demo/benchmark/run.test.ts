import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sample } from './stats.ts';

const calls: string[] = [];
vi.mock('./operations.ts', async (original) => {
  const actual = await original<typeof import('./operations.ts')>();
  return {
    ...actual,
    warmUp: vi.fn(async () => {}),
    runOperation: vi.fn(async (_algorithm: string, side: 'browser' | 'server', index: number): Promise<Sample> => {
      calls.push(`${side}${index}`);
      return { index, side, ok: true, signMs: 1, verifyMs: 1, time: 2, size: 3309 };
    }),
  };
});

const { runBenchmark, validCount, SERVER_PAUSE_MS } = await import('./run.ts');

beforeEach(() => {
  calls.length = 0;
});

describe('benchmark run', () => {
  it('accepts only whole counts from 1 to 500', () => {
    expect([1, 100, 500].every(validCount)).toBe(true);
    expect([0, 501, -3, 2.5, Number.NaN].some(validCount)).toBe(false);
  });

  it('alternates browser and server operations, pausing 50 ms after each server call', async () => {
    const samples: Sample[] = [];
    const start = performance.now();
    const result = await runBenchmark({ algorithm: 'dilion', count: 3, signal: new AbortController().signal, onSample: (s) => samples.push(s), onWait: () => {} });
    expect(result.stopped).toBe(false);
    expect(calls).toEqual(['browser1', 'server1', 'browser2', 'server2', 'browser3', 'server3']);
    expect(samples).toHaveLength(6);
    expect(performance.now() - start).toBeGreaterThanOrEqual(3 * SERVER_PAUSE_MS - 5);
  });

  it('stops at the next step once stopped', async () => {
    const controller = new AbortController();
    const result = await runBenchmark({
      algorithm: 'dilion',
      count: 100,
      signal: controller.signal,
      onSample: (s) => s.index === 2 && s.side === 'browser' && controller.abort(),
      onWait: () => {},
    });
    expect(result.stopped).toBe(true);
    expect(calls).toEqual(['browser1', 'server1', 'browser2']);
  });
});
