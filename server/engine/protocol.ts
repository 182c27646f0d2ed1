/** Messages between the engine pool and its workers. Byte arrays cross as Uint8Arrays (copied). */

export type MlDsaLevel = 44 | 65 | 87;
export type Qes2Mode = 'ecdsa' | 'schnorr';

export interface EngineTasks {
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
  /** Dilion with a privacy identifier: seal the padded uid, build M (version 0x01), sign it. */
  dilionSignPid: {
    args: { seed: Uint8Array; message: string; sid: string; context: Uint8Array; serviceKey: Uint8Array; serviceKeyId: Uint8Array; paddedUid: Uint8Array };
    /** opening: the 32-byte encapsulation randomness m (the pidOpening). */
    result: { signature: Uint8Array; c1: Uint8Array; c2: Uint8Array; opening: Uint8Array; elapsedMs: number };
  };
  /** Opens a pidCipher with the service's seed, or with a pidOpening and the service's public key. */
  dilionOpenPid: {
    args: {
      with: { seed: Uint8Array } | { opening: Uint8Array; serviceKey: Uint8Array };
      c1: Uint8Array; c2: Uint8Array; sid: string; signerPublicKey: Uint8Array; message: string;
    };
    result: { plaintext: Uint8Array | null };
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
}

export type TaskName = keyof EngineTasks;

export interface TaskRequest {
  id: number;
  task: TaskName;
  args: unknown;
}

export type TaskResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string } };
