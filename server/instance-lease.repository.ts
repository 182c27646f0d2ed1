/**
 * The leases of server instances sharing one database (docs/decisions/050-one-storage-seam.md): an
 * instance is alive while its lease runs, and renews it on a heartbeat. What a live instance holds
 * (admitted calls' places, running idempotent requests) is its own; once its lease has run out,
 * the other instances free it. Lease times come from the database's clock, so the instances'
 * clocks need not agree.
 */
export interface InstanceLeases {
  /** Starts (or restarts) the instance's lease, running `ttlMs` from now. */
  registerInstance(instanceId: string, ttlMs: number): Promise<void>;
  /**
   * Extends the instance's lease to `ttlMs` from now, if it is still running. False when it had
   * already run out: what the instance held may have been freed by others, so it registers again
   * (and its calls whose holds were swept fail at their commit, uncharged).
   */
  renewLease(instanceId: string, ttlMs: number): Promise<boolean>;
  /** Ends the instance's lease (a clean shutdown, after its last commit). */
  releaseInstance(instanceId: string): Promise<void>;
  /** Forgets leases that have run out; returns how many. */
  removeLapsed(): Promise<number>;
}
