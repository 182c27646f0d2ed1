import { describe, expect, it } from 'vitest';
import { hasGcc } from './npm-c.ts';
import { buildBulletproofsBench, runBulletproofsBench } from './bulletproofs.ts';

describe("the native suite's Bulletproofs", () => {
  // Needs gcc and the npm registry (secp256k1-zkp@1.0.2 is fetched once into bench/.native/).
  it.skipIf(!hasGcc())("times Grin's prover and verifiers on proofs that verify, and a batch of 16", () => {
    const run = runBulletproofsBench(buildBulletproofsBench(), 1, 5, 1);
    // Grin's encoding of 64-bit proofs for one and two values.
    expect(run.proofBytes).toEqual([675, 739]);
    expect(run.figures.map((f) => f.op)).toEqual(['prove1', 'prove2', 'verify1', 'verify2', 'batch16']);
    for (const f of run.figures) expect(f.opsPerSec).toBeGreaterThan(0);
  });
});
