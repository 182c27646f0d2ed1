/**
 * ChaCha20-Poly1305 (RFC 8439) host API. Text and associated data of any length stream through
 * the IO buffer; open authenticates the whole ciphertext before decrypting any of it and returns
 * null for a wrong tag (the expected outcome for tampered or misaddressed input, as verify returns
 * false), while malformed arguments throw EngineError.
 */
import { bytes, EngineError, options } from './errors.ts';
import { CHACHA_KEY, CHACHA_NONCE } from '../assembly/layout.ts';
import { OK, type EngineExports, type Io } from './wasm.ts';

export const CHACHA20_POLY1305_KEY_LENGTH = 32;
export const CHACHA20_POLY1305_NONCE_LENGTH = 12;
export const CHACHA20_POLY1305_TAG_LENGTH = 16;
/** RFC 8439 section 2.8: plaintext up to 2^38 - 64 bytes (the 32-bit block counter starts at 1). */
export const CHACHA20_POLY1305_MAX_PLAINTEXT = 2 ** 38 - 64;

export interface AeadOptions {
  /** Associated data: authenticated, not encrypted (default empty). */
  aad?: Uint8Array;
}

export interface ChaCha20Poly1305 {
  /** AEAD_CHACHA20_POLY1305 encryption: ciphertext || 16-byte tag. Never reuse a nonce under one key. */
  seal(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, opts?: AeadOptions): Uint8Array;
  /** AEAD_CHACHA20_POLY1305 decryption: the plaintext, or null when the tag does not verify. */
  open(key: Uint8Array, nonce: Uint8Array, cipherText: Uint8Array, opts?: AeadOptions): Uint8Array | null;
  /** The raw ChaCha20 stream cipher (RFC 8439 section 2.4): data XOR key stream from block `counter`. */
  chacha20(key: Uint8Array, nonce: Uint8Array, data: Uint8Array, opts?: { counter?: number }): Uint8Array;
  /** The raw Poly1305 one-time authenticator (RFC 8439 section 2.5): a 32-byte key used once. */
  poly1305(key: Uint8Array, message: Uint8Array): Uint8Array;
}

const EMPTY = new Uint8Array(0);

export function chacha20Poly1305Api(wasm: EngineExports, io: Io): ChaCha20Poly1305 {
  const checkKey = (key: unknown) => bytes(key, 'key', CHACHA20_POLY1305_KEY_LENGTH, 'invalid_key');
  const checkNonce = (nonce: unknown) => bytes(nonce, 'nonce', CHACHA20_POLY1305_NONCE_LENGTH, 'invalid_nonce_length');
  const aadOf = (opts: unknown) => {
    const o = options<AeadOptions>(opts, ['aad']);
    return o.aad === undefined ? EMPTY : bytes(o.aad, 'options.aad');
  };

  /** Feeds `data` through IO in chunks; `step(n)` works on IO[0..n), `out` receives the results. */
  const stream = (data: Uint8Array, step: (n: number) => void, out?: Uint8Array, outOffset = 0) => {
    for (let offset = 0; offset < data.length; offset += io.size) {
      const chunk = data.subarray(offset, Math.min(data.length, offset + io.size));
      io.write(chunk);
      step(chunk.length);
      // Straight from wasm memory into the result: no intermediate copy.
      out?.set(new Uint8Array(wasm.memory.buffer, io.base, chunk.length), outOffset + offset);
    }
  };

  const begin = (key: Uint8Array, nonce: Uint8Array, aad: Uint8Array) => {
    io.write(key, CHACHA_KEY);
    io.write(nonce, CHACHA_NONCE);
    wasm.aeadBegin();
    stream(aad, (n) => wasm.aeadAbsorbAad(n));
  };

  return {
    seal(key, nonce, plaintext, opts) {
      const k = checkKey(key);
      const n = checkNonce(nonce);
      const pt = bytes(plaintext, 'plaintext');
      const aad = aadOf(opts);
      if (pt.length > CHACHA20_POLY1305_MAX_PLAINTEXT) throw new EngineError('invalid_length', 'plaintext is longer than 2^38 - 64 bytes', 'plaintext');
      try {
        begin(k, n, aad);
        const out = new Uint8Array(pt.length + CHACHA20_POLY1305_TAG_LENGTH);
        stream(pt, (len) => wasm.aeadSealChunk(len), out);
        wasm.aeadSealTag();
        out.set(io.read(0, CHACHA20_POLY1305_TAG_LENGTH), pt.length);
        return out;
      } finally {
        wasm.aeadEnd();
      }
    },

    open(key, nonce, cipherText, opts) {
      const k = checkKey(key);
      const n = checkNonce(nonce);
      const ct = bytes(cipherText, 'cipherText');
      const aad = aadOf(opts);
      if (ct.length < CHACHA20_POLY1305_TAG_LENGTH) {
        throw new EngineError('invalid_ciphertext_length', `cipherText must hold at least the ${CHACHA20_POLY1305_TAG_LENGTH}-byte tag, got ${ct.length} bytes`, 'cipherText');
      }
      const body = ct.subarray(0, ct.length - CHACHA20_POLY1305_TAG_LENGTH);
      try {
        begin(k, n, aad);
        stream(body, (len) => wasm.aeadOpenAbsorb(len));
        io.write(ct.subarray(body.length), 0);
        if (wasm.aeadOpenCheck() !== OK) return null;
        const out = new Uint8Array(body.length);
        stream(body, (len) => wasm.aeadOpenXor(len), out);
        return out;
      } finally {
        wasm.aeadEnd();
      }
    },

    chacha20(key, nonce, data, opts) {
      const k = checkKey(key);
      const n = checkNonce(nonce);
      const input = bytes(data, 'data');
      const o = options<{ counter: number }>(opts, ['counter']);
      const counter = o.counter ?? 0;
      if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) {
        throw new EngineError('invalid_option', 'options.counter must be an integer from 0 to 2^32 - 1', 'options.counter');
      }
      if (input.length > (2 ** 32 - counter) * 64) throw new EngineError('invalid_length', 'data would run past the 32-bit block counter', 'data');
      io.write(k, CHACHA_KEY);
      io.write(n, CHACHA_NONCE);
      wasm.chacha20Begin(counter);
      try {
        const out = new Uint8Array(input.length);
        stream(input, (len) => wasm.chacha20Xor(len), out);
        return out;
      } finally {
        wasm.chacha20End();
      }
    },

    poly1305(key, message) {
      const k = checkKey(key);
      const m = bytes(message, 'message');
      io.write(k, CHACHA_KEY);
      wasm.poly1305Begin();
      stream(m, (len) => wasm.poly1305Absorb(len));
      wasm.poly1305Output();
      return io.read(0, CHACHA20_POLY1305_TAG_LENGTH);
    },
  };
}
