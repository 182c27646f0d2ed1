import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpuSplit, cpuTimes, processTreeMs, type CpuTimes } from './process-cpu.ts';

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

describe.runIf(process.platform === 'linux')('the CPU of a process tree', () => {
  it('counts a busy child process with its parent', async () => {
    const before = processTreeMs(process.pid)!;
    // The child spins until it has used 300 ms of CPU, says so, and stays alive to be read.
    const spin = "while (process.cpuUsage().user + process.cpuUsage().system < 300000); console.log('spun'); setTimeout(() => {}, 60000);";
    const child = spawn(process.execPath, ['-e', spin]);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      // /proc counts whole 10 ms clock ticks, charged by sampling, so it may trail the child's own
      // getrusage figure of 300 ms by a few ticks (290 was seen in a full run).
      expect(processTreeMs(process.pid)! - before).toBeGreaterThanOrEqual(250);
    } finally {
      child.kill();
    }
    expect(processTreeMs(2 ** 22 + 7)).toBeUndefined();
  });
});
