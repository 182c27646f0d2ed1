/**
 * The prover's randomness, deterministic given the caller's 32 rng bytes so that a fixed rng gives
 * reproducible test vectors. Two SHAKE256 streams: one for the commitment blindings, one for the
 * range-proof nonces (bound to the transcript and to the witness, so reusing an rng for another
 * statement does not reuse nonces).
 */
import { shake256 } from '@noble/hashes/sha3.js';
import type { Transcript } from './transcript.ts';
import { ascii, bytesToBigInt, concat, mod, scalarToBytes, u64be } from './scalar.ts';

type Shake = ReturnType<typeof shake256.create>;

/** Reads a SHAKE256 output as consecutive 64-byte scalars (mod n) and raw byte strings. */
export class ScalarStream {
  constructor(private readonly xof: Shake) {}

  static of(input: Uint8Array): ScalarStream {
    return new ScalarStream(shake256.create({}).update(input));
  }

  scalar(): bigint {
    return mod(bytesToBigInt(this.xof.xof(64)));
  }

  scalars(count: number): bigint[] {
    return Array.from({ length: count }, () => this.scalar());
  }

  bytes(len: number): Uint8Array {
    return this.xof.xof(len);
  }
}

/**
 * One blinding per committed value, in the order the commitments are published:
 * SHAKE256("ZK-FIDNA/v1 blinding" || rng || u64be(v) for each value), 64 bytes each, mod n.
 */
export function deriveBlindings(rng: Uint8Array, values: bigint[]): bigint[] {
  const input = concat(ascii('ZK-FIDNA/v1 blinding'), rng, ...values.map(u64be));
  return ScalarStream.of(input).scalars(values.length);
}

/**
 * The nonce stream, opened right after the range proof has appended n, m and the V_j: a copy of the
 * transcript absorbs the challenge label "rng" and gives 64 bytes (the real transcript is left as
 * is, it must stay in step with the verifier's), then
 * SHAKE256("ZK-FIDNA/v1 nonce" || those 64 bytes || u64be(v_0..) || γ_0.. || rng).
 */
export function nonceStream(t: Transcript, rng: Uint8Array, values: bigint[], gammas: bigint[]): ScalarStream {
  const seed = t.fork().challengeBytes('rng', 64);
  // Values are taken mod 2^64 so that tests can push an out-of-range value through the prover.
  const witness = concat(...values.map((v) => u64be(BigInt.asUintN(64, v))), ...gammas.map(scalarToBytes));
  return ScalarStream.of(concat(ascii('ZK-FIDNA/v1 nonce'), seed, witness, rng));
}
