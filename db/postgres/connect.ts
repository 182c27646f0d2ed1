/**
 * Opens a PostgreSQL pool from a URL with node-postgres (`pg`, docs/decisions/047) and proves it
 * works before anyone relies on it: one round trip that also checks the server is PostgreSQL 15 or
 * newer. A server that cannot be reached, refuses the login or lacks the database stops the start
 * with one line naming the server (never the password) and a code (PostgresConnectionError).
 *
 * Every pool parses `bigint` (int8) as a JavaScript number, so `count(*)` and the 64-bit counters
 * read as numbers in raw SQL as they do on SQLite (pg's default is a string). A value past 2⁵³
 * throws rather than lose digits.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface PostgresDatabase {
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

export type PostgresConnectionCode =
  | 'database_unreachable'
  | 'database_login_refused'
  | 'database_not_found'
  | 'database_version_unsupported'
  | 'database_unavailable';

export class PostgresConnectionError extends Error {
  constructor(
    readonly code: PostgresConnectionCode,
    message: string,
  ) {
    super(message);
    this.name = 'PostgresConnectionError';
  }
}

export const MINIMUM_SERVER_VERSION = 150000;

const INT8_OID = 20;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a JavaScript number`);
  return value;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format),
};

/** The URL as it may be shown: user, host, port and database, no password. */
export function describeServer(url: string): string {
  try {
    const u = new URL(url);
    const host = u.searchParams.get('host') ?? (u.hostname || 'localhost');
    return `postgres://${u.username ? `${decodeURIComponent(u.username)}@` : ''}${host}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the PostgreSQL server (DATABASE_URL is not a valid URL)';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'ENOENT']);

/** The one-line error a failed first connection means, by SQLSTATE or system error code. */
export function connectionError(error: unknown, url: string): PostgresConnectionError {
  const server = describeServer(url);
  const code = (error as { code?: unknown }).code;
  const reason = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && UNREACHABLE.has(code)) {
    return new PostgresConnectionError('database_unreachable', `Cannot reach ${server} (${code}): check that the server runs and DATABASE_URL's host and port.`);
  }
  if (/timeout/i.test(reason)) {
    return new PostgresConnectionError('database_unreachable', `Cannot reach ${server}: no answer in time. Check that the server runs and DATABASE_URL's host and port.`);
  }
  // 28P01 wrong password, 28000 no pg_hba.conf entry or no such role; a password the server asks
  // for and the URL lacks fails in the client, before any SQLSTATE.
  if (code === '28P01' || code === '28000' || /password/i.test(reason)) {
    return new PostgresConnectionError('database_login_refused', `${server} refused the login (${reason}): check DATABASE_URL's user and password.`);
  }
  if (code === '3D000') {
    return new PostgresConnectionError('database_not_found', `${server}: ${reason}. Create it (createdb) or fix DATABASE_URL's database name.`);
  }
  return new PostgresConnectionError('database_unavailable', `${server} cannot be used: ${reason}`);
}

export interface PoolOptions {
  /** Connections kept at most (pg's default is 10). */
  max?: number;
  /**
   * Told about an error on an idle connection (the server restarted, the network dropped). pg then
   * discards that connection and the next query opens another; without a listener the error
   * would end the process.
   */
  onIdleError?: (error: Error) => void;
}

/** A pool over `url`, checked with one query; throws PostgresConnectionError if it cannot be used. */
export async function openPostgres(url: string, options: PoolOptions = {}): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    application_name: 'pq-platform',
    types,
  });
  pool.on('error', options.onIdleError ?? (() => {}));
  let version: number;
  try {
    const { rows } = await pool.query<{ version: number }>("SELECT current_setting('server_version_num')::int AS version");
    version = rows[0]!.version;
  } catch (error) {
    await pool.end().catch(() => {});
    throw connectionError(error, url);
  }
  if (version < MINIMUM_SERVER_VERSION) {
    await pool.end();
    throw new PostgresConnectionError(
      'database_version_unsupported',
      `${describeServer(url)} runs PostgreSQL ${Math.floor(version / 10000)}.${version % 10000}; this server needs PostgreSQL 15 or newer.`,
    );
  }
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}
