/**
 * Dilion (docs/crypto/dilion.md): ML-DSA-65 over M with context "dilion/v1|" ‖ sid, optionally
 * binding a privacy identifier: the uid, padded, HPKE-sealed to a service's ML-KEM-768 key
 * (pidCipher = C1, C2) with an aad naming the signer and the message, then signed inside M.
 *
 * Composed from the engine's own ML-DSA-65 and HPKE. The byte layouts (context, padding, info,
 * aad, M) come from dilion_format.ts, the same code the server and the browser demo use (through
 * shared/dilion.ts), so a signature made here verifies there and back by construction.
 *
 * Messages are text: M and the aad carry UTF-8(message) (docs/crypto/dilion.md §3), and the API only ever signs
 * strings, so a Uint8Array message must be valid UTF-8 and means the text it encodes.
 */
import {
  DILION_DEFAULT_SID,
  DILION_PID,
  dilionContextOf,
  dilionMessage,
  dilionPidMessage,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  padUid,
  pidAad,
  pidInfo,
} from './dilion_format.ts';
import { bytes, EngineError, options } from './errors.ts';
import type { Hpke } from './hpke.ts';
import type { MlDsa } from './mldsa.ts';
import type { MlKem } from './mlkem.ts';
import { randomBytes } from './random.ts';
import type { Sha3Api } from './sha3.ts';

/** The pidCipher of a signature with a uid: C1 = HPKE enc, C2 = the sealed padded uid. */
export interface DilionPidCipher {
  /** 1,088 bytes. */
  C1: Uint8Array;
  /** 80 bytes (uid ≤ 63 bytes) or 272 bytes (uid ≤ 255 bytes). */
  C2: Uint8Array;
  /** skid = SHA3-256(the service's encapsulation key), 32 bytes. */
  serviceKeyId: Uint8Array;
  suite: typeof DILION_PID.suite;
}

export interface DilionServiceKey {
  /** The service's ML-KEM-768 encapsulation key (1,184 bytes). */
  publicKey: Uint8Array;
  /** SHA3-256(publicKey); computed when omitted, checked when given. */
  keyId?: Uint8Array;
}

export interface DilionSignOptions {
  /** Service id, at most 245 bytes of UTF-8 (default "default"). */
  sid?: string;
  /** End-user identifier to bind, 0..255 bytes of UTF-8 after NFC; needs publicKey and serviceKey. */
  uid?: string;
  /** The signer's ML-DSA-65 public key (1,952 bytes): the aad binds it, and the sk holds only its hash. */
  publicKey?: Uint8Array;
  serviceKey?: DilionServiceKey;
  /** ML-DSA's 32 bytes of signer randomness, or false for the deterministic variant (vectors only). */
  random?: Uint8Array | false;
  /** The 32-byte HPKE encapsulation randomness m, returned as pidOpening (fresh random when omitted). */
  encapsulationRandom?: Uint8Array;
}

export interface DilionSignature {
  /** ML-DSA-65 signature over M (3,309 bytes). */
  signature: Uint8Array;
  /** The FIPS 204 context as text: "dilion/v1|" + sid. */
  context: string;
  pidCipher: DilionPidCipher | null;
  /** m, which lets anyone holding it check this one signature's uid; give it out only on purpose. */
  pidOpening: Uint8Array | null;
}

export interface DilionVerifyOptions {
  sid?: string;
  /** The signature's pidCipher (M version 0x01); absent or null for a signature without uid. */
  pidCipher?: DilionPidCipher | null;
}

/** Where a pidCipher was bound: it opens only for this signer, message and sid. */
export interface DilionOpenOptions {
  message: Uint8Array | string;
  signerPublicKey: Uint8Array;
  sid?: string;
}

export interface Dilion {
  sign(message: Uint8Array | string, secretKey: Uint8Array, opts?: DilionSignOptions): DilionSignature;
  /** Rebuilds M and checks the ML-DSA-65 signature; false for any invalid signature of the right length. */
  verify(publicKey: Uint8Array, message: Uint8Array | string, signature: Uint8Array, opts?: DilionVerifyOptions): boolean;
  /**
   * The uid, for the holder of the service key (its 64-byte seed or 2,400-byte decapsulation key),
   * or null when the pidCipher does not open here: another key id, signer, message or sid, or tampering.
   */
  open(pidCipher: DilionPidCipher, serviceSecretKey: Uint8Array, opts: DilionOpenOptions): string | null;
  /** The uid from the signature's pidOpening and the service's public key (docs/crypto/dilion.md §4.3), or null. */
  openWithOpening(pidCipher: DilionPidCipher, serviceEncapsulationKey: Uint8Array, pidOpening: Uint8Array, opts: DilionOpenOptions): string | null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** FIPS 203 dk = dk_PKE (1,152) ‖ ek (1,184) ‖ H(ek) ‖ z: where ek sits inside an expanded key. */
const DK_PKE_LENGTH = 1152;
/** FIPS 204 sk = ρ (32) ‖ K (32) ‖ tr (64) ‖ …, tr = SHAKE256(pk, 64). */
const SK_TR_OFFSET = 64;
const TR_LENGTH = 64;

function text(value: unknown, param: string): string {
  if (typeof value === 'string') return value;
  if (!(value instanceof Uint8Array)) {
    throw new EngineError('invalid_argument', `${param} must be a string or a Uint8Array of UTF-8`, param);
  }
  try {
    return strictUtf8.decode(value);
  } catch {
    throw new EngineError('invalid_argument', `${param} must be valid UTF-8: Dilion signs UTF-8(message) (docs/crypto/dilion.md §3.4)`, param);
  }
}

/** The context bytes for a sid (default "default"), refusing what FIPS 204 cannot carry. */
function contextOf(sid: unknown, param: string): { sid: string; text: string; bytes: Uint8Array } {
  const s = sid === undefined ? DILION_DEFAULT_SID : sid;
  if (typeof s !== 'string') throw new EngineError('invalid_argument', `${param} must be a string`, param);
  const context = dilionContextOf(s);
  if (context.bytes.length > MAX_CONTEXT_BYTES) {
    throw new EngineError('context_too_long', `${param} must be at most ${MAX_SID_BYTES} bytes of UTF-8, got ${context.bytes.length - (MAX_CONTEXT_BYTES - MAX_SID_BYTES)}`, param);
  }
  return { sid: s, ...context };
}

/** The sizes of docs/crypto/dilion.md §4.1; a suite other than the one Dilion uses is refused rather than misread. */
function pidCipherOf(value: unknown, param: string): DilionPidCipher {
  if (value === null || value === undefined) throw new EngineError('invalid_argument', `${param} must be a pidCipher object`, param);
  const p = options<DilionPidCipher>(value, ['C1', 'C2', 'serviceKeyId', 'suite'], param);
  const c1 = bytes(p.C1, `${param}.C1`, DILION_PID.c1Length, 'invalid_ciphertext_length');
  const c2 = bytes(p.C2, `${param}.C2`);
  if (!DILION_PID.c2Lengths.includes(c2.length)) {
    throw new EngineError('invalid_ciphertext_length', `${param}.C2 must be ${DILION_PID.c2Lengths.join(' or ')} bytes, got ${c2.length}`, `${param}.C2`);
  }
  const skid = bytes(p.serviceKeyId, `${param}.serviceKeyId`, DILION_PID.serviceKeyIdLength);
  if (p.suite !== undefined && p.suite !== DILION_PID.suite) {
    throw new EngineError('invalid_argument', `${param}.suite must be "${DILION_PID.suite}"`, `${param}.suite`);
  }
  return { C1: c1, C2: c2, serviceKeyId: skid, suite: DILION_PID.suite };
}

/** The uid inside a padded plaintext, accepted only in the exact form padUid gives (canonical). */
function unpad(plaintext: Uint8Array | null): string | null {
  if (plaintext === null) return null;
  let end = plaintext.length - 1;
  while (end >= 0 && plaintext[end] === 0) end--;
  if (end < 0 || plaintext[end] !== 0x80) return null;
  let uid: string;
  try {
    uid = strictUtf8.decode(plaintext.subarray(0, end));
  } catch {
    return null;
  }
  const again = padUid(uid);
  return again !== null && equal(again, plaintext) ? uid : null;
}

// Used on public values and on a plaintext its holder may read anyway, so no constant-time need.
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

export function dilionApi(hashes: Sha3Api, mlDsa65: MlDsa, mlKem768: MlKem, hpke: Hpke): Dilion {
  const sha3 = (data: Uint8Array) => hashes.sha3_256(data);

  /** info and aad (docs/crypto/dilion.md §3.3) for where a pidCipher is bound. */
  const binding = (opts: unknown) => {
    if (opts === undefined) throw new EngineError('invalid_argument', 'options { message, signerPublicKey } are required to open a pidCipher', 'options');
    const o = options<DilionOpenOptions>(opts, ['message', 'signerPublicKey', 'sid']);
    const message = text(o.message, 'options.message');
    const signer = bytes(o.signerPublicKey, 'options.signerPublicKey', mlDsa65.publicKeyLength, 'invalid_key');
    const { sid } = contextOf(o.sid, 'options.sid');
    return { info: pidInfo(sid), aad: pidAad(signer, message, sha3) };
  };

  /** The service key's encapsulation key, with its id checked or computed (docs/crypto/dilion.md §2: skid = SHA3-256(ek)). */
  const serviceKeyOf = (value: unknown) => {
    const k = options<DilionServiceKey>(value, ['publicKey', 'keyId'], 'options.serviceKey');
    const ek = bytes(k.publicKey, 'options.serviceKey.publicKey', mlKem768.publicKeyLength, 'invalid_key');
    const skid = sha3(ek);
    if (k.keyId !== undefined && !equal(bytes(k.keyId, 'options.serviceKey.keyId', DILION_PID.serviceKeyIdLength), skid)) {
      throw new EngineError('invalid_key', 'options.serviceKey.keyId must be SHA3-256(options.serviceKey.publicKey)', 'options.serviceKey.keyId');
    }
    return { ek, skid };
  };

  const seal = (o: Partial<DilionSignOptions>, sid: string, message: string, signerPublicKey: Uint8Array) => {
    if (typeof o.uid !== 'string') throw new EngineError('invalid_argument', 'options.uid must be a string', 'options.uid');
    const padded = padUid(o.uid);
    if (padded === null) throw new EngineError('invalid_length', `options.uid must be at most ${DILION_PID.maxUidBytes} bytes of UTF-8 (NFC)`, 'options.uid');
    if (o.serviceKey === undefined) throw new EngineError('invalid_option', 'options.serviceKey is required with options.uid: the uid is sealed to it', 'options.serviceKey');
    const { ek, skid } = serviceKeyOf(o.serviceKey);
    const m =
      o.encapsulationRandom === undefined
        ? randomBytes(DILION_PID.openingLength)
        : bytes(o.encapsulationRandom, 'options.encapsulationRandom', DILION_PID.openingLength, 'invalid_random_length').slice();
    let sealed: { enc: Uint8Array; cipherText: Uint8Array };
    try {
      sealed = hpke.seal(ek, padded, { info: pidInfo(sid), aad: pidAad(signerPublicKey, message, sha3), random: m });
    } catch (error) {
      // ML-KEM's modulus check names its own argument; name the caller's instead.
      if (error instanceof EngineError && error.code === 'invalid_key') throw new EngineError('invalid_key', error.message, 'options.serviceKey.publicKey');
      throw error;
    }
    padded.fill(0);
    const pidCipher: DilionPidCipher = { C1: sealed.enc, C2: sealed.cipherText, serviceKeyId: skid, suite: DILION_PID.suite };
    return { pidCipher, pidOpening: m };
  };

  /** pk, checked against tr = SHAKE256(pk, 64) at bytes 64..128 of the FIPS 204 sk. */
  const signerPublicKeyOf = (publicKey: unknown, sk: Uint8Array) => {
    if (publicKey === undefined) throw new EngineError('invalid_option', 'options.publicKey is required with options.uid: the aad binds the signer by it', 'options.publicKey');
    const pk = bytes(publicKey, 'options.publicKey', mlDsa65.publicKeyLength, 'invalid_key');
    if (!equal(hashes.shake256(pk, TR_LENGTH), sk.subarray(SK_TR_OFFSET, SK_TR_OFFSET + TR_LENGTH))) {
      throw new EngineError('invalid_key', 'options.publicKey is not the public key of secretKey', 'options.publicKey');
    }
    return pk;
  };

  const messageOf = (message: string, pidCipher: DilionPidCipher | null) =>
    pidCipher === null ? dilionMessage(message) : dilionPidMessage(pidCipher.serviceKeyId, pidCipher.C1, pidCipher.C2, message);

  return {
    sign(message, secretKey, opts) {
      const o = options<DilionSignOptions>(opts, ['sid', 'uid', 'publicKey', 'serviceKey', 'random', 'encapsulationRandom']);
      const msg = text(message, 'message');
      const sk = bytes(secretKey, 'secretKey', mlDsa65.secretKeyLength, 'invalid_key');
      const context = contextOf(o.sid, 'options.sid');
      if (o.uid === undefined) {
        for (const key of ['publicKey', 'serviceKey', 'encapsulationRandom'] as const) {
          if (o[key] !== undefined) throw new EngineError('invalid_option', `options.${key} has no use without options.uid`, `options.${key}`);
        }
      }
      // The aad names the signer by its public key, and a FIPS 204 sk holds only tr = H(pk), so
      // the caller passes pk along with the uid; tr proves it is this key's.
      const signer = o.uid === undefined ? null : signerPublicKeyOf(o.publicKey, sk);
      const bound = signer === null ? null : seal(o, context.sid, msg, signer);
      const signature = mlDsa65.sign(messageOf(msg, bound?.pidCipher ?? null), sk, {
        context: context.bytes,
        ...(o.random === undefined ? {} : { random: o.random }),
      });
      return { signature, context: context.text, pidCipher: bound?.pidCipher ?? null, pidOpening: bound?.pidOpening ?? null };
    },

    verify(publicKey, message, signature, opts) {
      const o = options<DilionVerifyOptions>(opts, ['sid', 'pidCipher']);
      const msg = text(message, 'message');
      const context = contextOf(o.sid, 'options.sid');
      const pidCipher = o.pidCipher === undefined || o.pidCipher === null ? null : pidCipherOf(o.pidCipher, 'options.pidCipher');
      return mlDsa65.verify(publicKey, messageOf(msg, pidCipher), signature, { context: context.bytes });
    },

    open(pidCipher, serviceSecretKey, opts) {
      const p = pidCipherOf(pidCipher, 'pidCipher');
      const dk = bytes(serviceSecretKey, 'serviceSecretKey');
      if (dk.length !== mlKem768.seedLength && dk.length !== mlKem768.secretKeyLength) {
        throw new EngineError('invalid_key', `serviceSecretKey must be a ${mlKem768.seedLength}-byte seed or a ${mlKem768.secretKeyLength}-byte decapsulation key, got ${dk.length}`, 'serviceSecretKey');
      }
      const { info, aad } = binding(opts);
      // A pidCipher naming another key id was not made for this key as signed, even if it decrypts.
      const expanded = dk.length === mlKem768.seedLength ? mlKem768.keygen(dk) : null;
      const ek = expanded ? expanded.publicKey : dk.subarray(DK_PKE_LENGTH, DK_PKE_LENGTH + mlKem768.publicKeyLength);
      expanded?.secretKey.fill(0);
      if (!equal(sha3(ek), p.serviceKeyId)) return null;
      try {
        return unpad(hpke.open(dk, p.C1, p.C2, { info, aad }));
      } catch (error) {
        if (error instanceof EngineError && error.code === 'invalid_key') throw new EngineError('invalid_key', error.message, 'serviceSecretKey');
        throw error;
      }
    },

    openWithOpening(pidCipher, serviceEncapsulationKey, pidOpening, opts) {
      const p = pidCipherOf(pidCipher, 'pidCipher');
      const ek = bytes(serviceEncapsulationKey, 'serviceEncapsulationKey', mlKem768.publicKeyLength, 'invalid_key');
      const m = bytes(pidOpening, 'pidOpening', DILION_PID.openingLength, 'invalid_random_length');
      const { info, aad } = binding(opts);
      if (!equal(sha3(ek), p.serviceKeyId)) return null;
      try {
        return unpad(hpke.openWithSenderRandom(ek, m, p.C1, p.C2, { info, aad }));
      } catch (error) {
        if (error instanceof EngineError && error.code === 'invalid_key') throw new EngineError('invalid_key', error.message, 'serviceEncapsulationKey');
        throw error;
      }
    },
  };
}
