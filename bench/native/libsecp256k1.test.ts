import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/src/index.ts';
import { skipLine } from '../suites/native-secp256k1.ts';
import { buildLibsecp256k1Bench, runLibsecp256k1Bench } from './libsecp256k1.ts';

function hasGcc(): boolean {
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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
});
