/**
 * RFC 9380 hash-to-curve on secp256k1 as the engine computes it for zk-FIDNA's generators, with
 * every intermediate value (the field elements u and the mapped points Q) so tests can compare
 * each step with the RFC's vectors. It reads them through the test build's zkTestHashToCurve hook.
 */
import { ZK_H2C_DST, ZK_H2C_OUT } from '../assembly/layout.ts';
import { bytes, EngineError } from '../src/errors.ts';
import { OK, type Io } from '../src/wasm.ts';
import type { EngineTestExports } from './test-build.ts';

/** The message sits in IO before the DST. */
const MAX_MESSAGE = ZK_H2C_DST;

export interface AffinePoint {
  /** 32-byte big-endian coordinates. */
  x: Uint8Array;
  y: Uint8Array;
}

export interface HashToCurveTrace {
  /** The field elements hash_to_field produced (two for hash_to_curve, one for encode_to_curve). */
  u: Uint8Array[];
  /** map_to_curve of each u. */
  q: AffinePoint[];
  /** The output point. */
  p: AffinePoint;
}

/**
 * hash_to_curve ('ro', suite secp256k1_XMD:SHA-256_SSWU_RO_) or encode_to_curve ('nu', ..._NU_)
 * of `message` under `dst` (1..255 bytes).
 */
export function hashToCurveTrace(wasm: EngineTestExports, io: Io, message: Uint8Array, dst: Uint8Array, mode: 'ro' | 'nu'): HashToCurveTrace {
  const msg = bytes(message, 'message');
  const tag = bytes(dst, 'dst');
  if (msg.length > MAX_MESSAGE) throw new EngineError('invalid_length', `message must be at most ${MAX_MESSAGE} bytes`, 'message');
  if (tag.length < 1 || tag.length > 255) throw new EngineError('invalid_length', 'dst must be 1 to 255 bytes', 'dst');
  io.write(msg, 0);
  io.write(tag, ZK_H2C_DST);
  const ok = wasm.zkTestHashToCurve(msg.length, tag.length, mode === 'ro' ? 0 : 1);
  if (ok !== OK) throw new EngineError('engine_failure', 'hash_to_curve produced the point at infinity', 'message');
  const point = (at: number): AffinePoint => ({ x: io.read(at, 32), y: io.read(at + 32, 32) });
  const count = mode === 'ro' ? 2 : 1;
  return {
    u: Array.from({ length: count }, (_, i) => io.read(ZK_H2C_OUT + 32 * i, 32)),
    q: Array.from({ length: count }, (_, i) => point(ZK_H2C_OUT + 64 + 64 * i)),
    p: point(ZK_H2C_OUT + 192),
  };
}
