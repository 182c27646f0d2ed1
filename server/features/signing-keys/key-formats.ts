/**
 * Public-key export formats (docs/api.md §7.3): raw (the FIPS 204 or FIPS 203 encoding),
 * SubjectPublicKeyInfo (DER and PEM, with the NIST algorithm OIDs that RFC 9881 uses for ML-DSA and
 * draft-ietf-lamps-kyber-certificates for ML-KEM) and, for ML-DSA, JWK (key type "AKP", as
 * draft-ietf-cose-dilithium defines it). ML-KEM has no JWK form past Internet-Drafts, so none is
 * given (docs/decisions/054). QES2 composite keys have no registered OID or JWK type (secp256k1 is
 * not in the composite draft), so they are exported raw only.
 */
import { createHash } from 'node:crypto';

export type MlDsaName = 'ML-DSA-44' | 'ML-DSA-65' | 'ML-DSA-87';

/** NIST's OIDs for pure ML-DSA (id-ml-dsa-44/65/87 under 2.16.840.1.101.3.4.3). */
export const ML_DSA_OIDS: Record<MlDsaName, string> = {
  'ML-DSA-44': '2.16.840.1.101.3.4.3.17',
  'ML-DSA-65': '2.16.840.1.101.3.4.3.18',
  'ML-DSA-87': '2.16.840.1.101.3.4.3.19',
};

/** FIPS 204 public-key sizes: an export of a key of another length would be wrong, so it is refused. */
export const ML_DSA_PUBLIC_KEY_BYTES: Record<MlDsaName, number> = { 'ML-DSA-44': 1312, 'ML-DSA-65': 1952, 'ML-DSA-87': 2592 };

export const isMlDsa = (algorithm: string): algorithm is MlDsaName => algorithm in ML_DSA_OIDS;

/** NIST's OID for ML-KEM-768 (id-alg-ml-kem-768) and its FIPS 203 encapsulation-key size. */
export const ML_KEM_768_OID = '2.16.840.1.101.3.4.4.2';
export const ML_KEM_768_PUBLIC_KEY_BYTES = 1184;

export interface AkpJwk {
  kty: 'AKP';
  alg: MlDsaName;
  pub: string;
}

export interface ExportedKey {
  raw: string;
  /** ML-DSA: tr = SHAKE256(publicKey, 64), base64, what an external µ is built on; null for other keys. */
  tr: string | null;
  spki: { der: string; pem: string } | null;
  jwk: AkpJwk | null;
  /** Why a format is missing, when one is. */
  note: string | null;
}

/** A DER length: short form below 128, else the count of big-endian length bytes and the bytes. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

const tlv = (tag: number, content: Uint8Array): Uint8Array => Uint8Array.from([tag, ...derLength(content.length), ...content]);

/** An OBJECT IDENTIFIER's content: the first two arcs as 40·a + b, then each arc in base 128. */
export function encodeOid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map(Number);
  if (arcs.length < 2 || arcs.some((a) => !Number.isSafeInteger(a) || a < 0)) throw new Error(`not an OID: ${dotted}`);
  const out: number[] = [];
  for (const arc of [40 * arcs[0]! + arcs[1]!, ...arcs.slice(2)]) {
    const digits = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) digits.unshift(0x80 | (n & 0x7f));
    out.push(...digits);
  }
  return Uint8Array.from(out);
}

/** SubjectPublicKeyInfo ::= SEQUENCE { SEQUENCE { OID } (parameters absent), BIT STRING (0 unused bits ‖ key) }. */
function spki(oid: string, publicKey: Uint8Array): Uint8Array {
  const algorithmIdentifier = tlv(0x30, tlv(0x06, encodeOid(oid)));
  const bitString = tlv(0x03, Uint8Array.from([0, ...publicKey]));
  return tlv(0x30, Uint8Array.from([...algorithmIdentifier, ...bitString]));
}

export function mlDsaSpki(algorithm: MlDsaName, publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== ML_DSA_PUBLIC_KEY_BYTES[algorithm]) {
    throw new Error(`${algorithm} public keys are ${ML_DSA_PUBLIC_KEY_BYTES[algorithm]} bytes, not ${publicKey.length}`);
  }
  return spki(ML_DSA_OIDS[algorithm], publicKey);
}

export function mlKem768Spki(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== ML_KEM_768_PUBLIC_KEY_BYTES) throw new Error(`ML-KEM-768 public keys are ${ML_KEM_768_PUBLIC_KEY_BYTES} bytes, not ${publicKey.length}`);
  return spki(ML_KEM_768_OID, publicKey);
}

export function pem(label: string, der: Uint8Array): string {
  const lines = Buffer.from(der).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** FIPS 204 tr = H(pk, 64) with H = SHAKE256 (Algorithm 6 line 6), base64: a client needs it to compute µ. */
export function mlDsaTr(publicKeyBase64: string): string {
  return createHash('shake256', { outputLength: 64 }).update(Buffer.from(publicKeyBase64, 'base64')).digest('base64');
}

/** Every format a stored key can be exported in; `publicKeyBase64` is the stored raw key. */
export function exportPublicKey(algorithm: string, publicKeyBase64: string): ExportedKey {
  if (algorithm === 'ML-KEM-768') {
    const der = mlKem768Spki(new Uint8Array(Buffer.from(publicKeyBase64, 'base64')));
    return {
      raw: publicKeyBase64,
      tr: null,
      spki: { der: Buffer.from(der).toString('base64'), pem: pem('PUBLIC KEY', der) },
      jwk: null,
      note: 'ML-KEM-768 has no standard JWK form yet (only Internet-Drafts), so it is exported raw and as SubjectPublicKeyInfo.',
    };
  }
  if (!isMlDsa(algorithm)) {
    return {
      raw: publicKeyBase64,
      tr: null,
      spki: null,
      jwk: null,
      note: `${algorithm} is a composite key (ML-DSA-65 key ‖ secp256k1 key) with no registered OID or JWK key type, so it is exported raw only.`,
    };
  }
  const raw = new Uint8Array(Buffer.from(publicKeyBase64, 'base64'));
  const der = mlDsaSpki(algorithm, raw);
  return {
    raw: publicKeyBase64,
    tr: mlDsaTr(publicKeyBase64),
    spki: { der: Buffer.from(der).toString('base64'), pem: pem('PUBLIC KEY', der) },
    jwk: { kty: 'AKP', alg: algorithm, pub: Buffer.from(raw).toString('base64url') },
    note: null,
  };
}
