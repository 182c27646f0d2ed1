/**
 * Inversion modulo n by Fermat's little theorem, a^(n-2), in the Montgomery domain of scalar.ts.
 * The exponent is public and fixed, so the sequence of products never depends on the input: this
 * is the constant-time inverse ECDSA signing needs for its nonce.
 */
import { ONE, R2, SC_SIZE, montMul, montSqr } from './scalar';

// Odd powers table and chain values for the inversion, in the Montgomery domain.
const POW: usize = memory.data(16 * <i32>SC_SIZE, 16);
const X1: usize = memory.data(<i32>SC_SIZE, 16);
const X3: usize = memory.data(<i32>SC_SIZE, 16);
const X6: usize = memory.data(<i32>SC_SIZE, 16);
const X24: usize = memory.data(<i32>SC_SIZE, 16);
const XT: usize = memory.data(<i32>SC_SIZE, 16);
/** The low 128 bits of n - 2, big-endian: below 127 one bits and a zero bit. */
const EXP_LOW: usize = memory.data<u8>([
  0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x3f,
]);

function sqrN(r: usize, a: usize, k: i32): void {
  montSqr(r, a);
  for (let i = 1; i < k; i++) montSqr(r, r);
}

/**
 * r = a^(n - 2) = a^-1 mod n (0 for 0). n - 2 is 127 ones, a zero, then EXP_LOW: the ones come
 * from the chain x_k = a^(2^k - 1) for k = 1, 2, 3, 6, 12, 24, 48, 96, 120, 126, 127, the rest
 * from 4-bit windows. The exponent is public, so skipping the multiplication for a zero window
 * reveals nothing; the operations never depend on a.
 */
export function scInv(r: usize, a: usize): void {
  montMul(X1, a, R2); // into the Montgomery domain
  montSqr(X3, X1); montMul(X3, X3, X1); // x2
  montSqr(X3, X3); montMul(X3, X3, X1); // x3
  sqrN(X6, X3, 3); montMul(X6, X6, X3);
  sqrN(X24, X6, 6); montMul(X24, X24, X6); // x12
  sqrN(XT, X24, 12); montMul(X24, XT, X24); // x24
  sqrN(XT, X24, 24); montMul(XT, XT, X24); // x48
  memory.copy(POW, XT, SC_SIZE);
  sqrN(XT, XT, 48); montMul(XT, XT, POW); // x96
  sqrN(XT, XT, 24); montMul(XT, XT, X24); // x120
  sqrN(XT, XT, 6); montMul(XT, XT, X6); // x126
  montSqr(XT, XT); montMul(XT, XT, X1); // x127
  montSqr(XT, XT);
  // POW[i] = a^i for i = 1..15.
  memory.copy(POW + SC_SIZE, X1, SC_SIZE);
  for (let i: usize = 2; i < 16; i++) montMul(POW + i * SC_SIZE, POW + (i - 1) * SC_SIZE, X1);
  for (let i: usize = 0; i < 32; i++) {
    const nibble = (<usize>load<u8>(EXP_LOW + (i >> 1)) >> ((1 - (i & 1)) << 2)) & 15;
    sqrN(XT, XT, 4);
    if (nibble != 0) montMul(XT, XT, POW + nibble * SC_SIZE);
  }
  montMul(r, XT, ONE); // out of the Montgomery domain
  // The powers of a (a nonce, when signing) should not outlive the call.
  memory.fill(POW, 0, 16 * SC_SIZE);
  memory.fill(X1, 0, SC_SIZE);
  memory.fill(X3, 0, SC_SIZE);
  memory.fill(X6, 0, SC_SIZE);
  memory.fill(X24, 0, SC_SIZE);
  memory.fill(XT, 0, SC_SIZE);
}
