/**
 * The storage seam (docs/decisions/050-one-storage-seam.md): one Storage per process, holding the
 * repositories of one engine. Services take their repository from here and never see a
 * connection.
 *
 * Behind the seam so far: the money path (metering's admit, refund, and the charges a commit
 * writes; the group commit of operation records; Idempotency-Key records), and an account's
 * sessions and the demo's address owners (rows of the `sessions` table). Every other
 * feature still uses the drizzle handle on the app context (ctx.db) until it moves, one feature at
 * a time, as decision 050 orders it.
 */
import type { AppDatabase } from './connection.ts';
import type { IdempotencyRepository } from '../server/http/idempotency.repository.ts';
import { SqliteIdempotencyRepository } from '../server/http/idempotency.sqlite.ts';
import type { MeteringRepository } from '../server/features/metering/metering.repository.ts';
import { SqliteMeteringRepository } from '../server/features/metering/metering.sqlite.ts';
import type { OperationsRepository } from '../server/features/operations/operations.repository.ts';
import { SqliteOperationsRepository } from '../server/features/operations/operations.sqlite.ts';
import type { SessionsRepository } from '../server/features/auth/sessions.repository.ts';
import { SqliteSessionsRepository } from '../server/features/auth/sessions.sqlite.ts';
import type { DemoSessionsRepository } from '../server/features/demo/demo-session.repository.ts';
import { SqliteDemoSessionsRepository } from '../server/features/demo/demo-session.sqlite.ts';

export interface Storage {
  /** The engine's name, for health and the configuration's report. */
  engine: 'sqlite';
  metering: MeteringRepository;
  operations: OperationsRepository;
  idempotency: IdempotencyRepository;
  /** An account's signed-in sessions, listed and ended (express-session's own store is server/http/session-store.ts). */
  sessions: SessionsRepository;
  demoSessions: DemoSessionsRepository;
}

/** The repositories on an open SQLite database; the database's owner closes it. */
export function openSqliteStorage(database: AppDatabase): Storage {
  const metering = new SqliteMeteringRepository(database.db);
  const idempotency = new SqliteIdempotencyRepository(database.db);
  return {
    engine: 'sqlite',
    metering,
    idempotency,
    operations: new SqliteOperationsRepository(database.sqlite, metering, idempotency),
    sessions: new SqliteSessionsRepository(database.sqlite),
    demoSessions: new SqliteDemoSessionsRepository(database.sqlite),
  };
}
