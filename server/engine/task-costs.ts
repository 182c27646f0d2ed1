/**
 * What each kind of engine task has recently cost a worker, learned from the workers' own timing
 * of every task (the `ms` of each answer). The pool uses it to decide how much work a worker may
 * hold queued behind the task it runs (pool.ts, PIPELINE_MS; docs/decisions/042).
 */
import type { TaskName } from './protocol.ts';

/** Weight of the newest timing in the running average: a few tasks move it, one outlier does not. */
const WEIGHT = 0.25;

export class TaskCosts {
  private readonly ms = new Map<TaskName, number>();

  /**
   * Milliseconds one task of this kind takes a worker. 0 until one has been timed: a kind never
   * seen is pipelined as every task was before costs were counted (docs/decisions/010).
   */
  of(task: TaskName): number {
    return this.ms.get(task) ?? 0;
  }

  record(task: TaskName, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const known = this.ms.get(task);
    this.ms.set(task, known === undefined ? ms : known + WEIGHT * (ms - known));
  }
}
