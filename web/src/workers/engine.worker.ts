/**
 * The wasm engine in a Web Worker, reached through Comlink (docs/architecture.md §5): the page stays responsive
 * while it signs, and the per-tab Dilion and QES2 keys (dilion-local.ts, qes2-local.ts) live only in
 * this worker.
 */
import * as Comlink from 'comlink';
import { loadEngine } from '../../../engine/src/index.ts';
import { createLocalDilion, type LocalDilion, type PidCipherView } from './dilion-local.ts';
import { createLocalQes2, type LocalQes2, type Qes2Mode, type Qes2SignatureInput } from './qes2-local.ts';

let dilion: Promise<LocalDilion> | undefined;
let qes2: Promise<LocalQes2> | undefined;
const local = () => (dilion ??= loadEngine().then((engine) => createLocalDilion(engine)));
// loadEngine() caches its instance, so both signers share one wasm module.
const localQes2 = () => (qes2 ??= loadEngine().then((engine) => createLocalQes2(engine)));

const api = {
  /** Loads the engine and makes the tab's key pair; returns the public key (base64). */
  async ready(): Promise<{ publicKey: string; keyId: string }> {
    const d = await local();
    return { publicKey: d.publicKey, keyId: d.keyId };
  },
  /**
   * Signs and verifies `rounds` throwaway messages with the scheme a benchmark is about to time (Dilion
   * unless a QES2 mode is named), so the browser optimises that wasm first, as a long-running
   * server's engine already is. Nothing is returned.
   */
  async warmUp(rounds: number, mode?: Qes2Mode): Promise<void> {
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
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
