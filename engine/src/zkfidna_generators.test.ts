/** zk-FIDNA's generators: the pinned values and digest, and their derivation by hash-to-curve. */
import { secp256k1, secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../test-support/bytes.ts';
import { instantiateTestBuild, type EngineTestExports } from '../test-support/test-build.ts';
import { ERR_ARGUMENT, type Io } from './wasm.ts';

// Single generators come from the test build's zkTestGenerator hook; the digest is the product's own export.
let wasm: EngineTestExports;
let io: Io;
beforeAll(async () => {
  ({ wasm, io } = await instantiateTestBuild());
});

const generator = (index: number) => {
  expect(wasm.zkTestGenerator(index)).toBe(1);
  return io.read(0, 33);
};
const B = 0, BLIND = 1, G = (i: number) => 2 + i, H = (i: number) => 258 + i;

describe('zk-FIDNA generators', () => {
  it('are the pinned points: B, G_0, H_0, G_255, H_255', () => {
    expect(toHex(generator(B))).toBe('03449b94fd56b7c2cf56562f366b89d42a64c87aaa9eefc5483e84341a2eddf8ac');
    expect(toHex(generator(G(0)))).toBe('02c4a3c69222611a685c3aa1ed852f69b9815d74e6f975c06d6e38fde1dd21466c');
    expect(toHex(generator(H(0)))).toBe('03cb7217c020a70bc03fc8f8c00acb73f0cef6fe27af7f885a779edec5a710b227');
    expect(toHex(generator(G(255)))).toBe('036be41d7795d25b5803c89105f97d5a96a12111abd4baa8bb966d0b7863005235');
    expect(toHex(generator(H(255)))).toBe('038c5d3a77477ec97a38c7ef374fc394c7badab054aa9cd69bc6204a945d46afb6');
  });

  it('have the pinned digest, SHA-256 of all 514 compressed points in order', () => {
    wasm.zkGeneratorDigest();
    expect(toHex(io.read(0, 32))).toBe('a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a');
    const all = new Uint8Array(514 * 33);
    for (let i = 0; i < 514; i++) all.set(generator(i), i * 33);
    expect(toHex(sha256(all))).toBe('a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a');
  });

  it('use secp256k1 G as the blinding base and hash "G" || u32be(i), "H" || u32be(i) for the others', () => {
    expect(generator(BLIND)).toEqual(secp256k1.Point.BASE.toBytes(true));
    const dst = new TextEncoder().encode('ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_');
    for (const i of [1, 2, 127, 128, 200]) {
      for (const [kind, index] of [[0x47, G(i)], [0x48, H(i)]] as const) {
        const msg = new Uint8Array([kind, i >>> 24, (i >>> 16) & 255, (i >>> 8) & 255, i & 255]);
        expect(generator(index)).toEqual(secp256k1_hasher.hashToCurve(msg, { DST: dst }).toBytes(true));
      }
    }
  });

  it('refuses an index outside B, G, G_0..G_255, H_0..H_255', () => {
    expect(wasm.zkTestGenerator(514)).toBe(ERR_ARGUMENT);
    expect(wasm.zkTestGenerator(-1)).toBe(ERR_ARGUMENT);
  });
});
