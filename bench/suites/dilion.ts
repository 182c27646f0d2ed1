/**
 * `npm run bench -- dilion`: the cost of Dilion's privacy identifier. Plain ML-DSA-65 signing of
 * M = 0x00 ‖ message (Dilion without a uid) against Dilion signing with a uid, which adds one HPKE
 * seal to the service's ML-KEM-768 key and two SHA3-256 hashes for the aad (the target of bench/README.md "Dilion privacy identifier":
 * within 1.3x). Same signer key and service key throughout, as a signing service has them.
 */
import { loadEngine } from '../../engine/src/index.ts';
import { measure } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatFigure, formatTable } from '../table.ts';

/** The target (bench/README.md "Dilion privacy identifier"): signing with a uid costs at most this many times plain ML-DSA-65 signing. */
const TARGET = 1.3;
const MESSAGE = 'authentication request';
const SID = 'service-A';
const UID = 'user-1234@example.com';

async function run(ctx: SuiteContext): Promise<void> {
  const engine = await loadEngine();
  const signer = engine.mlDsa65.keygen();
  const service = engine.mlKem768.keygen();
  const serviceKey = { publicKey: service.publicKey };
  const context = new TextEncoder().encode(`dilion/v1|${SID}`);
  const m = new TextEncoder().encode(`\0${MESSAGE}`);

  // Both paths must produce signatures that verify before they are timed.
  const plainSig = engine.mlDsa65.sign(m, signer.secretKey, { context });
  const bound = engine.dilion.sign(MESSAGE, signer.secretKey, { sid: SID, uid: UID, publicKey: signer.publicKey, serviceKey });
  if (!engine.mlDsa65.verify(signer.publicKey, m, plainSig, { context })) throw new Error('plain Dilion signature does not verify');
  if (!engine.dilion.verify(signer.publicKey, MESSAGE, bound.signature, { sid: SID, pidCipher: bound.pidCipher })) {
    throw new Error('Dilion signature with uid does not verify');
  }

  ctx.progress.plan(3);
  const plain = measure(() => engine.mlDsa65.sign(m, signer.secretKey, { context }), ctx.budget, ctx.progress.step('ML-DSA-65 sign (no uid)'));
  const withUid = measure(
    () => engine.dilion.sign(MESSAGE, signer.secretKey, { sid: SID, uid: UID, publicKey: signer.publicKey, serviceKey }),
    ctx.budget,
    ctx.progress.step('Dilion sign with uid'),
  );
  const seal = measure(
    () => engine.hpke.seal(service.publicKey, new Uint8Array(64), { info: new Uint8Array(16), aad: new Uint8Array(64) }),
    ctx.budget,
    ctx.progress.step('HPKE seal alone'),
  );
  const ratio = plain.opsPerSec / withUid.opsPerSec;
  ctx.print(
    formatTable({
      title: `Dilion signing, ops/s: "${MESSAGE}", sid "${SID}", one signer key and one service key`,
      columns: [{ header: 'operation' }, { header: 'ops/s', align: 'right' }, { header: 'µs per call', align: 'right' }],
      rows: [
        ['ML-DSA-65 sign over 0x00 ‖ message (Dilion, no uid)', formatFigure(plain.opsPerSec, plain.spread), (1e6 / plain.opsPerSec).toFixed(0)],
        ['Dilion sign with uid (HPKE seal + aad + ML-DSA-65)', formatFigure(withUid.opsPerSec, withUid.spread), (1e6 / withUid.opsPerSec).toFixed(0)],
        ['HPKE seal of a 64-byte padded uid, alone', formatFigure(seal.opsPerSec, seal.spread), (1e6 / seal.opsPerSec).toFixed(0)],
      ],
    }) + `\n\nDilion sign with uid vs plain ML-DSA-65 sign: ${ratio.toFixed(2)}x the time (target at most ${TARGET}x: ${ratio <= TARGET ? 'met' : 'missed'})`,
  );
}

export const dilionSuite: Suite = {
  name: 'dilion',
  description: "Dilion signing with a uid (HPKE seal + ML-DSA-65) vs without: the privacy identifier's cost",
  run,
};
