/**
 * Dilion's byte layouts (docs/crypto/dilion.md §3): the context, the signed message M, the padded
 * uid and the HPKE info and aad of the privacy identifier, as plain code that runs in Node and in a
 * browser worker alike. engine/src/dilion.ts signs and opens with them, and shared/dilion.ts hands
 * the same functions to the server and the web demo, so a signature made on one side verifies on
 * the other by construction. The engine imports nothing from the product (engine/layering.test.ts),
 * so the layouts live here and the product imports them.
 *
 * FIPS 204 ML-DSA-65, pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid).
 */

/** The context is this prefix followed by the service id. */
export const DILION_CONTEXT_PREFIX = 'dilion/v1|';
/** The service id when none is given. */
export const DILION_DEFAULT_SID = 'default';

const utf8 = new TextEncoder();

export const MAX_CONTEXT_BYTES = 255;

/** Bytes of a string's UTF-8 encoding (what the 255-byte limits count). */
export const utf8Length = (text: string): number => utf8.encode(text).length;
export const MAX_SID_BYTES = MAX_CONTEXT_BYTES - utf8.encode(DILION_CONTEXT_PREFIX).length;

/** The context for a service id; `bytes` may exceed 255 — callers report that in their own way. */
export function dilionContextOf(sid: string): { text: string; bytes: Uint8Array } {
  const text = DILION_CONTEXT_PREFIX + sid;
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
