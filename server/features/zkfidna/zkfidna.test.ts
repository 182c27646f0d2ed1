import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64, toBigInt, toHex } from '../../../engine/test-support/bytes.ts';
import { generators, verify as referenceVerify } from '../../../engine/test-support/zkfidna-reference/index.ts';
import { zkPublicInputFromJson } from '../../../shared/zkfidna.ts';
import { createApp } from '../../app.ts';
import { demoVisitor, capturedLog, createTestApp, signUpWithKey, testConfig, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
let account: Awaited<ReturnType<typeof signUpWithKey>>;
beforeAll(async () => {
  app = await createTestApp();
  account = await signUpWithKey(app);
});
afterAll(() => app.close());

// Distinctive amounts, so that finding them anywhere they must not be is unambiguous.
const X = 987_654_321;
const Y = '123456789012345';

const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(app.app)
    .post(`/api/crypto/zk-fidna/${path}`)
    .set({ 'x-api-key': account.apiKey, 'x-api-secret': account.apiSecret, ...headers })
    .send(body as object);
const used = async () => (await account.agent.get('/api/usage')).body.apiCallsThisMonth as number;

describe('POST /api/crypto/zk-fidna/prove', () => {
  let proved: request.Response;
  beforeAll(async () => {
    proved = await api('prove', { secretValue: X, balanceValue: Y, circuitType: 'balance_proof' });
  });

  it('proves Y ≥ X, metered as one call, in a proof the independent TypeScript reference verifies', async () => {
    expect(proved.status).toBe(200);
    expect(proved.body.publicInput).toEqual({ result: 1, circuitType: 'balance_proof' });
    const proof = fromBase64(proved.body.proof.encoded);
    expect(proof).toHaveLength(826);
    const verdict = referenceVerify({ proof, publicInput: zkPublicInputFromJson(proved.body.publicInput) });
    expect(verdict.valid).toBe(true);
    expect(proved.body.proof.response).toHaveLength(5);
    expect(proved.body.proof.challenge).toHaveLength(4 + 7);
    expect(await used()).toBeGreaterThanOrEqual(1);
  });

  it('attests the proof bytes with the account’s ML-DSA-65 key, checkable with @noble/post-quantum', async () => {
    const { publicKey, value } = proved.body.proof.signature;
    const keys = await account.agent.get('/api/signing-keys');
    const key = keys.body.find((k: { keyId: string }) => k.keyId === proved.body.keyId);
    expect(key).toMatchObject({ algorithm: 'ML-DSA-65', publicKey });
    const context = new TextEncoder().encode('zk-fidna/v1');
    expect(ml_dsa65.verify(fromBase64(value), fromBase64(proved.body.proof.encoded), fromBase64(publicKey), { context })).toBe(true);
  });

  it('returns openings that open the commitments: C = value·B + r·G, with B the pinned value base', () => {
    const { B } = generators();
    expect(proved.body.openings.map((o: { value: string }) => o.value)).toEqual([String(X), Y]);
    for (const opening of proved.body.openings as { commitment: string; value: string; blinding: string }[]) {
      const r = toBigInt(fromBase64(opening.blinding));
      const expected = B.multiply(BigInt(opening.value)).add(secp256k1.Point.BASE.multiply(r));
      expect(toBase64(expected.toBytes(true))).toBe(opening.commitment);
    }
    expect(proved.body.proof.commitment).toEqual(proved.body.openings.map((o: { commitment: string }) => o.commitment));
  });

  it('proves Y < X with result 0, a range with public bounds, and a confidential transfer', async () => {
    const below = await api('prove', { secretValue: 5000, balanceValue: 10 });
    expect(below.body.publicInput).toEqual({ result: 0, circuitType: 'balance_proof' });
    const range = await api('prove', { secretValue: 650000, balanceValue: 1, circuitType: 'range_proof', min: 1000, max: '1000000' });
    expect(range.body.publicInput).toEqual({ result: 1, circuitType: 'range_proof', min: '1000', max: '1000000' });
    expect(fromBase64(range.body.proof.encoded)).toHaveLength(809);
    const transfer = await api('prove', { secretValue: 650000, balanceValue: 21930000, circuitType: 'custom', context: Buffer.from('tx-42').toString('base64') });
    expect(transfer.body.publicInput).toEqual({ result: 1, circuitType: 'custom', context: Buffer.from('tx-42').toString('base64') });
    for (const r of [below, range, transfer]) {
      expect(referenceVerify({ proof: fromBase64(r.body.proof.encoded), publicInput: zkPublicInputFromJson(r.body.publicInput) }).valid).toBe(true);
    }
  });

  it('answers the sentences of docs/product.md §5 for missing and bad amounts, and 422 for a false statement, all uncharged', async () => {
    const before = await used();
    const cases: [unknown, number, string][] = [
      [{ balanceValue: 10 }, 400, 'Secret value is required'],
      [{ secretValue: 0, balanceValue: 10 }, 400, 'Secret value must be a positive number'],
      [{ secretValue: 'ten', balanceValue: 10 }, 400, 'Secret value must be a number'],
      [{ secretValue: 1.5, balanceValue: 10 }, 400, 'Secret value must be a whole number'],
      [{ secretValue: 1e30, balanceValue: 10 }, 400, 'Secret value must be at most 18446744073709551615 (2^64 − 1)'],
      [{ secretValue: 5, balanceValue: -1 }, 400, 'Balance value must be non-negative'],
      [{ secretValue: 5 }, 400, 'Balance value is required'],
      [{ secretValue: '18446744073709551616', balanceValue: 1 }, 400, '2^64'],
      [{ secretValue: 5, balanceValue: 10, circuitType: 'groth16' }, 400, 'balance_proof, range_proof, custom'],
      [{ secretValue: 5, balanceValue: 10, min: 1 }, 400, 'range_proof only'],
      [{ secretValue: 5, balanceValue: 10, circuitType: 'range_proof', min: 6, max: 9 }, 422, 'outside [min, max]'],
      [{ secretValue: 50, balanceValue: 10, circuitType: 'custom' }, 422, 'balanceValue >= secretValue'],
      [{ secretValue: 5, balanceValue: 10, context: Buffer.alloc(256).toString('base64') }, 400, 'at most 255 bytes'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('prove', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await used()).toBe(before);
  });
});

describe('POST /api/crypto/zk-fidna/verify', () => {
  let proved: request.Response;
  beforeAll(async () => {
    proved = await api('prove', { secretValue: 650000, balanceValue: 21930000 });
  });

  it('verifies with publicInput, with publicSignals + circuitType, and the whole proof object with its attestation', async () => {
    const { proof, publicInput } = proved.body;
    const byInput = await api('verify', { proof: proof.encoded, publicInput });
    expect(byInput.status).toBe(200);
    expect(byInput.body).toMatchObject({ valid: true, algorithm: 'zk-fidna', details: { structurallyValid: true, circuitValid: true, mathematicalCheck: true, positiveCheck: true, balanceCheck: true, signatureCheck: null } });
    const bySignals = await api('verify', { proof: proof.encoded, publicSignals: { result: 1 }, circuitType: 'balance_proof' });
    expect(bySignals.body.valid).toBe(true);
    const whole = await api('verify', { proof, publicInput });
    expect(whole.body).toMatchObject({ valid: true, details: { signatureCheck: true } });
  });

  it('says valid: false for a flipped byte, a wrong result bit, another circuit, or an attestation of other bytes', async () => {
    const { proof, publicInput } = proved.body;
    const flipped = fromBase64(proof.encoded);
    flipped[300]! ^= 1;
    const cases = [
      { proof: toBase64(flipped), publicInput },
      { proof: proof.encoded, publicInput: { ...publicInput, result: 0 } },
      { proof: proof.encoded, publicInput: { ...publicInput, circuitType: 'custom' } },
      { proof: { ...proof, encoded: toBase64(flipped), commitment: undefined, challenge: undefined, response: undefined }, publicInput },
    ];
    for (const body of cases) {
      const res = await api('verify', body);
      expect([res.status, res.body.valid]).toEqual([200, false]);
    }
  });

  it('refuses edited views, a half-given public input and a short attestation key with a 400, uncharged', async () => {
    const { proof, publicInput } = proved.body;
    const before = await used();
    const edited = { ...proof, response: [...proof.response.slice(0, 4), '00'.repeat(32)] };
    const cases: [unknown, string][] = [
      [{ proof: edited, publicInput }, 'proof.response'],
      [{ proof: proof.encoded }, 'publicInput'],
      [{ proof: proof.encoded, publicSignals: { result: 1 } }, 'circuitType'],
      [{ proof: proof.encoded, publicInput, circuitType: 'balance_proof' }, 'publicSignals'],
      [{ proof: { ...proof, signature: { ...proof.signature, publicKey: 'AAAA' } }, publicInput }, 'proof.signature.publicKey'],
      [{ proof: '', publicInput }, 'proof'],
    ];
    for (const [body, param] of cases) {
      const res = await api('verify', body);
      expect([res.status, res.body.param], JSON.stringify(body).slice(0, 80)).toEqual([400, param]);
    }
    expect(await used()).toBe(before);
  });
});

describe('zk-FIDNA secrets', () => {
  it('never reach the database: not in operation records, idempotency records or anywhere else', async () => {
    const proved = await api('prove', { secretValue: X, balanceValue: Y }, { 'Idempotency-Key': 'zk-secret-1' });
    const replay = await api('prove', { secretValue: X, balanceValue: Y }, { 'Idempotency-Key': 'zk-secret-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.openings).toEqual(proved.body.openings);
    await api('verify', { proof: proved.body.proof, publicInput: proved.body.publicInput });
    const blindings = proved.body.openings.map((o: { blinding: string }) => o.blinding);
    const blindingsHex = blindings.map((b: string) => toHex(fromBase64(b)));
    const sqlite = app.database.sqlite;
    const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    // BLOB columns (a proof's bytes) are searched as base64 and as hex, so a secret at any byte offset
    // shows. Numeric columns count only when they equal X or Y: a time or a timestamp can hold the
    // digits of either by chance.
    const text = (_: string, value: unknown) => {
      if (typeof value === 'number') return value === X || String(value) === Y ? value : 0;
      const blob = value as { type?: unknown; data?: unknown } | null;
      if (blob?.type !== 'Buffer' || !Array.isArray(blob.data)) return value;
      const bytes = Buffer.from(blob.data as number[]);
      return `${bytes.toString('base64')} ${bytes.toString('hex')}`;
    };
    const dump = tables.map((t) => JSON.stringify(sqlite.prepare(`SELECT * FROM "${t}"`).all(), text)).join('\n');
    expect(dump).toContain(proved.body.proof.encoded.slice(0, 40));
    for (const secret of [String(X), Y, ...blindings, ...blindingsHex]) expect(dump).not.toContain(secret);
  });

  it('the demo proves without a login and records the operation under the visitor’s session', async () => {
    const visitor = await demoVisitor(app);
    const res = await visitor.post('/api/demo/zk-fidna/prove').set('Origin', TEST_ORIGIN).send({ secretValue: 650000, balanceValue: 21930000, circuitType: 'balance_proof' });
    expect(res.status).toBe(200);
    const verified = await visitor.post('/api/demo/zk-fidna/verify').set('Origin', TEST_ORIGIN).send({ proof: res.body.proof, publicInput: res.body.publicInput });
    expect(verified.body).toMatchObject({ valid: true, details: { signatureCheck: true } });
    const history = await visitor.get('/api/crypto/operations');
    const mine = history.body.filter((op: { algorithm: string }) => op.algorithm === 'zk-fidna');
    expect(mine.map((op: { operationType: string }) => op.operationType).sort()).toEqual(['prove', 'verify']);
    // The measured times are left out: a float such as 5.010465000000295 can hold the digits by chance.
    const recorded = JSON.stringify(mine.map(({ generationTime: _g, verificationTime: _v, ...rest }: Record<string, unknown>) => rest));
    expect(recorded).toContain('balance_proof');
    expect(recorded).not.toContain('650000');
    expect(recorded).not.toContain('21930000');
  });

  it('never reach a log line, even at debug level and on refused requests', async () => {
    const { lines, logger } = capturedLog();
    const dir = mkdtempSync(join(tmpdir(), 'pq-zk-log-'));
    const logged = await createApp({ config: testConfig(dir, { engineWorkers: 1 }), logger });
    try {
      const visitor = request.agent(logged.app);
      const ok = await visitor.post('/api/demo/zk-fidna/prove').set('Origin', TEST_ORIGIN).send({ secretValue: X, balanceValue: Y });
      expect(ok.status).toBe(200);
      const refused = await visitor.post('/api/demo/zk-fidna/prove').set('Origin', TEST_ORIGIN).send({ secretValue: X, balanceValue: Y, circuitType: 'range_proof', min: 1, max: 2 });
      expect(refused.status).toBe(422);
      const log = lines.join('');
      expect(log).toContain('/api/demo/zk-fidna/prove');
      for (const secret of [String(X), Y, ...ok.body.openings.map((o: { blinding: string }) => o.blinding)]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
