import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { IdempotencyService } from './idempotency.ts';

const dir = mkdtempSync(join(tmpdir(), 'pq-idem-'));
const database = openDatabase(join(dir, 'app.db'));
database.db.insert(users).values({ id: 'u1', email: 'u1@example.com' }).run();
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

let clock = Date.parse('2026-01-01T00:00:00Z');
const service = new IdempotencyService(database.db, () => new Date(clock));

describe('IdempotencyService', () => {
  it('does nothing without a key', () => {
    expect(service.begin('u1', undefined, 'h')).toEqual({ kind: 'none' });
  });

  it('replays a completed response, and refuses a concurrent duplicate while the first runs', () => {
    const first = service.begin('u1', 'a', 'h1');
    expect(first.kind).toBe('started');
    expect(() => service.begin('u1', 'a', 'h1')).toThrow(expect.objectContaining({ status: 409, code: 'idempotency_in_progress' }));
    service.complete(first, 200, { ok: 1 });
    expect(service.begin('u1', 'a', 'h1')).toEqual({ kind: 'replay', status: 200, body: { ok: 1 } });
  });

  it('lets a retry run again after the first attempt failed', () => {
    const first = service.begin('u1', 'b', 'h');
    service.abandon(first);
    expect(service.begin('u1', 'b', 'h').kind).toBe('started');
  });

  it('treats a pending record older than a minute as abandoned by a crashed process', () => {
    service.begin('u1', 'c', 'h');
    clock += 61_000;
    expect(service.begin('u1', 'c', 'h').kind).toBe('started');
  });

  it('forgets keys after 24 hours', () => {
    const first = service.begin('u1', 'd', 'h1');
    service.complete(first, 200, {});
    clock += 24 * 60 * 60 * 1000 + 1;
    expect(service.begin('u1', 'd', 'h2').kind).toBe('started');
  });

  it('refuses a malformed key', () => {
    expect(() => service.begin('u1', 'has space', 'h')).toThrow(expect.objectContaining({ status: 400, code: 'invalid_idempotency_key' }));
  });
});
