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
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

export const HOW_TO_RUN =
  'set PG_TEST_URL=postgres://USER@HOST:PORT/postgres (a user that may create databases), or install PostgreSQL 15+ (apt-get install postgresql), or run `eval "$(bash .ci/postgres.sh)"` first';

export interface PostgresTestServer {
  /** False when no server could be found and the tests are to be skipped (never in CI). */
  readonly available: boolean;
  /** A new, empty database on the server, dropped after this file's tests: its URL. */
  createDatabase(): Promise<string>;
}

/** The bin folder of the newest installed PostgreSQL 15 or later, if any. */
export function findPostgresBinaries(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => Number.isInteger(v) && v >= 15)
    .sort((a, b) => b - a);
  for (const v of versions) {
    const bin = join(root, String(v), 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** The same server URL naming another database (the `host=` of a socket URL is kept). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

interface Cluster {
  url: string;
  stop(): Promise<void>;
}

async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pq-postgres-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const asOwner = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const stopArgs = (mode: string) => ['stop', '-D', data, '-m', mode, '-s'];
  // If the worker exits without afterAll (a crash), do not leave a server running.
  const onExit = () => {
    const args = asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...stopArgs('immediate')] : stopArgs('immediate');
    try {
      execFileSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await asOwner('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    process.once('exit', onExit);
    // Test data only: no fsync; TCP off, the socket lives in the cluster's own folder.
    const settings = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c fsync=off -c full_page_writes=off`;
    await asOwner('pg_ctl', ['start', '-D', data, '-w', '-s', '-l', join(dir, 'server.log'), '-o', settings]);
  } catch (error) {
    onExit();
    process.removeListener('exit', onExit);
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not start a throwaway PostgreSQL cluster with ${bin}: ${stderr || (error as Error).message}`, { cause: error });
  }
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    async stop() {
      process.removeListener('exit', onExit);
      await asOwner('pg_ctl', stopArgs('fast')).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
