/**
 * ExpandA beside verification's two hashes (FIPS 204 Algorithm 8, lines 5 to 7): state 0 of the
 * two-way Keccak absorbs tr = H(pk, 64) and then mu = H(tr || M', 64) while state 1 samples the
 * matrix entries, and state 0 joins the entries once both hashes are done, so the hashes cost
 * about half of what they cost in the scalar Keccak (decision 077). Everything read is public:
 * rho, pk and the message.
 */
import { DS_SHAKE, RATE_SHAKE128, RATE_SHAKE256 } from '../keccak';
import { absorbBlockX2, clearStateX2, extractX2, keccakF1600x2, padLastBlock, seedStateX2, X2_STATE_SIZE } from '../keccak_x2';
import { K, L, N, PK_BYTES, POLY_BYTES, TR_BYTES } from './params';
import { markMatrix, rejUniformBlock } from './sample';

const X2: usize = memory.data(X2_STATE_SIZE, 16);
/** One SHAKE128 block per state, plus slack for rejUniformBlock's four-byte loads. */
const BUF_BYTES: i32 = RATE_SHAKE128 + 8;
const BUF: usize = memory.data(2 * BUF_BYTES, 16);
const PAD: usize = memory.data(RATE_SHAKE256, 16);
/** Per state: the entry it samples (-1: none) and its coefficients so far. */
const LANE_ENTRY: usize = memory.data(8, 16);
const LANE_COUNT: usize = memory.data(8, 16);
let nextEntry = 0;

/** State 0's hashes: 0 while it absorbs pk, 1 while it absorbs tr || M', 2 once both are out. */
let stage = 0;
let hashSrc: usize = 0;
let hashBlocks: usize = 0;
let hashAt: usize = 0;

// @ts-ignore: decorator
@inline function laneEntry(which: usize): i32 {
  return load<i32>(LANE_ENTRY + (which << 2));
}

/** State `which` starts the next entry A[r][s], e = r l + s: rho || s || r, SHAKE128-padded; or idles. */
function startEntry(which: usize, rho: usize): void {
  if (nextEntry == K * L) {
    store<i32>(LANE_ENTRY + (which << 2), -1);
    return;
  }
  const e = nextEntry++;
  seedStateX2(X2, which, rho, 32, <u64>((e % L) | ((e / L) << 8)) | (<u64>DS_SHAKE << 16), RATE_SHAKE128);
  store<i32>(LANE_ENTRY + (which << 2), e);
  store<i32>(LANE_COUNT + (which << 2), 0);
}

/** After a permutation: state `which` rejection-samples its block into its entry, and starts the next when full. */
function takeEntryBlock(which: usize, mat: usize, rho: usize): void {
  const e = laneEntry(which);
  if (e < 0) return;
  const buf = BUF + which * <usize>BUF_BYTES;
  extractX2(X2, which, buf, <usize>RATE_SHAKE128);
  const j = rejUniformBlock(mat + <usize>(e * POLY_BYTES), load<i32>(LANE_COUNT + (which << 2)), buf);
  store<i32>(LANE_COUNT + (which << 2), j);
  if (j >= N) startEntry(which, rho);
}

/** State 0 starts hashing len bytes at src with SHAKE256. */
function startHash(src: usize, len: usize): void {
  clearStateX2(X2, 0);
  hashSrc = src;
  hashBlocks = padLastBlock(PAD, src, len, RATE_SHAKE256, DS_SHAKE);
  hashAt = 0;
}

/**
 * A-hat from rho = pk[0..32) into `mat` (as expandA), tr = H(pk) into the 64 bytes before msg, and
 * mu = H(tr || msg[0..msgLen), 64) into `mu`. The caller leaves those 64 bytes free, so that
 * tr || M' is contiguous.
 */
export function expandBesideHashes(mat: usize, pk: usize, msg: usize, msgLen: i32, mu: usize): void {
  const tr = msg - <usize>TR_BYTES;
  nextEntry = 0;
  stage = 0;
  store<i32>(LANE_ENTRY, -1);
  startHash(pk, <usize>PK_BYTES);
  startEntry(1, pk);
  while (stage < 2 || laneEntry(0) >= 0 || laneEntry(1) >= 0) {
    if (stage < 2) absorbBlockX2(X2, 0, hashAt + 1 < hashBlocks ? hashSrc + hashAt * <usize>RATE_SHAKE256 : PAD, RATE_SHAKE256);
    keccakF1600x2(X2);
    if (stage < 2 && ++hashAt == hashBlocks) {
      extractX2(X2, 0, stage == 0 ? tr : mu, <usize>TR_BYTES);
      stage++;
      if (stage == 1) startHash(tr, <usize>(TR_BYTES + msgLen));
      else startEntry(0, pk);
    } else if (stage == 2) {
      takeEntryBlock(0, mat, pk);
    }
    takeEntryBlock(1, mat, pk);
  }
  markMatrix(mat, pk);
}
