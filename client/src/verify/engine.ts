/**
 * The WebAssembly engine behind offline verification, loaded on the first check and shared by
 * every later one (one instance per process or page). The dynamic import keeps the engine out of
 * a program that never verifies offline; the engine finds its .wasm beside its own module
 * (engine/src/wasm.ts), by file in Node and by fetch in a browser.
 */
import type { Engine } from '../../../engine/src/index.ts';
import { PqError } from '../errors.ts';

let loading: Promise<Engine> | undefined;

export function verificationEngine(): Promise<Engine> {
  loading ??= import('../../../engine/src/index.ts')
    .then((engine) => engine.loadEngine())
    .catch((error: unknown) => {
      // Not kept: a later call may succeed (a page that was offline, say).
      loading = undefined;
      throw new PqError(`The verification engine could not be loaded: ${String((error as Error)?.message ?? error)}`, { cause: error });
    });
  return loading;
}
