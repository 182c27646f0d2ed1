/** The contract of ContactRepository (docs/decisions/050-one-storage-seam.md), run on every storage engine. */
import { describe, expect, it } from 'vitest';
import { repositoryOn, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import type { ContactRepository } from './contact.repository.ts';
import { PostgresContactRepository } from './contact.postgres.ts';
import { SqliteContactRepository } from './contact.sqlite.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00.123Z');

const repositoryFor = (engine: EngineUnderTest) =>
  repositoryOn<ContactRepository>(engine, { sqlite: (d) => new SqliteContactRepository(d.db), postgres: (d) => new PostgresContactRepository(d.db) });

describe.each(engines)('ContactRepository on $name', (engine) => {
  it('stores a message as pending at its time and gives it back with its id; forgets it by id, and only it', async () => {
    const opened = await engine.open();
    const repository = repositoryFor(opened);
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'technical' as const, message: 'Hello?' };
    const first = await repository.store(message, NOW);
    const second = await repository.store({ ...message, message: 'Again' }, NOW);
    expect(first).toEqual({ id: first.id, ...message, status: 'pending', createdAt: NOW });
    expect(second.id).toBeGreaterThan(first.id);
    await repository.forget(first.id);
    expect(await opened.one('SELECT count(*) AS n FROM contact_messages')).toEqual({ n: 1 });
    expect(await opened.one('SELECT message, created_at AS at FROM contact_messages WHERE id = ?', second.id)).toEqual({ message: 'Again', at: NOW.getTime() });
  });
});
