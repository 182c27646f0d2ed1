/**
 * zk-FIDNA (docs/crypto/zk-fidna.md) on this device: the engine's prover and verifier answering in
 * the server contract's response shapes, built with shared/zkfidna.ts as the server's workers are,
 * so a proof made here verifies there and the other way round.
 *
 * The secret amounts and their blindings stay in this worker: what leaves it is the proof, its
 * public input and the caller's own openings. The attestation key is per tab, from a random 32-byte
 * seed drawn here and never sent anywhere; like the server's engine worker, each proof re-derives the
 * ML-DSA-65 key from the seed, and `engineMs` times keygen + prove + attest (docs/crypto/zk-fidna.md §11).
 */
import type { z } from 'zod';
import type { Engine } from '../../../engine/src/index.ts';
import type { DemoZkProveRequest, ZkProveResponse, ZkVerifyRequest, ZkVerifyResponse } from '../../../server/contract/zkfidna.ts';
import { fromBase64, toHex } from '../../../shared/bytes.ts';
import { ZK_MAX_AMOUNT as MAX_AMOUNT, zkAmountProblem, type ZkAmountName } from '../../../shared/zk-amount.ts';
import { ZK_FIDNA_CIRCUITS, proveAttestedToJson, zkPublicInputFromJson, zkViewProblem, zkViewsToJson, type ZkCircuit, type ZkPublicInputJson } from '../../../shared/zkfidna.ts';

/** A demo prove request; an absent secretValue is refused as the server refuses it ('Secret value is required'). */
export type ZkProveInput = Omit<z.input<typeof DemoZkProveRequest>, 'secretValue'> & { secretValue?: number | string };
export type ZkVerifyInput = z.input<typeof ZkVerifyRequest>;
/** Results made here have the server's shape, plus the engine time of the work in ms. */
export type ZkProved = z.infer<typeof ZkProveResponse> & { engineMs?: number };
export type ZkVerified = z.infer<typeof ZkVerifyResponse> & { engineMs?: number };

const ML_DSA_65 = { publicKey: 1952, signature: 3309 };
const DECIMAL = /^[0-9]{1,20}$/;
const isAmount = (v: unknown): v is number | string => (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && DECIMAL.test(v));

/** An amount as the server's contract reads it, refused with the same sentence (shared/zk-amount.ts). */
function amount(v: unknown, name: ZkAmountName): string {
  const problem = zkAmountProblem(v, name);
  if (problem) throw new Error(problem);
  return BigInt(v as number | string).toString();
}

function bound(v: unknown, param: string): string | undefined {
  if (v === undefined) return undefined;
  if (!isAmount(v) || BigInt(v) > MAX_AMOUNT) throw new Error(`${param} must be an integer from 0 to ${MAX_AMOUNT}`);
  return BigInt(v).toString();
}

function decodeExact(base64: string, length: number, param: string, what: string): Uint8Array {
  const bytes = fromBase64(base64, param);
  if (bytes.length !== length) throw new Error(`${param} must be ${what} of ${length} bytes (got ${bytes.length}).`);
  return bytes;
}

function circuit(v: unknown, param: string): ZkCircuit {
  const known = ZK_FIDNA_CIRCUITS.find((c) => c === v);
  if (!known) throw new Error(`${param} must be one of ${ZK_FIDNA_CIRCUITS.join(', ')}`);
  return known;
}

/** The public input a verify request names: publicInput, or publicSignals with circuitType (the contract's rules). */
function publicInputOf(input: ZkVerifyInput): ZkPublicInputJson {
  const { publicInput, publicSignals, circuitType } = input;
  if (publicInput === undefined && publicSignals === undefined) throw new Error('publicInput is required (or publicSignals with circuitType)');
  if (publicInput !== undefined && (publicSignals !== undefined || circuitType !== undefined)) {
    throw new Error('send publicInput, or publicSignals with circuitType, not both');
  }
  if (publicSignals !== undefined && circuitType === undefined) throw new Error('circuitType is required with publicSignals');
  const given = publicInput ?? { ...publicSignals, circuitType };
  if (given.result !== 0 && given.result !== 1) throw new Error('publicInput.result must be 0 or 1');
  const json: ZkPublicInputJson = { result: given.result, circuitType: circuit(given.circuitType, 'publicInput.circuitType') };
  for (const name of ['min', 'max'] as const) {
    const v = given[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !DECIMAL.test(v)) throw new Error(`publicInput.${name} must be a decimal integer`);
    json[name] = v;
  }
  if (given.context !== undefined) {
    fromBase64(given.context, 'publicInput.context');
    json.context = given.context;
  }
  return json;
}

export function createLocalZkFidna(engine: Engine, seed = crypto.getRandomValues(new Uint8Array(32))) {
  const publicKeyBytes = engine.mlDsa65.keygen(seed).publicKey;
  // A recognisable id that says where the key lives, derived from the public key only.
  const keyId = `browser_zk_${toHex(engine.sha3_256(publicKeyBytes)).slice(0, 16)}`;

  return {
    keyId,

    /** Proves in this worker and attests the proof with the tab's ML-DSA-65 key. */
    prove(input: ZkProveInput): ZkProved & { engineMs: number } {
      const secretValue = amount(input.secretValue, 'secretValue');
      const balanceValue = input.balanceValue === undefined ? undefined : amount(input.balanceValue, 'balanceValue');
      const circuitType = circuit(input.circuitType ?? 'balance_proof', 'circuitType');
      const min = bound(input.min, 'min');
      const max = bound(input.max, 'max');
      // Only a range proof with an explicit max can do without Y, as on the server.
      if (balanceValue === undefined && !(circuitType === 'range_proof' && max !== undefined)) throw new Error('Balance value is required');
      const context = input.context === undefined ? undefined : fromBase64(input.context, 'context');
      const start = performance.now();
      const { proofBytes: _, ...json } = proveAttestedToJson(engine, seed, {
        secretValue,
        circuitType,
        ...(balanceValue === undefined ? {} : { balanceValue }),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(context === undefined ? {} : { context }),
      });
      const engineMs = performance.now() - start;
      return { algorithm: 'zk-fidna', ...json, keyId, keyVersion: 1, timestamp: new Date().toISOString(), engineMs };
    },

    /**
     * Verifies any zk-FIDNA proof, made here or by the server: proof.encoded, or the whole proof
     * object, whose views must match its bytes and whose attestation is checked when present.
     */
    verify(input: ZkVerifyInput): ZkVerified & { engineMs: number } {
      const publicInput = publicInputOf(input);
      const sent = input.proof;
      const proof = fromBase64(typeof sent === 'string' ? sent : sent.encoded, 'proof.encoded');
      if (proof.length === 0) throw new Error('proof must be the encoded proof from a prove response (it is empty).');
      const signature = typeof sent === 'string' ? undefined : sent.signature;
      const attestation = signature && {
        publicKey: decodeExact(signature.publicKey, ML_DSA_65.publicKey, 'proof.signature.publicKey', 'an ML-DSA-65 public key'),
        signature: decodeExact(signature.value, ML_DSA_65.signature, 'proof.signature.value', 'an ML-DSA-65 signature'),
      };
      const start = performance.now();
      const r = engine.zkFidna.verify({ proof, publicInput: zkPublicInputFromJson(publicInput), ...(attestation ? { attestation } : {}) });
      const engineMs = performance.now() - start;
      const problem = zkViewProblem(sent, r.views && zkViewsToJson(r.views));
      if (problem) throw new Error(problem.message);
      return {
        valid: r.valid,
        algorithm: 'zk-fidna',
        publicInput,
        details: { ...r.details, signatureCheck: r.details.signatureCheck ?? null },
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },
  };
}

export type LocalZkFidna = ReturnType<typeof createLocalZkFidna>;
