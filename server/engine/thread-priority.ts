/**
 * Lowers the calling thread's scheduling priority, so that on a busy machine the event loop (which
 * reads every request, feeds the engine workers and answers) gets a core before a worker that is
 * only signing (docs/decisions/033). Linux only: there a thread has its own niceness, set through
 * setpriority() with its thread id. Elsewhere setpriority() takes a process id and would renice the
 * whole server, so nothing is done.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Linux's weakest niceness. */
const MAX_NICE = 19;

/** Throws a RangeError naming `name` unless `steps` is a whole number of niceness steps, 0 to 19. */
export function checkNicenessSteps(steps: number, name: string): void {
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_NICE) throw new RangeError(`${name} must be an integer from 0 to ${MAX_NICE}, got ${steps}`);
}

/**
 * Adds `steps` of niceness to the calling thread, counted from what it inherited (a server started
 * under `nice` keeps its offset; an unprivileged thread can only ever lower its own priority).
 * Returns the thread's niceness after the change, or null where threads have none of their own or
 * the kernel refused.
 */
export function lowerThreadPriority(steps: number): number | null {
  checkNicenessSteps(steps, 'steps');
  if (process.platform !== 'linux') return null;
  try {
    // "<pid>/task/<tid>": the thread id of the calling thread, which node:worker_threads does not expose.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const nice = Math.min(MAX_NICE, getPriority(tid) + steps);
    if (steps > 0) setPriority(tid, nice);
    return getPriority(tid);
  } catch {
    return null;
  }
}
