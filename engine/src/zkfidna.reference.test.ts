/**
 * zk-FIDNA against the independent TypeScript reference on @noble/curves
 * (engine/test-support/zkfidna-reference): same bytes for the same rng, each side verifies the
 * other's proofs and rejects the other's tampered ones, and the attestation checks with
 * @noble/post-quantum. The reference is slow (about 1 s a proof), so the cases are few and chosen.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBigInt, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import * as reference from '../test-support/zkfidna-reference/index.ts';
import type { ZkFidnaProveOptions } from './index.ts';

const MAX = (1n << 64n) - 1n;
const rand64 = () => BigInt('0x' + randomBytes(8).toString('hex'));

/** One request per circuit and result, with random amounts, edges and contexts. */
function requests(): (Omit<ZkFidnaProveOptions, 'rng'> & { balanceValue: bigint; secretValue: bigint })[] {
  const x = rand64() | 1n, y = rand64();
  const [lo, hi] = x < y ? [x, y] : [y, x];
  return [
    { circuitType: 'balance_proof', secretValue: lo, balanceValue: hi, context: randomBytes(17) },
    { circuitType: 'balance_proof', secretValue: MAX, balanceValue: 0n },
    { circuitType: 'range_proof', secretValue: lo, balanceValue: hi, min: lo >> 1n, max: hi, context: randomBytes(255) },
    { circuitType: 'custom', secretValue: lo, balanceValue: hi },
    { circuitType: 'custom', secretValue: 1n, balanceValue: 1n, context: new Uint8Array([0]) },
  ];
}

describe('zk-FIDNA agrees with the reference implementation', () => {
  it('produces the same proof bytes and blindings as the reference for the same rng', () => {
    for (const req of requests()) {
      const rng = new Uint8Array(randomBytes(32));
      const ours = engine.zkFidna.prove({ ...req, rng });
      const theirs = reference.prove({ ...req, min: req.min as bigint | undefined, max: req.max as bigint | undefined, rng });
      expect(toHex(ours.proof)).toBe(toHex(theirs.proof));
      expect(ours.openings.map((o) => toBigInt(o.blinding))).toEqual(theirs.openings.map((o) => o.blinding));
      expect(ours.openings.map((o) => o.value)).toEqual(theirs.openings.map((o) => o.value));
      expect(ours.publicInput).toEqual(theirs.publicInput);
      // Each verifies the other's proof.
      expect(engine.zkFidna.verify({ proof: theirs.proof, publicInput: theirs.publicInput }).valid).toBe(true);
      expect(reference.verify({ proof: ours.proof, publicInput: ours.publicInput }).valid).toBe(true);
    }
  });

  it('agrees with the reference on the verdict for tampered proofs', () => {
    const made = engine.zkFidna.prove({ circuitType: 'custom', secretValue: 40n, balanceValue: 100n });
    const positions = [1, 2, 7, 50, 110, 160, 240, 300, 352, 420, 700, 760, 800, 860, 900, 922];
    for (const at of positions) {
      const p = made.proof.slice();
      p[at] ^= 0x10;
      const ours = engine.zkFidna.verify({ proof: p, publicInput: made.publicInput });
      const theirs = reference.verify({ proof: p, publicInput: made.publicInput });
      expect(ours.valid, `byte ${at}`).toBe(false);
      expect(theirs.valid, `byte ${at}`).toBe(false);
      expect(ours.details, `byte ${at}`).toEqual(theirs.details);
    }
  });

  it('attests proofs the reference (and @noble/post-quantum) accepts', () => {
    const keys = engine.mlDsa65.keygen();
    const made = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 2n, balanceValue: 1n, attest: keys });
    expect(reference.verifyAttestation(made.attestation!.signature, made.proof, keys.publicKey)).toBe(true);
    const signature = reference.attest(made.proof, keys.secretKey, new Uint8Array(randomBytes(32)));
    const checked = engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput, attestation: { publicKey: keys.publicKey, signature } });
    expect(checked.details.signatureCheck).toBe(true);
  });
});
