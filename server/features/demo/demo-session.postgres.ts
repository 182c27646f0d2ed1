/**
 * Demo sessions' rows on PostgreSQL (docs/decisions/050-one-storage-seam.md): one conditional
 * insert, so instances creating the same address owner at once make one row and none fails.
 */
import type { PgDb } from '../../../db/postgres/connect.ts';
import type { DemoSessionsRepository } from './demo-session.repository.ts';

export class PostgresDemoSessionsRepository implements DemoSessionsRepository {
  constructor(private readonly db: PgDb) {}

  async keepAddressOwner(sid: string, expiresAt: number): Promise<void> {
    await this.db.$client.query(`INSERT INTO sessions (sid, data, expires_at) VALUES ($1, '{"demo":true}', $2) ON CONFLICT (sid) DO NOTHING`, [sid, expiresAt]);
  }
}
