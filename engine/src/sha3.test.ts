import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';

const node = (alg: string, data: Uint8Array, outputLength?: number) =>
  new Uint8Array(createHash(alg, outputLength === undefined ? undefined : { outputLength }).update(data).digest());

describe('SHA-3 and SHAKE match node:crypto', () => {
  it('on random inputs of every length 0..300', () => {
    for (let len = 0; len <= 300; len++) {
      const data = randomBytes(len);
      expect(engine.sha3_224(data)).toEqual(node('sha3-224', data));
      expect(engine.sha3_256(data)).toEqual(node('sha3-256', data));
      expect(engine.sha3_384(data)).toEqual(node('sha3-384', data));
      expect(engine.sha3_512(data)).toEqual(node('sha3-512', data));
      expect(engine.shake128(data, len)).toEqual(node('shake128', data, len));
      expect(engine.shake256(data, 2 * len + 1)).toEqual(node('shake256', data, 2 * len + 1));
    }
  });

  it('on 1 MiB, one-shot and in uneven chunks', () => {
    const data = randomBytes(1 << 20);
    expect(engine.sha3_256(data)).toEqual(node('sha3-256', data));
    expect(engine.shake256(data, 100_000)).toEqual(node('shake256', data, 100_000));
    const h = engine.createSha3('sha3-512');
    const x = engine.createShake('shake128');
    for (let off = 0, step = 1; off < data.length; off += step, step = (step * 7 + 3) % 5000) {
      h.update(data.subarray(off, off + step));
      x.update(data.subarray(off, off + step));
    }
    expect(h.digest()).toEqual(node('sha3-512', data));
    const expected = node('shake128', data, 1000);
    const squeezed = new Uint8Array(1000);
    for (let off = 0, step = 1; off < 1000; off += step, step++) {
      squeezed.set(x.squeeze(Math.min(step, 1000 - off)), off);
    }
    expect(squeezed).toEqual(expected);
  });

  it('keeps interleaved incremental hashers independent', () => {
    const a = engine.createSha3('sha3-256');
    const b = engine.createSha3('sha3-256');
    a.update(new Uint8Array([1, 2]));
    b.update(new Uint8Array([9]));
    a.update(new Uint8Array([3]));
    expect(a.digest()).toEqual(node('sha3-256', new Uint8Array([1, 2, 3])));
    expect(b.digest()).toEqual(node('sha3-256', new Uint8Array([9])));
  });

  it('rejects non-byte input and bad output lengths with codes', () => {
    expect(() => engine.sha3_256('abc' as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'data' }));
    expect(() => engine.shake256(new Uint8Array(1), -1)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'outLen' }));
    expect(() => engine.shake256(new Uint8Array(1), 1.5)).toThrow(expect.objectContaining({ param: 'outLen' }));
    expect(() => engine.createSha3('md5' as never)).toThrow(expect.objectContaining({ code: 'unsupported_hash' }));
  });
});
