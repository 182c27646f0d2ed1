/**
 * Sign batches on PostgreSQL, through two server instances on one database (decision 051): items
 * admitted one by one against the account's rows, the answered ones charged and recorded in one
 * commit, the refused ones not; the batch's Idempotency-Key retried on the other instance answers
 * the same, charged once.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePostgres } from '../../../db/postgres/test-server.ts';
import { queryDatabase, sign, signUp, startInstances, type Instance } from '../../instances.test-support.ts';

const server = usePostgres();
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

async function count(url: string, sql: string, ...params: unknown[]): Promise<number> {
  return Number((await queryDatabase<{ n: number }>(url, sql, ...params))[0]!.n);
}

describe.skipIf(!server.available)('POST /api/v1/keys/:keyId/sign-batch on PostgreSQL', () => {
  it('answers and charges the 3 items a Free account has left of 5, and replays the batch on the other instance without a second charge', { timeout: 120_000 }, async () => {
    const url = await server.createDatabase();
    const [a, b] = (await startInstances(2, { databaseUrl: url })) as [Instance, Instance];
    const customer = await signUp('batch@example.com', { register: a, signIn: b, reveal: a });
    // The account's default ML-DSA-65 key, from its first call; 3 calls are left after it.
    const first = await sign(a, customer, 'make the key');
    const keyId = first.body!.keyId as string;
    const publicKey = new Uint8Array(Buffer.from(first.body!.publicKey as string, 'base64'));
    await queryDatabase(url, 'UPDATE users SET api_usage_count = 97 WHERE id = $1', customer.userId);
    const messages = Array.from({ length: 5 }, () => new Uint8Array(randomBytes(32)));
    const body = JSON.stringify({ items: messages.map((m) => ({ messageType: 'raw', message: b64(m) })) });
    const batch = (on: Instance) =>
      fetch(`${on.base}/api/v1/keys/${keyId}/sign-batch`, { method: 'POST', headers: { ...customer.apiKey, 'idempotency-key': 'batch-pg' }, body });

    const answered = await batch(a);
    expect(answered.status).toBe(200);
    const answer = (await answered.json()) as { charged: number; results: { index: number; signature?: string; error?: { code: string } }[] };
    expect(answer.charged).toBe(3);
    answer.results.slice(0, 3).forEach((r, i) => expect(ml_dsa65.verify(Buffer.from(r.signature!, 'base64'), messages[i]!, publicKey)).toBe(true));
    expect(answer.results.slice(3).map((r) => r.error?.code)).toEqual(['usage_limit_reached', 'usage_limit_reached']);

    const replayed = await batch(b);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(answer);
    expect(await count(url, 'SELECT api_usage_count AS n FROM users WHERE id = $1', customer.userId)).toBe(100);
    expect(await count(url, "SELECT count(*) AS n FROM crypto_operations WHERE user_id = $1 AND algorithm = 'ML-DSA-65'", customer.userId)).toBe(3);
    expect(await count(url, 'SELECT count(*) AS n FROM metering_holds')).toBe(0);
  });
});
