/**
 * `npm run bench -- secp256k1`: ECDSA (RFC 6979, 32-byte digest) and BIP-340 (32-byte message)
 * sign and verify, and public-key derivation, ours vs @noble/curves vs tiny-secp256k1
 * (libsecp256k1 in WebAssembly); then what QES2 costs over plain ML-DSA-65, in time and bytes.
 */
import type { Engine } from '../../engine/src/index.ts';
import { loadEngine } from '../../engine/src/index.ts';
import { SECP_CONTENDERS, SECP_OPS, secpContenders, secpFixture, type SecpOp } from '../contenders/secp256k1.ts';
import { measure, type Measurement } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

/** The targets (bench/README.md "secp256k1 and QES2"): at least this many times each library's ops/s for sign and verify. */
const NOBLE_TARGET = 2;
const TINY_TARGET = 0.5;

const LABELS: Record<SecpOp, string> = {
  publicKey: 'public key (k*G)',
  ecdsaSign: 'ECDSA sign',
  ecdsaVerify: 'ECDSA verify',
  schnorrSign: 'BIP-340 sign',
  schnorrVerify: 'BIP-340 verify',
};

const cell = (m: Measurement) => formatFigure(m.opsPerSec, m.spread);

function secpTable(ctx: SuiteContext, engine: Engine): string {
  const contenders = secpContenders(engine, secpFixture(engine));
  const rows: Row[] = [];
  const targets: string[] = [];
  for (const op of SECP_OPS) {
    const [ours, noble, tiny] = SECP_CONTENDERS.map((who) => measure(contenders[who][op], ctx.budget, ctx.progress.step(`${LABELS[op]}: ${who}`)));
    rows.push([LABELS[op], cell(ours), cell(noble), formatRatio(ours.opsPerSec, noble.opsPerSec), cell(tiny), formatRatio(ours.opsPerSec, tiny.opsPerSec)]);
    if (op !== 'publicKey') {
      const met = ours.opsPerSec >= NOBLE_TARGET * noble.opsPerSec && ours.opsPerSec >= TINY_TARGET * tiny.opsPerSec;
      targets.push(`${LABELS[op]} ${formatRatio(ours.opsPerSec, noble.opsPerSec)} / ${formatRatio(ours.opsPerSec, tiny.opsPerSec)} (${met ? 'met' : 'below'})`);
    }
  }
  const table = formatTable({
    title: 'secp256k1, ops/s: 16 keys in rotation, 32-byte digests (ECDSA) and messages (BIP-340), fixed aux, compressed keys',
    columns: [
      { header: 'operation' },
      { header: 'ours', align: 'right' },
      { header: '@noble/curves', align: 'right' },
      { header: 'ours/noble', align: 'right' },
      { header: 'tiny-secp256k1', align: 'right' },
      { header: 'ours/tiny', align: 'right' },
    ],
    rows,
  });
  return `${table}\n\nvs the targets (>= ${NOBLE_TARGET}x noble and >= ${TINY_TARGET}x tiny-secp256k1): ${targets.join(', ')}`;
}

const KEYS = 16;

/** Time overhead of b over a (a and b in ops/s): how much longer one call takes. */
const overhead = (a: number, b: number) => `${(a / b - 1) * 100 >= 0 ? '+' : ''}${((a / b - 1) * 100).toFixed(1)}%`;

function qes2Table(ctx: SuiteContext, engine: Engine): string {
  const message = crypto.getRandomValues(new Uint8Array(32));
  const seeds = Array.from({ length: KEYS }, () => crypto.getRandomValues(new Uint8Array(32)));
  const ml = seeds.map((seed) => engine.mlDsa65.keygen(seed));
  const mlSigs = ml.map((k) => engine.mlDsa65.sign(message, k.secretKey));
  const modes = [engine.qes2Ecdsa, engine.qes2Schnorr].map((alg) => {
    const keys = Array.from({ length: KEYS }, () => alg.keygen());
    const sigs = keys.map((k) => alg.sign(message, k.secretKey));
    keys.forEach((k, i) => {
      if (!alg.verify(k.publicKey, message, sigs[i])) throw new Error(`${alg.name}: a fresh signature does not verify; not benchmarking it`);
    });
    let s = 0, v = 0;
    return {
      name: alg.name,
      sign: () => alg.sign(message, keys[(s = (s + 1) % KEYS)].secretKey),
      verify: () => alg.verify(keys[(v = (v + 1) % KEYS)].publicKey, message, sigs[v]),
    };
  });
  let a = 0, b = 0, c = 0;
  const mlSign = measure(() => engine.mlDsa65.sign(message, ml[(a = (a + 1) % KEYS)].secretKey), ctx.budget, ctx.progress.step('ML-DSA-65 sign'));
  const mlSeedSign = measure(
    () => engine.mlDsa65.sign(message, engine.mlDsa65.keygen(seeds[(b = (b + 1) % KEYS)]).secretKey),
    ctx.budget,
    ctx.progress.step('ML-DSA-65 sign from the seed'),
  );
  const mlVerify = measure(() => engine.mlDsa65.verify(ml[(c = (c + 1) % KEYS)].publicKey, message, mlSigs[c]), ctx.budget, ctx.progress.step('ML-DSA-65 verify'));
  const [ecdsa, bip340] = modes.map((m) => ({
    sign: measure(m.sign, ctx.budget, ctx.progress.step(`${m.name} sign`)),
    verify: measure(m.verify, ctx.budget, ctx.progress.step(`${m.name} verify`)),
  }));
  const rows: Row[] = [
    ['sign vs ML-DSA-65 from an expanded key', cell(mlSign), cell(ecdsa.sign), overhead(mlSign.opsPerSec, ecdsa.sign.opsPerSec), cell(bip340.sign), overhead(mlSign.opsPerSec, bip340.sign.opsPerSec)],
    ['sign vs ML-DSA-65 from its 32-byte seed', cell(mlSeedSign), cell(ecdsa.sign), overhead(mlSeedSign.opsPerSec, ecdsa.sign.opsPerSec), cell(bip340.sign), overhead(mlSeedSign.opsPerSec, bip340.sign.opsPerSec)],
    ['verify', cell(mlVerify), cell(ecdsa.verify), overhead(mlVerify.opsPerSec, ecdsa.verify.opsPerSec), cell(bip340.verify), overhead(mlVerify.opsPerSec, bip340.verify.opsPerSec)],
  ];
  const time = formatTable({
    title: 'QES2 time overhead over plain ML-DSA-65, ops/s: 32-byte message, hedged ML-DSA, 16 keys in rotation; QES2 keys are seeds (64 bytes)',
    columns: [
      { header: 'operation' },
      { header: 'ML-DSA-65', align: 'right' },
      { header: 'QES2_ECDSA', align: 'right' },
      { header: '+time', align: 'right' },
      { header: 'QES2_Schnorr', align: 'right' },
      { header: '+time', align: 'right' },
    ],
    rows,
  });
  const pct = (a: number, b: number) => `+${b - a} B (+${(((b - a) / a) * 100).toFixed(1)}%)`;
  const sizes = formatTable({
    title: 'QES2 byte overhead over plain ML-DSA-65',
    columns: [{ header: 'object' }, { header: 'ML-DSA-65', align: 'right' }, { header: 'QES2_ECDSA', align: 'right' }, { header: 'QES2_Schnorr', align: 'right' }, { header: 'overhead', align: 'right' }],
    rows: [
      ['signature', '3,309 B', `${engine.qes2Ecdsa.signatureLength.toLocaleString('en-US')} B`, `${engine.qes2Schnorr.signatureLength.toLocaleString('en-US')} B`, pct(3309, engine.qes2Ecdsa.signatureLength)],
      ['public key', '1,952 B', `${engine.qes2Ecdsa.publicKeyLength.toLocaleString('en-US')} B`, `${engine.qes2Schnorr.publicKeyLength.toLocaleString('en-US')} B`, '+33 B / +32 B'],
      ['secret key (seed form)', '32 B', `${engine.qes2Ecdsa.secretKeyLength} B`, `${engine.qes2Schnorr.secretKeyLength} B`, '+32 B'],
    ],
  });
  return `${time}\n\n${sizes}`;
}

export const secp256k1Suite: Suite = {
  name: 'secp256k1',
  description: 'secp256k1 ECDSA and BIP-340: ours vs @noble/curves and tiny-secp256k1; QES2 overhead over ML-DSA-65',
  async run(ctx) {
    const engine = await loadEngine();
    ctx.progress.plan(SECP_OPS.length * SECP_CONTENDERS.length + 7);
    ctx.print(secpTable(ctx, engine));
    ctx.print(qes2Table(ctx, engine));
  },
};
