/**
 * Offline verification of live API answers: true for what the API signed or proved, false with a
 * reason for a flipped bit, another message or another context, and for malformed fields; the
 * ML-DSA-65 check agrees with @noble/post-quantum both ways; and no check calls the network.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../generated/openapi.ts';
import type { PqClient } from '../client.ts';
import { startLiveServer, type LiveServer } from '../live-server.test-support.ts';
import { verifyDilion, verifyQes2, verifyZkFidna } from './index.ts';

type Schemas = components['schemas'];
let live: LiveServer;
let pq: PqClient;
let dilion: Schemas['DilionSignResponse'];
let bound: Schemas['DilionSignResponse'];
const qes2: Partial<Record<'ecdsa' | 'schnorr', Schemas['Qes2SignResponse']>> = {};
let proved: Schemas['ZkProveResponse'];

const utf8 = (text: string) => new TextEncoder().encode(text);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
/** base64 of `encoded` with one bit of byte `at` flipped (negative: from the end). */
function flipped(encoded: string, at: number): string {
  const b = bytes(encoded);
  b[at < 0 ? b.length + at : at]! ^= 0x01;
  return b64(b);
}

beforeAll(async () => {
  live = await startLiveServer();
  pq = live.client();
  dilion = await pq.dilion.sign({ message: 'pay 10 to bob', sid: 'shop' });
  await pq.serviceKeys.register({ sid: 'bank', publicKey: b64(ml_kem768.keygen().publicKey) });
  bound = await pq.dilion.sign({ message: 'open account', sid: 'bank', uid: 'ada@example.com' });
  for (const mode of ['ecdsa', 'schnorr'] as const) qes2[mode] = await pq.qes2.sign(mode, { message: 'contract', context: 'v2' });
  proved = await pq.zkFidna.prove({ circuitType: 'range_proof', secretValue: 42, min: 18, max: 120 });
  // From here on, nothing may reach the network: the checks are offline.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline verification called fetch'));
});
afterEach(() => expect(globalThis.fetch).not.toHaveBeenCalled());
afterAll(async () => {
  vi.restoreAllMocks();
  await live?.close();
});

describe('verifyDilion', () => {
  it('is true for the API’s signature over the message, with and without a bound uid', async () => {
    expect(await verifyDilion(dilion, { message: 'pay 10 to bob' })).toEqual({ valid: true });
    expect(await verifyDilion(dilion, { message: 'pay 10 to bob', sid: 'shop', publicKey: dilion.publicKey })).toEqual({ valid: true });
    expect(bound.pidCipher).not.toBe('N/A');
    expect(await verifyDilion(bound, { message: 'open account', sid: 'bank' })).toEqual({ valid: true });
  });

  it('is false for a flipped bit, another message, another context or another pidCipher', async () => {
    const no = { valid: false, reason: expect.stringContaining('does not verify') };
    expect(await verifyDilion({ ...dilion, signature: { encoded: flipped(dilion.signature.encoded, 100) } }, { message: 'pay 10 to bob' })).toEqual(no);
    expect(await verifyDilion(dilion, { message: 'pay 11 to bob' })).toEqual(no);
    expect(await verifyDilion({ ...dilion, context: 'dilion/v1|other' }, { message: 'pay 10 to bob' })).toEqual(no);
    const pidCipher = bound.pidCipher as Schemas['PidCipher'];
    expect(await verifyDilion({ ...bound, pidCipher: { ...pidCipher, C2: flipped(pidCipher.C2, 0) } }, { message: 'open account' })).toEqual(no);
    expect(await verifyDilion({ ...bound, pidCipher: 'N/A' }, { message: 'open account' })).toEqual(no);
  });

  it('is false, with the reason, for another service or public key than expected', async () => {
    expect(await verifyDilion(dilion, { message: 'pay 10 to bob', sid: 'bank' })).toEqual({ valid: false, reason: 'the signature is for the service "shop", not "bank"' });
    const other = b64(ml_dsa65.keygen().publicKey);
    expect(await verifyDilion(dilion, { message: 'pay 10 to bob', publicKey: other })).toEqual({ valid: false, reason: 'the signature is under another public key than the one expected' });
  });

  it('answers malformed fields with invalid and a reason, never an engine error', async () => {
    expect(await verifyDilion({ ...dilion, signature: 'not base64!' }, { message: 'm' })).toEqual({ valid: false, reason: 'signature is not standard padded base64' });
    expect(await verifyDilion({ ...dilion, publicKey: b64(new Uint8Array(10)) }, { message: 'm' })).toEqual({ valid: false, reason: 'publicKey must be 1952 bytes (got 10)' });
    expect(await verifyDilion({ ...dilion, context: 'other/v1|shop' }, { message: 'm' })).toMatchObject({ valid: false, reason: expect.stringContaining('dilion/v1|') });
    expect(await verifyDilion({ ...bound, pidCipher: { ...(bound.pidCipher as Schemas['PidCipher']), C1: 'AAAA' } }, { message: 'm' })).toMatchObject({ valid: false, reason: expect.stringContaining('pidCipher.C1') });
    expect(await verifyDilion({ ...dilion, context: `dilion/v1|${'x'.repeat(300)}` }, { message: 'm' })).toMatchObject({ valid: false, reason: expect.stringContaining('engine refused') });
  });

  it('agrees with @noble/post-quantum both ways: ML-DSA-65 with context "dilion/v1|" + sid over 0x00 ‖ UTF-8(message)', async () => {
    const m = new Uint8Array([0, ...utf8('pay 10 to bob')]);
    expect(ml_dsa65.verify(bytes(dilion.signature.encoded), m, bytes(dilion.publicKey), { context: utf8('dilion/v1|shop') })).toBe(true);
    const keys = ml_dsa65.keygen();
    const signature = ml_dsa65.sign(m, keys.secretKey, { context: utf8('dilion/v1|shop') });
    const nobleSigned = { signature: b64(signature), publicKey: b64(keys.publicKey), context: 'dilion/v1|shop', pidCipher: 'N/A' as const };
    expect(await verifyDilion(nobleSigned, { message: 'pay 10 to bob' })).toEqual({ valid: true });
    expect((await verifyDilion({ ...nobleSigned, context: 'dilion/v1|default' }, { message: 'pay 10 to bob' })).valid).toBe(false);
  });
});

describe.each(['ecdsa', 'schnorr'] as const)('verifyQes2 (%s)', (mode) => {
  it('is true for the API’s signature, both halves', async () => {
    expect(await verifyQes2(qes2[mode]!, { message: 'contract', context: 'v2' })).toEqual({ valid: true, details: { mlDsaValid: true, secp256k1Valid: true } });
  });

  it('names the half a flipped bit breaks, and is false for another message or context', async () => {
    const signed = qes2[mode]!;
    const mlDsaBroken = await verifyQes2({ ...signed, signature: { encoded: flipped(signed.signature.encoded, 100) } }, { message: 'contract' });
    expect(mlDsaBroken).toMatchObject({ valid: false, details: { mlDsaValid: false, secp256k1Valid: true }, reason: expect.stringContaining('ML-DSA-65 half') });
    const ecBroken = await verifyQes2({ ...signed, signature: { encoded: flipped(signed.signature.encoded, -1) } }, { message: 'contract' });
    expect(ecBroken).toMatchObject({ valid: false, details: { mlDsaValid: true, secp256k1Valid: false } });
    expect(await verifyQes2(signed, { message: 'contract!' })).toMatchObject({ valid: false, details: { mlDsaValid: false, secp256k1Valid: false } });
    expect((await verifyQes2({ ...signed, context: 'v3' }, { message: 'contract' })).valid).toBe(false);
    expect(await verifyQes2(signed, { message: 'contract', context: 'v3' })).toEqual({ valid: false, reason: 'the signature\'s context is "v2", not "v3"' });
  });

  it('answers malformed fields with invalid and a reason', async () => {
    const signed = qes2[mode]!;
    expect(await verifyQes2({ ...signed, signature: { encoded: b64(new Uint8Array(3309)) } }, { message: 'contract' })).toEqual({ valid: false, reason: 'signature must be 3373 bytes (got 3309)' });
    expect(await verifyQes2({ ...signed, publicKey: 'AAAA' }, { message: 'contract' })).toMatchObject({ valid: false, reason: expect.stringMatching(/^publicKey must be \d+ bytes \(got 3\)$/) });
    expect(await verifyQes2({ ...signed, algorithm: 'qes2-rsa' as 'qes2-ecdsa' }, { message: 'contract' })).toMatchObject({ valid: false, reason: expect.stringContaining('algorithm') });
  });
});

describe('verifyZkFidna', () => {
  it('is true for the API’s proof and attestation, and for the expected statement', async () => {
    const verdict = await verifyZkFidna(proved, { publicInput: { circuitType: 'range_proof', min: '18', max: '120', result: 1 }, attestationPublicKey: proved.proof.signature.publicKey });
    expect(verdict).toEqual({ valid: true, details: { structurallyValid: true, circuitValid: true, mathematicalCheck: true, positiveCheck: true, balanceCheck: true, signatureCheck: true } });
    expect((await verifyZkFidna({ proof: proved.proof.encoded, publicInput: proved.publicInput })).valid).toBe(true);
  });

  it('is false for a flipped bit in the proof (and its attestation fails), another statement, or altered views', async () => {
    const tampered = await verifyZkFidna({ ...proved, proof: { ...proved.proof, encoded: flipped(proved.proof.encoded, -5), commitment: undefined, challenge: undefined, response: undefined } });
    expect(tampered).toMatchObject({ valid: false, details: { signatureCheck: false } });
    expect((await verifyZkFidna({ ...proved, publicInput: { ...proved.publicInput, max: '41' } })).valid).toBe(false);
    expect(await verifyZkFidna(proved, { publicInput: { max: '1000' } })).toEqual({ valid: false, reason: 'the proof\'s publicInput.max is "120", not "1000"' });
    const commitment = [...proved.proof.commitment];
    commitment[0] = flipped(commitment[0]!, 3);
    expect(await verifyZkFidna({ ...proved, proof: { ...proved.proof, commitment } })).toMatchObject({ valid: false, reason: expect.stringContaining('proof.commitment') });
  });

  it('is false for an attestation by another key than expected, or none', async () => {
    // The attestation is by the account's default ML-DSA-65 key, Dilion's too: another key is a fresh one.
    expect(proved.proof.signature.publicKey).toBe(dilion.publicKey);
    const other = b64(ml_dsa65.keygen().publicKey);
    expect(await verifyZkFidna(proved, { attestationPublicKey: other })).toMatchObject({ valid: false, reason: expect.stringContaining('another key') });
    expect(await verifyZkFidna({ proof: proved.proof.encoded, publicInput: proved.publicInput }, { attestationPublicKey: other })).toMatchObject({ valid: false, reason: expect.stringContaining('no attestation') });
  });

  it('answers malformed fields with invalid and a reason', async () => {
    expect(await verifyZkFidna({ ...proved, proof: '%%%' })).toEqual({ valid: false, reason: 'proof.encoded is not standard padded base64' });
    expect(await verifyZkFidna({ ...proved, proof: b64(new Uint8Array(8)) })).toMatchObject({ valid: false });
    expect(await verifyZkFidna({ ...proved, publicInput: { ...proved.publicInput, min: 'twelve' } })).toMatchObject({ valid: false, reason: expect.stringContaining('publicInput') });
    expect(await verifyZkFidna({ ...proved, proof: { ...proved.proof, signature: { ...proved.proof.signature, value: 'AAAA' } } })).toMatchObject({ valid: false, reason: 'proof.signature.value must be 3309 bytes (got 3)' });
  });
});
