/**
 * The default suite: our WebAssembly engine against the JavaScript libraries a user would
 * otherwise pick, all in this one process so they share the same machine state. ML-DSA in ops/s
 * (vs @noble/post-quantum), SHA-3 hashing in MB/s (vs node:crypto's native OpenSSL and
 * @noble/hashes), and the wasm module's size, which is what a browser downloads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { sha3_256, shake256 } from '@noble/hashes/sha3.js';
import { loadEngine, type Engine } from '../../engine/src/index.ts';
import { LEVELS, mlDsaName, nobleOps, OPS, oursOps } from '../contenders/mldsa.ts';
import { measure, type Measurement } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatBytes, formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

export const WASM_PATH = new URL('../../engine/build/release.wasm', import.meta.url);

/** The target (bench/README.md "Recorded run"): ML-DSA-65 at least this many times @noble/post-quantum's ops/s. */
const NOBLE_TARGET = 5;

function rateCell(m: Measurement, scale = 1): string {
  return formatFigure(m.opsPerSec * scale, m.spread);
}

/** How many measurements the ML-DSA table takes (the same-key workload does not apply to keygen). */
const ML_DSA_STEPS = LEVELS.length * (OPS.length * 3 - 1);

function mlDsaTable(ctx: SuiteContext, engine: Engine): string {
  const rows: Row[] = [];
  const target: string[] = [];
  for (const level of LEVELS) {
    const ours = oursOps(engine, level);
    const noble = nobleOps(level);
    for (const op of OPS) {
      const label = `${mlDsaName(level)} ${op}`;
      const a = measure(ours.rotating[op], ctx.budget, ctx.progress.step(`${label}: ours`));
      const same = op === 'keygen' ? undefined : measure(ours.oneKey[op], ctx.budget, ctx.progress.step(`${label}: ours, same key`));
      const b = measure(noble.rotating[op], ctx.budget, ctx.progress.step(`${label}: @noble/post-quantum`));
      rows.push([label, rateCell(a), same ? rateCell(same) : '', rateCell(b), formatRatio(a.opsPerSec, b.opsPerSec)]);
      const met = a.opsPerSec >= NOBLE_TARGET * b.opsPerSec;
      if (level === 65) target.push(`${op} ${formatRatio(a.opsPerSec, b.opsPerSec)} (${met ? 'met' : 'below'})`);
    }
  }
  const table = formatTable({
    title: 'ML-DSA (FIPS 204), ops/s: 32-byte message, hedged signing, random-seed keygen',
    columns: [
      { header: 'operation' },
      { header: 'ours', align: 'right' },
      { header: 'ours, same key', align: 'right' },
      { header: '@noble/post-quantum', align: 'right' },
      { header: 'ours/noble', align: 'right' },
    ],
    rows,
  });
  return `${table}\n\nML-DSA-65 vs the ${NOBLE_TARGET}x-noble target: ${target.join(', ')}`;
}

interface HashCase {
  name: string;
  ours(engine: Engine): (data: Uint8Array) => Uint8Array;
  node(data: Uint8Array): Uint8Array;
  noble(data: Uint8Array): Uint8Array;
}

// SHAKE256 squeezes 32 bytes, as a KDF or ML-DSA's seed expansion would: the figure is about
// absorbing the input, not about output length.
const HASHES: HashCase[] = [
  {
    name: 'SHA3-256',
    ours: (engine) => (data) => engine.sha3_256(data),
    node: (data) => createHash('sha3-256').update(data).digest(),
    noble: (data) => sha3_256(data),
  },
  {
    name: 'SHAKE256/32',
    ours: (engine) => (data) => engine.shake256(data, 32),
    node: (data) => createHash('shake256', { outputLength: 32 }).update(data).digest(),
    noble: (data) => shake256(data, { dkLen: 32 }),
  },
];

const SIZES = [
  { label: '1 KiB', bytes: 1024 },
  { label: '1 MiB', bytes: 1024 * 1024 },
];

function hashTable(ctx: SuiteContext, engine: Engine): string {
  const rows: Row[] = [];
  for (const hash of HASHES) {
    for (const size of SIZES) {
      const data = new Uint8Array(randomBytes(size.bytes));
      const contenders = [hash.ours(engine), hash.node, hash.noble];
      const expected = Buffer.from(contenders[1](data)).toString('hex');
      for (const fn of contenders) {
        if (Buffer.from(fn(data)).toString('hex') !== expected) throw new Error(`${hash.name}: the contenders disagree on ${size.label}`);
      }
      const label = `${hash.name} ${size.label}`;
      const [ours, node, noble] = ['ours', 'node:crypto', '@noble/hashes'].map((who, i) =>
        measure(() => contenders[i](data), ctx.budget, ctx.progress.step(`${label}: ${who}`)),
      );
      const mb = size.bytes / 1e6;
      rows.push([
        hash.name,
        size.label,
        rateCell(ours, mb),
        rateCell(node, mb),
        formatRatio(ours.opsPerSec, node.opsPerSec),
        rateCell(noble, mb),
        formatRatio(ours.opsPerSec, noble.opsPerSec),
      ]);
    }
  }
  return formatTable({
    title: 'SHA-3 (FIPS 202), MB/s (10^6 bytes hashed per second)',
    columns: [
      { header: 'hash' },
      { header: 'input' },
      { header: 'ours', align: 'right' },
      { header: 'node:crypto', align: 'right' },
      { header: 'ours/node', align: 'right' },
      { header: '@noble/hashes', align: 'right' },
      { header: 'ours/noble', align: 'right' },
    ],
    rows,
  });
}

/** Raw and gzip (level 9) sizes of the release module. */
export function wasmSize(): { raw: number; gzip: number } {
  const bytes = readFileSync(WASM_PATH);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function sizeTable(): string {
  const { raw, gzip } = wasmSize();
  const cell = (n: number) => `${n.toLocaleString('en-US')} B (${formatBytes(n)})`;
  return formatTable({
    title: 'WebAssembly module size',
    columns: [{ header: 'file' }, { header: 'raw', align: 'right' }, { header: 'gzip -9', align: 'right' }],
    rows: [['engine/build/release.wasm', cell(raw), cell(gzip)]],
  });
}

export const engineSuite: Suite = {
  name: 'engine',
  description: 'ML-DSA and SHA-3: our engine vs @noble/* and node:crypto',
  async run(ctx) {
    const engine = await loadEngine();
    ctx.progress.plan(ML_DSA_STEPS + HASHES.length * SIZES.length * 3);
    ctx.print(sizeTable());
    ctx.print(mlDsaTable(ctx, engine));
    ctx.print(hashTable(ctx, engine));
  },
};
