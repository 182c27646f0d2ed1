/**
 * ChaCha20-Poly1305 against RFC 8439's vectors, differentially against @noble/ciphers and
 * node:crypto (OpenSSL) on random inputs of many lengths, tampering, argument checks and memory.
 */
import { poly1305 as noblePoly1305 } from '@noble/ciphers/_poly1305.js';
import { chacha20 as nobleChacha20, chacha20poly1305 as nobleAead } from '@noble/ciphers/chacha.js';
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';

const rand = (n: number) => new Uint8Array(randomBytes(n));
const range = (from: number, to: number) => new Uint8Array(Array.from({ length: to - from + 1 }, (_, i) => from + i));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};
const code = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

function nodeSeal(key: Uint8Array, nonce: Uint8Array, pt: Uint8Array, aad: Uint8Array): Uint8Array {
  const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  c.setAAD(aad, { plaintextLength: pt.length });
  return new Uint8Array(Buffer.concat([c.update(pt), c.final(), c.getAuthTag()]));
}

const SUNSCREEN = new TextEncoder().encode(
  "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
);

describe('ChaCha20-Poly1305 matches RFC 8439', () => {
  it('section 2.8.2: AEAD seal and open', () => {
    const key = range(0x80, 0x9f);
    const nonce = fromHex('07000000 4041424344454647');
    const aad = fromHex('50515253c0c1c2c3c4c5c6c7');
    const expected = fromHex(
      'd31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b' +
        '1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc' +
        '3ff4def08e4b7a9de576d26586cec64b6116' + '1ae10b594f09e26a7e902ecbd0600691',
    );
    const sealed = engine.chacha20poly1305.seal(key, nonce, SUNSCREEN, { aad });
    expect(toHex(sealed)).toBe(toHex(expected));
    expect(engine.chacha20poly1305.open(key, nonce, expected, { aad })).toEqual(SUNSCREEN);
  });

  it('section 2.4.2: ChaCha20 encryption from block counter 1', () => {
    const expected = fromHex(
      '6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357' +
        '1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736' +
        '5af90bbf74a35be6b40b8eedf2785e42874d',
    );
    const out = engine.chacha20poly1305.chacha20(range(0, 31), fromHex('000000000000004a00000000'), SUNSCREEN, { counter: 1 });
    expect(toHex(out)).toBe(toHex(expected));
  });

  it('section 2.5.2: Poly1305', () => {
    const key = fromHex('85:d6:be:78:57:55:6d:33:7f:44:52:fe:42:d5:06:a8:01:03:80:8a:fb:0d:b2:fd:4a:bf:f6:af:41:49:f5:1b');
    const tag = engine.chacha20poly1305.poly1305(key, new TextEncoder().encode('Cryptographic Forum Research Group'));
    expect(toHex(tag)).toBe('a8061dc1305136c6c22b8baf0c0127a9');
  });
});

describe('ChaCha20-Poly1305 agrees with @noble/ciphers and node:crypto', () => {
  it('seals like both and opens their output, for plaintexts of 0..600 bytes and aad of 0..80', () => {
    for (let len = 0; len <= 600; len += len < 300 ? 1 : 7) {
      const key = rand(32);
      const nonce = rand(12);
      const pt = rand(len);
      const aad = rand((len * 7) % 81);
      const ours = engine.chacha20poly1305.seal(key, nonce, pt, { aad });
      expect(toHex(ours), `length ${len}`).toBe(toHex(nobleAead(key, nonce, aad).encrypt(pt)));
      expect(toHex(ours), `length ${len}`).toBe(toHex(nodeSeal(key, nonce, pt, aad)));
      expect(toHex(engine.chacha20poly1305.open(key, nonce, ours, { aad }) ?? new Uint8Array([1])), `length ${len}`).toBe(toHex(pt));
    }
  });

  it('handles text and aad that straddle the IO buffer (64 KiB) and 1 MiB messages', () => {
    for (const [len, aadLen] of [[65536 - 16, 0], [65536, 65537], [65537, 3], [1 << 20, 1000]]) {
      const key = rand(32);
      const nonce = rand(12);
      const pt = rand(len);
      const aad = rand(aadLen);
      const ours = engine.chacha20poly1305.seal(key, nonce, pt, { aad });
      expect(toHex(ours.subarray(len)), `length ${len}`).toBe(toHex(nodeSeal(key, nonce, pt, aad).subarray(len)));
      expect(Buffer.from(ours).equals(nodeSeal(key, nonce, pt, aad)), `length ${len}`).toBe(true);
      expect(Buffer.from(engine.chacha20poly1305.open(key, nonce, ours, { aad }) ?? []).equals(pt), `length ${len}`).toBe(true);
    }
  });

  it('computes the raw ChaCha20 stream and Poly1305 like noble, at any counter and length', () => {
    for (let len = 0; len <= 700; len += 13) {
      const key = rand(32);
      const nonce = rand(12);
      const data = rand(len);
      const counter = len % 3 === 0 ? 0 : (len * 2654435761) >>> 0 & 0xffff;
      expect(toHex(engine.chacha20poly1305.chacha20(key, nonce, data, { counter })), `length ${len}`)
        .toBe(toHex(nobleChacha20(key, nonce, data, undefined, counter)));
      expect(toHex(engine.chacha20poly1305.poly1305(key, data)), `length ${len}`).toBe(toHex(noblePoly1305(data, key)));
    }
  });

  it('gives Poly1305 tags that need the final reduction (h >= 2^130 - 5)', () => {
    // r = 1 and s = 0 make the tag the message (plus 2^128) reduced mod p: all-ones blocks push h over p.
    const key = new Uint8Array(32);
    key[0] = 1;
    // Two all-ones blocks: h = 2 (2^129 - 1) = 2^130 - 2 = p + 3, so the tag is 3.
    expect(toHex(engine.chacha20poly1305.poly1305(key, new Uint8Array(32).fill(0xff)))).toBe('03' + '00'.repeat(15));
    for (const message of [new Uint8Array(16).fill(0xff), new Uint8Array(48).fill(0xff), fromHex('fbffffffffffffffffffffffffffffff')]) {
      expect(toHex(engine.chacha20poly1305.poly1305(key, message))).toBe(toHex(noblePoly1305(message, key)));
    }
  });
});

describe('ChaCha20-Poly1305 open refuses tampering', () => {
  const key = new Uint8Array(32).fill(7);
  const nonce = new Uint8Array(12).fill(9);
  const aad = new TextEncoder().encode('header');
  const sealed = () => engine.chacha20poly1305.seal(key, nonce, SUNSCREEN, { aad });

  it('returns null for a flipped bit anywhere in the ciphertext or tag', () => {
    const ct = sealed();
    for (let bit = 0; bit < ct.length * 8; bit += 37) {
      expect(engine.chacha20poly1305.open(key, nonce, flip(ct, bit), { aad }), `bit ${bit}`).toBeNull();
    }
    expect(engine.chacha20poly1305.open(key, nonce, flip(ct, ct.length * 8 - 1), { aad })).toBeNull();
  });

  it('returns null for another key, nonce or aad, and for a truncated or extended ciphertext', () => {
    const ct = sealed();
    expect(engine.chacha20poly1305.open(flip(key, 0), nonce, ct, { aad })).toBeNull();
    expect(engine.chacha20poly1305.open(key, flip(nonce, 95), ct, { aad })).toBeNull();
    expect(engine.chacha20poly1305.open(key, nonce, ct, { aad: flip(aad, 3) })).toBeNull();
    expect(engine.chacha20poly1305.open(key, nonce, ct)).toBeNull();
    expect(engine.chacha20poly1305.open(key, nonce, ct.subarray(1), { aad })).toBeNull();
    expect(engine.chacha20poly1305.open(key, nonce, new Uint8Array([...ct, 0]), { aad })).toBeNull();
    expect(engine.chacha20poly1305.open(key, nonce, ct, { aad })).toEqual(SUNSCREEN);
  });
});

describe('ChaCha20-Poly1305 argument checks', () => {
  it('rejects wrong key, nonce and ciphertext lengths, bad counters and unknown options', () => {
    const aead = engine.chacha20poly1305;
    const key = new Uint8Array(32);
    const nonce = new Uint8Array(12);
    const m = new Uint8Array(10);
    expect(() => aead.seal(new Uint8Array(16), nonce, m)).toThrow(code('invalid_key', 'key'));
    expect(() => aead.seal(key, new Uint8Array(24), m)).toThrow(code('invalid_nonce_length', 'nonce'));
    expect(() => aead.open(key, nonce, new Uint8Array(15))).toThrow(code('invalid_ciphertext_length', 'cipherText'));
    expect(() => aead.seal(key, nonce, m, { add: m } as never)).toThrow(code('invalid_option', 'options.add'));
    expect(() => aead.seal(key, nonce, 'text' as never)).toThrow(code('invalid_argument', 'plaintext'));
    expect(() => aead.open(key, nonce, m, { aad: 'x' as never })).toThrow(code('invalid_argument', 'options.aad'));
    expect(() => aead.chacha20(key, nonce, m, { counter: -1 })).toThrow(code('invalid_option', 'options.counter'));
    expect(() => aead.chacha20(key, nonce, new Uint8Array(65), { counter: 2 ** 32 - 1 })).toThrow(code('invalid_length', 'data'));
    expect(() => aead.poly1305(new Uint8Array(31), m)).toThrow(code('invalid_key', 'key'));
    expect(aead.open(key, nonce, aead.seal(key, nonce, new Uint8Array(0)))).toEqual(new Uint8Array(0));
  });
});

describe('ChaCha20-Poly1305 memory', () => {
  it('keeps wasm memory flat over 20,000 seal + open pairs', () => {
    const key = rand(32);
    const nonce = rand(12);
    const pt = rand(80);
    const before = engine.memoryBytes();
    let opened = 0;
    for (let i = 0; i < 20_000; i++) {
      nonce[0] = i & 255;
      if (engine.chacha20poly1305.open(key, nonce, engine.chacha20poly1305.seal(key, nonce, pt, { aad: nonce }), { aad: nonce })) opened++;
    }
    expect(opened).toBe(20_000);
    expect(engine.memoryBytes()).toBe(before);
  });
});
