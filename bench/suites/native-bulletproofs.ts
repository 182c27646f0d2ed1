/**
 * The Bulletproofs part of the native suite: zk-FIDNA's range proofs against Grin's
 * secp256k1-zkp Bulletproofs (C, x86-64 assembly, GLV) built from the npm package secp256k1-zkp
 * (see ../native/bulletproofs.ts), as bench/README.md "Against Grin's secp256k1-zkp" measures
 * them. Like for like: ours is the bare aggregated 64-bit range proof (m = 1 and 2) through the
 * test build's hooks (no circuit, statement or host API around it, as Grin's calls), 16 distinct
 * proofs in rotation on both sides; the batch is `engine.zkFidna.verifyBatch` on 16 balance_proofs
 * through the public API (which does more than Grin's bare verify_multi) against verify_multi
 * over 16 m = 2 proofs.
 */
import { randomBytes } from 'node:crypto';
import type { Engine } from '../../engine/src/index.ts';
import { instantiateTestBuild } from '../../engine/test-support/test-build.ts';
import { measure } from '../measure.ts';
import { skipLine } from '../native/npm-c.ts';
import { buildBulletproofsBench, runBulletproofsBench, SECP256K1_ZKP_PACKAGE, ZKP_CFLAGS, type BulletproofsOp } from '../native/bulletproofs.ts';
import type { SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

/** The targets against Grin, as speed ratios (ours / Grin). */
const TARGETS: Record<BulletproofsOp, number> = { prove1: 1.2, prove2: 1.2, verify1: 1.0, verify2: 1.0, batch16: 0.7 };
const LABELS: Record<BulletproofsOp, string> = {
  prove1: 'prove, m = 1',
  prove2: 'prove, m = 2',
  verify1: 'verify one, m = 1',
  verify2: 'verify one, m = 2',
  batch16: 'verify a batch of 16 (m = 2)',
};
const PROOFS = 16;
/** The hooks' IO layout (engine/src/zkfidna.range.test.ts): prover input at 0, core at 1024, V_j at 2048. */
const CORE_AT = 1024;
const COMMITMENTS_AT = 2048;
const CORE = { 1: 688, 2: 754 } as const;

/** Our side: the operations over 16 fixtures each, as functions measure() can time. */
async function ourOperations(engine: Engine): Promise<Record<BulletproofsOp, () => void>> {
  const { wasm, io } = await instantiateTestBuild();
  const inputs = { 1: [] as Uint8Array[], 2: [] as Uint8Array[] };
  const proofs = { 1: [] as { core: Uint8Array; commitments: Uint8Array }[], 2: [] as { core: Uint8Array; commitments: Uint8Array }[] };
  for (const m of [1, 2] as const) {
    for (let k = 0; k < PROOFS; k++) {
      // 64-bit values, blinding factors below n, a nonce seed; commitments to the values themselves.
      const input = new Uint8Array(176);
      for (let j = 0; j < m; j++) {
        input.set(randomBytes(8), 8 * j);
        input.set(randomBytes(32).map((b, i) => (i === 0 ? b & 0x7f : b)), 16 + 32 * j);
      }
      input.set(randomBytes(32), 144);
      io.write(input, 0);
      if (wasm.zkTestRangeProve(m) !== 1) throw new Error('ours: the range proof refused a fixture');
      inputs[m].push(input);
      proofs[m].push({ core: io.read(CORE_AT, CORE[m]), commitments: io.read(COMMITMENTS_AT, 33 * m) });
    }
  }
  let p = 0, v = 0;
  const prove = (m: 1 | 2) => () => {
    io.write(inputs[m][(p = (p + 1) % PROOFS)], 0);
    if (wasm.zkTestRangeProve(m) !== 1) throw new Error('ours: prove refused');
  };
  const verify = (m: 1 | 2) => () => {
    const proof = proofs[m][(v = (v + 1) % PROOFS)];
    io.write(proof.core, CORE_AT);
    io.write(proof.commitments, COMMITMENTS_AT);
    if (wasm.zkTestRangeVerify(m) !== 1) throw new Error('ours: a fixture proof does not verify');
  };
  const items = Array.from({ length: PROOFS }, (_, i) => {
    const made = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 1000n + BigInt(i), balanceValue: 21_930_000n });
    return { proof: made.proof, publicInput: made.publicInput };
  });
  const batch = () => {
    if (!engine.zkFidna.verifyBatch(items).every((r) => r.valid)) throw new Error('ours: the batch did not verify');
  };
  for (const m of [1, 2] as const) verify(m)();
  batch();
  return { prove1: prove(1), prove2: prove(2), verify1: verify(1), verify2: verify(2), batch16: batch };
}

/** The table, or one line saying why it was skipped. */
export async function bulletproofsTable(ctx: SuiteContext, engine: Engine): Promise<string> {
  let binary: string;
  try {
    ctx.progress.step(`building Grin's Bulletproofs from ${SECP256K1_ZKP_PACKAGE} (gcc ${ZKP_CFLAGS.join(' ')})`);
    binary = buildBulletproofsBench();
  } catch (error) {
    return skipLine("Grin's Bulletproofs", error);
  }
  ctx.progress.step("timing Grin's Bulletproofs (C, child process)");
  const { warmupMs, roundMs, rounds } = ctx.budget;
  const native = runBulletproofsBench(binary, warmupMs, roundMs, rounds);
  const ours = await ourOperations(engine);
  const rows: Row[] = native.figures.map((c) => {
    const m = measure(ours[c.op], ctx.budget, ctx.progress.step(`${LABELS[c.op]}: ours`));
    return [
      LABELS[c.op],
      formatFigure(c.opsPerSec, c.spread),
      formatFigure(m.opsPerSec, m.spread),
      formatRatio(m.opsPerSec, c.opsPerSec),
      `${TARGETS[c.op]}x`,
      m.opsPerSec >= TARGETS[c.op] * c.opsPerSec ? 'met' : 'below',
    ];
  });
  return formatTable({
    title: `zk-FIDNA range proofs, calls/s: Grin's Bulletproofs (${SECP256K1_ZKP_PACKAGE}, gcc ${ZKP_CFLAGS.join(' ')}, 5x52 asm, GLV; proofs of ${native.proofBytes.join(' and ')} bytes) vs our wasm engine (bare range proof; batch: public API)`,
    columns: [
      { header: 'operation' },
      { header: 'Grin (C)', align: 'right' },
      { header: 'ours', align: 'right' },
      { header: 'ours/C', align: 'right' },
      { header: 'target', align: 'right' },
      { header: '' },
    ],
    rows,
  });
}
