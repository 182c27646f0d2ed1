import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { idempotencyRecords } from '../../db/schema.ts';
import { temporaryDatabases } from '../../db/temporary-database.ts';
import { createSealer } from '../security/sealing.ts';
import { IdempotencyService } from './idempotency.ts';
import { SqliteIdempotencyRepository } from './idempotency.sqlite.ts';

const database = temporaryDatabases('pq-idem-', 'all')();
database.db.insert(users).values({ id: 'u1', email: 'u1@example.com' }).run();

let clock = Date.parse('2026-01-01T00:00:00Z');
const protection = { sealer: createSealer(Buffer.alloc(32, 7)), hashKey: Buffer.alloc(32, 9) };
const repository = new SqliteIdempotencyRepository(database.db);
const service = new IdempotencyService(repository, protection, () => new Date(clock));
/** What the commit of the call's record does with its answer (operations.repository.ts). */
const complete = (start: Awaited<ReturnType<typeof service.begin>>, status: number, body: unknown) => repository.completeIdempotent(service.answer(start, status, body)!);

describe('IdempotencyService', () => {
  it('does nothing without a key', async () => {
    expect(await service.begin('u1', undefined, 'h')).toEqual({ kind: 'none' });
  });

  it('replays a completed response, and refuses a concurrent duplicate while the first runs', async () => {
    const first = await service.begin('u1', 'a', 'h1');
    expect(first.kind).toBe('started');
    await expect(service.begin('u1', 'a', 'h1')).rejects.toThrow(expect.objectContaining({ status: 409, code: 'idempotency_in_progress' }));
    await complete(first, 200, { ok: 1 });
    expect(await service.begin('u1', 'a', 'h1')).toEqual({ kind: 'replay', status: 200, body: { ok: 1 } });
  });

  it('lets a retry run again after the first attempt failed', async () => {
    const first = await service.begin('u1', 'b', 'h');
    await service.abandon(first);
    expect((await service.begin('u1', 'b', 'h')).kind).toBe('started');
  });

  it('treats a pending record older than a minute as abandoned by a crashed process', async () => {
    await service.begin('u1', 'c', 'h');
    clock += 61_000;
    expect((await service.begin('u1', 'c', 'h')).kind).toBe('started');
  });

  it('forgets keys after 24 hours', async () => {
    const first = await service.begin('u1', 'd', 'h1');
    await complete(first, 200, {});
    clock += 24 * 60 * 60 * 1000 + 1;
    expect((await service.begin('u1', 'd', 'h2')).kind).toBe('started');
  });

  it('refuses a malformed key', async () => {
    await expect(service.begin('u1', 'has space', 'h')).rejects.toThrow(expect.objectContaining({ status: 400, code: 'invalid_idempotency_key' }));
  });

  it('stores the response sealed, so what only its caller may see is not in the database in clear', async () => {
    const first = await service.begin('u1', 'e', 'h');
    await complete(first, 200, { openings: [{ value: '650000', blinding: 'c2VjcmV0' }] });
    const row = database.db.select().from(idempotencyRecords).all().find((r) => r.key === 'e')!;
    expect(row.responseBody).toMatch(/^v1\./);
    expect(row.responseBody).not.toContain('650000');
    expect(await service.begin('u1', 'e', 'h')).toEqual({ kind: 'replay', status: 200, body: { openings: [{ value: '650000', blinding: 'c2VjcmV0' }] } });
  });

  it('compares requests by a keyed MAC that a guessed body cannot be checked against without the key', () => {
    const req = { method: 'POST', path: '/api/crypto/zk-fidna/prove', body: { secretValue: 650000, balanceValue: 21930000 } };
    const mac = service.requestHash(req);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(service.requestHash(req)).toBe(mac);
    expect(service.requestHash({ ...req, body: { secretValue: 650001, balanceValue: 21930000 } })).not.toBe(mac);
    const other = new IdempotencyService(repository, { ...protection, hashKey: Buffer.alloc(32, 1) });
    expect(other.requestHash(req)).not.toBe(mac);
  });

  it('takes a request on its /api/v1 path and on its unversioned alias as the same, and another path as another', () => {
    const req = { method: 'POST', path: '/api/crypto/dilion/sign', body: { message: 'm' } };
    expect(service.requestHash({ ...req, path: '/api/v1/crypto/dilion/sign' })).toBe(service.requestHash(req));
    expect(service.requestHash({ ...req, path: '/api/v1/crypto/dilion/verify' })).not.toBe(service.requestHash(req));
  });
});
