/**
 * Dilion without a privacy identifier (docs/crypto/dilion.md §3), as plain code that
 * runs in Node and in a browser worker alike: the server and the web demo's in-browser signer both
 * build M and the context here, and derive the signature's "views" here, so a signature made on one
 * side verifies on the other by construction.
 *
 * FIPS 204 ML-DSA-65, pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid).
 * The views the demo shows are c, the challenge polynomial SampleInBall(c̃), and z, the response
 * vector's 1,280 coefficients; the engine decodes them from the encoding, they are never trusted.
 */
import type { MlDsa } from '../engine/src/mldsa.ts';
import { fromBase64, fromHex, toBase64, toHex } from './bytes.ts';
import { SCHEMES } from './schemes.ts';

export const DILION = {
  algorithm: SCHEMES.dilion.id,
  parameterSet: SCHEMES.dilion.keyAlgorithm,
  level: 65,
  publicKeyLength: SCHEMES.dilion.sizes.publicKey,
  signatureLength: SCHEMES.dilion.sizes.signature,
  contextPrefix: 'dilion/v1|',
  defaultSid: 'default',
  /** pidCipher when no uid is bound (M's version byte 0x00). */
  noPidCipher: 'N/A',
} as const;


const utf8 = new TextEncoder();

export const MAX_CONTEXT_BYTES = 255;

/** Bytes of a string's UTF-8 encoding (what the 255-byte limits count). */
export const utf8Length = (text: string): number => utf8.encode(text).length;
export const MAX_SID_BYTES = MAX_CONTEXT_BYTES - utf8.encode(DILION.contextPrefix).length;

/** The context for a service id; `bytes` may exceed 255 — callers report that in their own way. */
export function dilionContextOf(sid: string): { text: string; bytes: Uint8Array } {
  const text = DILION.contextPrefix + sid;
  return { text, bytes: utf8.encode(text) };
}

/** M = 0x00 ‖ UTF-8(message): the version byte 0x00 marks "no privacy identifier". */
export function dilionMessage(message: string): Uint8Array {
  const bytes = utf8.encode(message);
  const m = new Uint8Array(bytes.length + 1);
  m.set(bytes, 1);
  return m;
}

/**
 * The privacy identifier (docs/crypto/dilion.md §3.2 to §3.4): pidCipher = HPKE base-mode seal (ML-KEM-768,
 * HKDF-SHA256, ChaCha20-Poly1305) of the padded uid to the service's ML-KEM-768 key, bound into the
 * signed message M = 0x01 ‖ skid ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message.
 */
export const DILION_PID = {
  suite: 'HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305',
  /** RFC 9180 ids: KEM 0x0041 (draft-ietf-hpke-pq), KDF 0x0001, AEAD 0x0003. */
  suiteIds: { kemId: 0x0041, kdfId: 0x0001, aeadId: 0x0003 },
  serviceKeyIdLength: 32,
  encapsulationKeyLength: 1184,
  c1Length: 1088,
  /** The padded uid (64 or 256 bytes) plus the 16-byte tag. */
  c2Lengths: [80, 272] as readonly number[],
  openingLength: 32,
  maxUidBytes: 255,
  infoLabel: 'dilion/v1 pid',
} as const;

/** The uid as it is sealed: UTF-8 of its NFC form, then 0x80 and zeros up to 64 bytes (uid ≤ 63) or 256. */
export function padUid(uid: string): Uint8Array | null {
  const bytes = utf8.encode(uid.normalize('NFC'));
  if (bytes.length > DILION_PID.maxUidBytes) return null;
  const out = new Uint8Array(bytes.length <= 63 ? 64 : 256);
  out.set(bytes);
  out[bytes.length] = 0x80;
  return out;
}

/** HPKE info = "dilion/v1 pid" ‖ 0x00 ‖ UTF-8(sid). */
export function pidInfo(sid: string): Uint8Array {
  const label = utf8.encode(DILION_PID.infoLabel);
  const sidBytes = utf8.encode(sid);
  const out = new Uint8Array(label.length + 1 + sidBytes.length);
  out.set(label);
  out.set(sidBytes, label.length + 1);
  return out;
}

export type Sha3_256 = (data: Uint8Array) => Uint8Array;

/** HPKE aad = SHA3-256(signer's public key) ‖ SHA3-256(UTF-8(message)): a pidCipher opens only there. */
export function pidAad(signerPublicKey: Uint8Array, message: string, sha3_256: Sha3_256): Uint8Array {
  const out = new Uint8Array(64);
  out.set(sha3_256(signerPublicKey));
  out.set(sha3_256(utf8.encode(message)), 32);
  return out;
}

/** M = 0x01 ‖ skid (32) ‖ C1 (1,088) ‖ u16be(|C2|) ‖ C2 ‖ UTF-8(message). */
export function dilionPidMessage(serviceKeyId: Uint8Array, c1: Uint8Array, c2: Uint8Array, message: string): Uint8Array {
  const body = utf8.encode(message);
  const out = new Uint8Array(1 + serviceKeyId.length + c1.length + 2 + c2.length + body.length);
  let at = 0;
  out[at++] = 0x01;
  out.set(serviceKeyId, at);
  at += serviceKeyId.length;
  out.set(c1, at);
  at += c1.length;
  out[at++] = c2.length >> 8;
  out[at++] = c2.length & 0xff;
  out.set(c2, at);
  out.set(body, at + c2.length);
  return out;
}

/** The engine's ML-DSA-65 (server or browser worker): it decodes c = SampleInBall(c̃) and z. */
export type SignatureDecoder = Pick<MlDsa, 'decodeSignature'>;

export interface SignatureViews {
  c: number[];
  z: number[];
}

/** The demo's views of a signature, decoded by the same wasm code that signs and verifies. */
export function signatureViews(signature: Uint8Array, mlDsa65: SignatureDecoder): SignatureViews {
  const parts = mlDsa65.decodeSignature(signature);
  return { c: numbersOf(parts.c), z: numbersOf(parts.z) };
}

/**
 * The views as JSON object members (`"c":[…],"z":[…]`), the text JSON.stringify(signatureViews())
 * gives, written by the engine itself (5 µs against 22 µs for JSON.stringify). The engine worker
 * that signs calls it, so the server's main thread does not serialize 1,536 numbers per answer.
 */
export function signatureViewsMembers(signature: Uint8Array, mlDsa65: Pick<MlDsa, 'decodeSignatureJson'>): string {
  return mlDsa65.decodeSignatureJson(signature);
}

/**
 * A typed array's values as a plain array. Filled by push, so V8 keeps it a packed array of small
 * integers: JSON.stringify writes that 2.5x faster than the holey array `new Array(n)` gives
 * (16 µs against 39 µs for a signature's 1,536 values), and every sign response carries one.
 */
export function numbersOf(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]!);
  return out;
}

/** A pidCipher as JSON carries it: base64 C1 and C2, hex serviceKeyId (docs/crypto/dilion.md §3.6). */
export interface PidCipherJson {
  C1: string;
  C2: string;
  serviceKeyId: string;
  suite?: string;
}

/** A pidCipher's bytes, as the engine takes them. */
export interface PidCipherParts {
  C1: Uint8Array;
  C2: Uint8Array;
  serviceKeyId: Uint8Array;
}

/** Why bytes sent in JSON are refused: a code, the field and a sentence saying what to fix. */
export interface WireProblem {
  code: string;
  param: string;
  message: string;
}

/**
 * The bytes of a pidCipher sent as JSON, each size checked (docs/crypto/dilion.md §4.1), or the
 * first problem, naming its field. The server and the browser's worker both read pidCiphers here.
 */
export function pidCipherFromJson(json: PidCipherJson, param: string): { value: PidCipherParts } | { problem: WireProblem } {
  const field = (name: 'C1' | 'C2') => {
    try {
      return fromBase64(json[name], `${param}.${name}`);
    } catch (error) {
      return (error as Error).message;
    }
  };
  const c1 = field('C1');
  if (typeof c1 === 'string' || c1.length !== DILION_PID.c1Length) {
    const got = typeof c1 === 'string' ? c1 : `${param}.C1 must be ${DILION_PID.c1Length} bytes (got ${c1.length}).`;
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.C1`, message: got } };
  }
  const c2 = field('C2');
  if (typeof c2 === 'string' || !DILION_PID.c2Lengths.includes(c2.length)) {
    const got = typeof c2 === 'string' ? c2 : `${param}.C2 must be ${DILION_PID.c2Lengths.join(' or ')} bytes (got ${c2.length}).`;
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.C2`, message: got } };
  }
  const skid = fromHex(json.serviceKeyId);
  if (skid?.length !== DILION_PID.serviceKeyIdLength) {
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.serviceKeyId`, message: `${param}.serviceKeyId must be ${DILION_PID.serviceKeyIdLength * 2} hex characters.` } };
  }
  return { value: { C1: c1, C2: c2, serviceKeyId: skid } };
}

/** A pidCipher as responses carry it: with the suite named. */
export type PidCipherResponse = Required<PidCipherJson> & { suite: typeof DILION_PID.suite };

/** A pidCipher's bytes as sign responses carry them. */
export function pidCipherToJson(parts: PidCipherParts): PidCipherResponse {
  return { C1: toBase64(parts.C1), C2: toBase64(parts.C2), serviceKeyId: toHex(parts.serviceKeyId), suite: DILION_PID.suite };
}
