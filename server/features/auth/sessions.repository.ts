/**
 * What listing and ending an account's sessions needs of storage (docs/decisions/050-one-storage-seam.md):
 * the rows express-session's store keeps in `sessions` (server/http/session-store.ts), by the
 * account they name. What a row shows its owner stays in sessions.service.ts.
 */

/** One stored session of an account: its id (the cookie's secret) and express-session's data, as JSON. */
export interface StoredSession {
  sid: string;
  data: string;
}

export interface SessionsRepository {
  /** The account's sessions that expire after `aliveAt` (ms since the epoch; 0: every one), latest expiry first. */
  sessionsOf(userId: string, aliveAt: number): Promise<StoredSession[]>;
  /** Ends the session `sid` if it is the account's; whether it ended one. */
  endSession(userId: string, sid: string): Promise<boolean>;
  /** Ends every session of the account but `keepSid` ('' ends them all); how many ended. */
  endSessionsExcept(userId: string, keepSid: string): Promise<number>;
}
