/** HKDF-SHA256 against RFC 5869's test cases and node:crypto, with its argument checks. */
import { hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';

const range = (from: number, to: number) => new Uint8Array(Array.from({ length: to - from + 1 }, (_, i) => from + i));
const node = (ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number) =>
  new Uint8Array(hkdfSync('sha256', ikm, salt, info, length));
const code = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

describe('HKDF-SHA256 matches RFC 5869 appendix A', () => {
  const cases = [
    {
      name: 'test case 1 (basic)',
      ikm: new Uint8Array(22).fill(0x0b),
      salt: range(0x00, 0x0c),
      info: range(0xf0, 0xf9),
      length: 42,
      prk: '077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5',
      okm: '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    },
    {
      name: 'test case 2 (80-byte inputs)',
      ikm: range(0x00, 0x4f),
      salt: range(0x60, 0xaf),
      info: range(0xb0, 0xff),
      length: 82,
      prk: '06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244',
      okm:
        'b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09' +
        'da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87',
    },
    {
      name: 'test case 3 (empty salt and info)',
      ikm: new Uint8Array(22).fill(0x0b),
      salt: new Uint8Array(0),
      info: new Uint8Array(0),
      length: 42,
      prk: '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04',
      okm: '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const prk = engine.hkdfSha256.extract(c.ikm, c.salt);
      expect(prk).toEqual(fromHex(c.prk));
      expect(engine.hkdfSha256.expand(prk, c.info, c.length)).toEqual(fromHex(c.okm));
      expect(engine.hkdfSha256.derive(c.ikm, c.length, { salt: c.salt, info: c.info })).toEqual(fromHex(c.okm));
    });
  }
  it('treats a missing salt as the empty salt (test case 3)', () => {
    expect(engine.hkdfSha256.extract(new Uint8Array(22).fill(0x0b))).toEqual(fromHex(cases[2].prk));
  });
});

describe('HKDF-SHA256 matches node:crypto', () => {
  it('for output lengths 0..8160 and inputs of many lengths', () => {
    for (let i = 0; i < 120; i++) {
      const ikm = randomBytes((i * 37) % 300);
      const salt = randomBytes((i * 13) % 150);
      const info = randomBytes((i * 7) % 200);
      const length = i === 0 ? 8160 : (i * 41) % 8161;
      // Hex strings: comparing long typed arrays element by element is slow in vitest.
      expect(toHex(engine.hkdfSha256.derive(ikm, length, { salt, info })), `case ${i}`).toBe(toHex(node(ikm, salt, info, length)));
    }
  });

  it('for inputs larger than the IO buffer, and a PRK longer than the HMAC block', () => {
    const ikm = randomBytes(100_000);
    const salt = randomBytes(70);
    expect(engine.hkdfSha256.derive(ikm, 100, { salt })).toEqual(node(ikm, salt, new Uint8Array(0), 100));
    const info = randomBytes(65_000);
    const prk = randomBytes(100);
    // node:crypto has no expand-only HKDF, so compare against RFC 5869's definition written out
    // with HMAC.
    const expected = new Uint8Array(64);
    let t: Uint8Array = new Uint8Array(0);
    for (let i = 1, done = 0; done < 64; i++, done += 32) {
      t = engine.hmacSha256(prk, new Uint8Array([...t, ...info, i]));
      expected.set(t.subarray(0, 64 - done), done);
    }
    expect(engine.hkdfSha256.expand(prk, info, 64)).toEqual(expected);
  });
});

describe('HKDF-SHA256 argument checks', () => {
  it('rejects short PRKs, over-long outputs and info, unknown options and non-bytes', () => {
    const prk = new Uint8Array(32);
    expect(() => engine.hkdfSha256.expand(new Uint8Array(31), new Uint8Array(0), 32)).toThrow(code('invalid_key', 'prk'));
    expect(() => engine.hkdfSha256.expand(prk, new Uint8Array(0), 8161)).toThrow(code('invalid_argument', 'length'));
    expect(() => engine.hkdfSha256.expand(prk, new Uint8Array(0), -1)).toThrow(code('invalid_argument', 'length'));
    expect(() => engine.hkdfSha256.expand(prk, new Uint8Array(0), 1.5)).toThrow(code('invalid_argument', 'length'));
    expect(() => engine.hkdfSha256.expand(prk, new Uint8Array(65_473), 32)).toThrow(code('invalid_length', 'info'));
    expect(() => engine.hkdfSha256.derive(prk, 32, { sault: prk } as never)).toThrow(code('invalid_option', 'options.sault'));
    expect(() => engine.hkdfSha256.extract('ikm' as never)).toThrow(code('invalid_argument', 'ikm'));
    expect(() => engine.hkdfSha256.extract(prk, [1] as never)).toThrow(code('invalid_argument', 'salt'));
    expect(engine.hkdfSha256.expand(prk, new Uint8Array(0), 0)).toEqual(new Uint8Array(0));
  });
});
