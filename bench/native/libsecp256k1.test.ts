import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasGcc, skipLine } from './npm-c.ts';
import { loadEngine } from '../../engine/src/index.ts';
import { BIP340_AUX, buildDebianLibsecp256k1Bench, buildLibsecp256k1Bench, DEBIAN_INSTALL, runLibsecp256k1Bench, SCHNORRSIG_HEADER } from './libsecp256k1.ts';

/** Skips, saying why in one line, without Debian's libsecp256k1-dev; never in CI, whose .ci/run installs it. */
function skipWithoutDebianLibsecp256k1(): boolean {
  if (process.env.CI) return false;
  if (!hasGcc()) {
    console.warn('gcc is not installed: skipping the BIP-340 comparison with Debian\'s libsecp256k1');
    return true;
  }
  if (existsSync(SCHNORRSIG_HEADER)) return false;
  console.warn(`Debian's libsecp256k1-dev is not installed (${DEBIAN_INSTALL}): skipping the BIP-340 comparison`);
  return true;
}

describe('the native suite', () => {
  it('says in one line why a part is skipped', () => {
    const error = new Error('fetching secp256k1@5.0.2 from the npm registry failed (npm pack ...):\nnpm error code ENOTFOUND');
    expect(skipLine('libsecp256k1', error)).toBe('libsecp256k1: skipped (fetching secp256k1@5.0.2 from the npm registry failed (npm pack ...):)');
  });

  // Needs gcc and the npm registry (secp256k1@5.0.2 is fetched once into bench/.native/).
  it.skipIf(!hasGcc())('times libsecp256k1 on our fixture, whose keys and RFC 6979 signatures equal ours', async () => {
    const k1 = (await loadEngine()).secp256k1;
    const secretKeys = Array.from({ length: 16 }, () => k1.keygen().secretKey);
    const digests = secretKeys.map(() => crypto.getRandomValues(new Uint8Array(32)));
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const run = runLibsecp256k1Bench(buildLibsecp256k1Bench(), secretKeys, digests, 1, 5, 1);
    expect(run.publicKeys).toEqual(secretKeys.map((sk) => hex(k1.getPublicKey(sk))));
    expect(run.signatures).toEqual(secretKeys.map((sk, i) => hex(k1.ecdsaSign(digests[i], sk))));
    expect(run.figures.map((f) => f.op)).toEqual(['publicKey', 'ecdsaSign', 'ecdsaVerify']);
    for (const f of run.figures) expect(f.opsPerSec).toBeGreaterThan(0);
  });

  // Needs gcc and Debian's libsecp256k1-dev (its schnorrsig and extrakeys modules; no registry).
  it.skipIf(skipWithoutDebianLibsecp256k1())("times BIP-340 in Debian's libsecp256k1 on our fixture, whose x-only keys and signatures equal ours", async () => {
    const k1 = (await loadEngine()).secp256k1;
    const secretKeys = Array.from({ length: 16 }, () => k1.keygen().secretKey);
    const digests = secretKeys.map(() => crypto.getRandomValues(new Uint8Array(32)));
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const run = runLibsecp256k1Bench(buildDebianLibsecp256k1Bench(), secretKeys, digests, 1, 5, 1);
    expect(run.xOnlyPublicKeys).toEqual(secretKeys.map((sk) => hex(k1.schnorrGetPublicKey(sk))));
    expect(run.schnorrSignatures).toEqual(secretKeys.map((sk, i) => hex(k1.schnorrSign(digests[i], sk, BIP340_AUX))));
    const bip340 = run.figures.filter((f) => f.op === 'schnorrSign' || f.op === 'schnorrVerify');
    expect(bip340.map((f) => f.op)).toEqual(['schnorrSign', 'schnorrVerify']);
    for (const f of bip340) expect(f.opsPerSec).toBeGreaterThan(0);
  });
});
