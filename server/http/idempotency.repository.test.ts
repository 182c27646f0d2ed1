/**
 * The contract of IdempotencyRepository (docs/decisions/050-one-storage-seam.md), run on every
 * storage engine: a key is claimed once, its answer replayed, a stale or expired record replaced,
 * and a key freed by abandon and at start-up.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn } from '../../db/storage.test-support.ts';
import type { IdempotentClaim } from './idempotency.repository.ts';

const engines = storageEngines();
const T0 = Date.parse('2026-01-01T00:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A claim at `at` with the service's windows: 24 hours to expire, a minute to go stale. */
const claim = (key: string, requestHash: string, at = T0): IdempotentClaim => ({
  userId: 'u1', key, requestHash, now: new Date(at), expiredBefore: new Date(at - DAY), staleBefore: new Date(at - MINUTE),
});

describe.each(engines)('IdempotencyRepository on $name', (engine) => {
  async function opened() {
    const under = await engine.open();
    await addAccount(under, 'u1');
    return storageOn(under).idempotency;
  }

  it('claims a key once: the same request while the first runs finds it running, another request finds it reused', async () => {
    const idempotency = await opened();
    const first = await idempotency.beginIdempotent(claim('a', 'h1'));
    expect(first).toEqual({ kind: 'started', id: expect.any(Number) });
    expect(await idempotency.beginIdempotent(claim('a', 'h1', T0 + 1000))).toEqual({ kind: 'running' });
    expect(await idempotency.beginIdempotent(claim('a', 'h2', T0 + 1000))).toEqual({ kind: 'reused' });
  });

  it('lets only one of two concurrent requests with the same key start', async () => {
    const idempotency = await opened();
    const both = await Promise.all([idempotency.beginIdempotent(claim('race', 'h')), idempotency.beginIdempotent(claim('race', 'h'))]);
    expect(both.map((b) => b.kind).sort()).toEqual(['running', 'started']);
  });

  it('gives back the stored answer, sealed as it was stored', async () => {
    const idempotency = await opened();
    const first = await idempotency.beginIdempotent(claim('b', 'h'));
    await idempotency.completeIdempotent({ id: (first as { id: number }).id, status: 200, sealedBody: 'v1.sealed' });
    expect(await idempotency.beginIdempotent(claim('b', 'h', T0 + 5 * MINUTE))).toEqual({ kind: 'answered', status: 200, sealedBody: 'v1.sealed' });
  });

  it('replaces a running record gone stale, and forgets an answered one once expired', async () => {
    const idempotency = await opened();
    const first = await idempotency.beginIdempotent(claim('c', 'h'));
    const again = await idempotency.beginIdempotent(claim('c', 'h', T0 + MINUTE + 1));
    expect(again.kind).toBe('started');
    expect(again).not.toEqual(first);
    await idempotency.completeIdempotent({ id: (again as { id: number }).id, status: 200, sealedBody: 'v1.x' });
    expect((await idempotency.beginIdempotent(claim('c', 'other', T0 + MINUTE + 1 + DAY + 1))).kind).toBe('started');
  });

  it('frees a key by abandon, and every running key at start-up', async () => {
    const idempotency = await opened();
    const first = await idempotency.beginIdempotent(claim('d', 'h'));
    await idempotency.abandon((first as { id: number }).id);
    expect((await idempotency.beginIdempotent(claim('d', 'h'))).kind).toBe('started');
    const done = await idempotency.beginIdempotent(claim('e', 'h'));
    await idempotency.completeIdempotent({ id: (done as { id: number }).id, status: 200, sealedBody: 'v1.y' });
    await idempotency.beginIdempotent(claim('f', 'h'));
    expect(await idempotency.dropPending()).toBe(2);
    expect((await idempotency.beginIdempotent(claim('f', 'h'))).kind).toBe('started');
    expect((await idempotency.beginIdempotent(claim('e', 'h'))).kind).toBe('answered');
  });
});
