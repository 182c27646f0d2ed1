/**
 * `npm run bench -- mlkem`: ML-KEM-512/768/1024 keygen, encapsulate and decapsulate (ours vs
 * @noble/post-quantum), HPKE single-shot seal and open with ML-KEM-768, HKDF-SHA256 and
 * ChaCha20-Poly1305 (ours vs @hpke/core), and ChaCha20-Poly1305 sealing throughput (ours vs
 * node:crypto and @noble/ciphers). All in this one process, so they share the machine's state.
 */
import { chacha20poly1305 as nobleAead } from '@noble/ciphers/chacha.js';
import { createCipheriv, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadEngine, type Engine } from '../../engine/src/index.ts';
import { HPKE_AAD, HPKE_PLAINTEXT, hpkeFixture, ML_KEM_LEVELS, ML_KEM_OPS, nobleKem, oursHpke, oursKem, theirHpke } from '../contenders/mlkem.ts';
import { measure, type Budget, type Measurement, type OnTick } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

/** The target (bench/README.md "ML-KEM, HPKE and ChaCha20-Poly1305"): ML-KEM-768 at least this many times @noble/post-quantum's ops/s. */
const NOBLE_TARGET = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * measure() for an asynchronous function, by the same method: warm up, then rounds of the budget's
 * length, each call awaited before the next, and the median round's ops/s.
 */
async function measureAsync(fn: () => Promise<unknown>, budget: Budget, onTick?: OnTick): Promise<Measurement> {
  const total = budget.warmupMs + budget.rounds * budget.roundMs;
  const start = performance.now();
  while (performance.now() - start < budget.warmupMs) await fn();
  const roundsOpsPerSec: number[] = [];
  let calls = 0;
  for (let round = 0; round < budget.rounds; round++) {
    const begin = performance.now();
    let n = 0;
    let elapsed: number;
    do {
      await fn();
      n++;
      elapsed = performance.now() - begin;
    } while (elapsed < budget.roundMs);
    roundsOpsPerSec.push((n * 1000) / elapsed);
    calls += n;
    onTick?.(Math.min(1, (budget.warmupMs + (round + 1) * budget.roundMs) / total));
  }
  const opsPerSec = median(roundsOpsPerSec);
  const spread = (Math.max(...roundsOpsPerSec) - Math.min(...roundsOpsPerSec)) / 2 / opsPerSec;
  return { opsPerSec, roundsOpsPerSec, spread, calls };
}

const cell = (m: Measurement, scale = 1) => formatFigure(m.opsPerSec * scale, m.spread);

/** Measurements in the ML-KEM table: per level, keygen twice, the others three times. */
const KEM_STEPS = ML_KEM_LEVELS.length * (ML_KEM_OPS.length * 3 - 1);

function kemTable(ctx: SuiteContext, engine: Engine): string {
  const rows: Row[] = [];
  const target: string[] = [];
  for (const level of ML_KEM_LEVELS) {
    const ours = oursKem(engine, level);
    const noble = nobleKem(level);
    for (const op of ML_KEM_OPS) {
      const label = `ML-KEM-${level} ${op}`;
      const a = measure(ours.rotating[op], ctx.budget, ctx.progress.step(`${label}: ours`));
      const one = op === 'keygen' ? undefined : measure(ours.oneKey[op], ctx.budget, ctx.progress.step(`${label}: ours, same key`));
      const b = measure(noble.rotating[op], ctx.budget, ctx.progress.step(`${label}: @noble/post-quantum`));
      rows.push([label, cell(a), one ? cell(one) : '', cell(b), formatRatio(a.opsPerSec, b.opsPerSec)]);
      if (level === 768) target.push(`${op} ${formatRatio(a.opsPerSec, b.opsPerSec)} (${a.opsPerSec >= NOBLE_TARGET * b.opsPerSec ? 'met' : 'below'})`);
    }
  }
  const table = formatTable({
    title: 'ML-KEM (FIPS 203), ops/s: random-seed keygen, encapsulation with fresh randomness, decapsulation of a valid ciphertext',
    columns: [
      { header: 'operation' },
      { header: 'ours', align: 'right' },
      { header: 'ours, same key', align: 'right' },
      { header: '@noble/post-quantum', align: 'right' },
      { header: 'ours/noble', align: 'right' },
    ],
    rows,
  });
  return `${table}\n\nML-KEM-768 vs the ${NOBLE_TARGET}x-noble target: ${target.join(', ')}`;
}

const HPKE_STEPS = 4;

async function hpkeTable(ctx: SuiteContext, engine: Engine): Promise<string> {
  const fixture = hpkeFixture(engine);
  const ours = oursHpke(engine, fixture);
  const theirs = await theirHpke(fixture);
  const rows: Row[] = [];
  for (const op of ['seal', 'open'] as const) {
    const a = measure(ours[op], ctx.budget, ctx.progress.step(`HPKE ${op}: ours`));
    const b = await measureAsync(theirs[op], ctx.budget, ctx.progress.step(`HPKE ${op}: @hpke/core`));
    rows.push([`HPKE ${op}`, cell(a), cell(b), formatRatio(a.opsPerSec, b.opsPerSec)]);
  }
  return formatTable({
    title:
      `HPKE base mode, single shot (ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305), ops/s: ${HPKE_PLAINTEXT}-byte plaintext, ` +
      `${HPKE_AAD}-byte aad, recipients in rotation, open from the 64-byte seed`,
    columns: [{ header: 'operation' }, { header: 'ours', align: 'right' }, { header: '@hpke/core', align: 'right' }, { header: 'ours/@hpke', align: 'right' }],
    rows,
  });
}

const AEAD_SIZES = [
  { label: '1 KiB', bytes: 1024 },
  { label: '1 MiB', bytes: 1024 * 1024 },
];
const AEAD_STEPS = AEAD_SIZES.length * 3;

function aeadTable(ctx: SuiteContext, engine: Engine): string {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const aad = new Uint8Array(16);
  const contenders = [
    (pt: Uint8Array) => engine.chacha20poly1305.seal(key, nonce, pt, { aad }),
    (pt: Uint8Array) => {
      const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
      c.setAAD(aad, { plaintextLength: pt.length });
      return Buffer.concat([c.update(pt), c.final(), c.getAuthTag()]);
    },
    (pt: Uint8Array) => nobleAead(key, nonce, aad).encrypt(pt),
  ];
  const rows: Row[] = [];
  for (const size of AEAD_SIZES) {
    const pt = new Uint8Array(randomBytes(size.bytes));
    const expected = Buffer.from(contenders[1](pt));
    for (const fn of contenders) if (!expected.equals(fn(pt))) throw new Error(`ChaCha20-Poly1305: the contenders disagree on ${size.label}`);
    const [ours, node, noble] = ['ours', 'node:crypto', '@noble/ciphers'].map((who, i) =>
      measure(() => contenders[i](pt), ctx.budget, ctx.progress.step(`ChaCha20-Poly1305 ${size.label}: ${who}`)),
    );
    const mb = size.bytes / 1e6;
    rows.push([size.label, cell(ours, mb), cell(node, mb), formatRatio(ours.opsPerSec, node.opsPerSec), cell(noble, mb), formatRatio(ours.opsPerSec, noble.opsPerSec)]);
  }
  return formatTable({
    title: 'ChaCha20-Poly1305 seal (RFC 8439), MB/s (10^6 plaintext bytes per second), 16-byte aad',
    columns: [
      { header: 'input' },
      { header: 'ours', align: 'right' },
      { header: 'node:crypto', align: 'right' },
      { header: 'ours/node', align: 'right' },
      { header: '@noble/ciphers', align: 'right' },
      { header: 'ours/noble', align: 'right' },
    ],
    rows,
  });
}

export const mlkemSuite: Suite = {
  name: 'mlkem',
  description: 'ML-KEM, HPKE and ChaCha20-Poly1305: our engine vs @noble/*, @hpke/core and node:crypto',
  async run(ctx) {
    const engine = await loadEngine();
    ctx.progress.plan(KEM_STEPS + HPKE_STEPS + AEAD_STEPS);
    ctx.print(kemTable(ctx, engine));
    ctx.print(await hpkeTable(ctx, engine));
    ctx.print(aeadTable(ctx, engine));
  },
};
