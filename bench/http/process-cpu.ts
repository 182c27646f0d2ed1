/**
 * CPU time a process has used, read from Linux's /proc: its main thread alone (where a Node
 * server's HTTP, JSON and SQLite work runs) and all its threads (adding the engine workers). The
 * http bench divides the difference over a run by the requests answered. Elsewhere: undefined.
 */
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  mainMs: number;
  allMs: number;
}

/** USER_HZ: /proc reports CPU time in these ticks, 100 per second on every Linux port in use. */
const TICKS_PER_MS = 100 / 1000;

function ticks(statFile: string): number {
  // Fields after the parenthesised command name (which may contain spaces): utime is 14th, stime 15th.
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export function cpuTimes(pid: number | undefined): CpuTimes | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    return { mainMs: ticks(`/proc/${pid}/task/${pid}/stat`) / TICKS_PER_MS, allMs: ticks(`/proc/${pid}/stat`) / TICKS_PER_MS };
  } catch {
    return undefined;
  }
}
