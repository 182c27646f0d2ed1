/**
 * The odd entry of a k = 3 matrix in decapsulation: nine entries make four pairs in the two-way
 * Keccak and one left over, and G and the noise polynomial e2 are single sponges of one block each.
 * kem.ts decaps runs G, then e2, in state 0 of a two-way state while state 1 squeezes the odd
 * entry's first two blocks; these functions seed and consume state 1 (a SHAKE128 stream of rho,
 * public, so they may branch on it) and finish the entry in the scalar permutation if two blocks
 * were not enough. Both do nothing when expandMatrix left no entry (the matrix was remembered).
 */
import { keccakF1600 } from '../keccak';
import { extractX2 } from '../keccak_x2';
import { N, POLY_BYTES } from './params';
import { rejectUniform, toNttLayout } from './reject';
import { markMatrix, seedEntry } from './sample';

const RATE128: i32 = 168;
const ONE: usize = memory.data(200, 16);
const BLOCK: usize = memory.data(RATE128 + 16, 16);
const NATURAL: usize = memory.data(POLY_BYTES + 32, 16);
const RHO: usize = memory.data(32, 16);
let entry = -1;
let entryMat: usize = 0;
let accepted = 0;

/** Seeds state 1 of the two-way state `pair` with entry e of A-hat (rho || j || i); e < 0: none. */
export function oddEntryStart(pair: usize, mat: usize, rho: usize, e: i32): void {
  entry = e;
  if (e < 0) return;
  entryMat = mat;
  accepted = 0;
  memory.copy(RHO, rho, 32);
  seedEntry(pair, 1, rho, e);
}

/**
 * Takes the block state 1 of `pair` holds after a permutation; with `last`, squeezes on from that
 * state in the scalar permutation until the entry is complete, then marks the matrix expanded.
 */
export function oddEntryStep(pair: usize, last: bool): void {
  if (entry < 0) return;
  if (accepted < N) {
    extractX2(pair, 1, BLOCK, <usize>RATE128);
    accepted = rejectUniform(NATURAL, accepted, BLOCK, RATE128);
  }
  if (!last) return;
  if (accepted < N) {
    for (let i: usize = 0; i < 25; i++) store<u64>(ONE + (i << 3), load<u64>(pair + (i << 4) + 8));
    while (accepted < N) {
      keccakF1600(ONE);
      memory.copy(BLOCK, ONE, <usize>RATE128);
      accepted = rejectUniform(NATURAL, accepted, BLOCK, RATE128);
    }
  }
  toNttLayout(entryMat + <usize>(entry * POLY_BYTES), NATURAL);
  markMatrix(entryMat, RHO);
  entry = -1;
}
