/**
 * The engine's one source of fresh randomness: ML-KEM and ML-DSA (key seeds, the encapsulation m,
 * hedged signing), secp256k1 (random keys, BIP-340 aux, extra entropy), QES2's and zk-FIDNA's seeds
 * and Dilion's openings.
 *
 * crypto.getRandomValues costs about 1.8 µs per call in Node 20 whatever the length (4 KiB take
 * 2.4 µs), a tenth of an ML-KEM-768 keygen or encapsulation. So the draws come from a 4 KiB pool
 * filled by one call, as Node's own randomUUID does: each byte is handed out once and zeroed as it
 * leaves, so the pool holds only bytes no caller has seen yet. Each module instance (each Worker)
 * has its own pool; a process image copied whole (a VM snapshot restored twice) would repeat the
 * unused part, as any buffered generator would.
 */

const POOL_SIZE = 4096;
/** Draws longer than this go straight to getRandomValues: they would empty the pool for little gain. */
const POOLED_MAX = 256;
/** getRandomValues refuses more than 65,536 bytes per call. */
const CALL_MAX = 65_536;

const pool = new Uint8Array(POOL_SIZE);
let next = POOL_SIZE;

/** Fills `target` (a view on wasm memory, say) with fresh random bytes and returns it. */
export function fillRandom(target: Uint8Array): Uint8Array {
  const n = target.length;
  if (n > POOLED_MAX) {
    for (let at = 0; at < n; at += CALL_MAX) globalThis.crypto.getRandomValues(target.subarray(at, at + CALL_MAX));
    return target;
  }
  if (next + n > POOL_SIZE) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  target.set(pool.subarray(next, next + n));
  pool.fill(0, next, next + n);
  next += n;
  return target;
}

/** `n` fresh random bytes in an array of their own. */
export function randomBytes(n: number): Uint8Array {
  return fillRandom(new Uint8Array(n));
}
