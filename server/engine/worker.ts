/**
 * One engine worker: loads the wasm engine once and runs tasks sent by the pool. Key pairs are
 * re-derived from their seed on each sign (well under a millisecond for ML-DSA) so no expanded
 * secret key outlives its call.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEngine, type Engine } from '../../engine/src/index.ts';
import type { EngineTasks, MlDsaLevel, TaskRequest, TaskResponse, WorkerOptions } from './protocol.ts';
import { dilionHandlers } from './dilion-tasks.ts';
import { kemHandlers } from './kem-tasks.ts';
import { keyLifecycleHandlers } from './key-lifecycle-tasks.ts';
import { qes2Handlers } from './qes2-tasks.ts';
import { kmsHandlers } from './kms-tasks.ts';
import { zkFidnaHandlers } from './zkfidna-tasks.ts';
import { lowerThreadPriority } from './thread-priority.ts';

type Handlers = { [K in keyof EngineTasks]: (args: EngineTasks[K]['args']) => EngineTasks[K]['result'] };

function mlDsa(engine: Engine, level: MlDsaLevel) {
  return level === 44 ? engine.mlDsa44 : level === 65 ? engine.mlDsa65 : engine.mlDsa87;
}

function handlers(engine: Engine): Handlers {
  return {
    ping: () => ({ ready: true }),
    mlDsaPublicKey: ({ level, seed }) => ({ publicKey: mlDsa(engine, level).keygen(seed).publicKey }),
    mlDsaSign: ({ level, seed, message, context }) => {
      const start = performance.now();
      const { secretKey } = mlDsa(engine, level).keygen(seed);
      const signature = mlDsa(engine, level).sign(message, secretKey, { context });
      secretKey.fill(0);
      return { signature, elapsedMs: performance.now() - start };
    },
    mlDsaVerify: ({ level, publicKey, message, signature, context }) => {
      const start = performance.now();
      const valid = mlDsa(engine, level).verify(publicKey, message, signature, { context });
      return { valid, elapsedMs: performance.now() - start };
    },
    ...dilionHandlers(engine),
    ...qes2Handlers(engine),
    ...zkFidnaHandlers(engine),
    ...kmsHandlers(engine),
    ...kemHandlers(engine),
    ...keyLifecycleHandlers(engine),
  };
}

// First, so that compiling the engine already yields to the event loop.
lowerThreadPriority((workerData as WorkerOptions).niceness);
const port = parentPort!;
const engine = await loadEngine();
const table = handlers(engine) as Record<string, (args: unknown) => unknown>;

port.on('message', (request: TaskRequest) => {
  let response: TaskResponse;
  const start = performance.now();
  try {
    const handler = table[request.task];
    if (!handler) throw new Error(`unknown engine task ${request.task}`);
    const result = handler(request.args);
    response = { id: request.id, ms: performance.now() - start, ok: true, result };
  } catch (error) {
    const e = error as Error & { code?: string };
    response = { id: request.id, ms: performance.now() - start, ok: false, error: { message: e.message, code: e.code } };
  }
  port.postMessage(response);
});
port.postMessage({ ready: true });
