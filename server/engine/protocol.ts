/** Messages between the engine pool and its workers. Byte arrays cross as Uint8Arrays (copied). */

export type MlDsaLevel = 44 | 65 | 87;
import type { Qes2Mode } from '../../shared/schemes.ts';
import type { ZkCircuit, ZkProofJson, ZkProofViewsJson, ZkPublicInputJson } from '../../shared/zkfidna.ts';
import type { KmsKeyKind, KmsMessage } from './kms-tasks.ts';
import type { KemTasks } from './kem-tasks.ts';

export type { Qes2Mode } from '../../shared/schemes.ts';

/** What the pool tells a worker when it starts it (its workerData). */
export interface WorkerOptions {
  /** Steps of niceness the worker adds to its own thread (server/engine/thread-priority.ts). */
  niceness: number;
}

/** A pidCipher's bytes (docs/crypto/dilion.md §3.6). */
export interface PidCipherBytes {
  C1: Uint8Array;
  C2: Uint8Array;
  serviceKeyId: Uint8Array;
}

export interface EngineTasks extends KemTasks {
  ping: { args: Record<string, never>; result: { ready: true } };
  /** Public key of the key pair derived from a 32-byte seed. */
  mlDsaPublicKey: { args: { level: MlDsaLevel; seed: Uint8Array }; result: { publicKey: Uint8Array } };
  mlDsaSign: {
    args: { level: MlDsaLevel; seed: Uint8Array; message: Uint8Array; context: Uint8Array };
    /** elapsedMs: the engine's own time for the signature (not the queue wait). */
    result: { signature: Uint8Array; elapsedMs: number };
  };
  mlDsaVerify: {
    args: { level: MlDsaLevel; publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array; context: Uint8Array };
    result: { valid: boolean; elapsedMs: number };
  };
  /** ML-KEM-768 encapsulation key of a 64-byte seed d ‖ z (a Dilion service key). */
  mlKemPublicKey: { args: { seed: Uint8Array }; result: { publicKey: Uint8Array } };
  /** FIPS 203 §7.2 modulus check of an encapsulation key a service registers. */
  mlKemCheckPublicKey: { args: { publicKey: Uint8Array }; result: { valid: boolean } };
  /**
   * Dilion sign (engine.dilion): M version 0x00 without `pid`; with it, the uid sealed to the
   * service's ML-KEM-768 key and bound into M (version 0x01).
   */
  dilionSign: {
    args: { seed: Uint8Array; message: string; sid: string; pid: { uid: string; serviceKey: Uint8Array; serviceKeyId: Uint8Array } | null };
    /** opening: the 32-byte encapsulation randomness m (the pidOpening), with a pid. */
    /** views: the signature's c and z as JSON members (shared/dilion.ts signatureViewsMembers). */
    result: { signature: Uint8Array; views: string; pidCipher: PidCipherBytes | null; opening: Uint8Array | null; elapsedMs: number };
  };
  /** Dilion verify (engine.dilion): rebuilds M from the message and the pidCipher, if any. */
  dilionVerify: {
    args: { publicKey: Uint8Array; message: string; signature: Uint8Array; sid: string; pidCipher: PidCipherBytes | null };
    result: { valid: boolean; elapsedMs: number };
  };
  /** The uid in a pidCipher, opened with the service's seed or with a pidOpening and the service's public key; null when it does not open. */
  dilionOpenPid: {
    args: {
      with: { seed: Uint8Array } | { opening: Uint8Array; serviceKey: Uint8Array };
      pidCipher: PidCipherBytes; sid: string; signerPublicKey: Uint8Array; message: string;
    };
    result: { uid: string | null };
  };
  /**
   * zk-FIDNA prove (engine.zkFidna), attested by the ML-DSA-65 key of `seed`; the answer is the
   * prove response's JSON (shared/zkfidna.ts). Amounts are decimal strings.
   */
  zkProve: {
    args: { seed: Uint8Array; secretValue: string; balanceValue?: string; circuitType: ZkCircuit; min?: string; max?: string; context: Uint8Array };
    result: {
      proof: ZkProofJson;
      publicInput: ZkPublicInputJson;
      openings: { commitment: string; value: string; blinding: string }[];
      proofBytes: number;
      elapsedMs: number;
    };
  };
  /** zk-FIDNA verify, with the attestation when one is sent; views when the proof decodes. */
  zkVerify: {
    args: { proof: Uint8Array; publicInput: ZkPublicInputJson; attestation: { publicKey: Uint8Array; signature: Uint8Array } | null };
    result: {
      valid: boolean;
      details: { structurallyValid: boolean; circuitValid: boolean; mathematicalCheck: boolean; positiveCheck: boolean; balanceCheck: boolean; signatureCheck: boolean | null };
      views: ZkProofViewsJson | null;
      elapsedMs: number;
    };
  };
  /** zk-FIDNA verifyBatch: one weighted sum over every proof; each answer as zkVerify's. */
  zkVerifyBatch: {
    args: { items: EngineTasks['zkVerify']['args'][] };
    result: { results: Omit<EngineTasks['zkVerify']['result'], 'elapsedMs'>[]; elapsedMs: number };
  };
  /** Composite public key of a 64-byte QES2 seed (ML-DSA-65 seed ‖ secp256k1 scalar). */
  qes2PublicKey: { args: { mode: Qes2Mode; seed: Uint8Array }; result: { publicKey: Uint8Array } };
  qes2Sign: {
    args: { mode: Qes2Mode; seed: Uint8Array; message: Uint8Array; context: Uint8Array };
    result: { signature: Uint8Array; elapsedMs: number };
  };
  /** Both halves are always checked, so the verdict can say which one failed. */
  qes2Verify: {
    args: { mode: Qes2Mode; publicKey: Uint8Array; message: Uint8Array; signature: Uint8Array; context: Uint8Array };
    result: { valid: boolean; mlDsaValid: boolean; secp256k1Valid: boolean; elapsedMs: number };
  };
  /** A managed key's signature by message type: raw, a caller's digest, or an external µ (kms-tasks.ts). */
  kmsSign: { args: { key: KmsKeyKind; seed: Uint8Array; message: KmsMessage }; result: { signature: Uint8Array; elapsedMs: number } };
  kmsVerify: {
    args: { key: KmsKeyKind; publicKey: Uint8Array; message: KmsMessage; signature: Uint8Array };
    result: { valid: boolean; elapsedMs: number };
  };
  /** A key import's wrapped seed opened with HPKE (RFC 9180 base mode) by its wrapping key's 64-byte seed; null when it does not authenticate. */
  keyImportOpen: { args: { secretKey: Uint8Array; enc: Uint8Array; cipherText: Uint8Array; info: Uint8Array }; result: { plaintext: Uint8Array | null } };
}

export type TaskName = keyof EngineTasks;

export interface TaskRequest {
  id: number;
  task: TaskName;
  args: unknown;
}

/** `ms`: how long the worker spent on the task, which the pool learns task costs from (task-costs.ts). */
export type TaskResponse =
  | { id: number; ms: number; ok: true; result: unknown }
  | { id: number; ms: number; ok: false; error: { message: string; code?: string } };
