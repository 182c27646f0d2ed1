/**
 * The page's handle on the engine worker. The worker (and with it the wasm) is created on first
 * use only, so pages that never run an in-browser operation never download the engine.
 */
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from './engine.worker.ts';

let remote: Comlink.Remote<EngineWorkerApi> | undefined;

export function engineWorker(): Comlink.Remote<EngineWorkerApi> {
  if (!remote) {
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    remote = Comlink.wrap<EngineWorkerApi>(worker);
  }
  return remote;
}
