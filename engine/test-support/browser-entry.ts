/** Runs in the browser (page and worker): a fixed ML-DSA-65 and hash workload through loadEngine(). */
import { loadEngine } from '../src/index.ts';

export interface BrowserResult {
  publicKey: string;
  signature: string;
  verified: boolean;
  tamperedVerified: boolean;
  sha3: string;
  sha256: string;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

export async function workload(): Promise<BrowserResult> {
  const engine = await loadEngine();
  const seed = new Uint8Array(32).map((_, i) => i);
  const message = new TextEncoder().encode('signed in a browser');
  const context = new TextEncoder().encode('browser-test');
  const { publicKey, secretKey } = engine.mlDsa65.keygen(seed);
  const signature = engine.mlDsa65.sign(message, secretKey, { context, random: false });
  const hedged = engine.mlDsa65.sign(message, secretKey, { context });
  const tampered = hedged.slice();
  tampered[100] ^= 1;
  return {
    publicKey: hex(publicKey),
    signature: hex(signature),
    verified: engine.mlDsa65.verify(publicKey, message, hedged, { context }),
    tamperedVerified: engine.mlDsa65.verify(publicKey, message, tampered, { context }),
    sha3: hex(engine.sha3_256(message)),
    sha256: hex(engine.sha256(message)),
  };
}

// In a worker, answer one message with the workload's result.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  globalThis.addEventListener('message', () => {
    workload().then(
      (result) => (globalThis as unknown as Worker).postMessage({ result }),
      (error: Error) => (globalThis as unknown as Worker).postMessage({ error: error.message }),
    );
  });
}
