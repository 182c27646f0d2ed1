/** The contract of HealthRepository (docs/decisions/050-one-storage-seam.md), run on every storage engine. */
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../db/postgres/connect.ts';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { HealthRepository } from './health.repository.ts';
import { PostgresHealthRepository } from './health.postgres.ts';
import { SqliteHealthRepository } from './health.sqlite.ts';

const engines = storageEngines();

const repositoryFor = (engine: EngineUnderTest) =>
  repositoryOn<HealthRepository>(engine, { sqlite: (d) => new SqliteHealthRepository(d.sqlite), postgres: (d) => new PostgresHealthRepository(d.db) });

describe.each(engines)('HealthRepository on $name', (engine) => {
  it('answers a ping, and counts the migrations applied against the ones this build ships', async () => {
    const opened = await engine.open();
    const health = repositoryFor(opened);
    expect(await health.ping()).toBe(true);
    expect(await health.appliedMigrations()).toBe(health.bundledMigrations);
    // The last migration's record gone: as if this build shipped one the database lacks.
    const table = opened.name === 'sqlite' ? '__drizzle_migrations' : 'drizzle.__drizzle_migrations';
    await opened.run(`DELETE FROM ${table} WHERE created_at = (SELECT max(created_at) FROM ${table})`);
    expect(await health.appliedMigrations()).toBe(health.bundledMigrations - 1);
  });

  it('rejects a ping when the database cannot be reached', async () => {
    const opened = await engine.open();
    if (opened.name === 'sqlite') {
      const health = repositoryFor(opened);
      opened.sqlite.close();
      await expect(health.ping()).rejects.toThrow();
      return;
    }
    // A pool of its own on the same database, closed: as if the server had gone.
    const own = await openPostgres(opened.postgres.pool.options.connectionString!, { max: 1 });
    const health = new PostgresHealthRepository(own.db);
    await own.close();
    await expect(health.ping()).rejects.toThrow();
  });
});
