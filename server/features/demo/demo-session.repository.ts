/**
 * What demo sessions need of storage beyond express-session's store (docs/decisions/050-one-storage-seam.md):
 * the session row that owns a cookieless client's demo calls for an hour (demo-session.ts).
 */

export interface DemoSessionsRepository {
  /**
   * Makes sure the session row `sid` exists, created to expire at `expiresAt` (ms since the epoch):
   * a row already there is left as it is, so every call of the hour, on any instance, finds the same owner.
   */
  keepAddressOwner(sid: string, expiresAt: number): Promise<void>;
}
