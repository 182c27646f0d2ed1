/**
 * The wasm engine in a Web Worker, reached through Comlink (docs/architecture.md §5): the page stays responsive
 * while it signs or proves, and the per-tab Dilion, QES2 and zk-FIDNA keys (dilion-local.ts,
 * qes2-local.ts, zkfidna-local.ts) live only in this worker, as do the amounts a zk-FIDNA proof hides.
 */
import * as Comlink from 'comlink';
import { loadEngine } from '../../../engine/src/index.ts';
import { createLocalDilion, type LocalDilion, type PidCipherView } from './dilion-local.ts';
import { createLocalQes2, type LocalQes2, type Qes2Mode, type Qes2SignatureInput } from './qes2-local.ts';
import { createLocalZkFidna, type LocalZkFidna, type ZkProveInput, type ZkVerifyInput } from './zkfidna-local.ts';

let dilion: Promise<LocalDilion> | undefined;
let qes2: Promise<LocalQes2> | undefined;
let zk: Promise<LocalZkFidna> | undefined;
const local = () => (dilion ??= loadEngine().then((engine) => createLocalDilion(engine)));
// loadEngine() caches its instance, so every scheme here shares one wasm module.
const localQes2 = () => (qes2 ??= loadEngine().then((engine) => createLocalQes2(engine)));
const localZk = () => (zk ??= loadEngine().then((engine) => createLocalZkFidna(engine)));

/** Warm-up statements in the benchmark's ranges (docs/product.md §7: secret 100..599, balance 1000..5999), one per round. */
const warmUpProof = (i: number): ZkProveInput => ({ secretValue: 100 + (i % 500), balanceValue: 1000 + i, circuitType: 'balance_proof' });

const api = {
  /** Loads the engine and makes the tab's key pair; returns the public key (base64). */
  async ready(): Promise<{ publicKey: string; keyId: string }> {
    const d = await local();
    return { publicKey: d.publicKey, keyId: d.keyId };
  },
  /** Loads the engine and makes the tab's zk-FIDNA attestation key; returns its id. */
  async zkReady(): Promise<{ keyId: string }> {
    return { keyId: (await localZk()).keyId };
  },
  /**
   * Signs and verifies `rounds` throwaway messages (or proves and verifies throwaway statements) with
   * the scheme a benchmark is about to time (Dilion unless a QES2 mode or zk-FIDNA is named), so the
   * browser optimises that wasm first, as a long-running server's engine already is. zk-FIDNA's
   * first proof also builds its generator tables. Nothing is returned.
   */
  async warmUp(rounds: number, mode?: Qes2Mode | 'zk-fidna'): Promise<void> {
    if (mode === 'zk-fidna') {
      const z = await localZk();
      for (let i = 0; i < rounds; i++) {
        const proved = z.prove(warmUpProof(i));
        z.verify({ proof: proved.proof, publicInput: proved.publicInput });
      }
      return;
    }
    if (mode) {
      const q = await localQes2();
      for (let i = 0; i < rounds; i++) {
        const signed = q.sign(mode, `warm-up ${i}`);
        q.verify(mode, `warm-up ${i}`, signed.signature.encoded, signed.publicKey);
      }
      return;
    }
    const d = await local();
    for (let i = 0; i < rounds; i++) {
      const signed = d.sign(`warm-up ${i}`);
      d.verify(`warm-up ${i}`, signed.signature, signed.publicKey);
    }
  },
  async dilionSign(message: string, sid?: string) {
    return (await local()).sign(message, sid);
  },
  async dilionVerify(message: string, signature: string | { encoded: string; pidCipher?: PidCipherView }, publicKey: string, sid?: string) {
    return (await local()).verify(message, signature, publicKey, sid);
  },
  async qes2Sign(mode: Qes2Mode, message: string, context?: string) {
    return (await localQes2()).sign(mode, message, context);
  },
  async qes2Verify(mode: Qes2Mode, message: string, signature: Qes2SignatureInput, publicKey: string, context?: string) {
    return (await localQes2()).verify(mode, message, signature, publicKey, context);
  },
  async zkProve(input: ZkProveInput) {
    return (await localZk()).prove(input);
  },
  async zkVerify(input: ZkVerifyInput) {
    return (await localZk()).verify(input);
  },
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
