import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cancelled, countDown } from './wait.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the rate-limit countdown', () => {
  it('tells the seconds left as each one passes, then 0, and ends when they are over', async () => {
    const told: number[] = [];
    let over = false;
    const wait = countDown(3, { signal: new AbortController().signal, onWait: (s) => told.push(s) }).then(() => (over = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(told).toEqual([3, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(told).toEqual([3, 2, 1]);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await wait;
    expect(told).toEqual([3, 2, 1, 0]);
  });

  it('waits at least a second for a Retry-After of 0 or a fraction', async () => {
    const told: number[] = [];
    const wait = countDown(0.2, { signal: new AbortController().signal, onWait: (s) => told.push(s) });
    await vi.advanceTimersByTimeAsync(1000);
    await wait;
    expect(told).toEqual([1, 0]);
  });

  it('stops at once when the run is stopped, and clears the message', async () => {
    const told: number[] = [];
    const stop = new AbortController();
    const wait = countDown(60, { signal: stop.signal, onWait: (s) => told.push(s) });
    const settled = expect(wait).rejects.toBeInstanceOf(Cancelled);
    await vi.advanceTimersByTimeAsync(2000);
    stop.abort();
    await settled;
    expect(told).toEqual([60, 59, 58, 0]);
  });
});
