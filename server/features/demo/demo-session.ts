/**
 * What an anonymous demo visitor may leave on the server (docs/api.md §6): a session that ends an
 * hour after its last demo call, and the last DEMO_HISTORY_KEPT operations of it. A signed-in
 * visitor's session keeps its own lifetime, and its demo operations belong to the account.
 */
import type Database from 'better-sqlite3';
import type { Request } from 'express';
import type { CommitSums } from '../operations/commit-sums.ts';

export const DEMO_IDLE_MS = 60 * 60 * 1000;
export const DEMO_HISTORY_KEPT = 20;

/** Marks the request's session as a demo session (so express-session keeps it) and returns its id. */
export function demoSessionOf(req: Request): string {
  req.session.demo = true;
  // Each anonymous demo call moves the end an hour on: an idle lifetime, not 7 days.
  if (!req.user) req.session.cookie.maxAge = DEMO_IDLE_MS;
  return req.sessionID;
}

/**
 * Trims an anonymous demo session's history to its newest DEMO_HISTORY_KEPT rows, in the commit
 * that adds a row (an `alongside` of OperationsService.record), along the (demo_session_id, id) index.
 */
export class DemoHistoryCap {
  private readonly trim: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.trim = sqlite.prepare(
      `DELETE FROM crypto_operations WHERE demo_session_id = ? AND user_id IS NULL AND id < (
         SELECT id FROM crypto_operations WHERE demo_session_id = ? AND user_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET ${DEMO_HISTORY_KEPT - 1})`,
    );
  }

  /** What to run beside an anonymous demo record of `demoSessionId`; nothing for a signed-in visitor. */
  after(demoSessionId: string, userId: string | null): ((sums: CommitSums) => void) | undefined {
    if (userId !== null) return undefined;
    return () => void this.trim.run(demoSessionId, demoSessionId);
  }
}
