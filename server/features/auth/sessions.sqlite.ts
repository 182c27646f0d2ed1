/** An account's sessions on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from sessions.service.ts. */
import type { Database } from '../../../db/sqlite-driver.ts';
import type { SessionsRepository, StoredSession } from './sessions.repository.ts';

export class SqliteSessionsRepository implements SessionsRepository {
  private readonly ofUser;
  private readonly deleteOne;
  private readonly deleteAllBut;

  constructor(sqlite: Database) {
    this.ofUser = sqlite.prepare<[string, number], StoredSession>('SELECT sid, data FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY expires_at DESC');
    this.deleteOne = sqlite.prepare<[string, string]>('DELETE FROM sessions WHERE sid = ? AND user_id = ?');
    this.deleteAllBut = sqlite.prepare<[string, string]>('DELETE FROM sessions WHERE user_id = ? AND sid <> ?');
  }

  async sessionsOf(userId: string, aliveAt: number): Promise<StoredSession[]> {
    return this.ofUser.all(userId, aliveAt);
  }

  async endSession(userId: string, sid: string): Promise<boolean> {
    return this.deleteOne.run(sid, userId).changes === 1;
  }

  async endSessionsExcept(userId: string, keepSid: string): Promise<number> {
    return this.deleteAllBut.run(userId, keepSid).changes;
  }
}
