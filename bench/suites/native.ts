/**
 * Optional suite: our ML-DSA-65 against the portable C reference, PQClean's "clean"
 * implementation compiled with gcc -O3 (the native bar of bench/README.md "The native reference": at least 0.7x of it). The C code is
 * fetched and built at bench time (see ../native/pqclean.ts); it runs as a child process while
 * this process waits, so the two never compete for the CPU.
 */
import { loadEngine, type Engine } from '../../engine/src/index.ts';
import { OPS, oursOps } from '../contenders/mldsa.ts';
import { measure } from '../measure.ts';
import { buildNativeBench, CFLAGS, gccVersion, PQCLEAN_PACKAGE, runNativeBench } from '../native/pqclean.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { bulletproofsTable } from './native-bulletproofs.ts';
import { skipLine } from '../native/npm-c.ts';
import { libsecp256k1Table } from './native-secp256k1.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

/** The native bar (bench/README.md "The native reference"): ML-DSA-65 at least this fraction of the portable C reference's ops/s. */
const NATIVE_TARGET = 0.7;

export const nativeSuite: Suite = {
  name: 'native',
  description: "ML-DSA-65 vs PQClean clean C, ECDSA vs libsecp256k1 (gcc -O3), BIP-340 vs Debian's libsecp256k1, zk-FIDNA range proofs vs Grin's Bulletproofs",
  async run(ctx) {
    const engine = await loadEngine();
    const ours = oursOps(engine, 65);
    ctx.progress.plan(2 + OPS.length * 2 - 1 + 5 + 4 + 7);

    ctx.progress.step(`building PQClean ML-DSA-65 clean from ${PQCLEAN_PACKAGE} (gcc ${CFLAGS.join(' ')})`);
    let binary: string;
    try {
      binary = buildNativeBench();
    } catch (error) {
      ctx.print(skipLine('PQClean ML-DSA-65', error));
      await printOthers(ctx, engine);
      return;
    }
    ctx.progress.step('timing PQClean ML-DSA-65 clean (C, child process)');
    const { warmupMs, roundMs, rounds } = ctx.budget;
    const native = new Map(runNativeBench(binary, warmupMs, roundMs, rounds).map((f) => [f.op, f]));

    const rows: Row[] = [];
    for (const op of OPS) {
      const c = native.get(op);
      if (!c) throw new Error(`the PQClean harness printed no figure for ${op}`);
      const m = measure(ours.rotating[op], ctx.budget, ctx.progress.step(`ML-DSA-65 ${op}: ours`));
      const same = op === 'keygen' ? undefined : measure(ours.oneKey[op], ctx.budget, ctx.progress.step(`ML-DSA-65 ${op}: ours, same key`));
      rows.push([
        `ML-DSA-65 ${op}`,
        formatFigure(c.opsPerSec, c.spread),
        formatFigure(m.opsPerSec, m.spread),
        same ? formatFigure(same.opsPerSec, same.spread) : '',
        formatRatio(m.opsPerSec, c.opsPerSec),
        m.opsPerSec >= NATIVE_TARGET * c.opsPerSec ? 'met' : 'below',
      ]);
    }

    ctx.print(
      formatTable({
        title: `ML-DSA-65, ops/s: PQClean clean (gcc ${gccVersion()} ${CFLAGS.join(' ')}) vs our wasm engine`,
        columns: [
          { header: 'operation' },
          { header: 'PQClean C', align: 'right' },
          { header: 'ours', align: 'right' },
          { header: 'ours, same key', align: 'right' },
          { header: 'ours/C', align: 'right' },
          { header: `>= ${NATIVE_TARGET}x` },
        ],
        rows,
      }),
    );
    await printOthers(ctx, engine);
  },
};

/** The parts after ML-DSA-65: libsecp256k1, Grin's Bulletproofs, and why PQClean's avx2 code is not here. */
async function printOthers(ctx: SuiteContext, engine: Engine): Promise<void> {
  ctx.print(libsecp256k1Table(ctx, engine));
  ctx.print(await bulletproofsTable(ctx, engine));
  ctx.print(AVX2_LINE);
}

/** Neither the npm registry nor Debian ships PQClean's avx2 code (bench/README.md "The native targets on a quiet machine"). */
const AVX2_LINE =
  'PQClean avx2 (ML-KEM-768, ML-DSA-65): skipped (no npm package or Debian package ships it; docs/decisions/073; bench/README.md "The native targets on a quiet machine" has the comparison, made with a tree fetched for it and not kept)';
