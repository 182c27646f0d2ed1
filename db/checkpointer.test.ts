import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpointer, SAFETY_PAGES } from './checkpointer.ts';
import type { CheckpointResult } from './checkpoint-worker.ts';
import { temporaryDatabases } from './temporary-database.ts';

const open = temporaryDatabases('pq-checkpoint-');
const autocheckpoint = (sqlite: { pragma(source: string, options: { simple: true }): unknown }) => sqlite.pragma('wal_autocheckpoint', { simple: true });

describe('the WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread, and the writer checkpoints only past SAFETY_PAGES meanwhile', async () => {
    const database = open();
    const file = database.sqlite.name;
    const checkpointer = await Checkpointer.start(file, database.sqlite, (error) => expect.fail(error.message), 20);
    try {
      expect(autocheckpoint(database.sqlite)).toBe(SAFETY_PAGES);
      database.sqlite.exec('CREATE TABLE filler (bytes BLOB)');
      const insert = database.sqlite.prepare('INSERT INTO filler VALUES (?)');
      for (let i = 0; i < 500; i++) insert.run(Buffer.alloc(3000, i));
      const done = await new Promise<CheckpointResult>((resolve) => {
        const off = checkpointer.onCheckpoint((result) => {
          if (result.log > 0 && result.checkpointed === result.log) {
            off();
            resolve(result);
          }
        });
      });
      // 500 rows of 3 KB are at least 375 pages of 4 KiB: all of them were in the WAL, and all are in the file now.
      expect(done.log).toBeGreaterThan(375);
      expect(database.sqlite.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 500 });
    } finally {
      await checkpointer.stop();
    }
    expect(autocheckpoint(database.sqlite)).toBe(1000);
  });

  it('refuses to start on a database file that is not there, and leaves the writer its own checkpoints', async () => {
    const database = open();
    const failures: Error[] = [];
    await expect(Checkpointer.start(join(database.sqlite.name, '..', 'missing.db'), database.sqlite, (error) => failures.push(error))).rejects.toThrow(/unable to open|does not exist/i);
    expect(autocheckpoint(database.sqlite)).toBe(1000);
    expect(failures).toEqual([]);
  });
});
