/**
 * The engine's test build (asconfig.json target `test`, engine/build/test.wasm, built by
 * `npm run build:engine` from engine/assembly/test-entry.ts): the release build's code and exports
 * plus the hooks only tests call. The product never loads it; the release and debug modules have
 * no hook and no code behind one (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 * engine/src/wasm.boundary.test.ts checks EngineTestExports against this build as it checks
 * EngineExports against the release build.
 */
import { instantiate, Io, type EngineExports } from '../src/wasm.ts';

/** Status: OK or INVALID, or a negative error code (engine/assembly/layout.ts). */
type Status = number;

/** The test build's exports: the release build's, and the hooks of engine/assembly/zkfidna/test_exports.ts. */
export interface EngineTestExports extends EngineExports {
  /** RFC 9380 hash_to_curve (mode 0) or encode_to_curve (mode 1) with every intermediate value (ZK_H2C_*). */
  zkTestHashToCurve(msgLen: number, dstLen: number, mode: number): Status;
  /** Generator `index` (B, G, G_0..G_255, H_0..H_255) compressed at ZK_GENERATOR_OUT. */
  zkTestGenerator(index: number): Status;
  /** Either multi-scalar multiplication (ct 1: constant time) over the generator tables; the sum at ZK_MSM_OUT. */
  zkTestMsm(count: number, ct: number): Status;
  /** Makes the index-th challenge of every later transcript zero (-1: off). */
  zkTestForceZeroChallenge(index: number): void;
  /** The bare aggregated range proof for m = 1 or 2 (core at ZK_PROOF, commitments at ZK_COMMITMENTS). */
  zkTestRangeProve(m: number): Status;
  zkTestRangeVerify(m: number): Status;
}

/** Where the test build lies. */
export const TEST_BUILD = new URL('../build/test.wasm', import.meta.url);

/** A fresh instance of the test build, with its IO buffer. */
export async function instantiateTestBuild(): Promise<{ wasm: EngineTestExports; io: Io }> {
  const wasm = (await instantiate(TEST_BUILD)) as EngineTestExports;
  return { wasm, io: new Io(wasm) };
}
