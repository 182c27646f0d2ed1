/**
 * One benchmark operation per algorithm and side: sign (or prove) then verify the same message,
 * each step timed by the page, through the same calls the crypto tabs make (../operations.ts).
 * Nothing is simulated: a step that fails, or a verify that says invalid, fails the operation.
 */
import { SCHEMES } from '../../../../shared/schemes.ts';
import { engineWorker } from '../../workers/engine.client.ts';
import type { AlgorithmId } from '../algorithms.ts';
import { base64Length } from '../format.ts';
import { DemoCallError, type HeadersSink } from '../http.ts';
import { dilionSign, dilionVerify, qes2Sign, qes2Verify, zkProve, zkVerify } from '../operations.ts';
import { engineMsOf } from './serverTiming.ts';
import type { Sample, Side } from './stats.ts';

export interface RunContext {
  signal: AbortSignal;
  /** Called while a server call waits out the demo rate limit. */
  onWait(seconds: number): void;
}

export class Cancelled extends Error {}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** A step's answer, its wall-clock time, and the engine's own time for it when known. */
interface Timed<T> {
  value: T;
  ms: number;
  engineMs?: number;
}

/**
 * Times one call. A 429 rate_limited answer (the demo allows so many calls a minute per address) is
 * waited out and the call repeated; only the attempt that ran counts, so waits never inflate times.
 * The engine time is the worker's own figure in the browser, and the Server-Timing header's on the
 * server, read after the clock stops.
 */
async function step<T extends { engineMs?: number }>(call: (onHeaders: HeadersSink) => Promise<T>, ctx: RunContext): Promise<Timed<T>> {
  for (;;) {
    let serverTiming: string | null = null;
    const onHeaders = (headers: Headers) => {
      serverTiming = headers.get('server-timing');
    };
    const start = performance.now();
    try {
      const value = await call(onHeaders);
      const ms = performance.now() - start;
      return { value, ms, engineMs: value.engineMs ?? engineMsOf(serverTiming) };
    } catch (error) {
      if (!(error instanceof DemoCallError && error.status === 429 && error.code === 'rate_limited')) throw error;
      const seconds = error.retryAfterSeconds ?? 5;
      ctx.onWait(seconds);
      await sleep(seconds * 1000, ctx.signal);
      ctx.onWait(0);
    }
  }
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** The benchmark's zk-FIDNA statement (docs/product.md §7): a random secret 100..599 under a random balance 1000..5999. */
export const zkBenchmarkInput = () => ({ secretValue: randomInt(100, 599), balanceValue: randomInt(1000, 5999), circuitType: 'balance_proof' as const });

interface Measured {
  signMs: number;
  verifyMs: number;
  valid: boolean;
  size: number | null;
  engineSignMs?: number;
  engineVerifyMs?: number;
}

async function measure(algorithm: AlgorithmId, side: Side, index: number, ctx: RunContext): Promise<Measured> {
  // The benchmark message of docs/product.md §7; the sid is left out, so the context is "dilion/v1|default".
  const message = `Benchmark test ${index}`;
  if (algorithm === 'dilion') {
    const s = await step((onHeaders) => dilionSign(side, { message }, onHeaders), ctx);
    const v = await step((onHeaders) => dilionVerify(side, { message, signature: s.value.signature.encoded, publicKey: s.value.publicKey }, onHeaders), ctx);
    return {
      signMs: s.ms,
      verifyMs: v.ms,
      valid: v.value.valid,
      size: base64Length(s.value.signature.encoded),
      engineSignMs: s.engineMs,
      engineVerifyMs: v.engineMs,
    };
  }
  if (algorithm === 'zk-fidna') {
    // Verify gets the whole proof object, so both sides check the ML-DSA-65 attestation too.
    const p = await step((onHeaders) => zkProve(side, zkBenchmarkInput(), onHeaders), ctx);
    const v = await step((onHeaders) => zkVerify(side, { proof: p.value.proof, publicInput: p.value.publicInput }, onHeaders), ctx);
    return {
      signMs: p.ms,
      verifyMs: v.ms,
      valid: v.value.valid,
      // The proof itself (826 B for balance_proof); the 3,309 B attestation travels beside it.
      size: base64Length(p.value.proof.encoded),
      engineSignMs: p.engineMs,
      engineVerifyMs: v.engineMs,
    };
  }
  const { mode } = SCHEMES[algorithm];
  const s = await step((onHeaders) => qes2Sign(side, mode, message, onHeaders), ctx);
  const v = await step((onHeaders) => qes2Verify(side, mode, message, s.value.signature.encoded, s.value.publicKey, onHeaders), ctx);
  return {
    signMs: s.ms,
    verifyMs: v.ms,
    valid: v.value.valid,
    size: base64Length(s.value.signature.encoded),
    engineSignMs: s.engineMs,
    engineVerifyMs: v.engineMs,
  };
}

/** Untimed in-browser operations before a run: the engine's wasm loaded and optimised by the browser. */
export const WARM_UP_ROUNDS = 30;
/** zk-FIDNA's warm-up proofs: each is a few hundred thousand curve operations, so fewer are needed (and the first builds the generator tables). */
export const ZK_WARM_UP_ROUNDS = 10;

/** Pays, untimed, what the first operations would otherwise: loading the engine and optimising its wasm. */
export async function warmUp(algorithm: AlgorithmId, sides: readonly Side[]): Promise<void> {
  if (!sides.includes('browser')) return;
  const scheme = SCHEMES[algorithm];
  if (scheme.family === 'dilion') await engineWorker().warmUp(WARM_UP_ROUNDS);
  if (scheme.family === 'qes2') await engineWorker().warmUp(WARM_UP_ROUNDS, scheme.mode);
  if (scheme.family === 'zk-fidna') await engineWorker().warmUp(ZK_WARM_UP_ROUNDS, 'zk-fidna');
}

/** Runs operation `index`; any failure becomes a failed sample with time 0 (docs/product.md §8). */
export async function runOperation(algorithm: AlgorithmId, side: Side, index: number, ctx: RunContext): Promise<Sample> {
  try {
    const m = await measure(algorithm, side, index, ctx);
    if (!m.valid) return { index, side, ok: false, signMs: 0, verifyMs: 0, time: 0, size: null, error: algorithm === 'zk-fidna' ? 'The proof did not verify' : 'The signature did not verify' };
    const { valid: _valid, ...rest } = m;
    return { index, side, ok: true, ...rest, time: m.signMs + m.verifyMs };
  } catch (error) {
    if (error instanceof Cancelled) throw error;
    const message = error instanceof DemoCallError ? error.serverMessage : error instanceof Error ? error.message : '';
    return { index, side, ok: false, signMs: 0, verifyMs: 0, time: 0, size: null, error: message || 'Network error' };
  }
}
