/**
 * The one compile-time switch between the builds. asconfig.json's `test` target passes
 * `--use ENGINE_TEST_HOOKS=1`, so TEST_HOOKS is true in engine/build/test.wasm only; the release
 * and debug targets leave ENGINE_TEST_HOOKS undefined and TEST_HOOKS false. The compiler drops a
 * branch whose condition is a constant before it compiles it, so code under `if (TEST_HOOKS)`, and
 * the @lazy state only that code reads, do not exist in the shipped module at all; a test hook that
 * starts with `if (!TEST_HOOKS) ERROR(...)` fails any other build that reaches it
 * (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 */
// @ts-ignore: decorator
@inline export const TEST_HOOKS: bool = isDefined(ENGINE_TEST_HOOKS);
