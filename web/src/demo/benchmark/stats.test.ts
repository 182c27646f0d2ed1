import { describe, expect, it } from 'vitest';
import { bucketOf, errorCounts, median, ratio, summarize, type Sample } from './stats.ts';

const sample = (index: number, time: number, extra: Partial<Sample> = {}): Sample => ({
  index,
  side: 'server',
  ok: true,
  signMs: time * 0.6,
  verifyMs: time * 0.4,
  time,
  size: 3309,
  ...extra,
});
const failed = (index: number, error?: string): Sample => ({ ...sample(index, 0), ok: false, signMs: 0, verifyMs: 0, size: null, error });

describe('benchmark buckets', () => {
  it('puts operations under 200 ms in Fast, 200 to 500 ms in Normal, over 500 ms in Slow, failures in Failed', () => {
    expect(bucketOf({ ok: true, time: 0.3 })).toBe('fast');
    expect(bucketOf({ ok: true, time: 199.9 })).toBe('fast');
    expect(bucketOf({ ok: true, time: 200 })).toBe('normal');
    expect(bucketOf({ ok: true, time: 500 })).toBe('normal');
    expect(bucketOf({ ok: true, time: 500.1 })).toBe('slow');
    expect(bucketOf({ ok: false, time: 0 })).toBe('failed');
  });
});

describe('benchmark summary', () => {
  it('averages successful operations and counts failures against the success rate', () => {
    const s = summarize([sample(1, 10), sample(2, 30), failed(3, 'boom'), sample(4, 600)]);
    expect(s).toMatchObject({ operations: 4, succeeded: 3, failed: 1, successRate: 75, totalMs: 640 });
    expect(s.averageMs).toBeCloseTo(640 / 3);
    expect(s.minMs).toBe(10);
    expect(s.maxMs).toBe(600);
    expect(s.opsPerSecond).toBeCloseTo(3 / 0.64);
    expect(s.averageSize).toBe(3309);
    expect(s.averageSignMs).toBeCloseTo((6 + 18 + 360) / 3);
    expect(s.distribution).toEqual({ fast: 2, normal: 0, slow: 1, failed: 1 });
  });

  it('has no averages, rate or speed when nothing succeeded', () => {
    const s = summarize([failed(1), failed(2)]);
    expect(s).toMatchObject({ successRate: 0, averageMs: null, minMs: null, maxMs: null, opsPerSecond: null, averageSize: null });
    expect(summarize([]).successRate).toBe(0);
  });

  it('takes the median of the engine times that are known', () => {
    const s = summarize([sample(1, 5, { engineSignMs: 0.5 }), sample(2, 5, { engineSignMs: 0.3 }), sample(3, 5), sample(4, 5, { engineSignMs: 0.9 })]);
    expect(s.medianEngineSignMs).toBe(0.5);
    expect(s.medianEngineVerifyMs).toBeNull();
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('counts the successful operations whose sign engine time is known, which the median is taken over', () => {
    const s = summarize([sample(1, 5, { engineSignMs: 0.5 }), sample(2, 5), { ...failed(3), engineSignMs: 50 }, sample(4, 5, { engineSignMs: 0.9, engineVerifyMs: 0.2 })]);
    expect(s.engineSignTimed).toBe(2);
    expect(s.medianEngineSignMs).toBeCloseTo(0.7);
    expect(s.medianEngineVerifyMs).toBe(0.2);
  });

  it('lists each distinct error once with its count, a missing message as Network error', () => {
    expect(errorCounts([failed(1, 'no route'), failed(2), failed(3, 'no route'), sample(4, 1)])).toEqual([
      { message: 'no route', count: 2 },
      { message: 'Network error', count: 1 },
    ]);
  });

  it('divides only known figures by a positive one', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
  });
});
