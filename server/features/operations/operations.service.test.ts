import { describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../../db/connection.ts';
import { temporaryDatabases } from '../../../db/temporary-database.ts';
import { openSqliteStorage } from '../../../db/storage.ts';
import { toCryptoOperation } from './operation-views.ts';
import type { OperationValues } from './operations.repository.ts';
import { GROUP_COMMIT_WINDOW_MS, MAX_BATCH_ROWS, OperationsService, type NewOperation } from './operations.service.ts';
import { operationInsert } from './operations.sqlite.ts';

const open = temporaryDatabases('pq-ops-');

const demoSign = (demoSessionId: string, message: string): NewOperation => ({
  userId: null,
  demoSessionId,
  channel: 'demo',
  apiKey: null,
  operationType: 'sign',
  algorithm: 'dilion',
  message,
  signature: { encoded: 'AAAA' },
  verified: true,
  signatureSize: 3309,
  generationTime: 0.3,
});

/** The service on the database's storage (made after countCommits, which wraps the transactions the repository prepares). */
const serviceOn = (database: AppDatabase, onLost?: (error: Error, row: OperationValues) => void, engineBacklogged?: () => boolean) => {
  const storage = openSqliteStorage(database);
  return new OperationsService(storage.operations, storage.operationHistory, onLost, engineBacklogged);
};

const stored = (database: AppDatabase) => (database.sqlite.prepare('SELECT count(*) AS n FROM crypto_operations').get() as { n: number }).n;

/** Counts the commits SQLite makes on this connection (PRAGMA data_version moves only for other connections). */
function countCommits(database: AppDatabase): () => number {
  let commits = 0;
  const original = database.sqlite.transaction.bind(database.sqlite);
  database.sqlite.transaction = ((fn: (...args: never[]) => unknown) => {
    const wrapped = original(fn);
    return Object.assign((...args: never[]) => {
      commits++;
      return wrapped(...args);
    }, wrapped);
  }) as typeof database.sqlite.transaction;
  return () => commits;
}

describe('OperationsService group commit', () => {
  it('commits the rows recorded in one event-loop turn together, at the end of that turn', async () => {
    const database = open();
    const commits = countCommits(database);
    const operations = serviceOn(database);
    for (let i = 0; i < 25; i++) operations.record(demoSign('s1', `m${i}`));
    expect(stored(database)).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored(database)).toBe(25);
    expect(commits()).toBe(1);
  });

  it('lets a reader see calls recorded a moment ago, newest first', async () => {
    const database = open();
    const operations = serviceOn(database);
    operations.record(demoSign('s2', 'first'));
    operations.record(demoSign('s2', 'second'));
    expect((await operations.history({ demoSessionId: 's2' }, 10)).map((r) => r.message)).toEqual(['second', 'first']);
    expect((await operations.performance()).overall.operations).toBe(2);
  });

  it('stores the other rows of a batch when one of them cannot be stored, and reports that one', async () => {
    const database = open();
    const lost: string[] = [];
    const operations = serviceOn(database, (error, row) => lost.push(`${String(row.message)}: ${error.message}`));
    operations.record(demoSign('s3', 'kept before'));
    // A user deleted between the call and the commit: the foreign key refuses the row.
    const orphan = operations.record({ ...demoSign('s3', 'orphan'), userId: 'no-such-user' });
    operations.record(demoSign('s3', 'kept after'));
    operations.flush();
    await expect(orphan).rejects.toThrow('FOREIGN KEY constraint failed');
    expect((await operations.history({ demoSessionId: 's3' }, 10)).map((r) => r.message)).toEqual(['kept after', 'kept before']);
    expect(lost).toEqual(['orphan: FOREIGN KEY constraint failed']);
    // The running totals count the stored rows only.
    expect((await operations.performance()).overall.operations).toBe(2);
  });

  it('writes what is still queued when flushed at shutdown', () => {
    const database = open();
    const operations = serviceOn(database);
    operations.record(demoSign('s4', 'last call'));
    operations.flush();
    database.close();
    const reopened = openDatabase(database.sqlite.name);
    expect(reopened.sqlite.prepare('SELECT message FROM crypto_operations').all()).toEqual([{ message: 'last call' }]);
    reopened.close();
  });
});

describe('the group commit window (docs/decisions/031)', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const windowEnds = () => new Promise((resolve) => setTimeout(resolve, GROUP_COMMIT_WINDOW_MS + 20));

  it('does not make a caller wait while the engine has no backlog: its row commits at the end of the turn', async () => {
    const database = open();
    const operations = serviceOn(database, undefined, () => false);
    const committed = operations.record(demoSign('w1', 'alone'));
    await turn();
    expect(stored(database)).toBe(1);
    await committed;
  });

  it('waits while the engine is backlogged for the rows that keep coming, then commits them all in one transaction', async () => {
    const database = open();
    const commits = countCommits(database);
    const operations = serviceOn(database, undefined, () => true);
    const first = operations.record(demoSign('w2', 'first'));
    await turn();
    expect(stored(database)).toBe(0);
    operations.record(demoSign('w2', 'second'));
    operations.record(demoSign('w2', 'third'));
    await windowEnds();
    await first;
    expect(stored(database)).toBe(3);
    expect(commits()).toBe(1);
  });

  it('commits at the end of the turn as soon as the engine\'s backlog is gone', async () => {
    const database = open();
    const commits = countCommits(database);
    let backlogged = true;
    const operations = serviceOn(database, undefined, () => backlogged);
    operations.record(demoSign('w3', 'first'));
    await turn();
    expect(stored(database)).toBe(0);
    backlogged = false;
    operations.record(demoSign('w3', 'last'));
    await turn();
    expect(stored(database)).toBe(2);
    expect(commits()).toBe(1);
  });

  it('commits a full batch at once, without waiting out the window', async () => {
    const database = open();
    const operations = serviceOn(database, undefined, () => true);
    for (let i = 0; i < MAX_BATCH_ROWS; i++) operations.record(demoSign('w4', `m${i}`));
    await turn();
    expect(stored(database)).toBe(MAX_BATCH_ROWS);
  });

  it('lets a reader see rows still waiting in the window', async () => {
    const database = open();
    const operations = serviceOn(database, undefined, () => true);
    operations.record(demoSign('w5', 'waiting'));
    expect((await operations.history({ demoSessionId: 'w5' }, 10)).map((r) => r.message)).toEqual(['waiting']);
  });
});

describe('the raw INSERT of operation records', () => {
  it('names every column of the migrated table but the id, each bound by its schema property in the same place', () => {
    const database = open();
    const columns = (database.sqlite.prepare('PRAGMA table_info(crypto_operations)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => name !== 'id');
    const { sql, keys } = operationInsert();
    const named = /\(([^)]*)\) VALUES/.exec(sql)![1]!.split(', ');
    expect([...named].sort()).toEqual([...columns].sort());
    expect(sql.match(/\?/g)).toHaveLength(named.length);
    // Each parameter takes the property of its column: demo_session_id ← demoSessionId, and so on.
    const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    expect(keys.map(snake)).toEqual(named);
  });

  it('stores every field it is given, read back through drizzle', async () => {
    const database = open();
    const operations = serviceOn(database);
    operations.record({ ...demoSign('s9', 'all fields'), publicKey: { encoded: 'BBBB', keyId: 'k1' }, metadata: { sid: 'x' }, verificationTime: 1.5 });
    const [row] = await operations.history({ demoSessionId: 's9' }, 10);
    expect(row).toMatchObject({
      demoSessionId: 's9', channel: 'demo', operationType: 'sign', algorithm: 'dilion', message: 'all fields',
      signature: {}, publicKey: { keyId: 'k1' }, metadata: { sid: 'x' }, verified: true,
      signatureSize: 3309, generationTime: 0.3, verificationTime: 1.5,
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(toCryptoOperation(row!)).toMatchObject({ signature: { encoded: 'AAAA' }, publicKey: { encoded: 'BBBB', keyId: 'k1' } });
  });

  it('keeps the encoded member of a signature as its raw bytes, and the history gives back the same JSON', async () => {
    const database = open();
    const operations = serviceOn(database);
    const signature = { encoded: Buffer.from(Array.from({ length: 3309 }, (_, i) => i % 251)).toString('base64'), c: [1, -1, 0] };
    operations.record({ ...demoSign('s10', 'bytes'), signature });
    operations.flush();
    const stored = database.sqlite.prepare('SELECT signature, signature_bytes AS bytes, typeof(signature_bytes) AS type FROM crypto_operations').get() as { signature: string; bytes: Buffer; type: string };
    expect(stored.type).toBe('blob');
    expect(stored.bytes.length).toBe(3309);
    expect(JSON.parse(stored.signature)).toEqual({ c: [1, -1, 0] });
    const [row] = await operations.history({ demoSessionId: 's10' }, 10);
    expect(JSON.stringify(toCryptoOperation(row!).signature)).toBe(JSON.stringify(signature));
  });

  it('reads rows written before migration 0006, whose JSON still holds encoded', async () => {
    const database = open();
    const operations = serviceOn(database);
    database.sqlite
      .prepare("INSERT INTO crypto_operations (demo_session_id, channel, operation_type, algorithm, message, signature, public_key, verified) VALUES ('s11', 'demo', 'sign', 'dilion', 'old', ?, ?, 1)")
      .run('{"encoded":"AAAA"}', '{"encoded":"BBBB","keyId":"k"}');
    const [row] = await operations.history({ demoSessionId: 's11' }, 10);
    expect(toCryptoOperation(row!)).toMatchObject({ signature: { encoded: 'AAAA' }, publicKey: { encoded: 'BBBB', keyId: 'k' } });
  });
});

describe('the indexes of operation records', () => {
  it('leave API rows out of the demo-session index and demo rows out of the API-key index, and still serve their look-ups', () => {
    const database = open();
    const plan = (sql: string) => (database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan("SELECT * FROM crypto_operations WHERE demo_session_id = 's' AND user_id IS NULL AND id < 9 ORDER BY id DESC LIMIT 10")).toContain('USING INDEX crypto_operations_demo_idx (demo_session_id=? AND id<?)');
    expect(plan("SELECT * FROM crypto_operations WHERE api_key = 'pk' ORDER BY id DESC LIMIT 10")).toContain('USING INDEX crypto_operations_api_key_idx (api_key=?)');
    const definition = (index: string) => (database.sqlite.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(index) as { sql: string }).sql;
    expect(definition('crypto_operations_demo_idx')).toMatch(/WHERE "crypto_operations"\."demo_session_id" IS NOT NULL$/);
    expect(definition('crypto_operations_api_key_idx')).toMatch(/WHERE "crypto_operations"\."api_key" IS NOT NULL$/);
  });
});

describe('the performance figures', () => {
  it('are running totals per algorithm: averages of what was recorded, kept when old rows are purged', async () => {
    const database = open();
    const operations = serviceOn(database);
    operations.record(demoSign('s1', 'a'));
    operations.record({ ...demoSign('s1', 'b'), signatureSize: 3373, generationTime: 0.5, algorithm: 'qes2-ecdsa' });
    operations.record({ ...demoSign('s1', 'c'), operationType: 'verify', signatureSize: 3309, generationTime: null, verificationTime: 0.2 });
    const before = await operations.performance();
    expect(before.overall).toEqual({ algorithm: 'all', operations: 3, averageSignatureSize: (3309 + 3373) / 2, averageGenerationTime: 0.4, averageVerificationTime: 0.2 });
    expect(before.byAlgorithm.map((a) => [a.algorithm, a.operations, a.averageSignatureSize])).toEqual([['dilion', 2, 3309], ['qes2-ecdsa', 1, 3373]]);
    database.sqlite.prepare('DELETE FROM crypto_operations').run();
    expect(await operations.performance()).toEqual(before);
    // A later commit adds to them.
    operations.record({ ...demoSign('s1', 'd'), signatureSize: 3309, generationTime: 0.3 });
    expect((await operations.performance()).byAlgorithm.map((a) => [a.algorithm, a.operations])).toEqual([['dilion', 3], ['qes2-ecdsa', 1]]);
  });
});
