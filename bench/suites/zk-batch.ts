/**
 * The zk suite's batch table: verify one by one vs verifyBatch (one weighted multi-scalar
 * multiplication, docs/decisions/060) per proof, for batches of 1, 4, 16 and 64 distinct proofs of
 * each circuit. Both contenders check the same proofs in interleaved rounds (their order
 * alternating), so load on the machine hits both alike; each figure is the median round, and the
 * speed-up the median of the rounds' paired ratios. Every public proof aggregates m = 2 values
 * (range_proof's two bounds, balance_proof's and custom's two differences); there is no public
 * m = 1 proof to batch.
 */
import type { Engine, ZkFidnaCircuit, ZkFidnaVerifyArgs } from '../../engine/src/index.ts';
import type { SuiteContext } from '../suite.ts';
import { formatTable, type Row } from '../table.ts';

const SIZES = [1, 4, 16, 64];
/** --quick (the suite's own test): two small batches, enough to show the table works. */
const QUICK_SIZES = [1, 4];
const CIRCUITS: ZkFidnaCircuit[] = ['range_proof', 'balance_proof', 'custom'];

function proofsOf(engine: Engine, circuit: ZkFidnaCircuit, count: number): ZkFidnaVerifyArgs[] {
  return Array.from({ length: count }, (_, i) => {
    const x = 1000n + BigInt(i);
    const made =
      circuit === 'range_proof'
        ? engine.zkFidna.prove({ circuitType: circuit, secretValue: x, min: 1000n, max: 1000000n })
        : engine.zkFidna.prove({ circuitType: circuit, secretValue: x, balanceValue: 21930000n });
    return { proof: made.proof, publicInput: made.publicInput };
  });
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Milliseconds per proof of one pass over the items. */
function perProof(fn: () => boolean, n: number): number {
  const t0 = performance.now();
  if (!fn()) throw new Error('a valid proof did not verify');
  return (performance.now() - t0) / n;
}

export function batchTable(ctx: SuiteContext, engine: Engine): string {
  const rounds = ctx.quick ? 3 : 7;
  const sizes = ctx.quick ? QUICK_SIZES : SIZES;
  const rows: Row[] = [];
  for (const circuit of CIRCUITS) {
    const all = proofsOf(engine, circuit, Math.max(...sizes));
    for (const n of sizes) {
      const items = all.slice(0, n);
      const one = () => items.every((a) => engine.zkFidna.verify(a).valid);
      const batch = () => engine.zkFidna.verifyBatch(items).every((r) => r.valid);
      one();
      batch();
      const singles: number[] = [];
      const batches: number[] = [];
      const step = ctx.progress.step(`${circuit} batch of ${n}`);
      for (let r = 0; r < rounds; r++) {
        if (r % 2 === 0) {
          singles.push(perProof(one, n));
          batches.push(perProof(batch, n));
        } else {
          batches.push(perProof(batch, n));
          singles.push(perProof(one, n));
        }
        step((r + 1) / rounds);
      }
      const ratio = median(singles.map((s, i) => s / batches[i]!));
      rows.push([circuit, String(n), `${median(singles).toFixed(2)} ms`, `${median(batches).toFixed(2)} ms`, `${ratio.toFixed(1)}x`]);
    }
  }
  return formatTable({
    title: `zk-FIDNA batch verification, time per proof (m = 2): verify one by one vs verifyBatch, ${rounds} interleaved rounds: medians, and the median of the rounds' paired ratios`,
    columns: [{ header: 'circuit' }, { header: 'batch', align: 'right' }, { header: 'one by one', align: 'right' }, { header: 'verifyBatch', align: 'right' }, { header: 'speed-up', align: 'right' }],
    rows,
  });
}
