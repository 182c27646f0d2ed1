/**
 * The management commands, the real bin against a live server with a key naming `manage`
 * (docs/decisions/057-management-api-keys.md): usage, API keys listed and rotated, managed keys
 * listed and exported; a key without `manage` is refused with the API's code, exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../server/test-support.ts';
import { startLiveServer, type LiveServer } from './test-support.ts';

let live: LiveServer;
let manager: Record<string, string>;
let managerId: number;
let signingKey: string;
let qes2Key: string;

beforeAll(async () => {
  live = await startLiveServer();
  const { agent } = live.account;
  const created = await agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: 'cli manager', allowedOperations: ['manage'] });
  expect(created.status).toBe(201);
  managerId = created.body.id;
  manager = { PQ_API_KEY: created.body.keyValue, PQ_API_SECRET: created.body.keySecret };
  signingKey = (await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'release signing', algorithm: 'ML-DSA-65' })).body.keyId;
  qes2Key = (await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'composite', algorithm: 'QES2_ECDSA' })).body.keyId;
  await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'envelopes', algorithm: 'ML-KEM-768' });
});
afterAll(() => live?.close());

describe('pq’s management commands, with a management key', () => {
  it('pq usage counts the calls made against the Free plan’s 100', async () => {
    const signed = await live.pq(['sign', 'counted']);
    expect(signed.code, signed.stderr).toBe(0);
    const [readable, json, daily] = await Promise.all([
      live.pq(['usage'], { env: manager }),
      live.pq(['usage', '--json'], { env: manager }),
      live.pq(['usage', '--daily'], { env: manager }),
    ]);
    expect(readable.code, readable.stderr).toBe(0);
    expect(readable.stdout).toMatch(/^plan +free$/m);
    expect(readable.stdout).toMatch(/^calls +1 of 100 \(in total/m);
    expect(JSON.parse(json.stdout)).toEqual({ apiCallsThisMonth: 1, planLimit: 100, currentPlan: 'free', overageCharges: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(daily.stdout).toBe(`date        algorithm  calls\n${today}  dilion     1\ntotal 1 in ${today.slice(0, 7)}\n`);
  });

  it('pq api-keys list shows every key without secrets, and rotate --revoke-old gives a new secret that works while the old one stops', async () => {
    const list = await live.pq(['api-keys', 'list'], { env: manager });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^id +name +key +kind +state +operations/);
    expect(list.stdout).toContain(live.account.apiKey);
    expect(list.stdout).toMatch(new RegExp(`^${managerId} +cli manager +pk_\\w+ +personal +active +manage `, 'm'));
    expect(list.stdout).not.toMatch(/sk_/);

    const rotated = await live.pq(['api-keys', 'rotate', String(live.account.keyId), '--revoke-old', '--json'], { env: manager });
    expect(rotated.code, rotated.stderr).toBe(0);
    const answer = JSON.parse(rotated.stdout);
    expect(answer).toMatchObject({ id: live.account.keyId, keyValue: live.account.apiKey, keySecret: expect.stringMatching(/^sk_/), previousSecretExpiresAt: null });
    const [old, fresh] = await Promise.all([live.pq(['sign', 'after rotation']), live.pq(['sign', 'after rotation'], { env: { PQ_API_SECRET: answer.keySecret } })]);
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/^error: invalid_api_key: /);
    expect(fresh.code, fresh.stderr).toBe(0);
    live.account.apiSecret = answer.keySecret;
  });

  it('pq signing-keys list shows the signing keys (--all the encryption key too), and export prints PEM, JWK or a refusal for QES2', async () => {
    const [list, all, pem, jwk, qes2] = await Promise.all([
      live.pq(['signing-keys', 'list'], { env: manager }),
      live.pq(['signing-keys', 'list', '--all', '--json'], { env: manager }),
      live.pq(['signing-keys', 'export', signingKey, '--format', 'spki'], { env: manager }),
      live.pq(['signing-keys', 'export', signingKey, '--format', 'jwk'], { env: manager }),
      live.pq(['signing-keys', 'export', qes2Key, '--format', 'spki'], { env: manager }),
    ]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${signingKey} +release signing +ML-DSA-65 +enabled +1 `, 'm'));
    expect(list.stdout).toContain(qes2Key);
    expect(list.stdout).not.toContain('ML-KEM-768');
    expect(JSON.parse(all.stdout).keys.map((k: { algorithm: string }) => k.algorithm)).toEqual(expect.arrayContaining(['ML-DSA-65', 'QES2_ECDSA', 'ML-KEM-768']));
    expect(pem.code, pem.stderr).toBe(0);
    expect(pem.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    expect(JSON.parse(jwk.stdout)).toMatchObject({ kty: 'AKP', alg: 'ML-DSA-65', pub: expect.any(String) });
    expect(qes2.code).toBe(2);
    expect(qes2.stderr).toMatch(/^error: format_unavailable: QES2_ECDSA keys have no spki: /);
  });

  it('is refused with operation_not_allowed for a key that does not name manage, exit 2', async () => {
    const run = await live.pq(['usage']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: operation_not_allowed: .*manage/);
  });
});
