import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { HistoryDeletion } from './history-deletion.ts';
import type { OperationHistoryRepository } from './operation-history.repository.ts';
import { PostgresOperationHistoryRepository } from './operation-history.postgres.ts';
import { SqliteOperationHistoryRepository } from './operation-history.sqlite.ts';

const engines = storageEngines();

const historyOn = (engine: EngineUnderTest): OperationHistoryRepository =>
  repositoryOn<OperationHistoryRepository>(engine, { sqlite: (d) => new SqliteOperationHistoryRepository(d.db), postgres: (d) => new PostgresOperationHistoryRepository(d.db) });

/** A database with two users, and `rows` operations of each stamped by `stamp(i)`, ids in the order of i. */
async function withHistory(engine: EngineUnderTest, rows: number, stamp: (i: number) => number) {
  await engine.run("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com'), ('u2', 'u2@example.com')");
  const values: unknown[] = [];
  for (let i = 0; i < rows; i++) for (const user of ['u1', 'u2']) values.push(user, `m${i}`, stamp(i));
  const tuples = Array.from({ length: values.length / 3 }, () => "(?, 'api', 'sign', 'dilion', ?, '{}', ?)").join(', ');
  await engine.run(`INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, created_at) VALUES ${tuples}`, ...values);
  const left = async (user: string) => {
    const found: string[] = [];
    for (let after = 0; ; ) {
      const row = await engine.one<{ id: number; message: string }>('SELECT id, message FROM crypto_operations WHERE user_id = ? AND id > ? ORDER BY id LIMIT 1', user, after);
      if (!row) return found;
      found.push(row.message);
      after = row.id;
    }
  };
  return { history: historyOn(engine), left };
}

describe.each(engines)('HistoryDeletion on $name', (engine) => {
  it('deletes every operation of one user across many batches, and no one else’s', async () => {
    const { history, left } = await withHistory(await engine.open(), 25, () => 1_000);
    expect(await new HistoryDeletion(history, 4).all('u1')).toBe(25);
    expect(await left('u1')).toEqual([]);
    expect(await left('u2')).toHaveLength(25);
  });

  it('deletes exactly the operations older than the cutoff, batch after batch', async () => {
    const day = 86_400_000;
    const { history, left } = await withHistory(await engine.open(), 30, (i) => i * day);
    expect(await new HistoryDeletion(history, 4).olderThan('u1', 17 * day)).toBe(17);
    expect(await left('u1')).toEqual(Array.from({ length: 13 }, (_, i) => `m${i + 17}`));
    expect(await left('u2')).toHaveLength(30);
  });

  it('finds older rows committed just after newer ones (ids out of time order by a few milliseconds)', async () => {
    // Row i is stamped 1000 - i ms: later ids are older, as a group commit can leave them.
    const { history, left } = await withHistory(await engine.open(), 10, (i) => 1_000 - i);
    expect(await new HistoryDeletion(history, 3).olderThan('u1', 995)).toBe(4);
    expect(await left('u1')).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('stops reading once it is a minute past the cutoff, without scanning the rest', async () => {
    const minute = 60_000;
    const { history, left } = await withHistory(await engine.open(), 100, (i) => i * minute);
    let batchesRead = 0;
    const counted: OperationHistoryRepository = Object.assign(Object.create(history) as OperationHistoryRepository, {
      stampsAfter: (...args: Parameters<OperationHistoryRepository['stampsAfter']>) => (batchesRead++, history.stampsAfter(...args)),
    });
    expect(await new HistoryDeletion(counted, 5).olderThan('u1', 3 * minute)).toBe(3);
    // The first batch ends at minute 4, a minute past the cutoff: every later id is newer.
    expect(batchesRead).toBe(1);
    expect(await left('u1')).toHaveLength(97);
  });

  it('deletes the whole history once when two deletions of it run at the same time', async () => {
    const { history, left } = await withHistory(await engine.open(), 60, () => 1_000);
    const counts = await Promise.all([new HistoryDeletion(history, 7).all('u1'), new HistoryDeletion(history, 7).all('u1')]);
    expect(counts[0]! + counts[1]!).toBe(60);
    expect(await left('u1')).toEqual([]);
  });
});
