import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';

const node = (alg: 'sha256' | 'sha512', key: Uint8Array, message: Uint8Array) =>
  new Uint8Array(createHmac(alg, key).update(message).digest());
const text = (s: string) => new TextEncoder().encode(s);

describe('HMAC-SHA-256 and HMAC-SHA-512 match node:crypto', () => {
  it('for every key length 0..300, including keys longer than the block', () => {
    for (let keyLen = 0; keyLen <= 300; keyLen++) {
      const key = randomBytes(keyLen);
      const message = randomBytes((keyLen * 7) % 301);
      expect(engine.hmacSha256(key, message), `key of ${keyLen} bytes`).toEqual(node('sha256', key, message));
      expect(engine.hmacSha512(key, message), `key of ${keyLen} bytes`).toEqual(node('sha512', key, message));
    }
  });

  it('for every message length 0..300 under keys around the block sizes', () => {
    const keys = [0, 1, 32, 63, 64, 65, 127, 128, 129, 300].map((n) => randomBytes(n));
    for (let len = 0; len <= 300; len++) {
      const message = randomBytes(len);
      for (const key of keys) {
        expect(engine.hmacSha256(key, message)).toEqual(node('sha256', key, message));
        expect(engine.hmacSha512(key, message)).toEqual(node('sha512', key, message));
      }
    }
  });

  it('for a 1 MiB message, key and message straddling the IO buffer, and a key larger than it', () => {
    const message = randomBytes(1 << 20);
    const key = randomBytes(32);
    expect(engine.hmacSha256(key, message)).toEqual(node('sha256', key, message));
    expect(engine.hmacSha512(key, message)).toEqual(node('sha512', key, message));
    // 65536 is the IO buffer size: one-shot below it, streamed above it.
    for (const len of [65536 - 32, 65536 - 31]) {
      const m = message.subarray(0, len);
      expect(engine.hmacSha256(key, m), `${len}`).toEqual(node('sha256', key, m));
      expect(engine.hmacSha512(key, m), `${len}`).toEqual(node('sha512', key, m));
    }
    const bigKey = message.subarray(0, 70_000);
    const m = message.subarray(0, 1000);
    expect(engine.hmacSha256(bigKey, m)).toEqual(node('sha256', bigKey, m));
    expect(engine.hmacSha512(bigKey, m)).toEqual(node('sha512', bigKey, m));
  });
});

describe('HMAC matches RFC 4231', () => {
  it('test case 1 (20-byte key)', () => {
    const key = new Uint8Array(20).fill(0x0b);
    expect(engine.hmacSha256(key, text('Hi There'))).toEqual(
      fromHex('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'),
    );
    expect(engine.hmacSha512(key, text('Hi There'))).toEqual(
      fromHex(
        '87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde' +
          'daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854',
      ),
    );
  });

  it('test case 2 (key shorter than the output)', () => {
    const key = text('Jefe');
    const message = text('what do ya want for nothing?');
    expect(engine.hmacSha256(key, message)).toEqual(
      fromHex('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'),
    );
    expect(engine.hmacSha512(key, message)).toEqual(
      fromHex(
        '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554' +
          '9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
      ),
    );
  });

  it('test case 6 (131-byte key, hashed first)', () => {
    const key = new Uint8Array(131).fill(0xaa);
    const message = text('Test Using Larger Than Block-Size Key - Hash Key First');
    expect(engine.hmacSha256(key, message)).toEqual(
      fromHex('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54'),
    );
    expect(engine.hmacSha512(key, message)).toEqual(
      fromHex(
        '80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352' +
          '6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598',
      ),
    );
  });
});

describe('HMAC argument checks', () => {
  it('rejects a non-byte key or message with codes naming the argument', () => {
    const ok = new Uint8Array(4);
    expect(() => engine.hmacSha256('key' as never, ok)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'key' }));
    expect(() => engine.hmacSha512(ok, [1, 2] as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'message' }));
    expect(() => engine.hmacSha256(ok, undefined as never)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'message' }));
    expect(() => engine.hmacSha512(null as never, ok)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'key' }));
  });
});
