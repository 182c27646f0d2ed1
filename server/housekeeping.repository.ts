/**
 * What the periodic purges (housekeeping.ts) need of storage (docs/decisions/050-one-storage-seam.md):
 * one method per purge, each returning how many rows it removed. Each may run at the same time in
 * several instances on one database: a purge removes what is past its rule when it runs, so one that
 * runs twice removes nothing more the second time.
 */
export interface HousekeepingRepository {
  /** Sessions whose expiry (ms) is at or before `now`. */
  purgeExpiredSessions(now: number): Promise<number>;
  /** Anonymous sessions (no account) past the newest `cap` by expiry, so that `cap` are left. */
  purgeAnonymousSessionsOverCap(cap: number): Promise<number>;
  /** Demo signing keys whose session is gone. */
  purgeDemoSigningKeys(): Promise<number>;
  /** Demo service keys whose session is gone. */
  purgeDemoServiceKeys(): Promise<number>;
  /** Anonymous demo operations (no account) whose session is gone; a signed-in visitor's stay in the account's history. */
  purgeDemoOperations(): Promise<number>;
  /** Anonymous demo operations past the newest `cap` by id, so that `cap` are left. */
  purgeAnonymousOperationsOverCap(cap: number): Promise<number>;
  /** Idempotency records created at or before `cutoff` (ms). */
  purgeIdempotencyRecords(cutoff: number): Promise<number>;
  /** Contact messages created at or before `cutoff` (ms). */
  purgeContactMessages(cutoff: number): Promise<number>;
}
