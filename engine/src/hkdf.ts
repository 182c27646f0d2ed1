/** HKDF-SHA256 (RFC 5869) host API over the engine's HMAC-SHA-256. */
import { bytes, EngineError, length, options } from './errors.ts';
import { OK, type EngineExports, type Io } from './wasm.ts';

/** RFC 5869: at most 255 * HashLen output bytes. */
export const HKDF_SHA256_MAX_LENGTH = 255 * 32;
/** The PRK Extract returns, and the least Expand accepts (RFC 5869: "at least HashLen octets"). */
export const HKDF_SHA256_PRK_LENGTH = 32;

export interface HkdfSha256 {
  /** HKDF-Extract(salt, ikm): the 32-byte PRK. No salt means HashLen zero bytes. */
  extract(ikm: Uint8Array, salt?: Uint8Array): Uint8Array;
  /**
   * HKDF-Expand(prk, info, length), length 0..8160. prk must be at least 32 bytes (`invalid_key`);
   * info may be empty and up to 65,472 bytes (`invalid_length` beyond).
   */
  expand(prk: Uint8Array, info: Uint8Array, length: number): Uint8Array;
  /** Extract then Expand in one call. */
  derive(ikm: Uint8Array, length: number, opts?: { salt?: Uint8Array; info?: Uint8Array }): Uint8Array;
}

interface HmacFunctions {
  sha256(data: Uint8Array): Uint8Array;
  hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array;
}

const EMPTY = new Uint8Array(0);
/** HMAC keys longer than this block are hashed first (RFC 2104), so a longer PRK is hashed here. */
const HMAC_BLOCK = 64;

export function hkdfApi(wasm: EngineExports, io: Io, hashes: HmacFunctions): HkdfSha256 {
  /** The most info bytes that fit the IO buffer after the longest (block-sized) PRK. */
  const maxInfo = io.size - HMAC_BLOCK;

  const extract = (ikm: Uint8Array, salt: Uint8Array): Uint8Array => {
    if (salt.length + ikm.length > io.size) return hashes.hmacSha256(salt, ikm);
    io.write(salt, 0);
    io.write(ikm, salt.length);
    wasm.hkdfExtract(salt.length, ikm.length);
    return io.read(0, HKDF_SHA256_PRK_LENGTH);
  };

  const expand = (prk: Uint8Array, info: Uint8Array, outLen: number): Uint8Array => {
    if (prk.length < HKDF_SHA256_PRK_LENGTH) {
      throw new EngineError('invalid_key', `prk must be at least ${HKDF_SHA256_PRK_LENGTH} bytes, got ${prk.length}`, 'prk');
    }
    if (info.length > maxInfo) throw new EngineError('invalid_length', `info must be at most ${maxInfo} bytes, got ${info.length}`, 'info');
    // HMAC replaces a key longer than its block by the key's hash: the same MAC with a short key.
    const key = prk.length > HMAC_BLOCK ? hashes.sha256(prk) : prk;
    io.write(key, 0);
    io.write(info, key.length);
    if (wasm.hkdfExpand(key.length, info.length, outLen) !== OK) throw new EngineError('engine_failure', 'HKDF-Expand refused its length');
    return io.read(0, outLen);
  };

  return {
    extract(ikm, salt) {
      return extract(bytes(ikm, 'ikm'), salt === undefined ? EMPTY : bytes(salt, 'salt'));
    },
    expand(prk, info, outLen) {
      return expand(bytes(prk, 'prk'), bytes(info, 'info'), length(outLen, 'length', HKDF_SHA256_MAX_LENGTH));
    },
    derive(ikm, outLen, opts) {
      const o = options<{ salt: Uint8Array; info: Uint8Array }>(opts, ['salt', 'info']);
      const input = bytes(ikm, 'ikm');
      const n = length(outLen, 'length', HKDF_SHA256_MAX_LENGTH);
      const salt = o.salt === undefined ? EMPTY : bytes(o.salt, 'options.salt');
      const info = o.info === undefined ? EMPTY : bytes(o.info, 'options.info');
      return expand(extract(input, salt), info, n);
    },
  };
}
