/**
 * The in-browser QES2 signer against the real server: what one side signs, the other verifies, and
 * both derive the same views. Runs in Node with the same engine and code the worker bundles.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../../engine/src/index.ts';
import { qes2Views } from '../../../server/algorithms/qes2.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../server/test-support.ts';
import { fromBase64, toBase64 } from './bytes.ts';
import { createLocalQes2, type LocalQes2 } from './qes2-local.ts';

let app: TestApp;
let local: LocalQes2;
beforeAll(async () => {
  app = createTestApp({ config: { engineWorkers: 1 } });
  local = createLocalQes2(await loadEngine());
});
afterAll(() => app.close());

const demo = (path: string, body: object) => request(app.app).post(path).set('Origin', TEST_ORIGIN).send(body);

describe.each(['ecdsa', 'schnorr'] as const)('in-browser QES2 %s', (mode) => {
  it('makes a signature the server verifies, views and all', async () => {
    const signed = local.sign(mode, 'Hybrid cryptographic message');
    expect(signed).toMatchObject({ algorithm: `qes2-${mode}`, context: '', signature: { mode } });
    const res = await demo(`/api/demo/qes2/${mode}/verify`, { message: 'Hybrid cryptographic message', signature: signed.signature, publicKey: signed.publicKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
  });

  it('derives the same views as the server for the same signature', () => {
    const signed = local.sign(mode, 'views');
    const { encoded, ...views } = signed.signature;
    expect(views).toEqual(qes2Views(mode, fromBase64(encoded), 'views'));
  });

  it('verifies a signature the server made, and refuses it for another message, context or an altered half', async () => {
    const res = await demo(`/api/demo/qes2/${mode}/sign`, { message: 'from the server' });
    expect(res.status).toBe(200);
    const { signature, publicKey } = res.body;
    expect(local.verify(mode, 'from the server', signature, publicKey)).toMatchObject({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
    expect(local.verify(mode, 'from the server!', signature, publicKey).valid).toBe(false);
    expect(local.verify(mode, 'from the server', signature.encoded, publicKey, 'other').valid).toBe(false);
    const bytes = fromBase64(signature.encoded);
    bytes[bytes.length - 1]! ^= 1;
    expect(local.verify(mode, 'from the server', toBase64(bytes), publicKey).details).toEqual({ mlDsaValid: true, secp256k1Valid: false });
  });

  it('refuses a signature object of the other mode with the server’s sentence', () => {
    const other = local.sign(mode === 'ecdsa' ? 'schnorr' : 'ecdsa', 'm');
    expect(() => local.verify(mode, 'm', other.signature, local.publicKey(mode))).toThrow(/signature\.mode is/);
  });

  it('keeps one key pair per mode and reports the engine time', () => {
    const a = local.sign(mode, 'a');
    const b = local.sign(mode, 'b');
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.keyId).toMatch(new RegExp(`^browser_${mode}_[0-9a-f]{16}$`));
    expect(fromBase64(a.publicKey).length).toBe(mode === 'ecdsa' ? 1985 : 1984);
    expect(a.engineMs).toBeGreaterThan(0);
  });

  it('refuses an empty message and a context over 255 bytes, like the server', () => {
    expect(() => local.sign(mode, '')).toThrow('Message is required');
    expect(() => local.sign(mode, 'm', 'x'.repeat(256))).toThrow(/at most 255 bytes/);
  });
});
