/**
 * The randomness pool: one getRandomValues per 4 KiB, each byte handed out once and zeroed as it
 * leaves; and the lattice wrappers that draw from it straight into wasm memory.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (an empty pool) with getRandomValues counting its calls and their lengths. */
async function freshPool() {
  vi.resetModules();
  const lengths: number[] = [];
  const filled: Uint8Array[] = [];
  const real = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    const view = array as unknown as Uint8Array;
    lengths.push(view.length);
    filled.push(view);
    real(view);
    return array;
  });
  const random = await import('./random.ts');
  return { ...random, lengths, filled };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fillRandom', () => {
  it('serves consecutive bytes of one 4 KiB draw and zeroes each as it leaves the pool', async () => {
    const { fillRandom, lengths, filled } = await freshPool();
    const first = fillRandom(new Uint8Array(64));
    expect(lengths).toEqual([4096]);
    const pool = filled[0]!;
    const snapshot = pool.slice();
    const second = fillRandom(new Uint8Array(32));
    expect(lengths).toEqual([4096]);
    expect(second).toEqual(snapshot.subarray(64, 96));
    expect(pool.subarray(0, 96).every((b) => b === 0)).toBe(true);
    expect(pool.subarray(96)).toEqual(snapshot.subarray(96));
    expect(first).not.toEqual(new Uint8Array(64));
    expect(first).not.toEqual(second.subarray(0, 32));
  });

  it('refills when a draw does not fit in what is left, never serving a byte twice', async () => {
    const { randomBytes, lengths } = await freshPool();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(Buffer.from(randomBytes(64)).toString('hex'));
    expect(seen.size).toBe(200);
    expect(lengths).toEqual([4096, 4096, 4096, 4096]);
  });

  it('fills long requests straight from getRandomValues, in calls of at most 65,536 bytes', async () => {
    const { fillRandom, lengths } = await freshPool();
    const target = new Uint8Array(70_000);
    fillRandom(target);
    expect(lengths).toEqual([65_536, 70_000 - 65_536]);
    expect(target.subarray(65_536).some((b) => b !== 0)).toBe(true);
  });

  it('fills a view in place, leaving the bytes around it alone', async () => {
    const { fillRandom } = await freshPool();
    const memory = new Uint8Array(128);
    const view = fillRandom(memory.subarray(32, 96));
    expect(view.buffer).toBe(memory.buffer);
    expect(memory.subarray(0, 32).every((b) => b === 0) && memory.subarray(96).every((b) => b === 0)).toBe(true);
    expect(view.some((b) => b !== 0)).toBe(true);
  });
});

describe('the engine draws from the pool', () => {
  /** getRandomValues gives 0, 1, 2, ... (mod 251): the n-th byte drawn is known. */
  async function engineOnCountingStream() {
    vi.resetModules();
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const view = array as unknown as Uint8Array;
      for (let i = 0; i < view.length; i++) view[i] = i % 251;
      return array;
    });
    const { loadEngine } = await import('./index.ts');
    return loadEngine();
  }
  const stream = (from: number, n: number) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 251);

  it('ML-KEM keygen and encapsulate use consecutive pool bytes as seed and m', async () => {
    const kem = (await engineOnCountingStream()).mlKem768;
    const drawn = kem.keygen();
    const enc = kem.encapsulate(drawn.publicKey);
    vi.restoreAllMocks();
    expect(drawn).toEqual(kem.keygen(stream(0, 64)));
    expect(enc).toEqual(kem.encapsulate(drawn.publicKey, stream(64, 32)));
  });

  it('ML-DSA keygen and hedged signing use consecutive pool bytes as seed and rnd', async () => {
    const dsa = (await engineOnCountingStream()).mlDsa65;
    const message = new Uint8Array([1, 2, 3]);
    const drawn = dsa.keygen();
    const signature = dsa.sign(message, drawn.secretKey);
    vi.restoreAllMocks();
    expect(drawn).toEqual(dsa.keygen(stream(0, 32)));
    expect(signature).toEqual(dsa.sign(message, drawn.secretKey, { random: stream(32, 32) }));
  });

  it('secp256k1 keygen and BIP-340 signing use consecutive pool bytes as key and aux', async () => {
    const secp = (await engineOnCountingStream()).secp256k1;
    const message = new Uint8Array([1, 2, 3]);
    const drawn = secp.keygen();
    const signature = secp.schnorrSign(message, drawn.secretKey);
    vi.restoreAllMocks();
    expect(drawn.secretKey).toEqual(stream(0, 32));
    expect(signature).toEqual(secp.schnorrSign(message, drawn.secretKey, stream(32, 32)));
  });
});
