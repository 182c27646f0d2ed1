/** Each part of the readiness check failing on its own, named, with nothing of the driver's error in the outcome. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import type { HealthRepository } from './health.repository.ts';
import { checkReadiness } from './readiness.check.ts';

const SECRET_DETAIL = 'SQLITE_CANTOPEN: unable to open /srv/pq/data/app.db';

function repository(applied: () => Promise<number>, bundled = 12): HealthRepository {
  return { ping: async () => true, appliedMigrations: applied, bundledMigrations: bundled };
}

function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger('warn', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  return { logger, lines };
}

const up = { isReady: true };

describe('checkReadiness', () => {
  it('is ready when the database answers, an engine worker is up and the migrations are the ones this build ships', async () => {
    const { logger } = capturedLogger();
    expect(await checkReadiness(repository(async () => 12), up, logger)).toEqual({
      checks: { database: 'ok', engine: 'ok', migrations: 'ok' }, failing: [],
    });
  });

  it('names the database when it cannot be read, logs why, and leaks nothing of the error in its outcome', async () => {
    const { logger, lines } = capturedLogger();
    const outcome = await checkReadiness(repository(() => Promise.reject(new Error(SECRET_DETAIL))), up, logger);
    expect(outcome).toEqual({ checks: { database: 'unreadable', engine: 'ok', migrations: 'unknown' }, failing: ['database'] });
    expect(JSON.stringify(outcome)).not.toContain('/srv/pq');
    expect(lines.join('')).toContain(SECRET_DETAIL);
  });

  it('names the database when its read does not answer within the limit', async () => {
    const { logger } = capturedLogger();
    const started = performance.now();
    const outcome = await checkReadiness(repository(() => new Promise(() => {})), up, logger, 50);
    expect(outcome.failing).toEqual(['database']);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names the engine when no worker is up', async () => {
    const { logger } = capturedLogger();
    expect(await checkReadiness(repository(async () => 12), { isReady: false }, logger)).toEqual({
      checks: { database: 'ok', engine: 'down', migrations: 'ok' }, failing: ['engine'],
    });
  });

  it('names the migrations when the database is behind this build, or ahead of it', async () => {
    const { logger } = capturedLogger();
    const behind = await checkReadiness(repository(async () => 11), up, logger);
    expect(behind).toEqual({ checks: { database: 'ok', engine: 'ok', migrations: 'behind' }, failing: ['migrations'] });
    const ahead = await checkReadiness(repository(async () => 13), up, logger);
    expect(ahead).toEqual({ checks: { database: 'ok', engine: 'ok', migrations: 'ahead' }, failing: ['migrations'] });
  });

  it('names every failing part at once', async () => {
    const { logger } = capturedLogger();
    expect((await checkReadiness(repository(async () => 0), { isReady: false }, logger)).failing).toEqual(['engine', 'migrations']);
  });
});
