import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shake256 } from '@noble/hashes/sha3.js';
import { encodeOid, exportPublicKey, mlDsaSpki, mlKem768Spki, type MlDsaName } from './key-formats.ts';

const SCHEMES = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;

/**
 * The 22 bytes every SPKI of each parameter set starts with, written out by hand from the DER rules
 * (SEQUENCE, AlgorithmIdentifier with the NIST OID and no parameters, BIT STRING with 0 unused bits);
 * the ML-DSA-65 one is the prefix docs/crypto/dilion.md §6 gives, checked there with pyca/cryptography.
 */
const PREFIX: Record<MlDsaName, string> = {
  'ML-DSA-44': '30820532300b06096086480165030403110382052100',
  'ML-DSA-65': '308207b2300b0609608648016503040312038207a100',
  'ML-DSA-87': '30820a32300b060960864801650304031303820a2100',
};

/** A DER reader written apart from the encoder: tag, length (short or long form) and content. */
function readTlv(bytes: Uint8Array, at = 0): { tag: number; content: Uint8Array; end: number } {
  const tag = bytes[at]!;
  let length = bytes[at + 1]!;
  let offset = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[offset + i]!;
    offset += count;
  }
  if (offset + length > bytes.length) throw new Error('TLV runs past the end');
  return { tag, content: bytes.subarray(offset, offset + length), end: offset + length };
}

/** Dotted OID text from DER content, decoded independently of encodeOid. */
function decodeOid(content: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  const first = arcs.shift()!;
  return [Math.min(2, Math.floor(first / 40)), first - 40 * Math.min(2, Math.floor(first / 40)), ...arcs].join('.');
}

function parseSpki(der: Uint8Array): { oid: string; parameters: boolean; key: Uint8Array } {
  const outer = readTlv(der);
  expect(outer.tag).toBe(0x30);
  expect(outer.end).toBe(der.length);
  const algorithm = readTlv(outer.content);
  expect(algorithm.tag).toBe(0x30);
  const oid = readTlv(algorithm.content);
  expect(oid.tag).toBe(0x06);
  const bitString = readTlv(outer.content, algorithm.end);
  expect(bitString.tag).toBe(0x03);
  expect(bitString.end).toBe(outer.content.length);
  expect(bitString.content[0]).toBe(0);
  return { oid: decodeOid(oid.content), parameters: oid.end < algorithm.content.length, key: bitString.content.subarray(1) };
}

/** Whether this Node's crypto knows ML-DSA (Node 24 does; Node 20 does not). */
function nodeHasMlDsa(): boolean {
  try {
    return createPublicKey({ key: Buffer.from(mlDsaSpki('ML-DSA-44', ml_dsa44.keygen(new Uint8Array(32)).publicKey)), format: 'der', type: 'spki' }).asymmetricKeyType === ('ml-dsa-44' as string);
  } catch {
    return false;
  }
}

describe('SubjectPublicKeyInfo', () => {
  for (const [name, scheme] of Object.entries(SCHEMES) as [MlDsaName, (typeof SCHEMES)[MlDsaName]][]) {
    it(`wraps an ${name} key under its NIST OID, and parses back to the same key`, () => {
      const { publicKey } = scheme.keygen(new Uint8Array(32).fill(7));
      const der = mlDsaSpki(name, publicKey);
      expect(Buffer.from(der.subarray(0, 22)).toString('hex')).toBe(PREFIX[name]);
      const parsed = parseSpki(der);
      expect(parsed.oid).toBe(`2.16.840.1.101.3.4.3.${{ 'ML-DSA-44': 17, 'ML-DSA-65': 18, 'ML-DSA-87': 19 }[name]}`);
      expect(parsed.parameters).toBe(false);
      expect(Buffer.from(parsed.key).equals(Buffer.from(publicKey))).toBe(true);
    });
  }

  it('wraps an ML-KEM-768 encapsulation key under id-alg-ml-kem-768, and parses back to the same key', () => {
    const { publicKey } = ml_kem768.keygen(new Uint8Array(64).fill(5));
    const der = mlKem768Spki(publicKey);
    // The 22-byte header of draft-ietf-lamps-kyber-certificates' ML-KEM-768 examples, by hand: 1,184-byte key.
    expect(Buffer.from(der.subarray(0, 22)).toString('hex')).toBe('308204b2300b0609608648016503040402038204a100');
    const parsed = parseSpki(der);
    expect(parsed).toMatchObject({ oid: '2.16.840.1.101.3.4.4.2', parameters: false });
    expect(Buffer.from(parsed.key).equals(Buffer.from(publicKey))).toBe(true);
    expect(() => mlKem768Spki(publicKey.subarray(1))).toThrow('ML-KEM-768 public keys are 1184 bytes, not 1183');
  });

  it('refuses a key whose length does not match the parameter set', () => {
    expect(() => mlDsaSpki('ML-DSA-65', ml_dsa44.keygen(new Uint8Array(32)).publicKey)).toThrow('ML-DSA-65 public keys are 1952 bytes, not 1312');
  });

  it('encodes OID arcs above 127 in base 128', () => {
    expect(Buffer.from(encodeOid('2.16.840.1.101.3.4.3.18')).toString('hex')).toBe('608648016503040312');
    expect(Buffer.from(encodeOid('1.2.840.10045.2.1')).toString('hex')).toBe('2a8648ce3d0201');
  });

  it.skipIf(!nodeHasMlDsa())('is accepted by Node’s own crypto, which verifies a signature made elsewhere with it', () => {
    const { publicKey, secretKey } = ml_dsa65.keygen(new Uint8Array(32).fill(3));
    const message = new TextEncoder().encode('spki check');
    const signature = ml_dsa65.sign(message, secretKey);
    const key = createPublicKey({ key: Buffer.from(mlDsaSpki('ML-DSA-65', publicKey)), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType as string).toBe('ml-dsa-65');
    expect(verify(null, message, key, signature)).toBe(true);
  });
});

describe('exportPublicKey', () => {
  it('gives raw, SPKI DER and PEM, and an AKP JWK whose pub is the raw key in base64url', () => {
    const { publicKey } = ml_dsa87.keygen(new Uint8Array(32).fill(9));
    const raw = Buffer.from(publicKey).toString('base64');
    const exported = exportPublicKey('ML-DSA-87', raw);
    expect(exported.raw).toBe(raw);
    expect(exported.note).toBeNull();
    expect(Object.keys(exported.jwk!)).toEqual(['kty', 'alg', 'pub']);
    expect(exported.jwk).toMatchObject({ kty: 'AKP', alg: 'ML-DSA-87' });
    expect(exported.jwk!.pub).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(exported.jwk!.pub, 'base64url').equals(Buffer.from(publicKey))).toBe(true);
    const pemLines = exported.spki!.pem.trimEnd().split('\n');
    expect(pemLines[0]).toBe('-----BEGIN PUBLIC KEY-----');
    expect(pemLines.at(-1)).toBe('-----END PUBLIC KEY-----');
    expect(pemLines.slice(1, -2).every((line) => line.length === 64)).toBe(true);
    expect(pemLines.slice(1, -1).join('')).toBe(exported.spki!.der);
    expect(Buffer.from(parseSpki(Buffer.from(exported.spki!.der, 'base64')).key).equals(Buffer.from(publicKey))).toBe(true);
  });

  it('gives an ML-DSA key’s tr, SHAKE256(pk, 64) as @noble/hashes computes it, and none for QES2', () => {
    const { publicKey } = ml_dsa65.keygen(new Uint8Array(32).fill(3));
    const exported = exportPublicKey('ML-DSA-65', Buffer.from(publicKey).toString('base64'));
    expect(exported.tr).toBe(Buffer.from(shake256(publicKey, { dkLen: 64 })).toString('base64'));
    expect(exportPublicKey('QES2_ECDSA', Buffer.alloc(1985, 1).toString('base64')).tr).toBeNull();
  });

  it('exports an ML-KEM-768 key raw and as SPKI, with no JWK, and says why', () => {
    const { publicKey } = ml_kem768.keygen(new Uint8Array(64).fill(2));
    const exported = exportPublicKey('ML-KEM-768', Buffer.from(publicKey).toString('base64'));
    expect(exported.jwk).toBeNull();
    expect(exported.note).toContain('no standard JWK');
    expect(exported.spki!.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(Buffer.from(parseSpki(Buffer.from(exported.spki!.der, 'base64')).key).equals(Buffer.from(publicKey))).toBe(true);
  });

  it('exports a QES2 composite key raw only, and says why', () => {
    const exported = exportPublicKey('QES2_Schnorr', Buffer.alloc(1984, 1).toString('base64'));
    expect(exported.spki).toBeNull();
    expect(exported.jwk).toBeNull();
    expect(exported.note).toContain('exported raw only');
  });
});
