/**
 * The contract of AuditRepository (docs/decisions/055-audit-log.md), run on every storage engine:
 * appends chain per account (also when 20 race), reads go newest first by page and type, the
 * retention purge anchors what is left so it still verifies, and verification names the first
 * event removed, altered or reordered.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, repositoryOn, storageEngines, storageOn, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { AUDIT_EVENT_TTL_MS, Housekeeping } from '../../housekeeping.ts';
import { GENESIS_HASH, hashEvent } from './audit-chain.ts';
import { PostgresAuditRepository } from './audit.postgres.ts';
import type { AuditRepository, NewAuditEvent } from './audit.repository.ts';
import { SqliteAuditRepository } from './audit.sqlite.ts';
import { verifyAuditChains } from './audit-verify.ts';

const engines = storageEngines();
const T0 = Date.parse('2026-03-15T12:00:00Z');

const auditOn = (opened: EngineUnderTest) =>
  repositoryOn<AuditRepository>(opened, { sqlite: (d) => new SqliteAuditRepository(d.sqlite), postgres: (d) => new PostgresAuditRepository(d.db) });

const event = (userId: string, type = 'api_key.created', createdAt = T0, subject: string | null = null): NewAuditEvent => ({
  userId, type, actorKind: 'account', actorId: null, createdAt, clientAddress: '127.0.0.1', requestId: 'req', subject, details: '{}',
});

/** PostgreSQL: the pool's 4 connections opened before a race, so its appends interleave on all of them. */
async function openConnections(opened: EngineUnderTest): Promise<void> {
  if (opened.name !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: 4 }, () => opened.postgres.pool.connect()));
  for (const client of clients) client.release();
}

async function withEvents(engine: { open(): Promise<EngineUnderTest> }, perAccount: Record<string, number>) {
  const opened = await engine.open();
  const audit = auditOn(opened);
  for (const [userId, n] of Object.entries(perAccount)) {
    await addAccount(opened, userId);
    for (let i = 0; i < n; i++) await audit.append(event(userId, 'api_key.created', T0 + i * 1000, `s${i + 1}`));
  }
  return { opened, audit };
}

describe.each(engines)('AuditRepository on $name', (engine) => {
  it('chains each account’s events from the genesis hash, numbering them from 1', async () => {
    const { audit } = await withEvents(engine, { u1: 0, u2: 0 });
    const first = await audit.append(event('u1'));
    const other = await audit.append(event('u2'));
    const second = await audit.append({ ...event('u1', 'api_key.deleted'), actorKind: 'api_key', actorId: 'pk_u1', subject: '3', details: '{"name":"CI"}' });
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS_HASH });
    expect(other).toMatchObject({ seq: 1, prevHash: GENESIS_HASH });
    expect(second).toMatchObject({ seq: 2, prevHash: first!.hash, actorId: 'pk_u1', subject: '3' });
    expect(second!.hash).toBe(hashEvent({ ...second!, createdAt: T0 }));
    expect(await audit.list('u1', { limit: 10 })).toEqual([second, first]);
  });

  it('appends nothing for an account that does not exist', async () => {
    const { opened, audit } = await withEvents(engine, {});
    expect(await audit.append(event('nobody'))).toBeUndefined();
    expect(await opened.one<{ n: number }>('SELECT count(*) AS n FROM audit_events')).toEqual({ n: 0 });
  });

  it('links 20 racing appends of one account into one chain of 20', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 0 });
    await openConnections(opened);
    const appended = await Promise.all(Array.from({ length: 20 }, (_, i) => audit.append(event('u1', 'auth.sign_in', T0 + i))));
    expect(appended.map((e) => e!.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const chain = await audit.chainAfter('u1', 0, 100);
    expect(chain).toHaveLength(20);
    chain.forEach((e, i) => expect(e.prevHash).toBe(i === 0 ? GENESIS_HASH : chain[i - 1]!.hash));
    expect(await verifyAuditChains(audit)).toMatchObject({ accounts: 1, events: 20 });
  });

  it('lists newest first in pages below a seq, and by type', async () => {
    const { audit } = await withEvents(engine, { u1: 5, u2: 2 });
    await audit.append(event('u1', 'auth.sign_in'));
    expect((await audit.list('u1', { limit: 3 })).map((e) => e.seq)).toEqual([6, 5, 4]);
    expect((await audit.list('u1', { limit: 3, before: 4 })).map((e) => e.seq)).toEqual([3, 2, 1]);
    expect((await audit.list('u1', { limit: 10, type: 'auth.sign_in' })).map((e) => e.seq)).toEqual([6]);
    expect((await audit.list('u1', { limit: 10, before: 6, type: 'auth.sign_in' }))).toEqual([]);
    expect((await audit.list('u2', { limit: 10 })).map((e) => e.userId)).toEqual(['u2', 'u2']);
  });

  it('removes events past the cutoff, anchors each chain at the last removed, and the rest still verifies and grows', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 5, u2: 2 });
    const removedLast = (await audit.chainAfter('u1', 2, 1))[0]!;
    expect(await audit.removeOlderThan(T0 + 2000)).toBe(3 + 2);
    expect(await audit.anchorOf('u1')).toEqual({ seq: 3, hash: removedLast.hash });
    expect(await audit.anchorOf('u2')).toMatchObject({ seq: 2 });
    expect((await audit.chainAfter('u1', 0, 10)).map((e) => e.seq)).toEqual([4, 5]);
    expect(await audit.removeOlderThan(T0 + 2000)).toBe(0);
    expect(await audit.append(event('u2', 'auth.sign_in', T0 + 10_000))).toMatchObject({ seq: 3, prevHash: (await audit.anchorOf('u2'))!.hash });
    expect(await verifyAuditChains(audit)).toMatchObject({ accounts: 2, events: 3 });
    // A clock that stepped back: an old event after a younger one stays, so the chain keeps no gap.
    await opened.run('UPDATE audit_events SET created_at = ? WHERE user_id = ? AND seq = 5', T0, 'u1');
    expect(await audit.removeOlderThan(T0 + 2500)).toBe(0);
    expect(await audit.removeOlderThan(T0 + 3000)).toBe(2);
    expect(await verifyAuditChains(audit)).toMatchObject({ accounts: 2, events: 1 });
  });

  it('is trimmed by housekeeping to its 365 days, the chain anchored', async () => {
    const { audit, opened } = await withEvents(engine, { u1: 3 });
    const housekeeping = new Housekeeping(storageOn(opened).housekeeping, { audit, now: () => T0 + 1000 + AUDIT_EVENT_TTL_MS });
    housekeeping.close();
    expect(AUDIT_EVENT_TTL_MS).toBe(365 * 86_400_000);
    expect(await housekeeping.run()).toMatchObject({ auditEvents: 2 });
    expect(await audit.anchorOf('u1')).toMatchObject({ seq: 2 });
    expect(await verifyAuditChains(audit)).toMatchObject({ events: 1 });
  });

  it('goes with its account: events and anchor', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 3 });
    await audit.removeOlderThan(T0);
    await opened.run('DELETE FROM users WHERE id = ?', 'u1');
    expect(await audit.accountsWithEvents()).toEqual([]);
  });
});

describe.each(engines)('verifying audit chains on $name', (engine) => {
  it('passes intact chains with their counts, one account or all', async () => {
    const { audit } = await withEvents(engine, { u1: 3, u2: 2 });
    const all = await verifyAuditChains(audit);
    expect(all).toEqual({ accounts: 2, events: 5, headsDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verifyAuditChains(audit, 'u2')).toMatchObject({ accounts: 1, events: 2 });
  });

  it('names a removed event', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 4 });
    await opened.run('DELETE FROM audit_events WHERE user_id = ? AND seq = 2', 'u1');
    const { broken } = await verifyAuditChains(audit);
    expect(broken).toMatchObject({ kind: 'removed', userId: 'u1', seq: 2 });
    expect(broken!.message).toBe(`account u1: event 2 was removed (the next one kept is seq 3, row ${broken!.id})`);
  });

  it('names an event removed at the start, where no anchor says so', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 3 });
    await opened.run('DELETE FROM audit_events WHERE user_id = ? AND seq <= 2', 'u1');
    expect((await verifyAuditChains(audit)).broken).toMatchObject({ kind: 'removed', seq: 1, message: expect.stringMatching(/events 1 to 2 were removed/) });
  });

  it.each([
    ['type', "type = 'account.deleted'"],
    ['details', `details = '{"name":"x"}'`],
    ['address', "client_address = '10.9.9.9'"],
    ['time', 'created_at = created_at + 1'],
    ['actor', "actor_id = 'pk_someone'"],
  ])('names an altered event (%s)', async (_what, change) => {
    const { opened, audit } = await withEvents(engine, { u1: 3 });
    await opened.run(`UPDATE audit_events SET ${change} WHERE user_id = ? AND seq = 2`, 'u1');
    expect((await verifyAuditChains(audit)).broken).toMatchObject({ kind: 'altered', userId: 'u1', seq: 2, message: expect.stringContaining('seq 2') });
  });

  it('names reordered events: two rows’ contents swapped', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 3 });
    const [one, two] = await audit.chainAfter('u1', 0, 2);
    // Move seq 1 out of the way, then give each row the other's id.
    await opened.run('UPDATE audit_events SET id = ? WHERE id = ?', 1_000_000, one!.id);
    await opened.run('UPDATE audit_events SET id = ? WHERE id = ?', one!.id, two!.id);
    await opened.run('UPDATE audit_events SET id = ? WHERE id = ?', two!.id, 1_000_000);
    expect((await verifyAuditChains(audit)).broken).toMatchObject({ kind: 'reordered', seq: 2, message: expect.stringContaining('out of order') });
  });

  it('names reordered events: seqs swapped and hashes recomputed for the new order, the links kept', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 3 });
    const [one, two] = await audit.chainAfter('u1', 0, 2);
    // A forger with write access renumbers 2 as 1 and 1 as 2, recomputing each event's own hash.
    for (const [row, seq] of [[one!, 2], [two!, 1]] as const) {
      const moved = { ...row, seq, createdAt: row.createdAt.getTime() };
      await opened.run('UPDATE audit_events SET seq = ? WHERE id = ?', -seq, row.id);
      await opened.run('UPDATE audit_events SET hash = ? WHERE id = ?', hashEvent(moved), row.id);
    }
    await opened.run('UPDATE audit_events SET seq = -seq WHERE seq < 0');
    expect((await verifyAuditChains(audit)).broken).toMatchObject({ kind: 'reordered', seq: 1, message: expect.stringContaining('does not follow') });
  });

  it('checks the anchor: a removed event past it breaks the chain', async () => {
    const { opened, audit } = await withEvents(engine, { u1: 4 });
    await audit.removeOlderThan(T0 + 1000);
    expect(await verifyAuditChains(audit)).toMatchObject({ events: 2 });
    await opened.run("UPDATE audit_anchors SET hash = ? WHERE user_id = 'u1'", 'a'.repeat(64));
    expect((await verifyAuditChains(audit)).broken).toMatchObject({ kind: 'reordered', seq: 3 });
  });
});
