/** The public bases against the values pinned by the design (computed independently). */
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { generators } from './generators.ts';
import { encodePoint, Point } from './points.ts';

const hexOf = (p: InstanceType<typeof Point>) => bytesToHex(encodePoint(p));

describe('zk-FIDNA generators', () => {
  const g = generators();

  it('hashes the value base B from "value"', () => {
    expect(hexOf(g.B)).toBe('03449b94fd56b7c2cf56562f366b89d42a64c87aaa9eefc5483e84341a2eddf8ac');
  });

  it('uses the standard secp256k1 generator as the blinding base', () => {
    expect(g.Btilde.equals(Point.BASE)).toBe(true);
  });

  it('hashes G_0, H_0, G_255 and H_255 from the tag and a u32be index', () => {
    expect(hexOf(g.G[0])).toBe('02c4a3c69222611a685c3aa1ed852f69b9815d74e6f975c06d6e38fde1dd21466c');
    expect(hexOf(g.H[0])).toBe('03cb7217c020a70bc03fc8f8c00acb73f0cef6fe27af7f885a779edec5a710b227');
    expect(hexOf(g.G[255])).toBe('036be41d7795d25b5803c89105f97d5a96a12111abd4baa8bb966d0b7863005235');
    expect(hexOf(g.H[255])).toBe('038c5d3a77477ec97a38c7ef374fc394c7badab054aa9cd69bc6204a945d46afb6');
  });

  it('has 256 distinct G_i and 256 distinct H_i, none equal to B or G', () => {
    const all = new Set([g.B, g.Btilde, ...g.G, ...g.H].map(hexOf));
    expect(all.size).toBe(514);
  });

  it('pins the generator digest over all 514 compressed points', () => {
    expect(bytesToHex(g.digest)).toBe('a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a');
  });

  it('computes them once per process', () => {
    expect(generators()).toBe(g);
  });
});
