/**
 * The periodic purges on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * housekeeping.ts, each one DELETE. SQLite has one writer and the server one process
 * (db/server-lock.ts), so no two purges run at once.
 */
import type { Database } from '../db/sqlite-driver.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';

export class SqliteHousekeepingRepository implements HousekeepingRepository {
  private readonly statements;

  constructor(sqlite: Database) {
    const goneSession = 'demo_session_id IS NOT NULL AND demo_session_id NOT IN (SELECT sid FROM sessions)';
    this.statements = {
      sessions: sqlite.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?'),
      anonymousSessionsOverCap: sqlite.prepare<[number]>(
        'DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions WHERE user_id IS NULL ORDER BY expires_at DESC LIMIT -1 OFFSET ?)',
      ),
      anonymousOperationsOverCap: sqlite.prepare<[number]>(
        'DELETE FROM crypto_operations WHERE id IN (SELECT id FROM crypto_operations WHERE user_id IS NULL AND demo_session_id IS NOT NULL ORDER BY id DESC LIMIT -1 OFFSET ?)',
      ),
      demoSigningKeys: sqlite.prepare(`DELETE FROM signing_keys WHERE ${goneSession}`),
      demoServiceKeys: sqlite.prepare(`DELETE FROM service_keys WHERE ${goneSession}`),
      demoOperations: sqlite.prepare(`DELETE FROM crypto_operations WHERE user_id IS NULL AND ${goneSession}`),
      idempotencyRecords: sqlite.prepare<[number]>('DELETE FROM idempotency_records WHERE created_at <= ?'),
      contactMessages: sqlite.prepare<[number]>('DELETE FROM contact_messages WHERE created_at <= ?'),
    };
  }

  async purgeExpiredSessions(now: number): Promise<number> {
    return this.statements.sessions.run(now).changes;
  }

  async purgeAnonymousSessionsOverCap(cap: number): Promise<number> {
    return this.statements.anonymousSessionsOverCap.run(cap).changes;
  }

  async purgeDemoSigningKeys(): Promise<number> {
    return this.statements.demoSigningKeys.run().changes;
  }

  async purgeDemoServiceKeys(): Promise<number> {
    return this.statements.demoServiceKeys.run().changes;
  }

  async purgeDemoOperations(): Promise<number> {
    return this.statements.demoOperations.run().changes;
  }

  async purgeAnonymousOperationsOverCap(cap: number): Promise<number> {
    return this.statements.anonymousOperationsOverCap.run(cap).changes;
  }

  async purgeIdempotencyRecords(cutoff: number): Promise<number> {
    return this.statements.idempotencyRecords.run(cutoff).changes;
  }

  async purgeContactMessages(cutoff: number): Promise<number> {
    return this.statements.contactMessages.run(cutoff).changes;
  }
}
