/**
 * The engine worker's tasks for signing with a managed key by message type
 * (docs/decisions/053-signing-by-digest-and-in-batches.md), thin calls into the engine's host API:
 * - ML-DSA raw: pure ML-DSA (FIPS 204 Algorithm 2) over the bytes;
 * - ML-DSA digest: HashML-DSA (FIPS 204 §5.4) over the caller's PH(M) (`prehashed`);
 * - ML-DSA external-mu: the caller's µ = SHAKE256(tr ‖ M′, 64);
 * - QES2 raw: the composite over the bytes; QES2 digest: over the caller's SHA-512(M), which is
 *   what M′ holds either way (docs/crypto/qes2.md).
 * Which combinations exist is decided by the service before a task is queued; a combination that
 * reaches here otherwise is a bug, refused by the engine's own checks.
 */
import type { Engine, MlDsa, MlDsaVerifyOptions } from '../../engine/src/index.ts';
import type { EngineTasks, MlDsaLevel, Qes2Mode } from './protocol.ts';

export type KmsKeyKind = { kind: 'ml-dsa'; level: MlDsaLevel } | { kind: 'qes2'; mode: Qes2Mode };
export type KmsMessageType = 'raw' | 'digest' | 'external-mu';
export type KmsDigestAlgorithm = 'sha512' | 'shake256';

export interface KmsMessage {
  type: KmsMessageType;
  /** The message, the digest PH(M) or µ, as the type says. */
  bytes: Uint8Array;
  /** With type digest: the hash that made it. */
  digestAlgorithm: KmsDigestAlgorithm | null;
  /** The FIPS 204 (or QES2) context; empty with external-mu. */
  context: Uint8Array;
}

type KmsHandlers = { [K in 'kmsSign' | 'kmsVerify']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

const mlDsaOf = (engine: Engine, level: MlDsaLevel): MlDsa => (level === 44 ? engine.mlDsa44 : level === 65 ? engine.mlDsa65 : engine.mlDsa87);

/** The engine's ML-DSA options for a message type. */
function mlDsaOptions(message: KmsMessage): MlDsaVerifyOptions {
  if (message.type === 'external-mu') return { externalMu: true };
  if (message.type === 'raw') return { context: message.context };
  return { context: message.context, prehash: message.digestAlgorithm!, prehashed: true };
}

export function kmsHandlers(engine: Engine): KmsHandlers {
  return {
    kmsSign: ({ key, seed, message }) => {
      const start = performance.now();
      if (key.kind === 'qes2') {
        const signature = engine.qes2[key.mode].sign(message.bytes, seed, { context: message.context, prehashed: message.type === 'digest' });
        return { signature, elapsedMs: performance.now() - start };
      }
      const alg = mlDsaOf(engine, key.level);
      const { secretKey } = alg.keygen(seed);
      try {
        const signature = alg.sign(message.bytes, secretKey, mlDsaOptions(message));
        return { signature, elapsedMs: performance.now() - start };
      } finally {
        secretKey.fill(0);
      }
    },
    kmsVerify: ({ key, publicKey, message, signature }) => {
      const start = performance.now();
      const valid =
        key.kind === 'qes2'
          ? engine.qes2[key.mode].verify(publicKey, message.bytes, signature, { context: message.context, prehashed: message.type === 'digest' })
          : mlDsaOf(engine, key.level).verify(publicKey, message.bytes, signature, mlDsaOptions(message));
      return { valid, elapsedMs: performance.now() - start };
    },
  };
}
