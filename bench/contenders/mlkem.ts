/**
 * The ML-KEM and HPKE implementations the `mlkem` suite compares, each reduced to ready-to-call
 * closures over the same kind of fixture: key pairs and a ciphertext to each, all checked to
 * decapsulate (or open) correctly before anything is timed.
 *
 * As for ML-DSA, our engine keeps the expansion of the public matrix A-hat for the last key it
 * used, so encapsulation and decapsulation come in two workloads: `rotating` (the next of
 * KEY_PAIRS keys each call, so no per-key cache helps: the figure compared with other libraries)
 * and `oneKey` (one key over and over, as a service decapsulating with its one key does).
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import type { Engine } from '../../engine/src/index.ts';
import { KEY_PAIRS } from './mldsa.ts';

export const ML_KEM_LEVELS = [512, 768, 1024] as const;
export type MlKemLevel = (typeof ML_KEM_LEVELS)[number];
export const ML_KEM_OPS = ['keygen', 'encapsulate', 'decapsulate'] as const;
export type MlKemOp = (typeof ML_KEM_OPS)[number];

export type KemOpSet = Record<MlKemOp, () => unknown>;

export interface KemContender {
  rotating: KemOpSet;
  oneKey: KemOpSet;
}

interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** One implementation's calls; keygen and encapsulate draw fresh randomness, as both libraries do by default. */
interface KemScheme {
  keygen(): KeyPair;
  encapsulate(publicKey: Uint8Array): { cipherText: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

function kemContender(who: string, level: MlKemLevel, scheme: KemScheme): KemContender {
  const keys = Array.from({ length: KEY_PAIRS }, () => scheme.keygen());
  const encs = keys.map((k) => scheme.encapsulate(k.publicKey));
  keys.forEach((k, i) => {
    if (!same(scheme.decapsulate(encs[i].cipherText, k.secretKey), encs[i].sharedSecret)) {
      throw new Error(`${who} ML-KEM-${level}: a fresh ciphertext does not decapsulate; not benchmarking it`);
    }
  });
  let e = 0;
  let d = 0;
  const keygen = () => scheme.keygen();
  return {
    rotating: {
      keygen,
      encapsulate: () => scheme.encapsulate(keys[(e = (e + 1) % KEY_PAIRS)].publicKey),
      decapsulate: () => scheme.decapsulate(encs[(d = (d + 1) % KEY_PAIRS)].cipherText, keys[d].secretKey),
    },
    oneKey: {
      keygen,
      encapsulate: () => scheme.encapsulate(keys[0].publicKey),
      decapsulate: () => scheme.decapsulate(encs[0].cipherText, keys[0].secretKey),
    },
  };
}

const OURS = { 512: 'mlKem512', 768: 'mlKem768', 1024: 'mlKem1024' } as const;

/** Our engine at `level`, through its public API (argument checks, key checks and IO copies included). */
export function oursKem(engine: Engine, level: MlKemLevel): KemContender {
  const api = engine[OURS[level]];
  return kemContender('ours', level, {
    keygen: () => api.keygen(),
    encapsulate: (publicKey) => api.encapsulate(publicKey),
    decapsulate: (cipherText, secretKey) => api.decapsulate(cipherText, secretKey),
  });
}

const NOBLE = { 512: ml_kem512, 768: ml_kem768, 1024: ml_kem1024 } as const;

/** @noble/post-quantum at `level`, used the same way. */
export function nobleKem(level: MlKemLevel): KemContender {
  const kem = NOBLE[level];
  return kemContender('@noble/post-quantum', level, {
    keygen: () => kem.keygen(),
    encapsulate: (publicKey) => kem.encapsulate(publicKey),
    decapsulate: (cipherText, secretKey) => kem.decapsulate(cipherText, secretKey),
  });
}

/** The HPKE workload: a Dilion-sized message (a uid padded to 64 bytes), its info and aad. */
export const HPKE_PLAINTEXT = 64;
export const HPKE_INFO = new TextEncoder().encode('dilion/v1 pid\u0000default');
export const HPKE_AAD = 64;

export interface HpkeContender {
  seal(): unknown;
  open(): unknown;
}

interface HpkeFixture {
  seeds: Uint8Array[];
  publicKeys: Uint8Array[];
  plaintext: Uint8Array;
  aad: Uint8Array;
}

/** Recipients (64-byte seeds, HPKE's private key form, and their public keys) shared by both contenders. */
export function hpkeFixture(engine: Engine): HpkeFixture {
  const seeds = Array.from({ length: KEY_PAIRS }, () => crypto.getRandomValues(new Uint8Array(64)));
  return {
    seeds,
    publicKeys: seeds.map((s) => engine.mlKem768.keygen(s).publicKey),
    plaintext: crypto.getRandomValues(new Uint8Array(HPKE_PLAINTEXT)),
    aad: crypto.getRandomValues(new Uint8Array(HPKE_AAD)),
  };
}

/** Our engine's single-shot seal and open, recipients in rotation. */
export function oursHpke(engine: Engine, f: HpkeFixture): HpkeContender {
  const opts = { info: HPKE_INFO, aad: f.aad };
  const sealed = f.publicKeys.map((pk) => engine.hpke.seal(pk, f.plaintext, opts));
  sealed.forEach((s, i) => {
    if (!same(engine.hpke.open(f.seeds[i], s.enc, s.cipherText, opts) ?? new Uint8Array(0), f.plaintext)) {
      throw new Error('ours HPKE: a fresh ciphertext does not open; not benchmarking it');
    }
  });
  let s = 0;
  let o = 0;
  return {
    seal: () => engine.hpke.seal(f.publicKeys[(s = (s + 1) % KEY_PAIRS)], f.plaintext, opts),
    open: () => engine.hpke.open(f.seeds[(o = (o + 1) % KEY_PAIRS)], sealed[o].enc, sealed[o].cipherText, opts),
  };
}

/**
 * @hpke/core with @hpke/ml-kem and @hpke/chacha20poly1305 (asynchronous: its HKDF is WebCrypto).
 * Keys are imported once, outside the timed calls, so only seal and open are timed.
 */
export async function theirHpke(f: HpkeFixture): Promise<{ seal(): Promise<unknown>; open(): Promise<unknown> }> {
  const suite = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });
  const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
  const info = buffer(HPKE_INFO);
  const pt = buffer(f.plaintext);
  const aad = buffer(f.aad);
  const publicKeys = await Promise.all(f.publicKeys.map((pk) => suite.kem.importKey('raw', buffer(pk), true)));
  const privateKeys = await Promise.all(f.seeds.map((seed) => suite.kem.importKey('raw', buffer(seed), false)));
  const sealed = await Promise.all(publicKeys.map((recipientPublicKey) => suite.seal({ recipientPublicKey, info }, pt, aad)));
  for (let i = 0; i < KEY_PAIRS; i++) {
    const opened = new Uint8Array(await suite.open({ recipientKey: privateKeys[i], enc: sealed[i].enc, info }, sealed[i].ct, aad));
    if (!same(opened, f.plaintext)) throw new Error('@hpke/core: a fresh ciphertext does not open; not benchmarking it');
  }
  let s = 0;
  let o = 0;
  return {
    seal: () => suite.seal({ recipientPublicKey: publicKeys[(s = (s + 1) % KEY_PAIRS)], info }, pt, aad),
    open: () => suite.open({ recipientKey: privateKeys[(o = (o + 1) % KEY_PAIRS)], enc: sealed[o].enc, info }, sealed[o].ct, aad),
  };
}
