/**
 * CPU time a process has used, read from Linux's /proc, per thread: its main thread (where a Node
 * server's HTTP, JSON and SQLite work runs), its engine workers, and the rest (V8's garbage
 * collection and compiler helpers, libuv's pool). The http bench divides the difference over a run
 * by the requests answered. Elsewhere: undefined.
 *
 * Node names every thread "node", so the engine workers are told apart by what they do: over a
 * run, they are the `workers` busiest threads after the main one (each spends hundreds of µs per
 * signature; no helper thread comes near).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuTimes {
  mainMs: number;
  allMs: number;
  /** CPU ms of each thread, by thread id. */
  threads: Map<number, number>;
  /** Time the main thread was ready to run but waited for a core (schedstat), when the kernel reports it. */
  mainWaitMs: number | undefined;
}

/** A run's CPU split between the threads, in ms. */
export interface CpuSplit {
  mainMs: number;
  workersMs: number;
  otherMs: number;
  allMs: number;
  mainWaitMs: number | undefined;
}

/** USER_HZ: /proc reports CPU time in these ticks, 100 per second on every Linux port in use. */
const TICKS_PER_MS = 100 / 1000;

function ticks(statFile: string): number {
  // Fields after the parenthesised command name (which may contain spaces): utime is 14th, stime 15th.
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function waitMs(pid: number): number | undefined {
  try {
    // schedstat: time on the CPU, time waiting on a run queue, timeslices; the first two in ns.
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

export function cpuTimes(pid: number | undefined): CpuTimes | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const threads = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        threads.set(Number(tid), ticks(`/proc/${pid}/task/${tid}/stat`) / TICKS_PER_MS);
      } catch {
        // The thread ended between the listing and the read; its time stays in the process total.
      }
    }
    // The main thread's time is the one read in the loop: a second read could be a tick later.
    const mainMs = threads.get(pid) ?? ticks(`/proc/${pid}/task/${pid}/stat`) / TICKS_PER_MS;
    return { mainMs, allMs: ticks(`/proc/${pid}/stat`) / TICKS_PER_MS, threads, mainWaitMs: waitMs(pid) };
  } catch {
    return undefined;
  }
}

/** What each kind of thread of process `pid` used between two readings; `workers` is the engine pool's size. */
export function cpuSplit(pid: number, before: CpuTimes, after: CpuTimes, workers: number): CpuSplit {
  const used = [...after.threads].filter(([tid]) => tid !== pid).map(([tid, ms]) => ms - (before.threads.get(tid) ?? 0));
  used.sort((a, b) => b - a);
  const mainMs = after.mainMs - before.mainMs;
  const allMs = after.allMs - before.allMs;
  const workersMs = used.slice(0, workers).reduce((a, b) => a + b, 0);
  const mainWaitMs = after.mainWaitMs !== undefined && before.mainWaitMs !== undefined ? after.mainWaitMs - before.mainWaitMs : undefined;
  return { mainMs, workersMs, otherMs: Math.max(0, allMs - mainMs - workersMs), allMs, mainWaitMs };
}

/**
 * CPU ms used so far by process `rootPid` and every process below it (a PostgreSQL postmaster and
 * its backends, which are its children), from each live process's own times; undefined off Linux
 * or when the root is gone. Children that have exited are not counted: the scale-out bench keeps
 * its database connections open across a measured run, so none exits within one.
 */
export function processTreeMs(rootPid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const parents = new Map<number, number>();
  const own = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parents.set(pid, Number(fields[1]));
      own.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS);
    } catch {
      // Exited between the listing and the read.
    }
  }
  if (!own.has(rootPid)) return undefined;
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, ms] of own) if (inTree(pid)) total += ms;
  return total;
}
