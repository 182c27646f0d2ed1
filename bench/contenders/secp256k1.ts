/**
 * The secp256k1 implementations the secp256k1 suite compares (our engine, @noble/curves and
 * tiny-secp256k1, which is libsecp256k1 compiled to WebAssembly), each reduced to ready-to-call
 * closures over the same fixture: KEYS key pairs, a 32-byte digest / message per key, a fixed
 * 32-byte aux, and each implementation's own signatures of them. Every contender's signatures are
 * checked by the other two before anything is timed, and the deterministic ECDSA signatures must be
 * byte-identical across all three. Calls rotate through the keys, so no per-key cache helps.
 */
import { schnorr, secp256k1 as noble } from '@noble/curves/secp256k1.js';
import * as tiny from 'tiny-secp256k1';
import type { Engine } from '../../engine/src/index.ts';

export const SECP_OPS = ['publicKey', 'ecdsaSign', 'ecdsaVerify', 'schnorrSign', 'schnorrVerify'] as const;
export type SecpOp = (typeof SECP_OPS)[number];
export type SecpOps = Record<SecpOp, () => unknown>;

export const KEYS = 16;

export interface SecpFixture {
  secretKeys: Uint8Array[];
  publicKeys: Uint8Array[];
  xOnlyKeys: Uint8Array[];
  digests: Uint8Array[];
  aux: Uint8Array;
}

/** The calls of one implementation in one argument order. */
interface Scheme {
  publicKey(sk: Uint8Array): Uint8Array;
  ecdsaSign(digest: Uint8Array, sk: Uint8Array): Uint8Array;
  ecdsaVerify(pk: Uint8Array, digest: Uint8Array, sig: Uint8Array): boolean;
  schnorrSign(message: Uint8Array, sk: Uint8Array, aux: Uint8Array): Uint8Array;
  schnorrVerify(pk: Uint8Array, message: Uint8Array, sig: Uint8Array): boolean;
}

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

export function secpFixture(engine: Engine): SecpFixture {
  const secretKeys = Array.from({ length: KEYS }, () => engine.secp256k1.keygen().secretKey);
  return {
    secretKeys,
    publicKeys: secretKeys.map((sk) => engine.secp256k1.getPublicKey(sk)),
    xOnlyKeys: secretKeys.map((sk) => engine.secp256k1.schnorrGetPublicKey(sk)),
    digests: secretKeys.map(() => random(32)),
    aux: random(32),
  };
}

function schemes(engine: Engine): Record<string, Scheme> {
  const k1 = engine.secp256k1;
  return {
    ours: {
      publicKey: (sk) => k1.getPublicKey(sk),
      ecdsaSign: (h, sk) => k1.ecdsaSign(h, sk),
      ecdsaVerify: (pk, h, sig) => k1.ecdsaVerify(pk, h, sig),
      schnorrSign: (m, sk, aux) => k1.schnorrSign(m, sk, aux),
      schnorrVerify: (pk, m, sig) => k1.schnorrVerify(pk, m, sig),
    },
    '@noble/curves': {
      publicKey: (sk) => noble.getPublicKey(sk, true),
      ecdsaSign: (h, sk) => noble.sign(h, sk, { prehash: false }),
      ecdsaVerify: (pk, h, sig) => noble.verify(sig, h, pk, { prehash: false }),
      schnorrSign: (m, sk, aux) => schnorr.sign(m, sk, aux),
      schnorrVerify: (pk, m, sig) => schnorr.verify(sig, m, pk),
    },
    'tiny-secp256k1': {
      publicKey: (sk) => tiny.pointFromScalar(sk, true)!,
      ecdsaSign: (h, sk) => tiny.sign(h, sk),
      ecdsaVerify: (pk, h, sig) => tiny.verify(h, pk, sig),
      schnorrSign: (m, sk, aux) => tiny.signSchnorr(m, sk, aux),
      schnorrVerify: (pk, m, sig) => tiny.verifySchnorr(m, pk, sig),
    },
  };
}

export const SECP_CONTENDERS = ['ours', '@noble/curves', 'tiny-secp256k1'] as const;

/** Each contender's closures, after the cross-checks described above. */
export function secpContenders(engine: Engine, f: SecpFixture): Record<(typeof SECP_CONTENDERS)[number], SecpOps> {
  const all = schemes(engine);
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const out = {} as Record<(typeof SECP_CONTENDERS)[number], SecpOps>;
  const ecdsa: Record<string, Uint8Array[]> = {};
  const bip340: Record<string, Uint8Array[]> = {};
  for (const who of SECP_CONTENDERS) {
    const s = all[who];
    ecdsa[who] = f.secretKeys.map((sk, i) => s.ecdsaSign(f.digests[i], sk));
    bip340[who] = f.secretKeys.map((sk, i) => s.schnorrSign(f.digests[i], sk, f.aux));
    f.secretKeys.forEach((sk, i) => {
      if (hex(s.publicKey(sk)) !== hex(f.publicKeys[i])) throw new Error(`${who}: public keys disagree; not benchmarking`);
    });
  }
  for (const who of SECP_CONTENDERS) {
    const s = all[who];
    for (const from of SECP_CONTENDERS) {
      f.secretKeys.forEach((_, i) => {
        if (hex(ecdsa[from][i]) !== hex(ecdsa.ours[i])) throw new Error(`${from}: RFC 6979 signatures differ from ours; not benchmarking`);
        if (hex(bip340[from][i]) !== hex(bip340.ours[i])) throw new Error(`${from}: BIP-340 signatures differ from ours; not benchmarking`);
        if (!s.ecdsaVerify(f.publicKeys[i], f.digests[i], ecdsa[from][i]) || !s.schnorrVerify(f.xOnlyKeys[i], f.digests[i], bip340[from][i])) {
          throw new Error(`${who} does not verify ${from}'s signatures; not benchmarking`);
        }
      });
    }
    let p = 0, a = 0, b = 0, c = 0, d = 0;
    const next = (i: number) => (i + 1) % KEYS;
    out[who] = {
      publicKey: () => s.publicKey(f.secretKeys[(p = next(p))]),
      ecdsaSign: () => s.ecdsaSign(f.digests[(a = next(a))], f.secretKeys[a]),
      ecdsaVerify: () => s.ecdsaVerify(f.publicKeys[(b = next(b))], f.digests[b], ecdsa[who][b]),
      schnorrSign: () => s.schnorrSign(f.digests[(c = next(c))], f.secretKeys[c], f.aux),
      schnorrVerify: () => s.schnorrVerify(f.xOnlyKeys[(d = next(d))], f.digests[d], bip340[who][d]),
    };
  }
  return out;
}
