/**
 * The ML-KEM-768 key's life on PostgreSQL (docs/decisions/054), served by a real instance: created
 * within the one limit, sealed to, opened, a data key generated and replayed under an
 * Idempotency-Key, each call recorded with sizes only and its stored answer sealed.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePostgres } from '../../../db/postgres/test-server.ts';
import { queryDatabase, signUp, startInstance } from '../../instances.test-support.ts';

const server = usePostgres();

describe.skipIf(!server.available)('ML-KEM-768 keys on PostgreSQL', () => {
  it('seals, opens and generates a data key, recording sizes only and storing the replayable answer sealed', { timeout: 120_000 }, async () => {
    const url = await server.createDatabase();
    const instance = await startInstance({ databaseUrl: url });
    const customer = await signUp('kem@example.com', { register: instance, signIn: instance, reveal: instance });
    const session = { cookie: customer.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    const created = await fetch(`${instance.base}/api/v1/keys`, { method: 'POST', headers: session, body: JSON.stringify({ name: 'pg', algorithm: 'ML-KEM-768' }) });
    expect(created.status).toBe(201);
    const { keyId } = (await created.json()) as { keyId: string };
    const call = async (action: string, body: object, extra: Record<string, string> = {}) => {
      const res = await fetch(`${instance.base}/api/v1/keys/${keyId}/${action}`, { method: 'POST', headers: { ...customer.apiKey, ...extra }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, string> & { sealed: { enc: string; ciphertext: string } } };
    };

    const plaintext = randomBytes(100).toString('base64');
    const sealed = await call('seal', { plaintext });
    expect(sealed.status).toBe(200);
    expect((await call('open', { enc: sealed.body.enc, ciphertext: sealed.body.ciphertext })).body.plaintext).toBe(plaintext);
    const dataKey = await call('generate-data-key', {}, { 'idempotency-key': 'dk-1' });
    const replayed = await call('generate-data-key', {}, { 'idempotency-key': 'dk-1' });
    expect(replayed).toEqual(dataKey);
    expect((await call('open', dataKey.body.sealed)).body.plaintext).toBe(dataKey.body.plaintext);

    const rows = await queryDatabase<{ operation_type: string; algorithm: string; metadata: string }>(
      url, 'SELECT operation_type, algorithm, metadata FROM crypto_operations WHERE user_id = $1 ORDER BY id', customer.userId,
    );
    expect(rows.map((r) => [r.operation_type, r.algorithm])).toEqual([
      ['seal', 'ML-KEM-768'], ['open', 'ML-KEM-768'], ['generate-data-key', 'ML-KEM-768'], ['open', 'ML-KEM-768'],
    ]);
    const stored = JSON.stringify(await queryDatabase(url, 'SELECT * FROM crypto_operations WHERE user_id = $1', customer.userId))
      + JSON.stringify(await queryDatabase(url, 'SELECT * FROM idempotency_records WHERE user_id = $1', customer.userId));
    expect(stored).toContain('plaintextBytes');
    for (const secret of [plaintext, dataKey.body.plaintext]) expect(stored).not.toContain(secret);
  });
});
