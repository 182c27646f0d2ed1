/**
 * The challenges of the last proof made or checked (y, z, x, w, u_1..u_k, in order), kept so the
 * host can show them: they are public, and recomputing them on the host would mean a second
 * transcript.
 */
import { scGetB32 } from '../secp256k1/scalar';

/** Most challenges recorded: y, z, x, w and up to 8 rounds. */
export const MAX_RECORDED: i32 = 12;
/** The recorded challenges, 32 bytes big-endian each. */
export const RECORDED: usize = memory.data(MAX_RECORDED * 32, 16);
let count: i32 = 0;

/** Forgets the challenges of the previous proof. */
export function recordReset(): void {
  count = 0;
}

/** Records a challenge (scalar limbs). */
export function recordChallenge(s: usize): void {
  if (count < MAX_RECORDED) scGetB32(RECORDED + (<usize>count << 5), s);
  count++;
}

/** Copies the recorded challenges to dst (32 bytes each, recordedCount() of them). */
export function copyRecorded(dst: usize): void {
  memory.copy(dst, RECORDED, <usize>recordedCount() << 5);
}

/** Number of challenges recorded since recordReset. */
export function recordedCount(): i32 {
  return min(count, MAX_RECORDED);
}
