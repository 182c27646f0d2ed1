/**
 * Periodic purges, so that nothing an anonymous caller can make the server store outlives its use
 * (docs/api.md §6, §5.3): expired sessions; the demo signing keys, service keys and anonymous demo
 * operations of sessions that are gone; idempotency records past their 24 hours; contact messages
 * past 90 days (docs/product.md §11). Anonymous rows also have global caps, so that many addresses
 * together cannot fill the disk either: past them the oldest anonymous sessions and demo operations
 * go first. Runs once at start and then every `everyMs`; each statement is one DELETE.
 */
import type Database from 'better-sqlite3';
import { IDEMPOTENCY_TTL_MS } from './http/idempotency.ts';

export interface PurgeCounts {
  sessions: number;
  /** Anonymous sessions past ANONYMOUS_CAPS.sessions, oldest first (their keys and operations follow). */
  anonymousSessionsOverCap: number;
  /** Anonymous demo operations past ANONYMOUS_CAPS.operations, oldest first. */
  anonymousOperationsOverCap: number;
  demoSigningKeys: number;
  demoServiceKeys: number;
  demoOperations: number;
  idempotencyRecords: number;
  contactMessages: number;
}

/** How long a contact message that could not be mailed is kept for the operator to answer (docs/product.md §11). */
export const CONTACT_MESSAGE_TTL_MS = 90 * 86_400_000;

/** The most anonymous rows kept at once, across every visitor: a session holds one key per algorithm it used and its last 20 operations (docs/api.md §6). */
export const ANONYMOUS_CAPS = { sessions: 10_000, operations: 100_000 };

export class Housekeeping {
  private readonly statements;
  private readonly timer: NodeJS.Timeout;

  constructor(
    sqlite: Database.Database,
    everyMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
    caps: typeof ANONYMOUS_CAPS = ANONYMOUS_CAPS,
  ) {
    const goneSession = 'demo_session_id IS NOT NULL AND demo_session_id NOT IN (SELECT sid FROM sessions)';
    this.statements = {
      sessions: sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
      anonymousSessionsOverCap: sqlite.prepare(
        `DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions WHERE user_id IS NULL ORDER BY expires_at DESC LIMIT -1 OFFSET ${caps.sessions})`,
      ),
      anonymousOperationsOverCap: sqlite.prepare(
        `DELETE FROM crypto_operations WHERE id IN (SELECT id FROM crypto_operations WHERE user_id IS NULL AND demo_session_id IS NOT NULL ORDER BY id DESC LIMIT -1 OFFSET ${caps.operations})`,
      ),
      demoSigningKeys: sqlite.prepare(`DELETE FROM signing_keys WHERE ${goneSession}`),
      demoServiceKeys: sqlite.prepare(`DELETE FROM service_keys WHERE ${goneSession}`),
      // A signed-in visitor's demo operations belong to the account and stay in its history.
      demoOperations: sqlite.prepare(`DELETE FROM crypto_operations WHERE user_id IS NULL AND ${goneSession}`),
      idempotencyRecords: sqlite.prepare('DELETE FROM idempotency_records WHERE created_at <= ?'),
      contactMessages: sqlite.prepare('DELETE FROM contact_messages WHERE created_at <= ?'),
    };
    this.timer = setInterval(() => this.run(), everyMs);
    this.timer.unref();
  }

  run(): PurgeCounts {
    const now = this.now();
    const s = this.statements;
    const sessions = s.sessions.run(now).changes;
    const anonymousSessionsOverCap = s.anonymousSessionsOverCap.run().changes;
    return {
      sessions,
      anonymousSessionsOverCap,
      demoSigningKeys: s.demoSigningKeys.run().changes,
      demoServiceKeys: s.demoServiceKeys.run().changes,
      demoOperations: s.demoOperations.run().changes,
      anonymousOperationsOverCap: s.anonymousOperationsOverCap.run().changes,
      idempotencyRecords: s.idempotencyRecords.run(now - IDEMPOTENCY_TTL_MS).changes,
      contactMessages: s.contactMessages.run(now - CONTACT_MESSAGE_TTL_MS).changes,
    };
  }

  close(): void {
    clearInterval(this.timer);
  }
}
