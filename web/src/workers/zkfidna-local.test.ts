/**
 * The in-browser zk-FIDNA prover and verifier, run in Node with the same engine and code the worker
 * bundles: answers in the server contract's shapes, openings that open the commitments (checked with
 * @noble/curves), attestations that verify (checked with @noble/post-quantum), nothing secret in what
 * a verifier gets, the server's refusals word for word, and proofs each side verifies for the other.
 */
import { secp256k1, secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { fromBase64, toBase64, toBigInt, toHex } from '../../../engine/test-support/bytes.ts';
import { DemoZkProveRequest, ZkProveResponse, ZkVerifyResponse } from '../../../server/contract/zkfidna.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../server/test-support.ts';
import { createLocalZkFidna, type ZkProveInput } from './zkfidna-local.ts';

const local = createLocalZkFidna(engine);

const utf8 = new TextEncoder();

/** B = hash_to_curve("value") under zk-FIDNA's DST (docs/crypto/zk-fidna.md §5), computed by @noble/curves. */
const B = secp256k1_hasher.hashToCurve(utf8.encode('value'), { DST: 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_' });
const Point = secp256k1.Point;
const commit = (value: bigint, blinding: Uint8Array) => B.multiplyUnsafe(value).add(Point.BASE.multiplyUnsafe(toBigInt(blinding)));

describe('in-browser zk-FIDNA: proving', () => {
  it('answers prove in the server contract’s shape: an 826-byte balance proof, attested by the tab’s ML-DSA-65 key', () => {
    const proved = ZkProveResponse.parse(local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType: 'balance_proof' }));
    expect(proved).toMatchObject({ algorithm: 'zk-fidna', publicInput: { result: 1, circuitType: 'balance_proof' }, keyId: local.keyId });
    expect(local.keyId).toMatch(/^browser_zk_[0-9a-f]{16}$/);
    const proof = fromBase64(proved.proof.encoded);
    expect(proof.length).toBe(826);
    expect(proved.proof.response).toHaveLength(5);
    expect(proved.proof.commitment).toHaveLength(2);
    expect(proved.proof.publicParameters.generatorDigest).toBe('a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a');
    const { publicKey, value } = proved.proof.signature;
    expect(ml_dsa65.verify(fromBase64(value), proof, fromBase64(publicKey), { context: utf8.encode('zk-fidna/v1') })).toBe(true);
    proof[100]! ^= 1;
    expect(ml_dsa65.verify(fromBase64(value), proof, fromBase64(publicKey), { context: utf8.encode('zk-fidna/v1') })).toBe(false);
  });

  it('hands the caller openings that open the commitments to X and Y, and nothing else open', () => {
    const proved = local.prove({ secretValue: '650000', balanceValue: '21930000' });
    expect(proved.openings.map((o) => o.value)).toEqual(['650000', '21930000']);
    for (const [i, o] of proved.openings.entries()) {
      expect(o.commitment).toBe(proved.proof.commitment[i]);
      expect(commit(BigInt(o.value), fromBase64(o.blinding)).toHex(true)).toBe(toHex(fromBase64(o.commitment)));
      // The same blinding under another value does not open it.
      expect(commit(BigInt(o.value) + 1n, fromBase64(o.blinding)).toHex(true)).not.toBe(toHex(fromBase64(o.commitment)));
    }
  });

  it('gives a verifier nothing secret: neither amount, in decimal or as u64be, nor a blinding', () => {
    const X = 650_123n;
    const Y = 21_930_456n;
    const proved = local.prove({ secretValue: X.toString(), balanceValue: Y.toString() });
    const forVerifier = JSON.stringify({ proof: proved.proof, publicInput: proved.publicInput });
    const u64be = (v: bigint) => v.toString(16).padStart(16, '0');
    for (const secret of [X.toString(), Y.toString()]) expect(forVerifier).not.toContain(secret);
    for (const secret of [u64be(X), u64be(Y)]) expect(toHex(fromBase64(proved.proof.encoded))).not.toContain(secret);
    for (const o of proved.openings) expect(forVerifier).not.toContain(o.blinding);
    expect(Object.keys(proved.publicInput).sort()).toEqual(['circuitType', 'result']);
  });

  it('proves Y < X as result 0, publishes range_proof’s bounds, and commits to the three amounts of a transfer', () => {
    expect(local.prove({ secretValue: 21930000, balanceValue: 650000 }).publicInput).toEqual({ result: 0, circuitType: 'balance_proof' });
    const range = local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType: 'range_proof' });
    expect(range.publicInput).toEqual({ result: 1, circuitType: 'range_proof', min: '1', max: '21930000' });
    expect(fromBase64(range.proof.encoded)).toHaveLength(809);
    const transfer = local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType: 'custom' });
    expect(transfer.openings.map((o) => o.value)).toEqual(['21930000', '650000', '21280000']);
    expect(fromBase64(transfer.proof.encoded)).toHaveLength(923);
  });

  it('times keygen, prove and attest as engineMs', () => {
    const proved = local.prove({ secretValue: 5, balanceValue: 6 });
    expect(proved.engineMs).toBeGreaterThan(1);
    expect(proved.engineMs).toBeLessThan(5_000);
  });
});

describe('in-browser zk-FIDNA: verifying', () => {
  it('verifies its own proof with every check, the attestation included, in the contract’s shape', () => {
    const proved = local.prove({ secretValue: 650000, balanceValue: 21930000 });
    const verified = ZkVerifyResponse.parse(local.verify({ proof: proved.proof, publicInput: proved.publicInput }));
    expect(verified).toMatchObject({
      valid: true,
      algorithm: 'zk-fidna',
      publicInput: proved.publicInput,
      details: { structurallyValid: true, circuitValid: true, mathematicalCheck: true, positiveCheck: true, balanceCheck: true, signatureCheck: true },
    });
  });

  it('takes proof.encoded alone (no attestation: signatureCheck null), or publicSignals with circuitType', () => {
    const proved = local.prove({ secretValue: 7, balanceValue: 7 });
    expect(local.verify({ proof: proved.proof.encoded, publicInput: proved.publicInput })).toMatchObject({ valid: true, details: { signatureCheck: null } });
    const bySignals = local.verify({ proof: proved.proof.encoded, publicSignals: { result: 1 }, circuitType: 'balance_proof' });
    expect(bySignals).toMatchObject({ valid: true, publicInput: { result: 1, circuitType: 'balance_proof' } });
  });

  it('says invalid for a flipped result, another circuit, a changed proof byte or another signer’s attestation', () => {
    const proved = local.prove({ secretValue: 650000, balanceValue: 21930000 });
    const { encoded } = proved.proof;
    expect(local.verify({ proof: encoded, publicInput: { result: 0, circuitType: 'balance_proof' } })).toMatchObject({ valid: false, details: { structurallyValid: false } });
    expect(local.verify({ proof: encoded, publicInput: { result: 1, circuitType: 'custom' } }).valid).toBe(false);
    const changed = fromBase64(encoded);
    changed[changed.length - 1]! ^= 1;
    expect(local.verify({ proof: toBase64(changed), publicInput: proved.publicInput })).toMatchObject({ valid: false, details: { mathematicalCheck: false } });
    const other = local.prove({ secretValue: 1, balanceValue: 2 }).proof.signature;
    const forged = { ...proved.proof, signature: { ...other } };
    expect(local.verify({ proof: forged, publicInput: proved.publicInput })).toMatchObject({ valid: false, details: { mathematicalCheck: true, signatureCheck: false } });
  });

  it('refuses views that are not the proof’s own, as the server does', () => {
    const proved = local.prove({ secretValue: 650000, balanceValue: 21930000 });
    const response = [...proved.proof.response];
    response[0] = response[1]!;
    expect(() => local.verify({ proof: { ...proved.proof, response }, publicInput: proved.publicInput })).toThrow('proof.response does not match proof.encoded');
  });
});

describe('in-browser zk-FIDNA: refusals', () => {
  /** The message the server's contract gives for a prove body, or null when it accepts it. */
  const serverMessage = (body: object) => {
    const parsed = DemoZkProveRequest.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  const localMessage = (body: ZkProveInput) => {
    try {
      local.prove(body);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('refuses bad amounts with the server contract’s own sentences, one true sentence for each fault', () => {
    const bodies: [ZkProveInput, string][] = [
      [{}, 'Secret value is required'],
      [{ secretValue: 0, balanceValue: 5 }, 'Secret value must be a positive number'],
      [{ secretValue: -3, balanceValue: 5 }, 'Secret value must be a positive number'],
      [{ secretValue: '-3', balanceValue: 5 }, 'Secret value must be a positive number'],
      [{ secretValue: 1.5, balanceValue: 5 }, 'Secret value must be a whole number'],
      [{ secretValue: '1.5', balanceValue: 5 }, 'Secret value must be a whole number'],
      [{ secretValue: 'ten', balanceValue: 5 }, 'Secret value must be a number'],
      [{ secretValue: null as unknown as number, balanceValue: 5 }, 'Secret value must be a number'],
      [{ secretValue: 1e30, balanceValue: 5 }, 'Secret value must be at most 18446744073709551615 (2^64 − 1)'],
      [{ secretValue: `1${'0'.repeat(30)}`, balanceValue: 5 }, 'Secret value must be at most 18446744073709551615 (2^64 − 1)'],
      [{ secretValue: 2 ** 60, balanceValue: 5 }, 'Secret value above 9007199254740991 (2^53 − 1) must be sent as a decimal string'],
      [{ secretValue: 5, balanceValue: -1 }, 'Balance value must be non-negative'],
      [{ secretValue: 5, balanceValue: 2.5 }, 'Balance value must be a whole number'],
      [{ secretValue: 5, balanceValue: '1e3' }, 'Balance value must be written with the digits 0 to 9 only when sent as a string'],
    ];
    for (const [body, sentence] of bodies) {
      expect(serverMessage(body), JSON.stringify(body)).toBe(sentence);
      expect(localMessage(body), JSON.stringify(body)).toBe(sentence);
    }
    expect(serverMessage({ secretValue: 5, balanceValue: 6 })).toBeNull();
    expect(localMessage({ secretValue: 5, balanceValue: 6 })).toBeNull();
    expect(serverMessage({ secretValue: '18446744073709551615', balanceValue: '007' })).toBeNull();
  });

  it('refuses amounts above 2^64 − 1 and unknown circuits, and a verify request with no public input', () => {
    expect(localMessage({ secretValue: '18446744073709551616', balanceValue: 5 })).toMatch(/at most 18446744073709551615/);
    expect(localMessage({ secretValue: 5, balanceValue: 6, circuitType: 'groth16' as 'custom' })).toBe('circuitType must be one of balance_proof, range_proof, custom');
    // Y may be left out only by a range proof with its own max, as the server allows.
    expect(localMessage({ secretValue: 5 })).toBe('Balance value is required');
    expect(localMessage({ secretValue: 5, circuitType: 'range_proof', max: 9 })).toBeNull();
    const proved = local.prove({ secretValue: 5, balanceValue: 6 });
    expect(() => local.verify({ proof: proved.proof.encoded })).toThrow('publicInput is required (or publicSignals with circuitType)');
    expect(() => local.verify({ proof: proved.proof.encoded, publicSignals: { result: 1 } })).toThrow('circuitType is required with publicSignals');
    const cut = { ...proved.proof.signature, value: proved.proof.signature.value.slice(0, 100) };
    expect(() => local.verify({ proof: { ...proved.proof, signature: cut }, publicInput: proved.publicInput })).toThrow(/proof.signature.value must be an ML-DSA-65 signature of 3309 bytes \(got 75\)/);
  });
});

describe('in-browser zk-FIDNA and the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { engineWorkers: 1 } });
  });
  afterAll(() => app?.close());
  const demo = (path: string, body: object) => request(app.app).post(path).set('Origin', TEST_ORIGIN).send(body);

  it('makes proofs the server verifies, attestation and views included', async () => {
    for (const circuitType of ['balance_proof', 'range_proof', 'custom'] as const) {
      const proved = local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType });
      const res = await demo('/api/demo/zk-fidna/verify', { proof: proved.proof, publicInput: proved.publicInput });
      expect(res.status, circuitType).toBe(200);
      expect(res.body, circuitType).toMatchObject({ valid: true, details: { signatureCheck: true } });
    }
  });

  it('verifies the server’s proofs, and refuses them for the other result', async () => {
    const res = await demo('/api/demo/zk-fidna/prove', { secretValue: 650000, balanceValue: 21930000, circuitType: 'balance_proof' });
    expect(res.status).toBe(200);
    const { proof, publicInput } = ZkProveResponse.parse(res.body);
    expect(local.verify({ proof, publicInput })).toMatchObject({ valid: true, details: { signatureCheck: true } });
    expect(local.verify({ proof, publicInput: { ...publicInput, result: 0 } }).valid).toBe(false);
  });
});
