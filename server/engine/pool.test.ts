import { afterAll, describe, expect, it } from 'vitest';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { EnginePool, EngineTaskError } from './pool.ts';

const pool = new EnginePool(2);
afterAll(() => pool.close());

describe('EnginePool', () => {
  it('signs in a worker with a signature an independent FIPS 204 verifier accepts', async () => {
    const seed = new Uint8Array(32).fill(3);
    const message = new TextEncoder().encode('pool');
    const context = new TextEncoder().encode('ctx');
    const { publicKey } = await pool.run('mlDsaPublicKey', { level: 65, seed });
    const { signature, elapsedMs } = await pool.run('mlDsaSign', { level: 65, seed, message, context });
    expect(signature).toHaveLength(3309);
    expect(elapsedMs).toBeGreaterThan(0);
    expect(ml_dsa65.verify(signature, message, publicKey, { context })).toBe(true);
    const { valid } = await pool.run('mlDsaVerify', { level: 65, publicKey, message, signature, context });
    expect(valid).toBe(true);
  });

  it('runs many tasks concurrently and answers each one', async () => {
    const seed = new Uint8Array(32).fill(9);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        pool.run('mlDsaSign', { level: 44, seed, message: new Uint8Array([i]), context: new Uint8Array() }),
      ),
    );
    expect(results.every((r) => r.signature.length === 2420)).toBe(true);
  });

  it('reports an engine error with its code instead of crashing the worker', async () => {
    const error = await pool
      .run('mlDsaSign', { level: 65, seed: new Uint8Array(5), message: new Uint8Array(), context: new Uint8Array() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTaskError);
    expect((error as EngineTaskError).code).toMatch(/^[a-z_]+$/);
    await expect(pool.run('ping', {})).resolves.toEqual({ ready: true });
  });
});
