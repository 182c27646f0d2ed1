/**
 * The libsecp256k1 part of the native suite: ECDSA sign and verify and public-key derivation, our
 * engine against libsecp256k1 compiled with gcc -O3 from the npm package secp256k1@5.0.2 (see
 * ../native/libsecp256k1.ts). Both run over the same fixture (16 keys in rotation, a 32-byte
 * digest each), and libsecp256k1's public keys and RFC 6979 signatures must equal ours byte for
 * byte before anything is timed. The package has no schnorrsig module, so BIP-340 is not compared.
 */
import type { Engine } from '../../engine/src/index.ts';
import { measure } from '../measure.ts';
import { buildLibsecp256k1Bench, LIBSECP256K1_PACKAGE, runLibsecp256k1Bench, SECP_CFLAGS } from '../native/libsecp256k1.ts';
import type { SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

/** The secp256k1 target: at least this fraction of libsecp256k1's ops/s. */
const LIBSECP_TARGET = 0.6;
const KEYS = 16;

const LABELS = { publicKey: 'public key (k*G)', ecdsaSign: 'ECDSA sign', ecdsaVerify: 'ECDSA verify' } as const;

/** One line saying why a native part is skipped: the first line of what failed. */
export function skipLine(part: string, error: unknown): string {
  const first = ((error as Error).message ?? String(error)).split('\n')[0];
  return `${part}: skipped (${first})`;
}

export function libsecp256k1Table(ctx: SuiteContext, engine: Engine): string {
  const k1 = engine.secp256k1;
  const secretKeys = Array.from({ length: KEYS }, () => k1.keygen().secretKey);
  const digests = secretKeys.map(() => crypto.getRandomValues(new Uint8Array(32)));
  const publicKeys = secretKeys.map((sk) => k1.getPublicKey(sk));
  const signatures = secretKeys.map((sk, i) => k1.ecdsaSign(digests[i], sk));

  let binary: string;
  try {
    ctx.progress.step(`building libsecp256k1 from ${LIBSECP256K1_PACKAGE} (gcc ${SECP_CFLAGS.join(' ')})`);
    binary = buildLibsecp256k1Bench();
  } catch (error) {
    return skipLine('libsecp256k1', error);
  }
  ctx.progress.step('timing libsecp256k1 (C, child process)');
  const { warmupMs, roundMs, rounds } = ctx.budget;
  const native = runLibsecp256k1Bench(binary, secretKeys, digests, warmupMs, roundMs, rounds);
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  if (native.publicKeys.join() !== publicKeys.map(hex).join()) throw new Error('libsecp256k1: public keys differ from ours; not benchmarking');
  if (native.signatures.join() !== signatures.map(hex).join()) throw new Error('libsecp256k1: RFC 6979 signatures differ from ours; not benchmarking');

  let p = 0, s = 0, v = 0;
  const next = (i: number) => (i + 1) % KEYS;
  const ours = {
    publicKey: () => k1.getPublicKey(secretKeys[(p = next(p))]),
    ecdsaSign: () => k1.ecdsaSign(digests[(s = next(s))], secretKeys[s]),
    ecdsaVerify: () => {
      v = next(v);
      if (!k1.ecdsaVerify(publicKeys[v], digests[v], signatures[v])) throw new Error('ours: a fixture signature does not verify');
    },
  };
  const rows: Row[] = native.figures.map((c) => {
    const m = measure(ours[c.op], ctx.budget, ctx.progress.step(`${LABELS[c.op]}: ours`));
    return [
      LABELS[c.op],
      formatFigure(c.opsPerSec, c.spread),
      formatFigure(m.opsPerSec, m.spread),
      formatRatio(m.opsPerSec, c.opsPerSec),
      c.op === 'publicKey' ? '' : m.opsPerSec >= LIBSECP_TARGET * c.opsPerSec ? 'met' : 'below',
    ];
  });
  const table = formatTable({
    title: `secp256k1, ops/s: libsecp256k1 (${LIBSECP256K1_PACKAGE}, gcc ${SECP_CFLAGS.join(' ')}, its binding.gyp's x86-64 configuration) vs our wasm engine`,
    columns: [
      { header: 'operation' },
      { header: 'libsecp256k1', align: 'right' },
      { header: 'ours', align: 'right' },
      { header: 'ours/C', align: 'right' },
      { header: `>= ${LIBSECP_TARGET}x` },
    ],
    rows,
  });
  return `${table}\n\nBIP-340: ${LIBSECP256K1_PACKAGE} ships libsecp256k1 without its schnorrsig module, so there is no native BIP-340 figure here.`;
}
