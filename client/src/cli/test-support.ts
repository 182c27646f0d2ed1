/**
 * For the CLI's tests: a real server on a port with a real account (server/test-support.ts), and
 * the real `pq` bin run as a child process against it, its exit code and both streams captured.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningTestApp, type ListeningTestApp } from '../../../server/test-support.ts';

export const PQ_BIN = fileURLToPath(new URL('../../bin/pq.mjs', import.meta.url));

export interface PqRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** What is piped to standard input (always closed, so a command that reads it never waits). */
  input?: string | Buffer;
  /** PQ_* and the like, over the account's PQ_API_URL, PQ_API_KEY and PQ_API_SECRET. */
  env?: Record<string, string | undefined>;
  cwd?: string;
}

export type Account = ListeningTestApp['account'];

export interface LiveServer extends ListeningTestApp {
  /** A scratch directory, removed by close(). */
  dir: string;
  /** Runs `pq args…` as the account (its key pair in PQ_API_KEY and PQ_API_SECRET). */
  pq(args: string[], options?: RunOptions): Promise<PqRun>;
  /** The environment pq gets for `account`. */
  envOf(account: Account): Record<string, string>;
  close(): Promise<void>;
}

/** The parent's environment without PQ_*, so a developer's own settings never reach the tests. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PQ_')));

export function runPq(args: string[], options: RunOptions = {}): Promise<PqRun> {
  return new Promise((resolve) => {
    const env = { ...cleanEnv(), ...options.env };
    const child = execFile(process.execPath, [PQ_BIN, ...args], { env, cwd: options.cwd, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin!.end(options.input ?? '');
  });
}

export async function startLiveServer(): Promise<LiveServer> {
  const live = await listeningTestApp();
  const { baseUrl, account } = live;
  const dir = mkdtempSync(join(tmpdir(), 'pq-cli-'));
  const envOf = (who: Account) => ({ PQ_API_URL: baseUrl, PQ_API_KEY: who.apiKey, PQ_API_SECRET: who.apiSecret });
  return {
    ...live,
    dir,
    envOf,
    pq: (args, options = {}) => runPq(args, { cwd: dir, ...options, env: { ...envOf(account), ...options.env } }),
    async close() {
      await live.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
