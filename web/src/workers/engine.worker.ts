/**
 * The wasm engine in a Web Worker, reached through Comlink (DESIGN.md §1): the page stays responsive
 * while it signs, and the per-tab Dilion key (dilion-local.ts) lives only in this worker.
 */
import * as Comlink from 'comlink';
import { loadEngine } from '../../../engine/src/index.ts';
import { createLocalDilion, type LocalDilion, type PidCipherView } from './dilion-local.ts';

let dilion: Promise<LocalDilion> | undefined;
const local = () => (dilion ??= loadEngine().then((engine) => createLocalDilion(engine)));

const api = {
  /** Loads the engine and makes the tab's key pair; returns the public key (base64). */
  async ready(): Promise<{ publicKey: string; keyId: string }> {
    const d = await local();
    return { publicKey: d.publicKey, keyId: d.keyId };
  },
  /**
   * Signs and verifies `rounds` throwaway messages so the browser optimises the wasm before a
   * benchmark times it, as a long-running server's engine already is. Nothing is returned.
   */
  async warmUp(rounds: number): Promise<void> {
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
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
