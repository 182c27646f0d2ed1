/** ML-DSA differential tests against @noble/post-quantum, negatives, input checks and memory. */
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import type { MlDsa } from './index.ts';
import { ERR_ARGUMENT, MLDSA_MESSAGE_MAX } from '../assembly/layout.ts';
import { instantiate } from './wasm.ts';

const NOBLE = { mlDsa44: ml_dsa44, mlDsa65: ml_dsa65, mlDsa87: ml_dsa87 } as const;
const rand = (n: number) => new Uint8Array(randomBytes(n));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};

for (const name of ['mlDsa44', 'mlDsa65', 'mlDsa87'] as const) {
  describe(`${name} agrees with @noble/post-quantum`, () => {
    const noble = NOBLE[name];
    const ours = (): MlDsa => engine[name];

    it('derives the same key pair from the same seed', () => {
      for (let i = 0; i < 10; i++) {
        const seed = rand(32);
        const a = ours().keygen(seed);
        const b = noble.keygen(seed);
        expect(a.publicKey).toEqual(b.publicKey);
        expect(a.secretKey).toEqual(b.secretKey);
      }
    });

    it('produces the same deterministic signature bytes, with and without context', () => {
      for (let i = 0; i < 10; i++) {
        const { secretKey } = ours().keygen(rand(32));
        const message = rand(i * 37);
        const context = rand(i * 25);
        expect(ours().sign(message, secretKey, { random: false, context })).toEqual(
          noble.sign(message, secretKey, { extraEntropy: false, context }),
        );
        const random = rand(32);
        expect(ours().sign(message, secretKey, { random })).toEqual(noble.sign(message, secretKey, { extraEntropy: random }));
      }
    });

    it('verifies noble hedged signatures, and noble verifies ours', () => {
      for (let i = 0; i < 10; i++) {
        const { publicKey, secretKey } = ours().keygen();
        const message = rand(1 + i * 100);
        const context = rand(i);
        expect(ours().verify(publicKey, message, noble.sign(message, secretKey, { context }), { context })).toBe(true);
        expect(noble.verify(ours().sign(message, secretKey, { context }), message, publicKey, { context })).toBe(true);
      }
    });

    it('hedges by default: two signatures of one message differ and both verify', () => {
      const { publicKey, secretKey } = ours().keygen();
      const message = rand(64);
      const s1 = ours().sign(message, secretKey);
      const s2 = ours().sign(message, secretKey);
      expect(s1).not.toEqual(s2);
      expect(ours().verify(publicKey, message, s1) && ours().verify(publicKey, message, s2)).toBe(true);
    });

    it('signs and verifies an external mu as noble does', () => {
      const { publicKey, secretKey } = ours().keygen();
      const mu = rand(64);
      const sig = ours().sign(mu, secretKey, { externalMu: true, random: false });
      expect(sig).toEqual(noble.internal.sign(mu, secretKey, { externalMu: true, extraEntropy: false }));
      expect(noble.internal.verify(sig, mu, publicKey, { externalMu: true })).toBe(true);
      expect(ours().verify(publicKey, mu, sig, { externalMu: true })).toBe(true);
      expect(ours().verify(publicKey, flip(mu, 0), sig, { externalMu: true })).toBe(false);
    });

    it("hashes an M' of up to MLDSA_MESSAGE_MAX bytes in the engine and streams a longer one, with noble's bytes either way", () => {
      const { publicKey, secretKey } = ours().keygen();
      const other = ours().keygen();
      // M' = 0 || 0 || message without a context: these put it at the bound and one byte over.
      for (const length of [MLDSA_MESSAGE_MAX - 2, MLDSA_MESSAGE_MAX - 1]) {
        const message = rand(length);
        const sig = ours().sign(message, secretKey, { random: false });
        expect(sig).toEqual(noble.sign(message, secretKey, { extraEntropy: false }));
        // The second verification finds the matrix expanded and hashes tr and mu alone.
        expect([ours().verify(other.publicKey, message, sig), ours().verify(publicKey, message, sig), ours().verify(publicKey, message, sig)]).toEqual([false, true, true]);
        expect(ours().verify(publicKey, flip(message, 8 * length - 1), sig)).toBe(false);
      }
    });

    it('signs a 1 MiB message streamed through the sponge', () => {
      const { publicKey, secretKey } = ours().keygen();
      const message = rand(1 << 20);
      const sig = ours().sign(message, secretKey);
      expect(noble.verify(sig, message, publicKey)).toBe(true);
      expect(ours().verify(publicKey, message, sig)).toBe(true);
    });
  });
}

describe('ML-DSA-65 rejects tampering', () => {
  const setup = () => {
    const alg = engine.mlDsa65;
    const { publicKey, secretKey } = alg.keygen();
    const message = rand(100);
    const context = rand(10);
    return { alg, publicKey, message, context, signature: alg.sign(message, secretKey, { context }) };
  };

  it('rejects a signature with a flipped bit (c~, z and hint regions)', () => {
    const { alg, publicKey, message, context, signature } = setup();
    for (const bit of [0, 200, 48 * 8 + 5, 1000 * 8 + 3, 3200 * 8, (signature.length - 1) * 8 - 1]) {
      expect(alg.verify(publicKey, message, flip(signature, bit), { context }), `bit ${bit}`).toBe(false);
    }
  });
  it('rejects a flipped bit in the message, the public key or the context', () => {
    const { alg, publicKey, message, context, signature } = setup();
    expect(alg.verify(publicKey, flip(message, 17), signature, { context })).toBe(false);
    expect(alg.verify(flip(publicKey, 9), message, signature, { context })).toBe(false);
    expect(alg.verify(flip(publicKey, 8 * 500), message, signature, { context })).toBe(false);
    expect(alg.verify(publicKey, message, signature, { context: flip(context, 3) })).toBe(false);
    expect(alg.verify(publicKey, message, signature)).toBe(false);
  });
  it('rejects a pure signature checked as HashML-DSA and the reverse', () => {
    const { alg, publicKey, message, context, signature } = setup();
    expect(alg.verify(publicKey, message, signature, { context, prehash: 'sha512' })).toBe(false);
  });
  it('rejects malformed hint encodings instead of reading them', () => {
    const { alg, publicKey, message, context, signature } = setup();
    const bad = signature.slice();
    bad[bad.length - 1] = 255; // last hint count above omega
    expect(alg.verify(publicKey, message, bad, { context })).toBe(false);
  });
});

describe('ML-DSA input checks', () => {
  const code = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });
  it('rejects wrong key, seed, signature, random and mu lengths with their codes', () => {
    const alg = engine.mlDsa44;
    const { publicKey, secretKey } = alg.keygen();
    const sig = alg.sign(new Uint8Array(1), secretKey);
    expect(() => alg.keygen(new Uint8Array(31))).toThrow(code('invalid_seed_length', 'seed'));
    expect(() => alg.sign(new Uint8Array(1), secretKey.subarray(1))).toThrow(code('invalid_key', 'secretKey'));
    expect(() => alg.verify(publicKey.subarray(1), new Uint8Array(1), sig)).toThrow(code('invalid_key', 'publicKey'));
    expect(() => alg.verify(publicKey, new Uint8Array(1), sig.subarray(1))).toThrow(code('invalid_signature_length', 'signature'));
    expect(() => alg.sign(new Uint8Array(1), secretKey, { random: new Uint8Array(16) })).toThrow(code('invalid_random_length', 'options.random'));
    expect(() => alg.sign(new Uint8Array(63), secretKey, { externalMu: true })).toThrow(code('invalid_mu_length', 'mu'));
  });
  it("refuses, at the wasm boundary, a message length below -1 or beyond MLDSA_MESSAGE_MAX, and an unknown level", async () => {
    const wasm = await instantiate();
    for (const length of [-2, MLDSA_MESSAGE_MAX + 1, 1 << 30]) {
      expect([length, wasm.mldsaSign(65, length), wasm.mldsaVerify(65, length)]).toEqual([length, ERR_ARGUMENT, ERR_ARGUMENT]);
    }
    expect([wasm.mldsaSign(66, -1), wasm.mldsaVerify(66, 0)]).toEqual([ERR_ARGUMENT, ERR_ARGUMENT]);
  });
  it('rejects a context over 255 bytes, unknown options and unknown pre-hashes', () => {
    const alg = engine.mlDsa65;
    const { secretKey } = alg.keygen();
    const m = new Uint8Array(1);
    expect(() => alg.sign(m, secretKey, { context: new Uint8Array(256) })).toThrow(code('context_too_long', 'options.context'));
    expect(() => alg.sign(m, secretKey, { contxt: new Uint8Array(1) } as never)).toThrow(code('invalid_option', 'options.contxt'));
    expect(() => alg.sign(m, secretKey, { prehash: 'md5' } as never)).toThrow(code('unsupported_hash', 'options.prehash'));
    expect(() => alg.sign(m, secretKey, { prehash: 'toString' } as never)).toThrow(code('unsupported_hash'));
    expect(() => alg.sign('hello' as never, secretKey)).toThrow(code('invalid_argument', 'message'));
    expect(() => alg.sign(m, secretKey, { externalMu: true, context: new Uint8Array(1) })).toThrow(code('invalid_option'));
  });
});

describe('ML-DSA memory', () => {
  it('keeps wasm memory flat over 20,000 ML-DSA-44 sign+verify pairs', () => {
    const alg = engine.mlDsa44;
    const { publicKey, secretKey } = alg.keygen();
    const message = rand(200);
    for (let i = 0; i < 50; i++) alg.verify(publicKey, message, alg.sign(message, secretKey));
    const before = engine.memoryBytes();
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      message[0] = i & 255;
      const sig = alg.sign(message, secretKey);
      if (alg.verify(publicKey, message, sig)) valid++;
    }
    expect(valid).toBe(20_000);
    expect(engine.memoryBytes()).toBe(before);
  });
});

describe('ML-DSA signature views', () => {
  it('decodes c as SampleInBall(c~) with tau non-zero +-1 coefficients and z within gamma1', () => {
    for (const [alg, tau, l, gamma1] of [[engine.mlDsa44, 39, 4, 1 << 17], [engine.mlDsa65, 49, 5, 1 << 19], [engine.mlDsa87, 60, 7, 1 << 19]] as const) {
      const { secretKey } = alg.keygen();
      const sig = alg.sign(rand(10), secretKey);
      const parts = alg.decodeSignature(sig);
      expect(parts.cTilde).toEqual(sig.subarray(0, parts.cTilde.length));
      expect(parts.c.filter((x) => x !== 0)).toHaveLength(tau);
      expect(parts.c.every((x) => x === 0 || x === 1 || x === -1)).toBe(true);
      expect(parts.z).toHaveLength(l * 256);
      expect(parts.z.every((x) => Math.abs(x) < gamma1)).toBe(true);
      // HintBitPack ends with k running totals of the hints set, so its last byte is the whole count.
      expect(parts.hintCount).toBe(sig[sig.length - 1]);
    }
  });
  it('writes c and z as JSON exactly as JSON.stringify does, at every level and across the whole range of z', () => {
    for (const alg of [engine.mlDsa44, engine.mlDsa65, engine.mlDsa87]) {
      const { secretKey } = alg.keygen();
      // Signatures, and random bytes of a signature's length: their z spans (-gamma1, gamma1], every digit count and sign.
      const signatures = [alg.sign(rand(10), secretKey), alg.sign(rand(0), secretKey), rand(alg.signatureLength), rand(alg.signatureLength)];
      for (const sig of signatures) {
        const { c, z } = alg.decodeSignature(sig);
        expect(alg.decodeSignatureJson(sig)).toBe(JSON.stringify({ c: Array.from(c), z: Array.from(z) }).slice(1, -1));
      }
    }
    const gamma1 = 1 << 19;
    const zs = engine.mlDsa65.decodeSignature(rand(engine.mlDsa65.signatureLength)).z;
    expect(Math.max(...zs)).toBeGreaterThan(gamma1 - 5000);
    expect(Math.min(...zs)).toBeLessThan(-gamma1 + 5000);
  });
  it('writes every digit count and sign: z packed by hand with 0, ±1, ±9, ±10, … ±99999, ±100000 and the ends of its range', () => {
    const alg = engine.mlDsa65;
    const gamma1 = 1 << 19;
    const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, gamma1 - 1];
    const wanted = [...edges, ...edges.slice(1).map((v) => -v), gamma1];
    const z = Array.from({ length: 5 * 256 }, (_, i) => wanted[i % wanted.length]!);
    const sig = alg.sign(rand(10), alg.keygen().secretKey);
    // z_i = gamma1 - (20-bit field), two coefficients per 5 bytes, after the 48 bytes of c~.
    for (let i = 0; i < z.length; i += 2) {
      const a = gamma1 - z[i]!, b = gamma1 - z[i + 1]!;
      const o = 48 + (i / 2) * 5;
      sig.set([a & 255, (a >> 8) & 255, ((a >> 16) & 15) | ((b & 15) << 4), (b >> 4) & 255, (b >> 12) & 255], o);
    }
    expect(Array.from(alg.decodeSignature(sig).z)).toEqual(z);
    expect(alg.decodeSignatureJson(sig)).toMatch(new RegExp(`,"z":\\[${z.join(',')}\\]$`));
  });
  it('refuses to write the views of a signature of the wrong length, naming it', () => {
    expect(() => engine.mlDsa65.decodeSignatureJson(new Uint8Array(10))).toThrow(/signature/);
  });
  it('counts the hints a hand-written hint encoding sets', () => {
    const alg = engine.mlDsa65;
    const sig = alg.sign(rand(10), alg.keygen().secretKey);
    const good = alg.decodeSignature(sig);
    // omega = 55 index bytes, then k = 6 running totals: hints at 3, 17, 200 of h[0], 5 of h[2], 9 of h[5].
    const hints = new Uint8Array(55 + 6);
    hints.set([3, 17, 200, 5, 9]);
    hints.set([3, 3, 4, 4, 4, 5], 55);
    sig.set(hints, sig.length - hints.length);
    const parts = alg.decodeSignature(sig);
    expect(parts.hintCount).toBe(5);
    expect(parts.c).toEqual(good.c);
    expect(parts.z).toEqual(good.z);
  });
  it('gives the z noble would pack: re-encoding z reproduces the signature bytes', () => {
    const alg = engine.mlDsa65;
    const sig = alg.sign(rand(10), alg.keygen().secretKey);
    const z = alg.decodeSignature(sig).z;
    const packed = new Uint8Array(5 * 256 * 20 / 8);
    for (let i = 0; i < z.length; i += 2) {
      const a = (1 << 19) - z[i], b = (1 << 19) - z[i + 1];
      const o = (i / 2) * 5;
      packed[o] = a & 255; packed[o + 1] = (a >> 8) & 255; packed[o + 2] = ((a >> 16) & 15) | ((b & 15) << 4);
      packed[o + 3] = (b >> 4) & 255; packed[o + 4] = (b >> 12) & 255;
    }
    expect(packed).toEqual(sig.subarray(48, 48 + packed.length));
  });
  it('still decodes c and z of a signature whose hint encoding is malformed, with no hint count', () => {
    const alg = engine.mlDsa65;
    const sig = alg.sign(rand(10), alg.keygen().secretKey);
    const good = alg.decodeSignature(sig);
    sig[sig.length - 1] = 255;
    const bad = alg.decodeSignature(sig);
    expect(bad.hintCount).toBeNull();
    expect(bad.c).toEqual(good.c);
    expect(bad.z).toEqual(good.z);
  });
});

describe('ML-DSA leaves no secret behind', () => {
  it('keeps no copy of s1 in wasm memory after keygen and sign', async () => {
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(new URL('../build/release.wasm', import.meta.url));
    const { instance } = await WebAssembly.instantiate(bytes, { env: { abort() {} } });
    const e = instance.exports as unknown as { memory: WebAssembly.Memory; ioPtr(): number; mldsaKeygen(l: number): number; mldsaSign(l: number, messageLen: number): number };
    const io = () => new Uint8Array(e.memory.buffer, e.ioPtr(), 65536);
    io().set(rand(32), 0);
    e.mldsaKeygen(65);
    const sk = io().slice(24576, 24576 + 4032);
    // s1[0] as the engine holds it: 256 little-endian i32 coefficients eta - nibble (ML-DSA-65: eta 4).
    const s1 = new Int32Array(256);
    for (let i = 0; i < 256; i++) s1[i] = 4 - ((sk[128 + (i >> 1)]! >> (4 * (i & 1))) & 15);
    const needle = new Uint8Array(s1.buffer);
    const occurrences = () => {
      const heap = new Uint8Array(e.memory.buffer);
      let found = 0;
      for (let i = 0; i + needle.length <= heap.length; i += 4) {
        if (heap[i] === needle[0] && needle.every((b, j) => heap[i + j] === b)) found++;
      }
      return found;
    };
    expect(occurrences()).toBe(0);
    io().set(sk, 0);
    io().set(rand(64), 8192);
    io().set(rand(32), 12288);
    expect(e.mldsaSign(65, -1)).toBeGreaterThan(0);
    expect(occurrences()).toBe(0);
  });
});
