import { describe, expect, it } from 'vitest';
import { temporaryDatabases } from '../../../db/temporary-database.ts';
import { HistoryDeletion } from './history-deletion.ts';

const open = temporaryDatabases('pq-history-deletion-');

/** A database with two users, and `rows` operations of each stamped by `stamp(i)`. */
function withHistory(rows: number, stamp: (i: number) => number) {
  const database = open();
  const { sqlite } = database;
  sqlite.prepare("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com'), ('u2', 'u2@example.com')").run();
  const insert = sqlite.prepare("INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature, created_at) VALUES (?, 'api', 'sign', 'dilion', ?, '{}', ?)");
  sqlite.transaction(() => {
    for (let i = 0; i < rows; i++) for (const user of ['u1', 'u2']) insert.run(user, `m${i}`, stamp(i));
  })();
  const left = (user: string) => (sqlite.prepare('SELECT message FROM crypto_operations WHERE user_id = ? ORDER BY id').all(user) as { message: string }[]).map((r) => r.message);
  return { sqlite, left };
}

describe('HistoryDeletion', () => {
  it('deletes every operation of one user across many batches, and no one else’s', async () => {
    const { sqlite, left } = withHistory(25, () => 1_000);
    expect(await new HistoryDeletion(sqlite, 4).all('u1')).toBe(25);
    expect(left('u1')).toEqual([]);
    expect(left('u2')).toHaveLength(25);
  });

  it('deletes exactly the operations older than the cutoff, batch after batch', async () => {
    const day = 86_400_000;
    const { sqlite, left } = withHistory(30, (i) => i * day);
    expect(await new HistoryDeletion(sqlite, 4).olderThan('u1', 17 * day)).toBe(17);
    expect(left('u1')).toEqual(Array.from({ length: 13 }, (_, i) => `m${i + 17}`));
    expect(left('u2')).toHaveLength(30);
  });

  it('finds older rows committed just after newer ones (ids out of time order by a few milliseconds)', async () => {
    // Row i is stamped 1000 - i ms: later ids are older, as a group commit can leave them.
    const { sqlite, left } = withHistory(10, (i) => 1_000 - i);
    expect(await new HistoryDeletion(sqlite, 3).olderThan('u1', 995)).toBe(4);
    expect(left('u1')).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('stops reading once it is a minute past the cutoff, without scanning the rest', async () => {
    const minute = 60_000;
    const { sqlite, left } = withHistory(100, (i) => i * minute);
    const deletion = new HistoryDeletion(sqlite, 5);
    const reads = deletion as unknown as { idsAfter: { all: (...args: unknown[]) => unknown[] } };
    const all = reads.idsAfter.all.bind(reads.idsAfter);
    let batchesRead = 0;
    reads.idsAfter = { all: (...args) => (batchesRead++, all(...args)) };
    expect(await deletion.olderThan('u1', 3 * minute)).toBe(3);
    // The first batch ends at minute 4, a minute past the cutoff: every later id is newer.
    expect(batchesRead).toBe(1);
    expect(left('u1')).toHaveLength(97);
  });
});
