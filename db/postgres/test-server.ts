/**
 * A real PostgreSQL server for the tests of a file (docs/decisions/047).
 *
 * Where the server comes from, in order:
 * 1. `PG_TEST_URL` (a superuser's URL, or one allowed to CREATE DATABASE): CI sets it from
 *    .ci/postgres.sh, so every test file shares one cluster.
 * 2. PostgreSQL 15 or newer installed from Debian's packages (/usr/lib/postgresql/N/bin): a
 *    throwaway cluster in a temporary folder, reached over a Unix socket there (no port to pick),
 *    started before the file's tests and stopped and removed after them. initdb refuses to run as
 *    root, so as root the cluster belongs to the `postgres` user the package creates.
 * 3. Neither: the file's PostgreSQL tests are skipped with one line that says how to run them;
 *    with `CI` set the file fails instead, so CI never skips them silently.
 *
 * Each test gets databases of its own from createDatabase(), dropped after the file: one database
 * per test file or test, not a schema, because drizzle-kit's migrations name `public` explicitly.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { databaseUrl, findPostgresBinaries, startCluster, type Cluster } from './throwaway-cluster.ts';

export const HOW_TO_RUN =
  'set PG_TEST_URL=postgres://USER@HOST:PORT/postgres (a user that may create databases), or install PostgreSQL 15+ (apt-get install postgresql), or run `eval "$(bash .ci/postgres.sh)"` first';

export interface PostgresTestServer {
  /** False when no server could be found and the tests are to be skipped (never in CI). */
  readonly available: boolean;
  /** A new, empty database on the server, dropped after this file's tests: its URL. */
  createDatabase(): Promise<string>;
}

/** Where a test file's server comes from: a URL, a cluster of its own, or none (skip, or fail in CI). */
export type ServerSource = { kind: 'url'; url: string } | { kind: 'cluster'; bin: string } | { kind: 'none'; fail: boolean; message: string };

export function locateServer(env: NodeJS.ProcessEnv = process.env, root = '/usr/lib/postgresql'): ServerSource {
  if (env.PG_TEST_URL) return { kind: 'url', url: env.PG_TEST_URL };
  const bin = findPostgresBinaries(root);
  if (bin) return { kind: 'cluster', bin };
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  return ci
    ? { kind: 'none', fail: true, message: `No PostgreSQL server for the tests, and CI never skips them: ${HOW_TO_RUN}.` }
    : { kind: 'none', fail: false, message: `PostgreSQL tests skipped (no server): ${HOW_TO_RUN}.` };
}

/**
 * Call at the top of a test file; guard its PostgreSQL tests with
 * `describe.skipIf(!server.available)`.
 */
export function usePostgres(): PostgresTestServer {
  const source = locateServer();
  if (source.kind === 'none') {
    if (source.fail) throw new Error(source.message);
    console.warn(source.message);
    return { available: false, createDatabase: () => Promise.reject(new Error('no PostgreSQL server')) };
  }

  let cluster: Cluster | undefined;
  let admin: pg.Pool | undefined;
  let serverUrl = source.kind === 'url' ? source.url : '';
  const created: string[] = [];

  beforeAll(async () => {
    if (source.kind === 'cluster') {
      cluster = await startCluster(source.bin);
      serverUrl = cluster.url;
    }
    admin = new pg.Pool({ connectionString: serverUrl, max: 2 });
  });

  afterAll(async () => {
    try {
      for (const name of created.splice(0)) await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin?.end();
      await cluster?.stop();
    }
  });

  return {
    available: true,
    async createDatabase() {
      if (!admin) throw new Error('createDatabase() runs inside tests or hooks, after the server has started');
      const name = `pqtest_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      created.push(name);
      return databaseUrl(serverUrl, name);
    },
  };
}
