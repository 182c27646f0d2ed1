/**
 * `npm run bench -- zk`: zk-FIDNA prove and verify per circuit, ours (the wasm engine) vs the
 * TypeScript reference on @noble/curves that the tests check us against; proof sizes, what the
 * ML-DSA-65 attestation adds, the one-time generator setup, the wasm module's size, and batch
 * verification against verifying one by one (zk-batch.ts).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as reference from '../../engine/test-support/zkfidna-reference/index.ts';
import { loadEngine, type Engine, type ZkFidnaCircuit, type ZkFidnaProveOptions } from '../../engine/src/index.ts';
import { measure, type Budget, type Measurement } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatBytes, formatRatio, formatSpread, formatTable, type Row } from '../table.ts';
import { WASM_PATH } from './engine.ts';
import { batchTable } from './zk-batch.ts';

/** The brief's targets for balance_proof (m = 2) in Node, and against the reference. */
const PROVE_TARGET_MS = 40;
const VERIFY_TARGET_MS = 5;
const RATIO_TARGET = 10;
const GZIP_LIMIT = 150 * 1024;

/** The reference takes about a second a proof: two measured calls after one warm-up call. */
const REFERENCE_BUDGET: Budget = { warmupMs: 0, roundMs: 0.001, rounds: 2 };

const REQUESTS: Record<ZkFidnaCircuit, Omit<ZkFidnaProveOptions, 'rng'> & { secretValue: bigint; balanceValue: bigint }> = {
  balance_proof: { circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n },
  range_proof: { circuitType: 'range_proof', secretValue: 650000n, balanceValue: 21930000n, min: 1000n, max: 1000000n },
  custom: { circuitType: 'custom', secretValue: 650000n, balanceValue: 21930000n },
};
const CIRCUITS = Object.keys(REQUESTS) as ZkFidnaCircuit[];

const ms = (m: Measurement) => 1000 / m.opsPerSec;
const msCell = (m: Measurement) => `${ms(m) >= 100 ? ms(m).toFixed(0) : ms(m).toFixed(2)} ms ${formatSpread(m.spread)}`;
const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;

interface Timing {
  prove: Measurement;
  verify: Measurement;
}

function oursTiming(ctx: SuiteContext, engine: Engine, circuit: ZkFidnaCircuit): Timing {
  const req = REQUESTS[circuit];
  const made = engine.zkFidna.prove(req);
  if (!engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput }).valid) throw new Error(`${circuit}: our proof does not verify`);
  return {
    prove: measure(() => engine.zkFidna.prove(req), ctx.budget, ctx.progress.step(`${circuit} prove: ours`)),
    verify: measure(() => engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput }), ctx.budget, ctx.progress.step(`${circuit} verify: ours`)),
  };
}

function referenceTiming(ctx: SuiteContext, circuit: ZkFidnaCircuit): Timing {
  const req = { ...REQUESTS[circuit], min: REQUESTS[circuit].min as bigint | undefined, max: REQUESTS[circuit].max as bigint | undefined };
  const rng = () => crypto.getRandomValues(new Uint8Array(32));
  const made = reference.prove({ ...req, rng: rng() });
  if (!reference.verify(made).valid) throw new Error(`${circuit}: the reference's proof does not verify`);
  return {
    prove: measure(() => reference.prove({ ...req, rng: rng() }), REFERENCE_BUDGET, ctx.progress.step(`${circuit} prove: reference`)),
    verify: measure(() => reference.verify(made), REFERENCE_BUDGET, ctx.progress.step(`${circuit} verify: reference`)),
  };
}

function timeTable(ctx: SuiteContext, engine: Engine): string {
  const rows: Row[] = [];
  let balance: { ours: Timing; ref?: Timing } | undefined;
  for (const circuit of CIRCUITS) {
    const ours = oursTiming(ctx, engine, circuit);
    // Under --quick the reference runs for balance_proof only: it is the slow part of the suite.
    const ref = ctx.quick && circuit !== 'balance_proof' ? undefined : referenceTiming(ctx, circuit);
    if (circuit === 'balance_proof') balance = { ours, ref };
    const refCells = (m?: Measurement, o?: Measurement) => (m && o ? [msCell(m), formatRatio(o.opsPerSec, m.opsPerSec)] : ['-', '-']);
    rows.push([`${circuit} prove`, msCell(ours.prove), ...refCells(ref?.prove, ours.prove)]);
    rows.push([`${circuit} verify`, msCell(ours.verify), ...refCells(ref?.verify, ours.verify)]);
  }
  const table = formatTable({
    title: 'zk-FIDNA, time per call (m = 2 aggregated 64-bit range proofs): ours (wasm) vs the TypeScript reference (@noble/curves, BigInt)',
    columns: [{ header: 'operation' }, { header: 'ours', align: 'right' }, { header: 'reference', align: 'right' }, { header: 'ours/ref', align: 'right' }],
    rows,
  });
  const b = balance!;
  const verdict = (ok: boolean) => (ok ? 'met' : 'below');
  const lines = [
    `balance_proof prove ${ms(b.ours.prove).toFixed(1)} ms (target <= ${PROVE_TARGET_MS} ms: ${verdict(ms(b.ours.prove) <= PROVE_TARGET_MS)})`,
    `verify ${ms(b.ours.verify).toFixed(2)} ms (target <= ${VERIFY_TARGET_MS} ms: ${verdict(ms(b.ours.verify) <= VERIFY_TARGET_MS)})`,
  ];
  if (b.ref) {
    const p = b.ours.prove.opsPerSec / b.ref.prove.opsPerSec, v = b.ours.verify.opsPerSec / b.ref.verify.opsPerSec;
    lines.push(`vs the reference ${formatRatio(p, 1)} / ${formatRatio(v, 1)} (target >= ${RATIO_TARGET}x: ${verdict(p >= RATIO_TARGET && v >= RATIO_TARGET)})`);
  }
  return `${table}\n\n${lines.join(', ')}`;
}

function attestationTable(ctx: SuiteContext, engine: Engine): string {
  const keys = engine.mlDsa65.keygen();
  const req = REQUESTS.balance_proof;
  const made = engine.zkFidna.prove({ ...req, attest: keys });
  const plain = engine.zkFidna.prove(req);
  const withKey = measure(() => engine.zkFidna.prove({ ...req, attest: keys }), ctx.budget, ctx.progress.step('balance_proof prove + attestation'));
  const checked = measure(
    () => engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput, attestation: made.attestation }),
    ctx.budget,
    ctx.progress.step('balance_proof verify + attestation'),
  );
  const sizes = CIRCUITS.map((c) => engine.zkFidna.prove(REQUESTS[c]).proof.length);
  return formatTable({
    title: 'zk-FIDNA sizes (empty context) and the ML-DSA-65 attestation',
    columns: [{ header: 'item' }, { header: 'value', align: 'right' }],
    rows: [
      ...CIRCUITS.map((c, i): Row => [`${c} proof`, bytes(sizes[i])]),
      ['ML-DSA-65 attestation (signature)', bytes(made.attestation!.signature.length)],
      ['balance_proof + attestation', bytes(plain.proof.length + made.attestation!.signature.length)],
      ['balance_proof prove + attestation', msCell(withKey)],
      ['balance_proof verify + attestation', msCell(checked)],
    ],
  });
}

async function setupTable(engine: Engine): Promise<string> {
  const module = readFileSync(WASM_PATH);
  const gzip = gzipSync(module, { level: 9 }).length;
  // A fresh instance: its first proof computes the 513 hashed generators and their tables.
  const fresh = await loadEngine(module);
  const before = fresh.memoryBytes();
  const t0 = performance.now();
  fresh.zkFidna.prove(REQUESTS.balance_proof);
  const first = performance.now() - t0;
  const t1 = performance.now();
  fresh.zkFidna.prove(REQUESTS.balance_proof);
  const second = performance.now() - t1;
  return formatTable({
    title: 'zk-FIDNA one-time costs and the module',
    columns: [{ header: 'item' }, { header: 'value', align: 'right' }],
    rows: [
      ['first proof of an instance (includes the generators)', `${first.toFixed(0)} ms`],
      ['the next proof', `${second.toFixed(0)} ms`],
      ['wasm memory before / after the first proof', `${formatBytes(before)} / ${formatBytes(fresh.memoryBytes())}`],
      ['engine/build/release.wasm raw', `${bytes(module.length)} (${formatBytes(module.length)})`],
      ['engine/build/release.wasm gzip -9', `${bytes(gzip)} (${formatBytes(gzip)}; limit ${formatBytes(GZIP_LIMIT)}: ${gzip <= GZIP_LIMIT ? 'met' : 'over'})`],
      ['generator digest', engine.zkFidna.publicParameters().generatorDigest],
    ],
  });
}

export const zkSuite: Suite = {
  name: 'zk',
  description: 'zk-FIDNA prove/verify per circuit: our wasm engine vs the TypeScript reference; batch verification; sizes, attestation, setup, wasm size',
  async run(ctx) {
    const engine = await loadEngine();
    ctx.progress.plan(CIRCUITS.length * 2 + (ctx.quick ? 2 : CIRCUITS.length * 2) + 2 + CIRCUITS.length * (ctx.quick ? 2 : 4));
    ctx.print(timeTable(ctx, engine));
    ctx.print(batchTable(ctx, engine));
    ctx.print(attestationTable(ctx, engine));
    ctx.print(await setupTable(engine));
  },
};
