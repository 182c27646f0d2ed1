/**
 * The contract of OperationHistoryRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: the same rows give the same pages, counts, days and averages on each. The batched
 * deletion's methods are tested through HistoryDeletion (history-deletion.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { OperationHistoryRepository } from './operation-history.repository.ts';
import { PostgresOperationHistoryRepository } from './operation-history.postgres.ts';
import { SqliteOperationHistoryRepository } from './operation-history.sqlite.ts';

const engines = storageEngines();
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

const historyOn = (engine: EngineUnderTest) =>
  repositoryOn<OperationHistoryRepository>(engine, { sqlite: (d) => new SqliteOperationHistoryRepository(d.db), postgres: (d) => new PostgresOperationHistoryRepository(d.db) });

interface Row {
  userId?: string | null;
  demoSessionId?: string | null;
  channel?: 'api' | 'demo';
  apiKey?: string | null;
  algorithm?: string;
  message: string;
  createdAt: number;
}

/** Inserts the rows in order (ids ascending), with what an API sign call stores unless said. */
async function insert(engine: EngineUnderTest, rows: Row[]): Promise<void> {
  for (const r of rows) {
    await engine.run(
      "INSERT INTO crypto_operations (user_id, demo_session_id, channel, api_key, operation_type, algorithm, message, signature, created_at) VALUES (?, ?, ?, ?, 'sign', ?, ?, '{}', ?)",
      r.userId === undefined ? 'u1' : r.userId, r.demoSessionId ?? null, r.channel ?? 'api', r.apiKey ?? null, r.algorithm ?? 'dilion', r.message, r.createdAt,
    );
  }
}

async function withUsers(engine: EngineUnderTest): Promise<void> {
  await engine.run("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com'), ('u2', 'u2@example.com')");
}

describe.each(engines)('OperationHistoryRepository on $name', (engine) => {
  it('pages an owner’s history newest first by id, the last id of a page its cursor, whatever the rows’ times', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    // Times out of id order by a few ms, as group commits leave them; u2's rows interleaved.
    const stamps = [5, 3, 9, 1, 7, 2, 8];
    await insert(opened, stamps.flatMap((ms, i) => [{ message: `a${i}`, createdAt: T0 + ms }, { userId: 'u2', message: `b${i}`, createdAt: T0 }]));
    const history = historyOn(opened);
    const pages: string[][] = [];
    let before: number | undefined;
    for (;;) {
      const rows = await history.history({ userId: 'u1' }, 3, before);
      pages.push(rows.map((r) => r.message));
      if (rows.length < 3) break;
      before = rows[rows.length - 1]!.id;
    }
    expect(pages).toEqual([['a6', 'a5', 'a4'], ['a3', 'a2', 'a1'], ['a0']]);
    // A cursor whose row has been deleted since still pages on.
    const [, second] = await history.history({ userId: 'u1' }, 2);
    await opened.run('DELETE FROM crypto_operations WHERE id = ?', second!.id);
    expect((await history.history({ userId: 'u1' }, 2, second!.id)).map((r) => r.message)).toEqual(['a4', 'a3']);
  });

  it('gives an anonymous session only the operations it made while signed out', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    await insert(opened, [
      { userId: null, demoSessionId: 's1', channel: 'demo', message: 'anonymous 1', createdAt: T0 },
      { userId: 'u1', demoSessionId: 's1', channel: 'demo', message: 'signed in', createdAt: T0 },
      { userId: null, demoSessionId: 's2', channel: 'demo', message: 'another session', createdAt: T0 },
      { userId: null, demoSessionId: 's1', channel: 'demo', message: 'anonymous 2', createdAt: T0 },
    ]);
    expect((await historyOn(opened).history({ demoSessionId: 's1' }, 10)).map((r) => r.message)).toEqual(['anonymous 2', 'anonymous 1']);
  });

  it('reads every column back as the same values, with the public key of the signing key a row points to', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    await opened.run("INSERT INTO signing_keys (id, user_id, algorithm, name, sealed_seed, public_key) VALUES ('kid_1', 'u1', 'ML-DSA-65', 'Default', 'v1.x', 'PUBLIC')");
    await opened.run(
      `INSERT INTO crypto_operations (user_id, channel, api_key, operation_type, algorithm, message, message_sha256, message_length, signature, public_key,
         signature_bytes, signing_key_id, verified, metadata, signature_size, generation_time, verification_time, created_at)
       VALUES ('u1', 'api', 'pk_u1', 'sign', 'dilion', '', 'ab12', 5, '{"c":[1,-1]}', '{"keyId":"kid_1"}', ?, 'kid_1', TRUE, '{"sid":"x"}', 3309, 0.25, 1.5, ?)`,
      Buffer.from([0, 1, 254, 255]), T0,
    );
    const [row] = await historyOn(opened).history({ userId: 'u1' }, 1);
    expect(row).toEqual({
      id: row!.id, userId: 'u1', demoSessionId: null, channel: 'api', apiKey: 'pk_u1', operationType: 'sign', algorithm: 'dilion', message: '',
      messageSha256: 'ab12', messageLength: 5, signature: { c: [1, -1] }, publicKey: { keyId: 'kid_1' }, signatureBytes: Buffer.from([0, 1, 254, 255]),
      publicKeyBytes: null, signingKeyId: 'kid_1', verified: true, metadata: { sid: 'x' }, signatureSize: 3309, generationTime: 0.25, verificationTime: 1.5,
      createdAt: new Date(T0), keyPublicKey: 'PUBLIC',
    });
  });

  it('counts a user’s operations and dates the first one kept; none: 0 and null', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    await insert(opened, [{ message: 'first', createdAt: T0 + 5 }, { message: 'second', createdAt: T0 + 2 }, { userId: 'u2', message: 'other', createdAt: T0 }]);
    const history = historyOn(opened);
    expect([await history.countForUser('u1'), await history.oldestForUser('u1')]).toEqual([2, new Date(T0 + 5)]);
    expect([await history.countForUser('nobody'), await history.oldestForUser('nobody')]).toEqual([0, null]);
  });

  it('counts a user’s API calls per UTC day and algorithm in a range, by day then algorithm in byte order', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    await insert(opened, [
      { algorithm: 'alpha', message: 'm', createdAt: T0 },
      { algorithm: 'Zeta', message: 'm', createdAt: T0 + DAY - 1 },
      { algorithm: 'alpha', message: 'm', createdAt: T0 + 3_600_000 },
      { algorithm: 'alpha', message: 'm', createdAt: T0 + DAY },
      { algorithm: 'alpha', message: 'demo', channel: 'demo', createdAt: T0 },
      { algorithm: 'alpha', message: 'before', createdAt: T0 - 1 },
      { algorithm: 'alpha', message: 'after', createdAt: T0 + 2 * DAY },
      { userId: 'u2', algorithm: 'alpha', message: 'other', createdAt: T0 },
    ]);
    expect(await historyOn(opened).dailyApiCalls('u1', new Date(T0), new Date(T0 + 2 * DAY))).toEqual([
      { date: '2026-03-01', algorithm: 'Zeta', calls: 1 },
      { date: '2026-03-01', algorithm: 'alpha', calls: 2 },
      { date: '2026-03-02', algorithm: 'alpha', calls: 1 },
    ]);
  });

  it('lists the newest operations made with one API key', async () => {
    const opened = await engine.open();
    await withUsers(opened);
    await insert(opened, [
      { apiKey: 'pk_a', message: 'a1', createdAt: T0 },
      { apiKey: 'pk_b', message: 'b1', createdAt: T0 },
      { apiKey: 'pk_a', message: 'a2', createdAt: T0 },
      { apiKey: 'pk_a', message: 'a3', createdAt: T0 },
    ]);
    expect((await historyOn(opened).forApiKey('pk_a', 2)).map((r) => r.message)).toEqual(['a3', 'a2']);
  });

  it('averages the running totals overall and per algorithm, in byte order of the names; zeros with none', async () => {
    const opened = await engine.open();
    const history = historyOn(opened);
    const zero = { algorithm: 'all', operations: 0, averageSignatureSize: 0, averageGenerationTime: 0, averageVerificationTime: 0 };
    expect(await history.performance()).toEqual({ overall: zero, byAlgorithm: [] });
    const totals = 'INSERT INTO performance_totals (algorithm, operations, size_sum, size_count, generation_sum, generation_count, verification_sum, verification_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    await opened.run(totals, 'dilion', 3, 6618, 2, 0.75, 3, 0, 0);
    await opened.run(totals, 'ML-DSA-65', 1, 3309, 1, 0.25, 1, 0.5, 1);
    expect(await history.performance()).toEqual({
      overall: { algorithm: 'all', operations: 4, averageSignatureSize: (6618 + 3309) / 3, averageGenerationTime: 0.25, averageVerificationTime: 0.5 },
      byAlgorithm: [
        { algorithm: 'ML-DSA-65', operations: 1, averageSignatureSize: 3309, averageGenerationTime: 0.25, averageVerificationTime: 0.5 },
        { algorithm: 'dilion', operations: 3, averageSignatureSize: 3309, averageGenerationTime: 0.25, averageVerificationTime: 0 },
      ],
    });
  });
});
