/** Demo sessions' rows on SQLite (docs/decisions/050-one-storage-seam.md): the statement moved from demo-session.ts. */
import type { Database } from '../../../db/sqlite-driver.ts';
import type { DemoSessionsRepository } from './demo-session.repository.ts';

export class SqliteDemoSessionsRepository implements DemoSessionsRepository {
  private readonly ensure;

  constructor(sqlite: Database) {
    this.ensure = sqlite.prepare<[string, number]>("INSERT OR IGNORE INTO sessions (sid, data, expires_at) VALUES (?, '{\"demo\":true}', ?)");
  }

  async keepAddressOwner(sid: string, expiresAt: number): Promise<void> {
    this.ensure.run(sid, expiresAt);
  }
}
