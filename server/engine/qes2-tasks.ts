/**
 * The engine worker's QES2 tasks (docs/crypto/qes2.md §5). Verification checks each half on its own
 * so the API can say which one failed: the engine's qes2*.verify stops at the first failing half.
 */
import type { Engine } from '../../engine/src/index.ts';
import type { EngineTasks, Qes2Mode } from './protocol.ts';

const ML_DSA_PUBLIC_KEY = 1952;
const ML_DSA_SIGNATURE = 3309;

type Qes2Handlers = { [K in 'qes2PublicKey' | 'qes2Sign' | 'qes2Verify']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

export function qes2Handlers(engine: Engine): Qes2Handlers {
  const qes2 = (mode: Qes2Mode) => (mode === 'ecdsa' ? engine.qes2Ecdsa : engine.qes2Schnorr);
  const labels = { ecdsa: new TextEncoder().encode(engine.qes2Ecdsa.label), schnorr: new TextEncoder().encode(engine.qes2Schnorr.label) };

  /** The secp256k1 half over SHA-256(M'), read as the composite reads it: 64-byte compact, low-S. */
  const secpHalf = (mode: Qes2Mode, publicKey: Uint8Array, digest: Uint8Array, signature: Uint8Array): boolean => {
    if (mode === 'schnorr') return engine.secp256k1.schnorrVerify(publicKey, digest, signature);
    // ecdsaVerify would also try a 64-byte signature as DER; going through the DER form of the
    // compact (r, s) pins the compact reading, which is the only one QES2 accepts.
    let der: Uint8Array;
    try {
      der = engine.secp256k1.ecdsaToDer(signature);
    } catch {
      return false;
    }
    return engine.secp256k1.ecdsaVerify(publicKey, digest, der);
  };

  return {
    qes2PublicKey: ({ mode, seed }) => ({ publicKey: qes2(mode).keygen(seed).publicKey }),
    qes2Sign: ({ mode, seed, message, context }) => {
      const start = performance.now();
      const signature = qes2(mode).sign(message, seed, { context });
      return { signature, elapsedMs: performance.now() - start };
    },
    qes2Verify: ({ mode, publicKey, message, signature, context }) => {
      const start = performance.now();
      const scheme = qes2(mode);
      if (publicKey.length !== scheme.publicKeyLength || signature.length !== scheme.signatureLength) {
        return { valid: false, mlDsaValid: false, secp256k1Valid: false, elapsedMs: performance.now() - start };
      }
      const m = scheme.messageRepresentative(message, { context });
      const mlDsaValid = engine.mlDsa65.verify(
        publicKey.subarray(0, ML_DSA_PUBLIC_KEY), m, signature.subarray(0, ML_DSA_SIGNATURE), { context: labels[mode] },
      );
      const secp256k1Valid = secpHalf(mode, publicKey.subarray(ML_DSA_PUBLIC_KEY), engine.sha256(m), signature.subarray(ML_DSA_SIGNATURE));
      return { valid: mlDsaValid && secp256k1Valid, mlDsaValid, secp256k1Valid, elapsedMs: performance.now() - start };
    },
  };
}
