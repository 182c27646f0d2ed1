/**
 * The in-browser Dilion signer against the real server: what one side signs, the other verifies, and
 * both derive the same views. Runs in Node with the same engine and code the worker bundles.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { fromBase64, toBase64 } from '../../../engine/test-support/bytes.ts';
import { DilionSignResponse } from '../../../server/contract/dilion.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../server/test-support.ts';
import { createLocalDilion, type LocalDilion } from './dilion-local.ts';
import { fips204Views, ML_DSA_65 } from '../../../engine/test-support/fips204-views.ts';

let app: TestApp;
let local: LocalDilion;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  local = createLocalDilion(engine);
});
afterAll(() => app.close());

const utf8 = new TextEncoder();
const demo = (path: string, body: object) => request(app.app).post(path).set('Origin', TEST_ORIGIN).send(body);

describe('in-browser Dilion', () => {
  it('makes a signature the server verifies, views and all', async () => {
    const signed = local.sign('authentication request', 'service-A');
    expect(signed).toMatchObject({ algorithm: 'dilion', parameterSet: 'ML-DSA-65', context: 'dilion/v1|service-A', pidCipher: 'N/A' });
    const res = await demo('/api/demo/dilion/verify', {
      message: 'authentication request',
      signature: signed.signature,
      publicKey: signed.publicKey,
      sid: 'service-A',
    });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
  });

  it('answers sign in the server contract’s shape, with the c and z FIPS 204 reads from its bytes, over the M and context it names', () => {
    const signed = DilionSignResponse.parse(local.sign('views', 'service-A'));
    const sig = fromBase64(signed.signature.encoded);
    const expected = fips204Views(sig);
    expect(expected.c.filter((x) => x !== 0)).toHaveLength(ML_DSA_65.tau);
    expect(signed.signature.c).toEqual(expected.c);
    expect(signed.signature.z).toEqual(expected.z);
    // pidCipher "N/A" means version byte 0x00: M = 0x00 ‖ UTF-8(message).
    expect(signed.pidCipher).toBe('N/A');
    const M = new Uint8Array([0x00, ...utf8.encode('views')]);
    expect(ml_dsa65.verify(sig, M, fromBase64(signed.publicKey), { context: utf8.encode(signed.context) })).toBe(true);
  });

  it('shows views the server would: its sign response carries the same FIPS 204 reading of its bytes', async () => {
    const res = await demo('/api/demo/dilion/sign', { message: 'server views', sid: 'service-A' });
    expect(res.status).toBe(200);
    const { encoded, c, z } = DilionSignResponse.parse(res.body).signature;
    const expected = fips204Views(fromBase64(encoded));
    expect({ c, z }).toEqual({ c: expected.c, z: expected.z });
  });

  it('verifies a signature the server made, and refuses it for another message or sid', async () => {
    const res = await demo('/api/demo/dilion/sign', { message: 'from the server', sid: 'service-B' });
    expect(res.status).toBe(200);
    expect(local.verify('from the server', res.body.signature, res.body.publicKey, 'service-B').valid).toBe(true);
    expect(local.verify('from the server!', res.body.signature, res.body.publicKey, 'service-B').valid).toBe(false);
    expect(local.verify('from the server', res.body.signature, res.body.publicKey, 'service-C').valid).toBe(false);
  });

  it('verifies a server signature that binds a uid (M version 0x01), and refuses it with the pidCipher altered', async () => {
    const res = await demo('/api/demo/dilion/sign', { message: 'with uid', sid: 'service-A', uid: 'ada@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.pidCipher).not.toBe('N/A');
    const verified = local.verify('with uid', res.body.signature, res.body.publicKey, 'service-A');
    expect(verified).toMatchObject({ valid: true, details: { identity: 'not_checked', serviceKeyId: res.body.pidCipher.serviceKeyId } });
    const c2 = fromBase64(res.body.pidCipher.C2);
    c2[0]! ^= 1;
    const altered = { ...res.body.signature, pidCipher: { ...res.body.pidCipher, C2: toBase64(c2) } };
    expect(local.verify('with uid', altered, res.body.publicKey, 'service-A').valid).toBe(false);
    expect(local.verify('with uid', res.body.signature.encoded, res.body.publicKey, 'service-A').valid).toBe(false);
  });

  it('signs with "default" as the sid when none is given, like the server', () => {
    const signed = local.sign('no sid');
    expect(signed.context).toBe('dilion/v1|default');
    const M = new Uint8Array([0, ...new TextEncoder().encode('no sid')]);
    const ok = ml_dsa65.verify(fromBase64(signed.signature.encoded), M, fromBase64(signed.publicKey), {
      context: new TextEncoder().encode('dilion/v1|default'),
    });
    expect(ok).toBe(true);
  });

  it('keeps one key pair per instance and reports the engine time', () => {
    const a = local.sign('a');
    const b = local.sign('b');
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.keyId).toMatch(/^browser_[0-9a-f]{16}$/);
    expect(a.engineMs).toBeGreaterThan(0);
  });

  it('refuses what the server refuses, with its sentences', () => {
    expect(() => local.sign('')).toThrow('Message is required');
    expect(() => local.sign('m', 'x'.repeat(246))).toThrow(/sid must be at most 245 bytes/);
    expect(() => local.verify('m', toBase64(new Uint8Array(10)), local.publicKey)).toThrow(/signature must be an ML-DSA-65 signature of 3309 bytes \(got 10\)/);
    expect(() => local.verify('m', 'not base64!', local.publicKey)).toThrow(/base64/);
  });
});
