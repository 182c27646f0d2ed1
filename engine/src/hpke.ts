/**
 * HPKE (RFC 9180) base mode, single shot, with one suite: KEM ML-KEM-768 (0x0041, as
 * draft-ietf-hpke-pq defines it: Encap and Decap are ML-KEM's own, the shared secret is ML-KEM's
 * 32-byte K, the private key is the 64-byte seed d || z), KDF HKDF-SHA256 (0x0001) and AEAD
 * ChaCha20-Poly1305 (0x0003). The KEM, HKDF and AEAD run in the engine; this module only
 * concatenates labels (LabeledExtract / LabeledExpand) and runs the key schedule.
 *
 * open returns null when the ciphertext does not authenticate: a wrong key, enc, info or aad all
 * look the same (ML-KEM's implicit rejection turns a bad enc into a wrong AEAD key).
 */
import type { ChaCha20Poly1305 } from './chacha20poly1305.ts';
import { bytes, EngineError, options } from './errors.ts';
import type { HkdfSha256 } from './hkdf.ts';
import type { MlKem } from './mlkem.ts';

/** The suite's identifiers (RFC 9180 section 7 and draft-ietf-hpke-pq). */
export const HPKE_SUITE = { kemId: 0x0041, kdfId: 0x0001, aeadId: 0x0003 } as const;
/** Nenc, Npk and Nsk of ML-KEM-768 for HPKE, and the AEAD's Nt. */
export const HPKE_ENC_LENGTH = 1088;
export const HPKE_PUBLIC_KEY_LENGTH = 1184;
export const HPKE_SECRET_KEY_LENGTH = 64;
export const HPKE_TAG_LENGTH = 16;

export interface HpkeSealOptions {
  info?: Uint8Array;
  aad?: Uint8Array;
  /** The 32-byte ML-KEM encapsulation randomness m (fresh random when omitted). */
  random?: Uint8Array;
}

export interface HpkeOpenOptions {
  info?: Uint8Array;
  aad?: Uint8Array;
}

export interface Hpke {
  readonly suite: typeof HPKE_SUITE;
  /** SealBase(pkR, info, aad, pt): enc (1,088 bytes) and the ciphertext (pt + 16 bytes). */
  seal(publicKey: Uint8Array, plaintext: Uint8Array, opts?: HpkeSealOptions): { enc: Uint8Array; cipherText: Uint8Array };
  /**
   * OpenBase(enc, skR, info, aad, ct): the plaintext, or null. secretKey is the 64-byte seed
   * (HPKE's serialized private key) or the expanded 2,400-byte ML-KEM decapsulation key.
   */
  open(secretKey: Uint8Array, enc: Uint8Array, cipherText: Uint8Array, opts?: HpkeOpenOptions): Uint8Array | null;
  /**
   * Opens as the sender can: re-encapsulates to publicKey with the sender's 32-byte randomness,
   * requires the result to equal enc, then opens with that shared secret (null otherwise). Lets
   * a sender hand one message's opening to a third party without any private key.
   */
  openWithSenderRandom(publicKey: Uint8Array, random: Uint8Array, enc: Uint8Array, cipherText: Uint8Array, opts?: HpkeOpenOptions): Uint8Array | null;
}

/** A suite's identifiers and lengths, for the key schedule. */
export interface KeyScheduleSuite {
  kemId: number;
  kdfId: number;
  aeadId: number;
  /** AEAD key, nonce and KDF output lengths. */
  nk: number;
  nn: number;
  nh: number;
}

export interface KeySchedule {
  key: Uint8Array;
  baseNonce: Uint8Array;
  exporterSecret: Uint8Array;
}

const ascii = (s: string) => new TextEncoder().encode(s);
const EMPTY = new Uint8Array(0);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const i2osp2 = (n: number) => new Uint8Array([n >> 8, n & 0xff]);

/**
 * KeySchedule for mode_base (RFC 9180 section 5.1) with an HKDF-SHA256 KDF, psk and psk_id empty.
 * The labels' byte prefixes and psk_id_hash depend only on the suite, so they are built once.
 */
export function keyScheduler(hkdf: HkdfSha256, suite: KeyScheduleSuite): (sharedSecret: Uint8Array, info: Uint8Array) => KeySchedule {
  const suiteId = concat(ascii('HPKE'), i2osp2(suite.kemId), i2osp2(suite.kdfId), i2osp2(suite.aeadId));
  const prefix = (label: string) => concat(ascii('HPKE-v1'), suiteId, ascii(label));
  const [pskIdHashLabel, infoHashLabel, secretLabel] = [prefix('psk_id_hash'), prefix('info_hash'), prefix('secret')];
  const expandLabel = (label: string, length: number) => concat(i2osp2(length), prefix(label));
  const [keyLabel, nonceLabel, expLabel] = [expandLabel('key', suite.nk), expandLabel('base_nonce', suite.nn), expandLabel('exp', suite.nh)];
  // LabeledExtract("", "psk_id_hash", psk_id) with the empty psk_id of mode_base.
  const pskIdHash = hkdf.extract(pskIdHashLabel, EMPTY);
  return (sharedSecret, info) => {
    const infoHash = hkdf.extract(concat(infoHashLabel, info), EMPTY);
    const context = concat(new Uint8Array([0]), pskIdHash, infoHash);
    const secret = hkdf.extract(secretLabel, sharedSecret);
    return {
      key: hkdf.expand(secret, concat(keyLabel, context), suite.nk),
      baseNonce: hkdf.expand(secret, concat(nonceLabel, context), suite.nn),
      exporterSecret: hkdf.expand(secret, concat(expLabel, context), suite.nh),
    };
  };
}

const SUITE: KeyScheduleSuite = { ...HPKE_SUITE, nk: 32, nn: 12, nh: 32 };

export function hpkeApi(kem: MlKem, hkdf: HkdfSha256, aead: ChaCha20Poly1305): Hpke {
  const keySchedule = keyScheduler(hkdf, SUITE);
  const openOptions = (opts: unknown) => {
    const o = options<HpkeOpenOptions>(opts, ['info', 'aad']);
    return {
      info: o.info === undefined ? EMPTY : bytes(o.info, 'options.info'),
      aad: o.aad === undefined ? EMPTY : bytes(o.aad, 'options.aad'),
    };
  };
  const checkEnc = (enc: unknown) => bytes(enc, 'enc', HPKE_ENC_LENGTH, 'invalid_ciphertext_length');
  const checkCipherText = (ct: unknown) => {
    const c = bytes(ct, 'cipherText');
    if (c.length < HPKE_TAG_LENGTH) {
      throw new EngineError('invalid_ciphertext_length', `cipherText must hold at least the ${HPKE_TAG_LENGTH}-byte tag, got ${c.length} bytes`, 'cipherText');
    }
    return c;
  };
  const openWith = (sharedSecret: Uint8Array, ct: Uint8Array, info: Uint8Array, aad: Uint8Array) => {
    const { key, baseNonce } = keySchedule(sharedSecret, info);
    return aead.open(key, baseNonce, ct, { aad });
  };

  return {
    suite: HPKE_SUITE,

    seal(publicKey, plaintext, opts) {
      const o = options<HpkeSealOptions>(opts, ['info', 'aad', 'random']);
      const pt = bytes(plaintext, 'plaintext');
      const { info, aad } = openOptions({ info: o.info, aad: o.aad });
      const random = o.random === undefined ? undefined : bytes(o.random, 'options.random', 32, 'invalid_random_length');
      const { cipherText: enc, sharedSecret } = kem.encapsulate(publicKey, random);
      const { key, baseNonce } = keySchedule(sharedSecret, info);
      return { enc, cipherText: aead.seal(key, baseNonce, pt, { aad }) };
    },

    open(secretKey, enc, cipherText, opts) {
      const e = checkEnc(enc);
      const ct = checkCipherText(cipherText);
      const { info, aad } = openOptions(opts);
      return openWith(kem.decapsulate(e, secretKey), ct, info, aad);
    },

    openWithSenderRandom(publicKey, random, enc, cipherText, opts) {
      const e = checkEnc(enc);
      const ct = checkCipherText(cipherText);
      const m = bytes(random, 'random', 32, 'invalid_random_length');
      const { info, aad } = openOptions(opts);
      const again = kem.encapsulate(publicKey, m);
      // enc is public, so an ordinary comparison leaks nothing.
      if (again.cipherText.length !== e.length || again.cipherText.some((b, i) => b !== e[i])) return null;
      return openWith(again.sharedSecret, ct, info, aad);
    },
  };
}
