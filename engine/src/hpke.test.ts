/**
 * HPKE base mode (ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305): the key schedule against
 * draft-ietf-hpke-pq's ML-KEM-768 vector, and both directions against an independent RFC 9180
 * implementation (@hpke/core with @hpke/ml-kem and @hpke/chacha20poly1305).
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { keyScheduler } from './hpke.ts';
import { HPKE_ENC_LENGTH, HPKE_SUITE } from './index.ts';

const rand = (n: number) => new Uint8Array(randomBytes(n));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};
const code = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

const theirs = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });
const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;

async function theirSeal(publicKey: Uint8Array, pt: Uint8Array, info: Uint8Array, aad: Uint8Array, m?: Uint8Array) {
  const recipientPublicKey = await theirs.kem.importKey('raw', buffer(publicKey), true);
  const { ct, enc } = await theirs.seal({ recipientPublicKey, info: buffer(info), ...(m ? { ekm: buffer(m) } : {}) }, buffer(pt), buffer(aad));
  return { enc: new Uint8Array(enc), cipherText: new Uint8Array(ct) };
}

async function theirOpen(seed: Uint8Array, enc: Uint8Array, ct: Uint8Array, info: Uint8Array, aad: Uint8Array) {
  const recipientKey = await theirs.kem.importKey('raw', buffer(seed), false);
  return new Uint8Array(await theirs.open({ recipientKey, enc: buffer(enc), info: buffer(info) }, buffer(ct), buffer(aad)));
}

describe('HPKE key schedule matches draft-ietf-hpke-pq appendix A.2 (ML-KEM-768, HKDF-SHA256, AES-128-GCM)', () => {
  // The draft's test vectors: skRm is the 64-byte seed; ikmE is the ML-KEM encapsulation randomness.
  const info = fromHex('34663634363532303666366532303631323034373732363536333639363136653230353537323665');
  const ikmE = fromHex('9b933cd9c9421cd58db0c5f6cea53eedbd7fae056ff95d688d8ed9a58177e76b');
  const skRm = fromHex('80008d036609972cf761d7e2d3b831e48d3e941cda94fbf9bae09bca87373f9bb7411f58fd3324ba1d0daa5a7b42768c5b53e1df29c28d4f5428a8233a905089');

  it('derives pkRm from skRm and enc, shared_secret from ikmE', () => {
    const { publicKey } = engine.mlKem768.keygen(skRm);
    expect(toHex(publicKey.subarray(0, 32))).toBe('1a9664765a7f3322c86c451287f56dcafb799cc39a17e8c33f911a8703b90b3a');
    expect(toHex(publicKey.subarray(-32))).toBe('68b5d57d4718ede11de2080798a309cc8102fff10ad012bd3d32efdc2052d8fd');
    const { cipherText, sharedSecret } = engine.mlKem768.encapsulate(publicKey, ikmE);
    expect(toHex(cipherText.subarray(0, 32))).toBe('86a740f005d8a10afb812bf6d0a97ea0c2a5c7a729af0c286418726ace669954');
    expect(toHex(cipherText.subarray(-32))).toBe('3f4218fe39c1fd892b9852ac170524524205ac19ac58102a4e7562d2dd453d80');
    expect(toHex(sharedSecret)).toBe('750477fb7421ec8e787e4505a99278b0c8aa15b9783453e90939cf1527617dac');
    expect(engine.mlKem768.decapsulate(cipherText, skRm)).toEqual(sharedSecret);
  });

  it('derives key, base_nonce and exporter_secret, and the first encryption', () => {
    const sharedSecret = fromHex('750477fb7421ec8e787e4505a99278b0c8aa15b9783453e90939cf1527617dac');
    const suite = { kemId: 0x0041, kdfId: 0x0001, aeadId: 0x0001, nk: 16, nn: 12, nh: 32 };
    const ks = keyScheduler(engine.hkdfSha256, suite)(sharedSecret, info);
    expect(toHex(ks.key)).toBe('7d1031a2d6d232331f70495250fabb0d');
    expect(toHex(ks.baseNonce)).toBe('5974495634213151b309dfd3');
    expect(toHex(ks.exporterSecret)).toBe('abafcbaa704ff2bcd964ec7a3ad23cc66ff02f0df43576d744a4c2cf1f51e581');
    // Sequence number 0 with AES-128-GCM from node:crypto: checks key and nonce end to end.
    const pt = fromHex('34323635363137353734373932303639373332303734373237353734363832633230373437323735373436383230363236353631373537343739');
    const gcm = createCipheriv('aes-128-gcm', ks.key, ks.baseNonce);
    gcm.setAAD(fromHex('436f756e742d30'));
    const ct = Buffer.concat([gcm.update(pt), gcm.final(), gcm.getAuthTag()]);
    expect(ct.toString('hex')).toBe(
      '4b7dd443eecc37d978fb2e41808d8b3025e0afdefb57b96be0b2ee1c1e437a6a676e379812eac544f55e463d07b20cbe88225ba97736c48ba39bdd96bcd783b43a67eedb77bcd612820b',
    );
  });
});

describe('HPKE agrees with @hpke/core + @hpke/ml-kem', () => {
  it('names the suite ML-KEM-768 / HKDF-SHA256 / ChaCha20-Poly1305 as they do', () => {
    expect(HPKE_SUITE).toEqual({ kemId: theirs.kem.id, kdfId: theirs.kdf.id, aeadId: theirs.aead.id });
  });

  it('seals byte-identically from the same encapsulation randomness', async () => {
    for (let i = 0; i < 10; i++) {
      const seed = rand(64);
      const { publicKey } = engine.mlKem768.keygen(seed);
      const m = rand(32);
      const [pt, info, aad] = [rand(i * 29), rand(i * 11), rand(i * 5)];
      const ours = engine.hpke.seal(publicKey, pt, { info, aad, random: m });
      const them = await theirSeal(publicKey, pt, info, aad, m);
      expect(toHex(ours.enc)).toBe(toHex(them.enc));
      expect(toHex(ours.cipherText)).toBe(toHex(them.cipherText));
    }
  });

  it('our seal -> their open, and their seal -> our open, for many lengths', async () => {
    for (let i = 0; i < 24; i++) {
      const seed = rand(64);
      const { publicKey, secretKey } = engine.mlKem768.keygen(seed);
      const [pt, info, aad] = [rand((i * 53) % 700), rand((i * 17) % 300), rand((i * 31) % 200)];
      const ours = engine.hpke.seal(publicKey, pt, { info, aad });
      expect(toHex(await theirOpen(seed, ours.enc, ours.cipherText, info, aad)), `case ${i}`).toBe(toHex(pt));
      const them = await theirSeal(publicKey, pt, info, aad);
      expect(toHex(engine.hpke.open(seed, them.enc, them.cipherText, { info, aad }) ?? new Uint8Array([1])), `case ${i}`).toBe(toHex(pt));
      // The expanded decapsulation key opens too.
      expect(toHex(engine.hpke.open(secretKey, them.enc, them.cipherText, { info, aad }) ?? new Uint8Array([1]))).toBe(toHex(pt));
    }
  });

  it('seals Dilion-sized plaintexts (64 and 256 bytes) to 80 and 272-byte ciphertexts that they open', async () => {
    const seed = rand(64);
    const { publicKey } = engine.mlKem768.keygen(seed);
    for (const size of [64, 256]) {
      const pt = rand(size);
      const info = new TextEncoder().encode('dilion/v1 pid\u0000default');
      const aad = rand(64);
      const { enc, cipherText } = engine.hpke.seal(publicKey, pt, { info, aad });
      expect([enc.length, cipherText.length]).toEqual([HPKE_ENC_LENGTH, size + 16]);
      expect(await theirOpen(seed, enc, cipherText, info, aad)).toEqual(pt);
    }
  });
});

describe('HPKE open fails on tampering', () => {
  const setup = () => {
    const seed = rand(64);
    const { publicKey } = engine.mlKem768.keygen(seed);
    const info = rand(20);
    const aad = rand(40);
    const random = rand(32);
    const pt = rand(64);
    return { seed, publicKey, info, aad, random, pt, ...engine.hpke.seal(publicKey, pt, { info, aad, random }) };
  };

  it('returns null when enc, the ciphertext, info or aad changed, or for another key', () => {
    const s = setup();
    const open = (o: Partial<typeof s>) =>
      engine.hpke.open(o.seed ?? s.seed, o.enc ?? s.enc, o.cipherText ?? s.cipherText, { info: o.info ?? s.info, aad: o.aad ?? s.aad });
    expect(open({})).toEqual(s.pt);
    for (const bit of [0, 8 * 500 + 1, 8 * 1087 + 7]) expect(open({ enc: flip(s.enc, bit) }), `enc bit ${bit}`).toBeNull();
    for (const bit of [0, 8 * 63, 8 * 64 + 2, 8 * 79 + 7]) expect(open({ cipherText: flip(s.cipherText, bit) }), `ct bit ${bit}`).toBeNull();
    expect(open({ info: flip(s.info, 3) })).toBeNull();
    expect(open({ info: new Uint8Array(0) })).toBeNull();
    expect(open({ aad: flip(s.aad, 100) })).toBeNull();
    expect(open({ aad: s.aad.subarray(1) })).toBeNull();
    expect(open({ seed: rand(64) })).toBeNull();
  });

  it('opens with the sender randomness only for the matching enc and public key', () => {
    const s = setup();
    const { info, aad } = s;
    expect(engine.hpke.openWithSenderRandom(s.publicKey, s.random, s.enc, s.cipherText, { info, aad })).toEqual(s.pt);
    expect(engine.hpke.openWithSenderRandom(s.publicKey, flip(s.random, 0), s.enc, s.cipherText, { info, aad })).toBeNull();
    expect(engine.hpke.openWithSenderRandom(s.publicKey, s.random, flip(s.enc, 9), s.cipherText, { info, aad })).toBeNull();
    expect(engine.hpke.openWithSenderRandom(s.publicKey, s.random, s.enc, flip(s.cipherText, 9), { info, aad })).toBeNull();
    expect(engine.hpke.openWithSenderRandom(s.publicKey, s.random, s.enc, s.cipherText, { info, aad: rand(40) })).toBeNull();
    const other = engine.mlKem768.keygen(rand(64)).publicKey;
    expect(engine.hpke.openWithSenderRandom(other, s.random, s.enc, s.cipherText, { info, aad })).toBeNull();
  });
});

describe('HPKE argument checks', () => {
  it('throws documented codes for malformed keys, enc, ciphertexts, randomness and options', () => {
    const seed = rand(64);
    const { publicKey } = engine.mlKem768.keygen(seed);
    const { enc, cipherText } = engine.hpke.seal(publicKey, rand(10));
    expect(() => engine.hpke.seal(publicKey.subarray(1), rand(10))).toThrow(code('invalid_key', 'publicKey'));
    expect(() => engine.hpke.seal(publicKey, rand(10), { random: rand(16) })).toThrow(code('invalid_random_length', 'options.random'));
    expect(() => engine.hpke.seal(publicKey, rand(10), { infos: rand(1) } as never)).toThrow(code('invalid_option', 'options.infos'));
    expect(() => engine.hpke.seal(publicKey, 'hello' as never)).toThrow(code('invalid_argument', 'plaintext'));
    expect(() => engine.hpke.open(seed.subarray(1), enc, cipherText)).toThrow(code('invalid_key', 'secretKey'));
    expect(() => engine.hpke.open(seed, enc.subarray(1), cipherText)).toThrow(code('invalid_ciphertext_length', 'enc'));
    expect(() => engine.hpke.open(seed, enc, cipherText.subarray(0, 15))).toThrow(code('invalid_ciphertext_length', 'cipherText'));
    expect(() => engine.hpke.open(seed, enc, cipherText, { aad: 5 } as never)).toThrow(code('invalid_argument', 'options.aad'));
    expect(() => engine.hpke.openWithSenderRandom(publicKey, rand(31), enc, cipherText)).toThrow(code('invalid_random_length', 'random'));
    // A public key that fails the FIPS 203 modulus check is refused (the draft's EncapError).
    const bad = publicKey.slice();
    bad[0] = 0xff;
    bad[1] |= 0x0f;
    expect(() => engine.hpke.seal(bad, rand(10))).toThrow(code('invalid_key', 'publicKey'));
  });
});

describe('HPKE memory', () => {
  it('keeps wasm memory flat over 2,000 seal + open pairs', () => {
    const seed = rand(64);
    const { publicKey } = engine.mlKem768.keygen(seed);
    const info = rand(30);
    const before = engine.memoryBytes();
    let opened = 0;
    for (let i = 0; i < 2_000; i++) {
      const pt = rand(i % 300);
      const { enc, cipherText } = engine.hpke.seal(publicKey, pt, { info, aad: pt });
      if (engine.hpke.open(seed, enc, cipherText, { info, aad: pt })?.length === pt.length) opened++;
    }
    expect(opened).toBe(2_000);
    expect(engine.memoryBytes()).toBe(before);
  });
});
