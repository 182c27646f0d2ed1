/** Messages between the engine pool and its workers. Byte arrays cross as Uint8Arrays (copied). */

export type MlDsaLevel = 44 | 65 | 87;

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
