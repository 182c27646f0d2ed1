import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import type { Engine, Sha2Name } from './index.ts';

const node = (alg: string, data: Uint8Array) => new Uint8Array(createHash(alg).update(data).digest());

// Engine name, one-shot method and the node:crypto algorithm it must agree with.
const FUNCTIONS = [
  ['sha224', 'sha224', 'sha224'],
  ['sha256', 'sha256', 'sha256'],
  ['sha384', 'sha384', 'sha384'],
  ['sha512', 'sha512', 'sha512'],
  ['sha512-224', 'sha512_224', 'sha512-224'],
  ['sha512-256', 'sha512_256', 'sha512-256'],
] as const satisfies readonly (readonly [Sha2Name, keyof Engine, string])[];

describe('SHA-2 matches node:crypto', () => {
  it('on random inputs of every length 0..300', () => {
    for (let len = 0; len <= 300; len++) {
      const data = randomBytes(len);
      for (const [, method, alg] of FUNCTIONS) expect(engine[method](data), `${alg} of ${len} bytes`).toEqual(node(alg, data));
    }
  });

  it('on 1 MiB, one-shot and in uneven chunks, without growing memory', () => {
    const data = randomBytes(1 << 20);
    const before = engine.memoryBytes();
    for (const [name, method, alg] of FUNCTIONS) {
      const expected = node(alg, data);
      expect(engine[method](data), alg).toEqual(expected);
      const h = engine.createSha2(name);
      for (let off = 0, step = 1; off < data.length; off += step, step = (step * 7 + 3) % 5000) {
        h.update(data.subarray(off, off + step));
      }
      expect(h.digest(), `incremental ${alg}`).toEqual(expected);
    }
    expect(engine.memoryBytes()).toBe(before);
  });

  it('splits an input at every offset around block boundaries', () => {
    const data = randomBytes(300);
    for (let cut = 0; cut <= data.length; cut++) {
      const a = engine.createSha2('sha256').update(data.subarray(0, cut)).update(data.subarray(cut));
      const b = engine.createSha2('sha384').update(data.subarray(0, cut)).update(data.subarray(cut));
      expect(a.digest()).toEqual(node('sha256', data));
      expect(b.digest()).toEqual(node('sha384', data));
    }
  });

  it('keeps interleaved incremental hashers independent', () => {
    const a = engine.createSha2('sha256');
    const b = engine.createSha2('sha256');
    const c = engine.createSha2('sha512');
    const d = engine.createSha2('sha512-224');
    a.update(new Uint8Array([1, 2]));
    b.update(new Uint8Array([9]));
    c.update(new Uint8Array([4]));
    d.update(new Uint8Array([7]));
    expect(engine.sha256(new Uint8Array([5]))).toEqual(node('sha256', new Uint8Array([5])));
    a.update(new Uint8Array([3]));
    c.update(new Uint8Array([5]));
    expect(a.digest()).toEqual(node('sha256', new Uint8Array([1, 2, 3])));
    expect(b.digest()).toEqual(node('sha256', new Uint8Array([9])));
    expect(c.digest()).toEqual(node('sha512', new Uint8Array([4, 5])));
    expect(d.digest()).toEqual(node('sha512-224', new Uint8Array([7])));
  });

  it('rejects non-byte input, unknown names and reuse after digest', () => {
    expect(() => engine.sha256('abc' as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'data' }));
    expect(() => engine.sha512_256([1, 2] as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'data' }));
    expect(() => engine.createSha2('sha256').update(null as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'data' }));
    expect(() => engine.createSha2('md5' as never)).toThrow(expect.objectContaining({ code: 'unsupported_hash', param: 'name' }));
    expect(() => engine.createSha2('toString' as never)).toThrow(expect.objectContaining({ code: 'unsupported_hash', param: 'name' }));
    const h = engine.createSha2('sha224');
    h.digest();
    expect(() => h.digest()).toThrow();
    expect(() => h.update(new Uint8Array(1))).toThrow();
  });
});
