import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { argumentBytes, EnginePool, EngineTaskError, ownBuffers, PIPELINE_DEPTH, PIPELINE_MS } from './pool.ts';

/** The niceness of one thread of this process, from /proc (field 19 of its stat line). */
const nicenessOf = (statFile: string) => Number(readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ')[16]);
const threadNiceness = () => readdirSync('/proc/self/task').map((tid) => nicenessOf(`/proc/self/task/${tid}/stat`));

const pool = new EnginePool(2);
afterAll(() => pool.close());

describe('ownBuffers', () => {
  it('gives every byte array that views a shared slab a buffer of its own, same bytes, at any depth', () => {
    const slabView = Buffer.from('c2VlZA==', 'base64');
    expect(slabView.buffer.byteLength).toBeGreaterThan(slabView.byteLength);
    const own = new Uint8Array([1, 2, 3]);
    const out = ownBuffers({ level: 65, seed: slabView, with: { opening: slabView, serviceKey: own } });
    expect(out.seed.buffer.byteLength).toBe(4);
    expect([...out.seed]).toEqual([...slabView]);
    expect(out.with.opening.buffer.byteLength).toBe(4);
    expect(out.with.serviceKey).toBe(own);
    expect(out.level).toBe(65);
  });
});

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

  it('sends each worker at most PIPELINE_DEPTH tasks and keeps the rest queued', async () => {
    const own = new EnginePool(2);
    try {
      await Promise.all([own.ready(), own.run('ping', {}), own.run('ping', {})]);
      const seed = new Uint8Array(32).fill(4);
      const tasks = Array.from({ length: 10 }, (_, i) =>
        own.run('mlDsaSign', { level: 44, seed, message: new Uint8Array([i]), context: new Uint8Array() }),
      );
      expect(own.inFlight).toBeLessThanOrEqual(2 * PIPELINE_DEPTH);
      expect(own.inFlight + own.queued).toBe(10);
      const results = await Promise.all(tasks);
      expect(results.map((r) => r.signature.length)).toEqual(Array(10).fill(2420));
      expect(own.inFlight + own.queued).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('serves tenants in turn: one tenant\'s lone task runs right after the tasks running when it came, ahead of another\'s 100 queued', async () => {
    const own = new EnginePool(1);
    try {
      await own.ready();
      const seed = new Uint8Array(32).fill(7);
      const sign = (i: number, tenant: string) => own.run('mlDsaSign', { level: 44, seed, message: new Uint8Array([i]), context: new Uint8Array() }, tenant);
      const answered: string[] = [];
      const heavy = Array.from({ length: 100 }, (_, i) => sign(i, 'heavy').then(() => answered.push('heavy')));
      const running = own.inFlight;
      expect(running).toBeGreaterThanOrEqual(1);
      expect(own.queued).toBe(100 - running);
      const lone = sign(0, 'light').then(() => answered.push('light'));
      expect(own.queued).toBe(101 - running);
      await Promise.all([...heavy, lone]);
      expect(answered.indexOf('light')).toBe(running);
      expect(answered).toHaveLength(101);
    } finally {
      await own.close();
    }
  });

  it('keeps a task timed over PIPELINE_MS alone on its worker, and still sends cheap ones PIPELINE_DEPTH deep', async () => {
    const own = new EnginePool(1);
    try {
      await own.ready();
      const prove = () => own.run('zkProve', { seed: new Uint8Array(32).fill(8), secretValue: '5', balanceValue: '10', circuitType: 'balance_proof', context: new Uint8Array() });
      // Never timed yet: sent ahead like any task. Timed once: known to take tens of milliseconds.
      const first = [prove(), prove()];
      expect(own.inFlight).toBe(2);
      await Promise.all(first);
      const proofs = [prove(), prove(), prove()];
      expect(own.inFlight).toBe(1);
      expect(own.queued).toBe(2);
      const results = await Promise.all(proofs);
      expect(results.every((r) => r.elapsedMs > PIPELINE_MS)).toBe(true);
      await own.run('ping', {});
      const pings = Array.from({ length: 10 }, () => own.run('ping', {}));
      expect(own.inFlight).toBe(PIPELINE_DEPTH);
      await Promise.all(pings);
    } finally {
      await own.close();
    }
  });

  it('fails every task a dying worker held, then serves the next ones from its replacement', async () => {
    const own = new EnginePool(1);
    try {
      await own.ready();
      const seed = new Uint8Array(32).fill(5);
      const sign = (message = new Uint8Array([1])) => own.run('mlDsaSign', { level: 44, seed, message, context: new Uint8Array() });
      // Messages that take the worker milliseconds to hash, so neither answer can come back before it is stopped.
      const long = new Uint8Array(4 << 20);
      const held = [sign(long), sign(long)];
      expect(own.inFlight).toBe(2);
      // Fault injection: the only way to make a healthy worker die is to stop it from outside.
      const slots = (own as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0]!.worker.terminate();
      // The main thread has not run since the tasks were sent, so neither answer was read before the exit.
      const outcomes = await Promise.allSettled(held);
      expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as EngineTaskError).code : 'answered'))).toEqual(['engine_crashed', 'engine_crashed']);
      expect(own.inFlight).toBe(0);
      await expect(sign()).resolves.toMatchObject({ signature: expect.any(Uint8Array) });
    } finally {
      await own.close();
    }
  });

  it('refuses new tasks with engine_busy while the queued arguments would pass the byte bound, and takes them again as the queue drains', async () => {
    const own = new EnginePool(1, { maxQueueBytes: 5 * 1024 * 1024 });
    try {
      await own.ready();
      const seed = new Uint8Array(32).fill(6);
      const sign = (bytes: number) => own.run('mlDsaSign', { level: 44, seed, message: new Uint8Array(bytes), context: new Uint8Array() });
      // PIPELINE_DEPTH go straight to the worker (not queued); the next ones queue up to the bound.
      const accepted = [...Array.from({ length: PIPELINE_DEPTH }, () => sign(1 << 20)), sign(2 << 20), sign(2 << 20)];
      await expect(sign(2 << 20)).rejects.toMatchObject({ code: 'engine_busy' });
      expect(argumentBytes({ seed, message: new Uint8Array(10), note: 'ab' })).toBe(32 + 10 + 4);
      await Promise.all(accepted);
      await expect(sign(2 << 20)).resolves.toMatchObject({ signature: expect.any(Uint8Array) });
    } finally {
      await own.close();
    }
  });

  it('refuses a workerNiceness outside 0 to 19 before starting any worker', () => {
    expect(() => new EnginePool(1, { workerNiceness: 20 })).toThrow('workerNiceness must be an integer from 0 to 19, got 20');
    expect(() => new EnginePool(1, { workerNiceness: -1 })).toThrow(RangeError);
  });

  it.runIf(process.platform === 'linux')('runs its workers the given steps of niceness below the thread that started them, and leaves that thread as it was', async () => {
    const own = nicenessOf('/proc/thread-self/stat');
    const lowered = Math.min(19, own + 7);
    const before = threadNiceness().filter((n) => n === lowered).length;
    const niced = new EnginePool(2, { workerNiceness: 7 });
    try {
      await vi.waitFor(() => expect(threadNiceness().filter((n) => n === lowered).length).toBe(before + 2), { timeout: 20_000, interval: 50 });
      await expect(niced.run('ping', {})).resolves.toEqual({ ready: true });
      expect(nicenessOf('/proc/thread-self/stat')).toBe(own);
    } finally {
      await niced.close();
    }
  });
});
