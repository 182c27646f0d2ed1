/**
 * Every public operation of the generated types is called through the client against a live
 * server and answers for real. The operations called are recorded by the fetch under the client
 * and compared with the generated `paths`: a new public route fails this test until it is called here.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PqClient } from './client.ts';
import { TEST_ORIGIN } from '../../server/test-support.ts';
import { startLiveServer, type LiveServer } from './live-server.test-support.ts';

/** "METHOD /path/{param}" of every operation in client/src/generated/openapi.ts. */
function generatedOperations(): string[] {
  const text = readFileSync(new URL('./generated/openapi.ts', import.meta.url), 'utf8');
  const pathsBlock = text.slice(text.indexOf('export type paths = {'), text.indexOf('export type webhooks'));
  const operations: string[] = [];
  let path = '';
  for (const line of pathsBlock.split('\n')) {
    const opened = /^ {4}"(\/api\/v1\/[^"]+)": \{$/.exec(line);
    if (opened) path = opened[1]!;
    const method = /^ {8}(get|put|post|delete|patch): /.exec(line);
    if (method && path) operations.push(`${method[1]!.toUpperCase()} ${path}`);
  }
  return operations;
}

const OPERATIONS = generatedOperations();
const templateOf = (method: string, pathname: string) =>
  OPERATIONS.find((op) => {
    const [m, template] = op.split(' ') as [string, string];
    return m === method && new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname);
  }) ?? `${method} ${pathname} (not in the generated paths)`;

let live: LiveServer;
let pq: PqClient;
const called = new Map<string, number>();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** The fetch under every client here: it records each operation that answered 2xx. */
const recording = async (request: Request) => {
  const response = await fetch(request);
  if (response.ok) {
    const op = templateOf(request.method, new URL(request.url).pathname);
    called.set(op, (called.get(op) ?? 0) + 1);
  }
  return response;
};

beforeAll(async () => {
  live = await startLiveServer();
  pq = live.client({ fetch: recording });
});
afterAll(() => live?.close());

describe('the client against a live server, every public operation', () => {
  it('Dilion: signs and verifies, with a uid bound to a registered service key', async () => {
    const signed = await pq.dilion.sign({ message: 'pay 10 to bob', sid: 'shop' });
    expect(signed.context).toBe('dilion/v1|shop');
    expect((await pq.dilion.verify({ message: 'pay 10 to bob', sid: 'shop', publicKey: signed.publicKey, signature: signed.signature.encoded })).valid).toBe(true);
    expect((await pq.dilion.verify({ message: 'pay 11 to bob', sid: 'shop', publicKey: signed.publicKey, signature: signed.signature.encoded })).valid).toBe(false);
  });

  it('service keys: registers one, reads it by sid and by id, and a Dilion signature binds a uid to it', async () => {
    const { publicKey } = ml_kem768.keygen();
    const registered = await pq.serviceKeys.register({ sid: 'bank', publicKey: b64(publicKey) });
    expect(registered.publicKey).toBe(b64(publicKey));
    expect((await pq.serviceKeys.bySid('bank')).serviceKeyId).toBe(registered.serviceKeyId);
    expect((await pq.serviceKeys.get(registered.serviceKeyId)).sid).toBe('bank');
    const signed = await pq.dilion.sign({ message: 'm', sid: 'bank', uid: 'ada@example.com' });
    expect(signed.pidCipher).toMatchObject({ serviceKeyId: registered.serviceKeyId });
  });

  it.each(['ecdsa', 'schnorr'] as const)('QES2 %s: signs and verifies both halves', async (mode) => {
    const signed = await pq.qes2.sign(mode, { message: 'contract', context: 'v2' });
    expect(signed.algorithm).toBe(`qes2-${mode}`);
    const verified = await pq.qes2.verify(mode, { message: 'contract', context: 'v2', publicKey: signed.publicKey, signature: signed.signature.encoded });
    expect(verified).toMatchObject({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
  });

  it('zk-FIDNA: proves a range and verifies the proof', async () => {
    const proved = await pq.zkFidna.prove({ circuitType: 'range_proof', secretValue: 42, min: 18, max: 120 });
    expect(proved.publicInput).toMatchObject({ result: 1, circuitType: 'range_proof', min: '18', max: '120' });
    expect((await pq.zkFidna.verify({ proof: proved.proof, publicInput: proved.publicInput })).valid).toBe(true);
    const checked = await pq.zkFidna.verifyBatch({ items: [{ proof: proved.proof.encoded, publicInput: proved.publicInput }, { proof: proved.proof, publicInput: { ...proved.publicInput, max: '121' } }] });
    expect(checked.results.map((r) => ('valid' in r ? r.valid : r.error.code))).toEqual([true, false]);
    expect(checked.charged).toBe(2);
  });

  it('a managed ML-DSA-65 key: signs raw and digest messages (verifiable with noble), verifies, and signs a batch', async () => {
    const key = await live.managedKey('ML-DSA-65');
    const message = new TextEncoder().encode('invoice 7');
    const raw = await pq.keys.sign(key.keyId, { messageType: 'raw', message: b64(message) });
    expect(ml_dsa65.verify(bytes(raw.signature), message, bytes(key.publicKey))).toBe(true);
    const digest = await pq.keys.sign(key.keyId, { messageType: 'digest', digestAlgorithm: 'sha512', message: b64(sha512(message)) });
    expect(ml_dsa65.prehash(sha512).verify(bytes(digest.signature), message, bytes(key.publicKey))).toBe(true);
    expect((await pq.keys.verify(key.keyId, { messageType: 'raw', message: b64(message), signature: raw.signature })).valid).toBe(true);
    const batch = await pq.keys.signBatch(key.keyId, { items: [{ messageType: 'raw', message: b64(message) }, { messageType: 'raw', message: b64(new Uint8Array([1])) }] });
    expect(batch.charged).toBe(2);
  });

  it('a managed ML-KEM-768 key: encapsulates and decapsulates the same secret, seals and opens, generates a data key', async () => {
    const key = await live.managedKey('ML-KEM-768');
    const encapsulated = await pq.keys.encapsulate(key.keyId);
    expect((await pq.keys.decapsulate(key.keyId, { ciphertext: encapsulated.ciphertext })).sharedSecret).toBe(encapsulated.sharedSecret);
    const plaintext = b64(new TextEncoder().encode('a secret note'));
    const sealed = await pq.keys.seal(key.keyId, { plaintext, aad: b64(new Uint8Array([7])) });
    expect((await pq.keys.open(key.keyId, { enc: sealed.enc, ciphertext: sealed.ciphertext, aad: b64(new Uint8Array([7])) })).plaintext).toBe(plaintext);
    const dataKey = await pq.keys.generateDataKey(key.keyId);
    expect((await pq.keys.open(key.keyId, { enc: dataKey.sealed.enc, ciphertext: dataKey.sealed.ciphertext })).plaintext).toBe(dataKey.plaintext);
  });

  it('the open operations: health, performance and the OpenAPI document, without a key', async () => {
    expect((await pq.health()).status).toBe('ok');
    expect(await pq.performance()).toBeTypeOf('object');
    const document = await pq.api.GET('/api/v1/openapi.json');
    expect(document.data).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('the management operations, with a key naming manage (docs/decisions/057)', async () => {
    const made = await live.account.agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: 'manager', allowedOperations: ['manage'] });
    const manager = live.client({ fetch: recording, apiKey: made.body.keyValue, apiSecret: made.body.keySecret });
    const key = await live.managedKey('ML-DSA-65');
    expect(await manager.account.usage()).toMatchObject({ currentPlan: 'free' });
    expect(await manager.account.dailyUsage()).toMatchObject({ days: expect.any(Array) });
    expect(await manager.account.dailyUsage('2026-01')).toMatchObject({ month: '2026-01' });
    expect((await manager.apiKeys.list()).map((k) => k.keyValue)).toContain(made.body.keyValue);
    expect((await manager.managedKeys.list()).map((k) => k.keyId)).toContain(key.keyId);
    expect((await manager.managedKeys.export(key.keyId)).raw).toBe(key.publicKey);
    const rotated = await manager.apiKeys.rotate(made.body.id);
    expect(rotated.keySecret).toMatch(/^sk_/);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
  });

  it('pages through the operations and the audit log, one page of `limit` at a time, to the oldest', async () => {
    const made = await live.account.agent.post('/api/v1/api-keys').set('Origin', TEST_ORIGIN).send({ keyName: 'pager', allowedOperations: ['manage'] });
    const manager = live.client({ fetch: recording, apiKey: made.body.keyValue, apiSecret: made.body.keySecret });
    for (let i = 0; i < 5; i++) await pq.dilion.sign({ message: `page ${i}`, sid: 'pages' });
    const fromSession = (await live.account.agent.get('/api/v1/operations?limit=100')).body as { id: number }[];
    const paged: number[] = [];
    for await (const operation of manager.account.operations({ limit: 2 })) paged.push(operation.id);
    expect(fromSession.length).toBeGreaterThan(4);
    expect(paged).toEqual(fromSession.map((o) => o.id));
    const created: string[] = [];
    for await (const event of manager.account.auditEvents({ limit: 1, type: 'api_key.created' })) created.push(event.subject ?? '');
    expect(created.slice(0, 2)).toEqual([made.body.keyValue, expect.stringMatching(/^pk_/)]);
  });

  it('called every operation of the generated types, and nothing else', () => {
    expect(OPERATIONS.length).toBeGreaterThan(20);
    expect([...called.keys()].sort()).toEqual([...OPERATIONS].sort());
  });
});
