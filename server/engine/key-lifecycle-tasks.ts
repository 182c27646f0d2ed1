/**
 * The engine worker's key-import task (docs/decisions/056-key-versions-and-lifecycle.md): a BYOK
 * seed arrives HPKE-sealed to the import's ML-KEM-768 wrapping key and is opened here, off the
 * main thread, with engine.hpke (engine/src/hpke.ts).
 */
import type { Engine } from '../../engine/src/index.ts';
import type { EngineTasks } from './protocol.ts';

type KeyLifecycleHandlers = { [K in 'keyImportOpen']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

export function keyLifecycleHandlers(engine: Engine): KeyLifecycleHandlers {
  return {
    keyImportOpen: ({ secretKey, enc, cipherText, info }) => ({ plaintext: engine.hpke.open(secretKey, enc, cipherText, { info }) }),
  };
}
