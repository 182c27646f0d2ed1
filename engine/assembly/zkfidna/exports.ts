/**
 * Host-facing zk-FIDNA exports, and RFC 9380 hash-to-curve for its tests. IO layout (byte
 * offsets into the IO buffer), shared with engine/src/zkfidna*.ts:
 *   zkHashToCurve: message at 0, DST at 32768 -> u0, u1 (32 each) at 40960, Q0 (x || y) at 41024,
 *                  Q1 at 41088, P at 41152 (mode 0: hash_to_curve; 1: encode_to_curve, no u1/Q1)
 */
import { IO } from '../io';
import { feGetB32 } from '../secp256k1/field';
import { GE_SIZE } from '../secp256k1/point';
import { encodeToCurve, H2C_MAX_DST, hashToCurve, lastU } from '../secp256k1/h2c';

const H2C_DST: usize = 32768;
const H2C_OUT: usize = 40960;

const Q0: usize = memory.data(<i32>GE_SIZE, 16);
const Q1: usize = memory.data(<i32>GE_SIZE, 16);
const P: usize = memory.data(<i32>GE_SIZE, 16);

function writeGe(dst: usize, a: usize): void {
  feGetB32(dst, a);
  feGetB32(dst + 32, a + 40);
}

/** RFC 9380 hash_to_curve (mode 0) or encode_to_curve (mode 1): 1, or 0 for a bad length. */
export function zkHashToCurve(msgLen: i32, dstLen: i32, mode: i32): i32 {
  if (msgLen < 0 || msgLen > <i32>H2C_DST || dstLen < 1 || dstLen > H2C_MAX_DST) return 0;
  const out = IO + H2C_OUT;
  if (mode == 0) {
    if (!hashToCurve(P, Q0, Q1, IO, msgLen, IO + H2C_DST, dstLen)) return 0;
    feGetB32(out + 32, lastU(1));
    writeGe(out + 128, Q1);
  } else {
    encodeToCurve(P, IO, msgLen, IO + H2C_DST, dstLen);
    memory.copy(Q0, P, GE_SIZE);
  }
  feGetB32(out, lastU(0));
  writeGe(out + 64, Q0);
  writeGe(out + 192, P);
  return 1;
}
