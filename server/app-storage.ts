/**
 * The app's storage for the configured engine (docs/decisions/050-one-storage-seam.md): the
 * repositories (db/storage.ts) and the stores of what must agree across instances.
 *
 * - SQLite (one process per file, db/server-lock.ts): the repositories on the file; the login
 *   throttle's and two-factor codes' failure counts, per-IP limits and per-account cap in this
 *   process's memory, exact with one process.
 * - PostgreSQL (any number of instances): the database migrated under its advisory lock, then this
 *   instance's lease registered before it serves; a heartbeat renews the lease (registering again
 *   if it had lapsed), sweeps the holds of instances whose lease ran out and forgets lapsed leases;
 *   every store in the database. A master key that does not open the database's sealed values
 *   stops the start (every instance must share MASTER_KEY).
 *
 * State that is right per instance stays in memory on both: per-key call slots (they guard this
 * instance's engine queue), the password-hashing queue, the engine queue, PayPal's token cache.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type session from 'express-session';
import type { Store } from 'express-rate-limit';
import { openDatabase, type AppDatabase } from '../db/connection.ts';
import { openPostgres } from '../db/postgres/connect.ts';
import { migratePostgres } from '../db/postgres/migrate.ts';
import { openPostgresStorage } from '../db/postgres/storage.ts';
import { openSqliteStorage, type Storage } from '../db/storage.ts';
import type { Config } from './config.ts';
import { ConfigError } from './config.ts';
import { PostgresAccountSlots } from './http/account-slots.postgres.ts';
import { CallSlots, type AccountSlots } from './http/call-slots.ts';
import { PostgresRateLimitStore } from './http/rate-limit-store.postgres.ts';
import { PostgresSessionStore } from './http/session-store.postgres.ts';
import { SqliteSessionStore } from './http/session-store.ts';
import type { Logger } from './logger.ts';
import { MemoryLoginThrottleStore, type LoginThrottleStore } from './security/login-throttle-store.ts';
import { PostgresLoginThrottleStore } from './security/login-throttle-store.postgres.ts';
import { masterKeyOpensSealedValues } from './security/sealed-check.ts';

/** How long an instance's lease runs without a renewal; the heartbeat renews it three times as often. */
export const LEASE_MS = 30_000;

export interface AppStorage {
  storage: Storage;
  /** The SQLite database, on that engine (the WAL checkpointer and tests reach it). */
  sqlite: AppDatabase | undefined;
  sessionStore: session.Store;
  /** The failure counts of the login throttle and of two-factor codes (server/security/login-throttle-store.ts). */
  loginThrottleStore: LoginThrottleStore;
  /** The store of one per-IP limiter (`name` keeps its counts apart); undefined: in memory. */
  rateLimitStore(name: string): Store | undefined;
  accountSlots: AccountSlots;
  /** Stops the heartbeat, gives the lease back and closes what this opened. */
  close(): Promise<void>;
}

export interface AppStorageOptions {
  /** A SQLite database opened by the caller (tests), which it closes. */
  database?: AppDatabase;
  master: Buffer;
}

export async function openAppStorage(config: Config, logger: Logger, options: AppStorageOptions): Promise<AppStorage> {
  if (config.database.engine === 'sqlite') {
    const database = options.database ?? openDatabase(config.databaseFile);
    return {
      storage: openSqliteStorage(database),
      sqlite: database,
      sessionStore: new SqliteSessionStore(database.sqlite),
      loginThrottleStore: new MemoryLoginThrottleStore(config.loginThrottle.tracked),
      rateLimitStore: () => undefined,
      accountSlots: CallSlots.perAccount(config.concurrentCallsPerAccount),
      close: async () => {
        if (!options.database) database.close();
      },
    };
  }
  return openOnPostgres(config.database.url, config, logger, options.master);
}

async function openOnPostgres(url: string, config: Config, logger: Logger, master: Buffer): Promise<AppStorage> {
  const database = await openPostgres(url, { onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection was lost; the next query opens another') });
  const instanceId = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const storage = openPostgresStorage(database, instanceId);
  try {
    await migratePostgres(database.pool);
    // The lease before the key check: a master-key rotation either sees this instance and refuses,
    // or has re-sealed before the check runs (server/ops/rotation-database.postgres.ts).
    await storage.leases.registerInstance(instanceId, LEASE_MS);
    if ((await masterKeyOpensSealedValues(database, master)) === false) {
      await storage.leases.releaseInstance(instanceId);
      throw new ConfigError('The master key does not open the secrets sealed in this PostgreSQL database: every instance needs the same MASTER_KEY (the one the database was first used with).');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const heartbeat = async () => {
    if (!(await storage.leases.renewLease(instanceId, LEASE_MS))) {
      logger.warn({ instanceId }, 'this instance’s lease had run out (a pause longer than its lease): registering again; calls admitted before it fail uncharged');
      await storage.leases.registerInstance(instanceId, LEASE_MS);
    }
    await storage.metering.sweepHolds();
    await storage.leases.removeLapsed();
  };
  const timer = setInterval(() => heartbeat().catch((error: unknown) => logger.warn({ err: error }, 'the instance heartbeat failed; the next one tries again')), LEASE_MS / 3);
  timer.unref();
  const accountSlots = new PostgresAccountSlots(database.db, config.concurrentCallsPerAccount, {
    leaseMs: LEASE_MS,
    onError: (error) => logger.warn({ err: error }, 'an account call slot could not be given back or renewed; it frees itself when its lease runs out'),
  });
  return {
    storage,
    sqlite: undefined,
    sessionStore: new PostgresSessionStore(database.db),
    loginThrottleStore: new PostgresLoginThrottleStore(database.db, config.loginThrottle.tracked),
    rateLimitStore: (name) => new PostgresRateLimitStore(database.db, name),
    accountSlots,
    close: async () => {
      clearInterval(timer);
      try {
        await accountSlots.close();
        await storage.leases.releaseInstance(instanceId);
      } finally {
        await database.close();
      }
    },
  };
}
