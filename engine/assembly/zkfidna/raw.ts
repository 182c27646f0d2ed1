/**
 * The bare aggregated range proof (m = 1 or 2) without a circuit, for tests: the transcript holds
 * only the protocol name and the generator digest before the range proof. A test can also commit
 * to a value other than the one whose bits are proven (value + extra), which no valid proof can
 * cover: that is how the tests show a value of 2^64 or more cannot be proven.
 */
import { ctMsm, ctTerm } from '../secp256k1/msm_ct';
import { GE_SIZE } from '../secp256k1/point';
import { scAdd, scSetB32 } from '../secp256k1/scalar';
import { sec1ParseVar, sec1Serialize } from '../secp256k1/sec1';
import { GENERATOR_DIGEST, tableB, tableBlind } from './generators';
import { L_GENERATORS, L_PROTOCOL, L_PROTOCOL_NAME, labelLen, labelPtr } from './labels';
import { rangeProve, wipeProver } from './prover';
import { recordReset } from './record';
import { SC_SIZE, scFromU64 } from './scalars';
import { trAppend, trInit } from './transcript';
import { rangeCheck, rangeParse, rangeReplay, rangeSetV } from './verifier';
import { ensureWorkspace, wipeVectors } from './workspace';

const GAMMA: usize = memory.data(2 * <i32>SC_SIZE, 16);
const K: usize = memory.data(<i32>SC_SIZE, 16);
const EXTRA: usize = memory.data(<i32>SC_SIZE, 16);
const V: usize = memory.data(2 * <i32>GE_SIZE, 16);

function prefix(): void {
  ensureWorkspace();
  recordReset();
  trInit();
  trAppend(L_PROTOCOL, labelPtr(L_PROTOCOL_NAME), labelLen(L_PROTOCOL_NAME));
  trAppend(L_GENERATORS, GENERATOR_DIGEST, 32);
}

/**
 * in: values (m u64le) at in, blindings (m x 32 bytes) at in + 16, extras (m x 32) at in + 80,
 * rng at in + 144. Writes V_j compressed to vEnc and the core to out; false on a bad scalar or
 * when the proof must be redone.
 */
export function rawProve(m: i32, input: usize, out: usize, vEnc: usize): bool {
  prefix();
  for (let j = 0; j < m; j++) {
    const g = GAMMA + <usize>j * SC_SIZE;
    if (scSetB32(g, input + 16 + <usize>(32 * j)) != 0) return false;
    if (scSetB32(EXTRA, input + 80 + <usize>(32 * j)) != 0) return false;
    scFromU64(K, load<u64>(input + (<usize>j << 3)));
    scAdd(K, K, EXTRA);
    ctTerm(0, tableB(), K);
    ctTerm(1, tableBlind(), g);
    if (!ctMsm(V + <usize>j * GE_SIZE, 2)) return false;
    sec1Serialize(vEnc + <usize>(33 * j), V + <usize>j * GE_SIZE, true);
  }
  const ok = rangeProve(out, m, input, GAMMA, vEnc, input + 144);
  wipeProver();
  wipeVectors();
  return ok;
}

/** Checks the core at core against the m commitments compressed at vEnc. */
export function rawVerify(m: i32, core: usize, vEnc: usize): bool {
  prefix();
  for (let j = 0; j < m; j++) if (!sec1ParseVar(V + <usize>j * GE_SIZE, vEnc + <usize>(33 * j), 33)) return false;
  if (!rangeParse(core, m)) return false;
  rangeSetV(m, V);
  return rangeReplay(core, m, vEnc) && rangeCheck(m);
}
