/**
 * One benchmark operation in this browser: sign (or prove) then verify the same message in the
 * engine worker, each step timed by the page, through the same calls the crypto tabs make in
 * browser mode (../operations.ts). The server's operations run in batches (serverBatch.ts,
 * docs/decisions/040). Nothing is simulated: a step that fails, or a verify that says invalid,
 * fails the operation.
 */
import { SCHEMES } from '../../../../shared/schemes.ts';
import { i18n } from '../../i18n/index.ts';
import { engineWorker } from '../../workers/engine.client.ts';
import type { AlgorithmId } from '../algorithms.ts';
import { base64Length } from '../format.ts';
import { dilionSign, dilionVerify, qes2Sign, qes2Verify, zkProve, zkVerify } from '../operations.ts';
import type { Sample } from './stats.ts';

/** A step's answer, its wall-clock time as the page saw it, and the worker's own engine time. */
interface Timed<T> {
  value: T;
  ms: number;
  engineMs?: number;
}

async function step<T extends { engineMs?: number }>(call: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  const value = await call();
  return { value, ms: performance.now() - start, engineMs: value.engineMs };
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

const measured = (s: Timed<unknown>, v: Timed<{ valid: boolean }>, encoded: string): Measured => ({
  signMs: s.ms,
  verifyMs: v.ms,
  valid: v.value.valid,
  size: base64Length(encoded),
  engineSignMs: s.engineMs,
  engineVerifyMs: v.engineMs,
});

async function measure(algorithm: AlgorithmId, index: number): Promise<Measured> {
  // The benchmark message of docs/product.md §7; the sid is left out, so the context is "dilion/v1|default".
  const message = `Benchmark test ${index}`;
  if (algorithm === 'dilion') {
    const s = await step(() => dilionSign('browser', { message }));
    const v = await step(() => dilionVerify('browser', { message, signature: s.value.signature.encoded, publicKey: s.value.publicKey }));
    return measured(s, v, s.value.signature.encoded);
  }
  if (algorithm === 'zk-fidna') {
    // Verify gets the whole proof object, so the attestation is checked too. The size is the
    // proof's own (826 B for balance_proof); the 3,309 B attestation travels beside it.
    const p = await step(() => zkProve('browser', zkBenchmarkInput()));
    const v = await step(() => zkVerify('browser', { proof: p.value.proof, publicInput: p.value.publicInput }));
    return measured(p, v, p.value.proof.encoded);
  }
  const { mode } = SCHEMES[algorithm];
  const s = await step(() => qes2Sign('browser', mode, message));
  const v = await step(() => qes2Verify('browser', mode, message, s.value.signature.encoded, s.value.publicKey));
  return measured(s, v, s.value.signature.encoded);
}

/** Untimed in-browser operations before a run: the engine's wasm loaded and optimised by the browser. */
export const WARM_UP_ROUNDS = 30;
/** zk-FIDNA's warm-up proofs: each is a few hundred thousand curve operations, so fewer are needed (and the first builds the generator tables). */
export const ZK_WARM_UP_ROUNDS = 10;

/** Pays, untimed, what the first operations would otherwise: loading the engine and optimising its wasm. */
export async function warmUp(algorithm: AlgorithmId): Promise<void> {
  const scheme = SCHEMES[algorithm];
  if (scheme.family === 'dilion') await engineWorker().warmUp(WARM_UP_ROUNDS);
  if (scheme.family === 'qes2') await engineWorker().warmUp(WARM_UP_ROUNDS, scheme.mode);
  if (scheme.family === 'zk-fidna') await engineWorker().warmUp(ZK_WARM_UP_ROUNDS, 'zk-fidna');
}

export const failedSample = (index: number, side: Sample['side'], error: string): Sample => ({ index, side, ok: false, signMs: 0, verifyMs: 0, time: 0, size: null, error });

/** Runs operation `index` in the worker; any failure becomes a failed sample with time 0 (docs/product.md §8). */
export async function browserOperation(algorithm: AlgorithmId, index: number): Promise<Sample> {
  try {
    const m = await measure(algorithm, index);
    if (!m.valid) return failedSample(index, 'browser', i18n.t(algorithm === 'zk-fidna' ? 'demo:benchmark.errors.proof' : 'demo:benchmark.errors.signature'));
    const { valid: _valid, ...rest } = m;
    return { index, side: 'browser', ok: true, ...rest, time: m.signMs + m.verifyMs };
  } catch (error) {
    return failedSample(index, 'browser', (error instanceof Error && error.message) || i18n.t('demo:networkError'));
  }
}
