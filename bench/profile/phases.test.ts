import { describe, expect, it } from 'vitest';
import { phaseOf, phaseShares, shortName, stacksOf, type CpuProfile } from './phases.ts';

const wasm = (path: string) => `engine/assembly/${path}`;

describe('phase attribution', () => {
  it('names a frame by its last path segment, without PQClean namespaces', () => {
    expect(shortName(wasm('mldsa/mask/maskAttempt'))).toBe('maskAttempt');
    expect(shortName('PQCLEAN_MLDSA65_AVX2_poly_uniform_gamma1_4x')).toBe('poly_uniform_gamma1_4x');
    expect(shortName('keccak_absorb.constprop.2')).toBe('keccak_absorb');
  });

  it('counts Keccak time for the phase that called it', () => {
    const ours = [wasm('keccak_x2/keccakF1600x2'), wasm('mldsa/sample/rejNttPolyPair'), wasm('mldsa/sample/expandA'), wasm('mldsa/sign/sign')];
    expect(phaseOf(ours, 'mldsa')).toBe('ExpandA');
    const avx2 = ['f1600x4', 'PQCLEAN_MLDSA65_AVX2_poly_uniform_gamma1_4x', 'PQCLEAN_MLDSA65_AVX2_crypto_sign_signature_ctx'];
    expect(phaseOf(avx2, 'mldsa')).toBe('ExpandMask');
    const pair = [wasm('keccak_x2/keccakF1600x2'), wasm('mldsa/mask/takeMaskBlock'), wasm('mldsa/mask/maskAttempt'), wasm('mldsa/sign/sign')];
    expect(phaseOf(pair, 'mldsa')).toBe('ExpandMask');
    expect(phaseOf([wasm('mldsa/sample/rejEtaBlock'), wasm('mldsa/sample/rejBoundedPoly')], 'mldsa')).toBe('ExpandS');
  });

  it('counts a sponge called by the operation itself as hashing, and the operation own time as inline work', () => {
    expect(phaseOf([wasm('keccak/keccakF1600'), wasm('keccak/spongeAbsorb'), wasm('mlkem/kem/decaps')], 'mlkem')).toBe('hashes (µ, tr, c~; H, G, J)');
    expect(phaseOf([wasm('mldsa/sign/sign'), wasm('mldsa_exports/mldsaSign'), 'sign'], 'mldsa')).toBe('inline loops in the operation');
  });

  it('keeps the inverse NTT apart from the forward one and from the product that calls it', () => {
    expect(phaseOf([wasm('mldsa/ntt/invNttToMont'), wasm('mldsa/polyvec/mulChallenge')], 'mldsa')).toBe('inverse NTT');
    expect(phaseOf([wasm('mldsa/polyvec/mulChallenge')], 'mldsa')).toBe('pointwise products');
    expect(phaseOf(['PQCLEAN_MLKEM768_CLEAN_poly_ntt'], 'mlkem')).toBe('NTT');
  });

  it('adds shares to 100, largest first', () => {
    const stacks = [[wasm('mlkem/sample/expandMatrix')], [wasm('mlkem/sample/expandMatrix')], [wasm('mlkem/encode/compressPack')], ['randomFillSync']];
    expect(phaseShares(stacks, 'mlkem')).toEqual([
      ['matrix A (SHAKE128 + rejection)', 50],
      ['packing/compress', 25],
      ['randomness', 25],
    ]);
  });

  it('takes from a V8 profile only the samples inside the named engine method, leaf first', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 4] },
        { id: 2, callFrame: frame('sign', 'file:///x/engine/src/mldsa.ts'), children: [3] },
        { id: 3, callFrame: frame(wasm('mldsa/ntt/ntt')) },
        { id: 4, callFrame: frame('(idle)') },
      ],
      samples: [3, 4, 3, 2],
    };
    expect(stacksOf(profile, 'sign')).toEqual([
      [wasm('mldsa/ntt/ntt'), 'sign', '(root)'],
      [wasm('mldsa/ntt/ntt'), 'sign', '(root)'],
      ['sign', '(root)'],
    ]);
  });
});
