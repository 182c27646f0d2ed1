/**
 * express-session's store on our SQLite database (the `sessions` table), so sessions survive
 * restarts without another service. Expired rows, and the demo signing keys of sessions that are
 * gone, are pruned on a timer that never keeps the process alive.
 */
import session from 'express-session';
import type Database from 'better-sqlite3';

const DAY_MS = 24 * 60 * 60 * 1000;

export class SqliteSessionStore extends session.Store {
  private readonly getStmt: Database.Statement;
  private readonly setStmt: Database.Statement;
  private readonly destroyStmt: Database.Statement;
  private readonly touchStmt: Database.Statement;
  private readonly pruneStmt: Database.Statement;
  private readonly pruneDemoKeys: Database.Statement;
  private readonly timer: NodeJS.Timeout;

  constructor(sqlite: Database.Database, pruneEveryMs = 15 * 60 * 1000) {
    super();
    this.getStmt = sqlite.prepare('SELECT data FROM sessions WHERE sid = ? AND expires_at > ?');
    this.setStmt = sqlite.prepare(
      'INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at',
    );
    this.destroyStmt = sqlite.prepare('DELETE FROM sessions WHERE sid = ?');
    this.touchStmt = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE sid = ?');
    this.pruneStmt = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
    // A demo visitor's signing key lives as long as the visitor's session.
    this.pruneDemoKeys = sqlite.prepare(
      'DELETE FROM signing_keys WHERE demo_session_id IS NOT NULL AND demo_session_id NOT IN (SELECT sid FROM sessions)',
    );
    this.timer = setInterval(() => this.prune(), pruneEveryMs);
    this.timer.unref();
  }

  private static expiry(sess: session.SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + DAY_MS;
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
      this.setStmt.run(sid, JSON.stringify(sess), SqliteSessionStore.expiry(sess));
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
      this.touchStmt.run(SqliteSessionStore.expiry(sess), sid);
    } finally {
      callback?.();
    }
  }

  /** Deletes expired sessions and the demo signing keys of sessions that are gone; returns sessions deleted. */
  prune(): number {
    const sessions = this.pruneStmt.run(Date.now()).changes;
    this.pruneDemoKeys.run();
    return sessions;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
