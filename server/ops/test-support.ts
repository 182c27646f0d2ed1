/** Apps for the operations commands' tests: their folder outlives the app, since the commands run on it afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { onSqlite, TEST_ORIGIN, testConfig, type TestApp } from '../test-support.ts';

const dirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pq-ops-'));
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A real app (one engine worker) on a folder of its own; close() leaves the folder. */
export async function openApp(overrides: Partial<Config> = {}, dir = tempDir()): Promise<TestApp> {
  const config = testConfig(dir, { engineWorkers: 1, ...overrides });
  return { ...onSqlite(await createApp({ config })), dir, config };
}

/**
 * The configuration of an app on the PostgreSQL database at `url`, from an operator's environment
 * (PAYMENTS=off: the emulator is refused there), with the tests' costs; `env` adds MASTER_KEY, say.
 */
export function postgresConfig(url: string, dir: string, env: NodeJS.ProcessEnv = {}): Config {
  const config = loadConfig({ DATABASE_URL: url, PAYMENTS: 'off', NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_ORIGIN: TEST_ORIGIN, ...env });
  const costs = testConfig(dir);
  return { ...config, scryptLogN: costs.scryptLogN, hashing: costs.hashing, rateLimits: costs.rateLimits, registrationsPerHour: costs.registrationsPerHour, engineWorkers: 1 };
}

/** Collects what a command prints. */
export function output() {
  const lines: string[] = [];
  return { out: (text: string) => void lines.push(text), text: () => lines.join('\n') };
}
