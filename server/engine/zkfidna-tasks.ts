/**
 * The engine worker's zk-FIDNA tasks (docs/crypto/zk-fidna.md §12): the engine proves and verifies;
 * shared/zkfidna.ts turns its results into the API's JSON, as the browser's worker does. Secret
 * amounts and blindings live only in this call; the openings go back to the caller alone.
 */
import type { Engine } from '../../engine/src/index.ts';
import { zkProofToJson, zkPublicInputFromJson, zkViewsToJson } from '../../shared/zkfidna.ts';
import type { EngineTasks } from './protocol.ts';

type ZkHandlers = { [K in 'zkProve' | 'zkVerify']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

export function zkFidnaHandlers(engine: Engine): ZkHandlers {
  return {
    zkProve: ({ seed, secretValue, balanceValue, circuitType, min, max, context }) => {
      const start = performance.now();
      const { publicKey, secretKey } = engine.mlDsa65.keygen(seed);
      try {
        const proved = engine.zkFidna.prove({
          secretValue,
          circuitType,
          context,
          attest: { secretKey, publicKey },
          ...(balanceValue === undefined ? {} : { balanceValue }),
          ...(min === undefined ? {} : { min }),
          ...(max === undefined ? {} : { max }),
        });
        const json = zkProofToJson({ ...proved, attestation: proved.attestation! });
        return { ...json, proofBytes: proved.proof.length, elapsedMs: performance.now() - start };
      } finally {
        secretKey.fill(0);
      }
    },
    zkVerify: ({ proof, publicInput, attestation }) => {
      const start = performance.now();
      const r = engine.zkFidna.verify({ proof, publicInput: zkPublicInputFromJson(publicInput), ...(attestation ? { attestation } : {}) });
      return {
        valid: r.valid,
        details: { ...r.details, signatureCheck: r.details.signatureCheck ?? null },
        views: r.views ? zkViewsToJson(r.views) : null,
        elapsedMs: performance.now() - start,
      };
    },
  };
}
