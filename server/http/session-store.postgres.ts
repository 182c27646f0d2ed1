/**
 * express-session's store on PostgreSQL (docs/decisions/050-one-storage-seam.md): the `sessions`
 * table of db/postgres/schema.ts, shared by every instance, so a session signed in through one is
 * known to all and ends everywhere at once. The same statements and rules as the SQLite store
 * (session-store.ts), each one round trip; express-session waits for the callback.
 */
import session from 'express-session';
import type { PgDb } from '../../db/postgres/connect.ts';
import { sessionExpiry, signedInAccount } from './session-store.ts';

export class PostgresSessionStore extends session.Store {
  constructor(private readonly db: PgDb) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db.$client
      .query<{ data: string }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > $2', [sid, Date.now()])
      .then(({ rows }) => (rows[0] ? (JSON.parse(rows[0].data) as session.SessionData) : null))
      .then((found) => callback(null, found), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.db.$client
      .query(
        // The account only while it exists: a session saved as its account is deleted must not fail on the foreign key.
        `INSERT INTO sessions (sid, data, expires_at, user_id) VALUES ($1, $2, $3, (SELECT id FROM users WHERE id = $4))
         ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id`,
        [sid, JSON.stringify(sess), sessionExpiry(sess), signedInAccount(sess)],
      )
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db.$client.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override touch(sid: string, sess: session.SessionData, callback?: () => void): void {
    // As on SQLite, a failed touch is not the request's failure: the session lives on until its old expiry.
    this.db.$client.query('UPDATE sessions SET expires_at = $1 WHERE sid = $2', [sessionExpiry(sess), sid]).then(
      () => callback?.(),
      () => callback?.(),
    );
  }
}
