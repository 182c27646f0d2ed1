/**
 * The test build's entry (asconfig.json target `test`, engine/build/test.wasm): every export of
 * index.ts, compiled as the release target compiles it, plus the hooks only tests call. Nothing the
 * product loads is built from this file; engine/test-support/test-build.ts loads it for the tests
 * that need a hook, and engine/release-exports.test.ts checks that the release module has none
 * (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 */
import { TEST_HOOKS } from './flags';

// The hooks need the code that only TEST_HOOKS compiles (the zero-challenge switch): without the
// test target's `--use ENGINE_TEST_HOOKS=1`, this file does not compile.
if (!TEST_HOOKS) ERROR('engine/assembly/test-entry.ts is built with --target test only (it sets ENGINE_TEST_HOOKS)');

export * from './index';
export * from './zkfidna/test_exports';
export * from './arith_test_exports';
export * from './lattice_test_exports';
export * from './lattice_ntt_test_exports';
