/**
 * The engine worker's zk-FIDNA tasks (docs/crypto/zk-fidna.md §12): the engine proves and verifies;
 * shared/zkfidna.ts turns its results into the API's JSON, as the browser's worker does. Secret
 * amounts and blindings live only in this call; the openings go back to the caller alone.
 */
import type { Engine, ZkFidnaVerification, ZkFidnaVerifyArgs } from '../../engine/src/index.ts';
import { proveAttestedToJson, zkPublicInputFromJson, zkViewsToJson } from '../../shared/zkfidna.ts';
import type { EngineTasks } from './protocol.ts';

type ZkHandlers = { [K in 'zkProve' | 'zkVerify' | 'zkVerifyBatch']: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

type VerifyTask = EngineTasks['zkVerify'];

function verifyArgs({ proof, publicInput, attestation }: VerifyTask['args']): ZkFidnaVerifyArgs {
  return { proof, publicInput: zkPublicInputFromJson(publicInput), ...(attestation ? { attestation } : {}) };
}

function verdictJson(r: ZkFidnaVerification): Omit<VerifyTask['result'], 'elapsedMs'> {
  return { valid: r.valid, details: { ...r.details, signatureCheck: r.details.signatureCheck ?? null }, views: r.views ? zkViewsToJson(r.views) : null };
}

export function zkFidnaHandlers(engine: Engine): ZkHandlers {
  return {
    zkProve: ({ seed, secretValue, balanceValue, circuitType, min, max, context }) => {
      const start = performance.now();
      const json = proveAttestedToJson(engine, seed, {
        secretValue,
        circuitType,
        context,
        ...(balanceValue === undefined ? {} : { balanceValue }),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      });
      return { ...json, elapsedMs: performance.now() - start };
    },
    zkVerify: (args) => {
      const start = performance.now();
      return { ...verdictJson(engine.zkFidna.verify(verifyArgs(args))), elapsedMs: performance.now() - start };
    },
    zkVerifyBatch: ({ items }) => {
      const start = performance.now();
      const results = engine.zkFidna.verifyBatch(items.map(verifyArgs)).map(verdictJson);
      return { results, elapsedMs: performance.now() - start };
    },
  };
}
