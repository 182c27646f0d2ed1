/**
 * A throwaway PostgreSQL cluster from Debian's packages (/usr/lib/postgresql/N/bin), for the tests
 * (db/postgres/test-server.ts) and the scale-out bench (bench/http/scale-out.ts): initdb in a
 * temporary folder, reached over a Unix socket there (no port to pick), fsync off (test data only),
 * stopped and removed by stop() or, if the process exits first, at its exit. initdb refuses to run
 * as root, so as root the cluster belongs to the `postgres` user the package creates.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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

export interface Cluster {
  /** A superuser's URL on the cluster's socket. */
  url: string;
  /** The postmaster's process id (its backends are its children): for reading the database's CPU time. */
  pid: number;
  stop(): Promise<void>;
}

export async function startCluster(bin: string): Promise<Cluster> {
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
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      process.removeListener('exit', onExit);
      await asOwner('pg_ctl', stopArgs('fast')).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
