/**
 * The engine worker's Dilion tasks (docs/crypto/dilion.md §3–4): thin calls into the engine's own
 * composition (engine.dilion), which the browser's worker calls too, so M, the context, the aad and
 * the pidCipher are built in exactly one place.
 */
import type { Engine } from '../../engine/src/index.ts';
import { DILION_PID, signatureViewsMembers } from '../../shared/dilion.ts';
import type { EngineTasks, PidCipherBytes } from './protocol.ts';

type Names = 'mlKemPublicKey' | 'mlKemCheckPublicKey' | 'dilionSign' | 'dilionVerify' | 'dilionOpenPid';
type DilionHandlers = { [K in Names]: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

const withSuite = (p: PidCipherBytes) => ({ ...p, suite: DILION_PID.suite });

export function dilionHandlers(engine: Engine): DilionHandlers {
  return {
    mlKemPublicKey: ({ seed }) => ({ publicKey: engine.mlKem768.keygen(seed).publicKey }),
    mlKemCheckPublicKey: ({ publicKey }) => ({ valid: engine.mlKem768.checkPublicKey(publicKey) }),
    dilionSign: ({ seed, message, sid, pid }) => {
      const start = performance.now();
      const { publicKey, secretKey } = engine.mlDsa65.keygen(seed);
      try {
        const signed = engine.dilion.sign(message, secretKey, {
          sid,
          ...(pid ? { uid: pid.uid, publicKey, serviceKey: { publicKey: pid.serviceKey, keyId: pid.serviceKeyId } } : {}),
        });
        const pidCipher = signed.pidCipher ? { C1: signed.pidCipher.C1, C2: signed.pidCipher.C2, serviceKeyId: signed.pidCipher.serviceKeyId } : null;
        const elapsedMs = performance.now() - start;
        return { signature: signed.signature, views: signatureViewsMembers(signed.signature, engine.mlDsa65), pidCipher, opening: signed.pidOpening, elapsedMs };
      } finally {
        secretKey.fill(0);
      }
    },
    dilionVerify: ({ publicKey, message, signature, sid, pidCipher }) => {
      const start = performance.now();
      const valid = engine.dilion.verify(publicKey, message, signature, { sid, pidCipher: pidCipher ? withSuite(pidCipher) : null });
      return { valid, elapsedMs: performance.now() - start };
    },
    dilionOpenPid: ({ with: key, pidCipher, sid, signerPublicKey, message }) => {
      const opts = { message, signerPublicKey, sid };
      const cipher = withSuite(pidCipher);
      const uid = 'seed' in key ? engine.dilion.open(cipher, key.seed, opts) : engine.dilion.openWithOpening(cipher, key.serviceKey, key.opening, opts);
      return { uid };
    },
  };
}
