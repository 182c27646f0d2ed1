/**
 * The in-browser QES2 signer against the real server: what one side signs, the other verifies, and
 * both derive the same views. Runs in Node with the same engine and code the worker bundles.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { fromBase64, toBase64, toHex } from '../../../engine/test-support/bytes.ts';
import { Qes2SignResponse } from '../../../server/contract/qes2.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../server/test-support.ts';
import { fips204Views } from '../../../engine/test-support/fips204-views.ts';
import { createLocalQes2, type LocalQes2 } from './qes2-local.ts';

let app: TestApp;
let local: LocalQes2;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
  local = createLocalQes2(engine);
});
afterAll(() => app.close());

const utf8 = new TextEncoder();

// QES2's constants as the composite construction defines them, written out here rather than imported.
const LABELS = { ecdsa: 'QES2-MLDSA65-ECDSA-secp256k1-SHA512', schnorr: 'QES2-MLDSA65-BIP340-SHA512' } as const;
const STEPS = {
  ecdsa: ["build M' = Prefix || Label || len(ctx) || ctx || SHA-512(M)", 'ML-DSA-65 sign', 'ECDSA secp256k1 sign (RFC 6979, low-S)', 'concatenate'],
  schnorr: ["build M' = Prefix || Label || len(ctx) || ctx || SHA-512(M)", 'ML-DSA-65 sign', 'BIP-340 Schnorr sign', 'concatenate'],
};

/** M' = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) ‖ ctx ‖ SHA-512(M), what both halves sign. */
function messageRepresentative(label: string, context: string, message: string): Uint8Array {
  const ctx = utf8.encode(context);
  return new Uint8Array([...utf8.encode('CompositeAlgorithmSignatures2025'), ...utf8.encode(label), ctx.length, ...ctx, ...sha512(utf8.encode(message))]);
}

/** The secp256k1 half over the 32-byte digest SHA-256(M'): compact low-S ECDSA, or BIP-340. */
const secpVerify = (mode: 'ecdsa' | 'schnorr', sig: Uint8Array, digest: Uint8Array, publicKey: Uint8Array) =>
  mode === 'ecdsa' ? secp256k1.verify(sig, digest, publicKey, { prehash: false }) : schnorr.verify(sig, digest, publicKey);

const demo = (path: string, body: object) => request(app.app).post(path).set('Origin', TEST_ORIGIN).send(body);

describe.each(['ecdsa', 'schnorr'] as const)('in-browser QES2 %s', (mode) => {
  it('makes a signature the server verifies, views and all', async () => {
    const signed = local.sign(mode, 'Hybrid cryptographic message');
    expect(signed).toMatchObject({ algorithm: `qes2-${mode}`, context: '', signature: { mode } });
    const res = await demo(`/api/demo/qes2/${mode}/verify`, { message: 'Hybrid cryptographic message', signature: signed.signature, publicKey: signed.publicKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
  });

  it('answers sign in the server contract’s shape, with views and halves that check out independently', () => {
    const signed = Qes2SignResponse.parse(local.sign(mode, 'views', 'app/v1'));
    expect(signed.label).toBe(LABELS[mode]);
    const { encoded, ...views } = signed.signature;
    const sig = fromBase64(encoded);
    const mlDsaHalf = sig.subarray(0, 3309);
    const secpHalf = sig.subarray(3309);
    const expected = fips204Views(mlDsaHalf);
    expect(secpHalf).toHaveLength(64);
    expect(views).toEqual({
      mode,
      dilithium: { cTilde: toHex(expected.cTilde), c: expected.c, z: expected.z.slice(0, 8) },
      secondary: toHex(secpHalf),
      challenge: toHex(sha512(utf8.encode('views'))),
      steps: STEPS[mode],
    });

    const pk = fromBase64(signed.publicKey);
    const mPrime = messageRepresentative(LABELS[mode], 'app/v1', 'views');
    expect(ml_dsa65.verify(mlDsaHalf, mPrime, pk.subarray(0, 1952), { context: utf8.encode(LABELS[mode]) })).toBe(true);
    expect(secpVerify(mode, secpHalf, sha256(mPrime), pk.subarray(1952))).toBe(true);
    // The same checks refuse M' with another context, so they are not vacuous.
    const other = messageRepresentative(LABELS[mode], 'app/v2', 'views');
    expect(ml_dsa65.verify(mlDsaHalf, other, pk.subarray(0, 1952), { context: utf8.encode(LABELS[mode]) })).toBe(false);
    expect(secpVerify(mode, secpHalf, sha256(other), pk.subarray(1952))).toBe(false);
  });

  it('shows views the server would: its sign response carries the same reading of its bytes', async () => {
    const res = await demo(`/api/demo/qes2/${mode}/sign`, { message: 'server views' });
    expect(res.status).toBe(200);
    const { encoded, dilithium, secondary, challenge } = Qes2SignResponse.parse(res.body).signature;
    const sig = fromBase64(encoded);
    const expected = fips204Views(sig.subarray(0, 3309));
    expect({ dilithium, secondary, challenge }).toEqual({
      dilithium: { cTilde: toHex(expected.cTilde), c: expected.c, z: expected.z.slice(0, 8) },
      secondary: toHex(sig.subarray(3309)),
      challenge: toHex(sha512(utf8.encode('server views'))),
    });
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
