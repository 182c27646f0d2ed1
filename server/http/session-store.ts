/**
 * express-session's store on our SQLite database (the `sessions` table), so sessions survive
 * restarts without another service. Each row names its signed-in account (`user_id`, from
 * passport's part of the data), so an account's sessions can be listed and ended together
 * (server/features/auth/sessions.service.ts). Expired rows (and what demo visitors left behind) are
 * purged by server/housekeeping.ts. The same store on PostgreSQL, shared by every instance
 * (docs/decisions/050-one-storage-seam.md), is session-store.postgres.ts: both keep the rules below.
 */
import session from 'express-session';
import type Database from 'better-sqlite3';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a session ends: its cookie's expiry, or a day from now for a cookie without one. */
export function sessionExpiry(sess: session.SessionData): number {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires).getTime() : Date.now() + DAY_MS;
}

/** The account signed in to a session (passport's part of the data), or null. */
export function signedInAccount(sess: session.SessionData): string | null {
  const userId = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof userId === 'string' ? userId : null;
}

export class SqliteSessionStore extends session.Store {
  private readonly getStmt: Database.Statement;
  private readonly setStmt: Database.Statement;
  private readonly destroyStmt: Database.Statement;
  private readonly touchStmt: Database.Statement;

  constructor(sqlite: Database.Database) {
    super();
    this.getStmt = sqlite.prepare('SELECT data FROM sessions WHERE sid = ? AND expires_at > ?');
    this.setStmt = sqlite.prepare(
      // The account only while it exists: a session saved as its account is deleted must not fail on the foreign key.
      `INSERT INTO sessions (sid, data, expires_at, user_id) VALUES (?, ?, ?, (SELECT id FROM users WHERE id = ?))
       ON CONFLICT(sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id`,
    );
    this.destroyStmt = sqlite.prepare('DELETE FROM sessions WHERE sid = ?');
    this.touchStmt = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE sid = ?');
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    try {
      const row = this.getStmt.get(sid, Date.now()) as { data: string } | undefined;
      callback(null, row ? (JSON.parse(row.data) as session.SessionData) : null);
    } catch (error) {
      callback(error);
    }
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    try {
      this.setStmt.run(sid, JSON.stringify(sess), sessionExpiry(sess), signedInAccount(sess));
      callback?.();
    } catch (error) {
      callback?.(error);
    }
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    try {
      this.destroyStmt.run(sid);
      callback?.();
    } catch (error) {
      callback?.(error);
    }
  }

  override touch(sid: string, sess: session.SessionData, callback?: () => void): void {
    try {
      this.touchStmt.run(sessionExpiry(sess), sid);
    } finally {
      callback?.();
    }
  }
}
