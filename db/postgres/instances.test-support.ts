/**
 * Several server instances on one PostgreSQL database, for the tests of what must hold across
 * instances (docs/decisions/050-one-storage-seam.md): each has a pool of its own (4 connections,
 * as in storage.test-support.ts) and an instance id of its own, as separate processes would.
 */
import { afterAll } from 'vitest';
import type { EngineUnderTest } from '../storage.test-support.ts';
import { openPostgres, type PostgresDatabase } from './connect.ts';
import { openPostgresStorage, type PostgresStorage } from './storage.ts';

export type InstancesOn = (engine: EngineUnderTest, ids: string[]) => Promise<PostgresStorage[]>;

/**
 * Call at a test file's top level, after storageEngines() (vitest runs afterAll hooks in reverse,
 * so the pools close before the server drops the databases). Gives instancesOn(engine, ids): one
 * instance per id on the engine's database.
 */
export function useInstances(): InstancesOn {
  const pools: PostgresDatabase[] = [];
  afterAll(async () => {
    for (const database of pools.splice(0)) await database.close();
  });
  return async (engine, ids) => {
    if (engine.name !== 'postgres') throw new Error('instancesOn runs on PostgreSQL');
    const url = engine.postgres.pool.options.connectionString;
    if (!url) throw new Error('the test database was opened without a URL');
    const storages: PostgresStorage[] = [];
    for (const id of ids) {
      const database = await openPostgres(url, { max: 4 });
      pools.push(database);
      storages.push(openPostgresStorage(database, id));
    }
    return storages;
  };
}
