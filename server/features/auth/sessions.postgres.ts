/**
 * An account's sessions on PostgreSQL (docs/decisions/050-one-storage-seam.md): the same statements
 * as sessions.sqlite.ts, on the `sessions` table every instance shares. Each is one statement, so
 * ending a session here ends it for every instance's next request.
 */
import type { PgDb } from '../../../db/postgres/connect.ts';
import type { SessionsRepository, StoredSession } from './sessions.repository.ts';

export class PostgresSessionsRepository implements SessionsRepository {
  constructor(private readonly db: PgDb) {}

  async sessionsOf(userId: string, aliveAt: number): Promise<StoredSession[]> {
    const { rows } = await this.db.$client.query<StoredSession>(
      'SELECT sid, data FROM sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY expires_at DESC',
      [userId, aliveAt],
    );
    return rows;
  }

  async endSession(userId: string, sid: string): Promise<boolean> {
    const { rowCount } = await this.db.$client.query('DELETE FROM sessions WHERE sid = $1 AND user_id = $2', [sid, userId]);
    return rowCount === 1;
  }

  async endSessionsExcept(userId: string, keepSid: string): Promise<number> {
    const { rowCount } = await this.db.$client.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, keepSid]);
    return rowCount ?? 0;
  }
}
