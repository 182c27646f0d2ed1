/**
 * The engine worker's tasks for Dilion's privacy identifier (docs/crypto/dilion.md §3–4). The
 * byte layouts come from shared/dilion.ts, so the browser worker can build the same M later.
 */
import type { Engine } from '../../engine/src/index.ts';
import { dilionPidMessage, pidAad, pidInfo } from '../../shared/dilion.ts';
import type { EngineTasks } from './protocol.ts';

type Names = 'mlKemPublicKey' | 'mlKemCheckPublicKey' | 'dilionSignPid' | 'dilionOpenPid';
type DilionHandlers = { [K in Names]: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

export function dilionHandlers(engine: Engine): DilionHandlers {
  const sha3 = (data: Uint8Array) => engine.sha3_256(data);
  return {
    mlKemPublicKey: ({ seed }) => ({ publicKey: engine.mlKem768.keygen(seed).publicKey }),
    mlKemCheckPublicKey: ({ publicKey }) => ({ valid: engine.mlKem768.checkPublicKey(publicKey) }),
    dilionSignPid: ({ seed, message, sid, context, serviceKey, serviceKeyId, paddedUid }) => {
      const start = performance.now();
      const { publicKey, secretKey } = engine.mlDsa65.keygen(seed);
      // The encapsulation randomness m comes from the TS layer (docs/architecture.md §3.2) and is the pidOpening.
      const opening = globalThis.crypto.getRandomValues(new Uint8Array(32));
      const { enc, cipherText } = engine.hpke.seal(serviceKey, paddedUid, {
        info: pidInfo(sid),
        aad: pidAad(publicKey, message, sha3),
        random: opening,
      });
      const signature = engine.mlDsa65.sign(dilionPidMessage(serviceKeyId, enc, cipherText, message), secretKey, { context });
      secretKey.fill(0);
      return { signature, c1: enc, c2: cipherText, opening, elapsedMs: performance.now() - start };
    },
    dilionOpenPid: ({ with: key, c1, c2, sid, signerPublicKey, message }) => {
      const opts = { info: pidInfo(sid), aad: pidAad(signerPublicKey, message, sha3) };
      const plaintext =
        'seed' in key
          ? engine.hpke.open(key.seed, c1, c2, opts)
          : engine.hpke.openWithSenderRandom(key.serviceKey, key.opening, c1, c2, opts);
      return { plaintext };
    },
  };
}
