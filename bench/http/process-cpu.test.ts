import { describe, expect, it } from 'vitest';
import { cpuSplit, cpuTimes, type CpuTimes } from './process-cpu.ts';

const reading = (mainMs: number, allMs: number, threads: [number, number][], mainWaitMs?: number): CpuTimes => ({
  mainMs, allMs, threads: new Map(threads), mainWaitMs,
});

describe('the CPU split of a server process', () => {
  it('counts the busiest threads after the main one as the engine workers, the rest as other threads', () => {
    const before = reading(100, 300, [[1, 100], [2, 50], [3, 60], [4, 5], [5, 5]], 10);
    const after = reading(400, 1_420, [[1, 400], [2, 450], [3, 420], [4, 25], [5, 15], [6, 30]], 70);
    expect(cpuSplit(1, before, after, 2)).toEqual({ mainMs: 300, workersMs: 400 + 360, otherMs: 20 + 10 + 30, allMs: 1_120, mainWaitMs: 60 });
  });

  it('leaves the main thread’s wait unknown when the kernel does not report it', () => {
    const split = cpuSplit(1, reading(0, 0, [[1, 0]]), reading(5, 5, [[1, 5]]), 2);
    expect(split).toMatchObject({ mainMs: 5, workersMs: 0, otherMs: 0, mainWaitMs: undefined });
  });

  it.runIf(process.platform === 'linux')('reads this process’s threads from /proc', () => {
    const now = cpuTimes(process.pid)!;
    expect(now.threads.get(process.pid)).toBe(now.mainMs);
    expect(now.allMs).toBeGreaterThanOrEqual(now.mainMs);
    expect(now.mainWaitMs).toBeGreaterThanOrEqual(0);
  });

  it('is undefined without a process id', () => {
    expect(cpuTimes(undefined)).toBeUndefined();
  });
});
