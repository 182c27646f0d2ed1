/**
 * The engine pool's waiting tasks, served one tenant at a time (docs/architecture.md §4,
 * docs/decisions/042). Each tenant's tasks wait first in, first out; the tenants take turns, one
 * task each per round. A tenant with nothing waiting that submits a task joins the round under
 * way, unless it was already served in it, and then the next one. So a task waits at most for one
 * task of each other tenant ahead of it in the rotation, however many the others have queued: an
 * account with 400 proofs waiting delays another's signature by one proof, not 400.
 *
 * Within a round every tenant counts the same whatever its tasks cost: the pool keeps a heavy task
 * from queueing behind others on a worker instead (pool.ts, PIPELINE_MS).
 */
import type { Tenant } from './tenant.ts';

export class FairQueue<T> {
  /** Each waiting tenant's tasks, oldest first; a tenant with none is not here. */
  private readonly waiting = new Map<Tenant, T[]>();
  /** Tenants still to be served in the round under way, in turn. */
  private thisRound: Tenant[] = [];
  /** Tenants already served in this round that have more waiting, in turn. */
  private nextRound: Tenant[] = [];
  /**
   * Tenants served in this round: one that submits again goes to the next round. Emptied when a
   * round ends; when nothing waits, only the tenant served last is kept (a pool that hands every
   * task straight to a worker empties the queue after each), so it never outgrows the tenants
   * served while tasks kept waiting.
   */
  private readonly served = new Set<Tenant>();
  private count = 0;

  /** Tasks waiting, all tenants together. */
  get size(): number {
    return this.count;
  }

  push(tenant: Tenant, item: T): void {
    this.count++;
    const queue = this.waiting.get(tenant);
    if (queue) {
      queue.push(item);
      return;
    }
    this.waiting.set(tenant, [item]);
    (this.served.has(tenant) ? this.nextRound : this.thisRound).push(tenant);
  }

  /** The next task in the rotation, or undefined when none waits. */
  shift(): T | undefined {
    if (this.thisRound.length === 0) {
      if (this.nextRound.length === 0) return undefined;
      this.thisRound = this.nextRound;
      this.nextRound = [];
      this.served.clear();
    }
    const tenant = this.thisRound.shift()!;
    const queue = this.waiting.get(tenant)!;
    const item = queue.shift()!;
    this.count--;
    if (this.count === 0) this.served.clear();
    this.served.add(tenant);
    if (queue.length > 0) this.nextRound.push(tenant);
    else this.waiting.delete(tenant);
    return item;
  }

  /** Removes and returns every waiting task (the pool failing them all). */
  drain(): T[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.thisRound = [];
    this.nextRound = [];
    this.served.clear();
    this.count = 0;
    return all;
  }
}
