/**
 * What verify and verifyBatch share on the host (zkfidna.ts): checking one item's arguments and
 * attestation, and turning the engine's verdict bits about its proof into the answer.
 */
import { bytes, EngineError, options } from './errors.ts';
import type { MlDsa } from './mldsa.ts';
import { decodeHeader, type DecodedHeader } from './zkfidna_encoding.ts';
import { publicInputOf, type ZkFidnaPublicInput } from './zkfidna_inputs.ts';

export interface ZkFidnaAttestation {
  algorithm: 'ML-DSA-65';
  publicKey: Uint8Array;
  /** ML-DSA-65 signature of the proof bytes, context "zk-fidna/v1". */
  signature: Uint8Array;
}

export interface ZkFidnaPublicParameters {
  curve: 'secp256k1';
  /** Bits per range proof and values aggregated per proof. */
  n: number;
  m: number;
  generatorsDst: string;
  /** SHA-256 of the 514 compressed generators, hex. */
  generatorDigest: string;
  version: number;
}

/** What a proof shows a person: all public. Scalars and challenges as 64-digit hex. */
export interface ZkFidnaViews {
  /** The public commitments, 33-byte compressed points in circuit order. */
  commitments: Uint8Array[];
  challenges: { y: string; z: string; x: string; w: string; u: string[] };
  responses: { tx: string; taux: string; mu: string; a: string; b: string };
  publicParameters: ZkFidnaPublicParameters;
}

export interface ZkFidnaDetails {
  /** It decodes, and its header matches publicInput. */
  structurallyValid: boolean;
  /** Known circuit, bounds in order, derived commitments and kernel excess not the identity. */
  circuitValid: boolean;
  /** The aggregated range-proof equation holds. */
  mathematicalCheck: boolean;
  /** Both values are in [0, 2^64): part of the same equation. */
  positiveCheck: boolean;
  /** The balance statement holds: the same equation, and for custom the BIP-340 kernel. */
  balanceCheck: boolean;
  /** The ML-DSA-65 attestation verifies (only when one is given). */
  signatureCheck?: boolean;
}

export interface ZkFidnaVerification {
  valid: boolean;
  details: ZkFidnaDetails;
  /** The proof's views, when it decodes. */
  views?: ZkFidnaViews;
}

/** The engine's verdict bits (zkVerify; batched: zkBatchAdd put the proof's equation in the sum). */
export const VERDICT = { structure: 1, circuit: 2, math: 4, kernel: 8, batched: 16 };
/** The ML-DSA-65 context string of attestations. */
export const ZK_FIDNA_ATTESTATION_CONTEXT = 'zk-fidna/v1';

/** One verify argument, checked: its proof, public input, decoded header, and attestation verdict. */
export interface CheckedItem {
  proof: Uint8Array;
  input: ZkFidnaPublicInput;
  header: DecodedHeader | null;
  signatureCheck?: boolean;
}

export const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Checks one verify argument's shape (throwing for a malformed one) and its attestation. */
export function checkItem(args: unknown, mlDsa65: MlDsa): CheckedItem {
  const o = options<{ proof: Uint8Array; publicInput: ZkFidnaPublicInput; attestation: ZkFidnaAttestation }>(args, ['proof', 'publicInput', 'attestation'], 'args');
  const proof = bytes(o.proof, 'proof');
  const item: CheckedItem = { proof, input: publicInputOf(o.publicInput), header: decodeHeader(proof) };
  if (o.attestation !== undefined) {
    const a = options<ZkFidnaAttestation>(o.attestation, ['algorithm', 'publicKey', 'signature'], 'attestation');
    if (a.algorithm !== undefined && a.algorithm !== 'ML-DSA-65') {
      throw new EngineError('invalid_option', "attestation.algorithm must be 'ML-DSA-65'", 'attestation.algorithm');
    }
    const pk = bytes(a.publicKey, 'attestation.publicKey', mlDsa65.publicKeyLength, 'invalid_key');
    const sig = bytes(a.signature, 'attestation.signature', mlDsa65.signatureLength, 'invalid_signature_length');
    item.signatureCheck = mlDsa65.verify(pk, proof, sig, { context: new TextEncoder().encode(ZK_FIDNA_ATTESTATION_CONTEXT) });
  }
  return item;
}

/** checkItem for items[i] of a batch: its errors name the item. */
export function checkBatchItem(args: unknown, i: number, mlDsa65: MlDsa): CheckedItem {
  try {
    return checkItem(args, mlDsa65);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    const rest = (e.param ?? '').replace(/^args\.?/, '');
    throw new EngineError(e.code, `items[${i}]: ${e.message}`, rest === '' ? `items[${i}]` : `items[${i}].${rest}`);
  }
}

/** The verification of a checked item given the engine's verdict bits about its proof; views only for a valid circuit. */
export function judgeItem({ input, header, signatureCheck }: CheckedItem, verdict: number, viewsOf: (header: DecodedHeader) => ZkFidnaViews): ZkFidnaVerification {
  const matches =
    header !== null &&
    header.circuitType === input.circuitType &&
    header.result === input.result &&
    header.min === input.min &&
    header.max === input.max &&
    equalBytes(header.context, input.context ?? new Uint8Array(0));
  const math = (verdict & VERDICT.math) !== 0;
  const details: ZkFidnaDetails = {
    structurallyValid: (verdict & VERDICT.structure) !== 0 && matches,
    circuitValid: (verdict & VERDICT.circuit) !== 0,
    mathematicalCheck: math,
    positiveCheck: math,
    balanceCheck: math && (verdict & VERDICT.kernel) !== 0,
  };
  if (signatureCheck !== undefined) details.signatureCheck = signatureCheck;
  const valid = Object.values(details).every((v) => v === true);
  return header && (verdict & VERDICT.circuit) !== 0 ? { valid, details, views: viewsOf(header) } : { valid, details };
}
