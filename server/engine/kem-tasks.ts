/**
 * The engine worker's ML-KEM-768 and HPKE tasks for managed encryption keys (docs/decisions/054):
 * thin calls into engine.mlKem768 and engine.hpke. The secret side takes the key's 64-byte seed
 * d ‖ z, which the engine expands and wipes itself; the public side takes the encapsulation key.
 */
import type { Engine } from '../../engine/src/index.ts';

interface HpkeInputs {
  info: Uint8Array;
  aad: Uint8Array;
}

export interface KemTasks {
  kemEncapsulate: { args: { publicKey: Uint8Array }; result: { cipherText: Uint8Array; sharedSecret: Uint8Array; elapsedMs: number } };
  /** Implicit rejection: a ciphertext that does not re-encrypt gives a pseudorandom secret, never an error. */
  kemDecapsulate: { args: { seed: Uint8Array; cipherText: Uint8Array }; result: { sharedSecret: Uint8Array; elapsedMs: number } };
  hpkeSeal: { args: HpkeInputs & { publicKey: Uint8Array; plaintext: Uint8Array }; result: { enc: Uint8Array; cipherText: Uint8Array; elapsedMs: number } };
  /** plaintext null: the ciphertext does not authenticate (wrong key, enc, info or aad). */
  hpkeOpen: { args: HpkeInputs & { seed: Uint8Array; enc: Uint8Array; cipherText: Uint8Array }; result: { plaintext: Uint8Array | null; elapsedMs: number } };
}

type KemHandlers = { [K in keyof KemTasks]: (args: KemTasks[K]['args']) => KemTasks[K]['result'] };

export function kemHandlers(engine: Engine): KemHandlers {
  const timed = <T extends object>(work: () => T): T & { elapsedMs: number } => {
    const start = performance.now();
    const result = work();
    return { ...result, elapsedMs: performance.now() - start };
  };
  return {
    kemEncapsulate: ({ publicKey }) => timed(() => engine.mlKem768.encapsulate(publicKey)),
    kemDecapsulate: ({ seed, cipherText }) => timed(() => ({ sharedSecret: engine.mlKem768.decapsulate(cipherText, seed) })),
    hpkeSeal: ({ publicKey, plaintext, info, aad }) => timed(() => engine.hpke.seal(publicKey, plaintext, { info, aad })),
    hpkeOpen: ({ seed, enc, cipherText, info, aad }) => timed(() => ({ plaintext: engine.hpke.open(seed, enc, cipherText, { info, aad }) })),
  };
}
