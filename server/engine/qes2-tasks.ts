/**
 * The engine worker's QES2 tasks (docs/crypto/qes2.md): calls into the engine's composite of the
 * mode (engine.qes2[mode]), the same code the browser's worker runs. Verification reports each
 * half (verifyHalves) so the API can say which one failed.
 */
import type { Engine } from '../../engine/src/index.ts';
import type { EngineTasks } from './protocol.ts';

type Qes2Handlers = { [K in 'qes2PublicKey' | 'qes2Sign' | 'qes2Verify']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

export function qes2Handlers(engine: Engine): Qes2Handlers {
  return {
    qes2PublicKey: ({ mode, seed }) => ({ publicKey: engine.qes2[mode].keygen(seed).publicKey }),
    qes2Sign: ({ mode, seed, message, context }) => {
      const start = performance.now();
      const signature = engine.qes2[mode].sign(message, seed, { context });
      return { signature, elapsedMs: performance.now() - start };
    },
    qes2Verify: ({ mode, publicKey, message, signature, context }) => {
      const start = performance.now();
      const halves = engine.qes2[mode].verifyHalves(publicKey, message, signature, { context });
      return { valid: halves.mlDsa && halves.secp256k1, mlDsaValid: halves.mlDsa, secp256k1Valid: halves.secp256k1, elapsedMs: performance.now() - start };
    },
  };
}
