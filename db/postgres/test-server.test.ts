/**
 * Where the PostgreSQL tests find their server (test-server.ts): PG_TEST_URL first, then an
 * installed PostgreSQL 15 or newer, else one line saying how to run them, which fails under CI.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { locateServer } from './test-server.ts';
import { databaseUrl } from './throwaway-cluster.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A stand-in for /usr/lib/postgresql with the given major versions' initdb and pg_ctl. */
function installed(...versions: number[]): string {
  const root = mkdtempSync(join(tmpdir(), 'pq-pg-bin-'));
  roots.push(root);
  for (const v of versions) {
    mkdirSync(join(root, String(v), 'bin'), { recursive: true });
    for (const tool of ['initdb', 'pg_ctl']) writeFileSync(join(root, String(v), 'bin', tool), '');
  }
  return root;
}

describe('finding a PostgreSQL server for the tests', () => {
  it('uses PG_TEST_URL when it is set, whatever is installed', () => {
    expect(locateServer({ PG_TEST_URL: 'postgres://ci@127.0.0.1:5432/postgres' }, installed(15))).toEqual({ kind: 'url', url: 'postgres://ci@127.0.0.1:5432/postgres' });
  });

  it('starts a cluster with the newest installed PostgreSQL 15 or later', () => {
    const root = installed(14, 15, 16);
    expect(locateServer({}, root)).toEqual({ kind: 'cluster', bin: join(root, '16', 'bin') });
  });

  it('does not count a PostgreSQL older than 15', () => {
    expect(locateServer({}, installed(13, 14))).toMatchObject({ kind: 'none', fail: false });
  });

  it('skips with one line that says how to run the tests', () => {
    const source = locateServer({}, join(tmpdir(), 'no-postgres-here'));
    expect(source).toMatchObject({ kind: 'none', fail: false });
    const { message } = source as { message: string };
    expect(message).not.toContain('\n');
    expect(message).toContain('PG_TEST_URL=postgres://');
    expect(message).toContain('apt-get install postgresql');
  });

  it('fails instead of skipping under CI', () => {
    expect(locateServer({ CI: 'true' }, join(tmpdir(), 'no-postgres-here'))).toMatchObject({ kind: 'none', fail: true });
    expect(locateServer({ CI: 'false' }, join(tmpdir(), 'no-postgres-here'))).toMatchObject({ kind: 'none', fail: false });
  });

  it('names another database on the same server, keeping a socket folder', () => {
    expect(databaseUrl('postgres://postgres@localhost/postgres?host=%2Ftmp%2Fpq-postgres-x', 'pqtest_1')).toBe('postgres://postgres@localhost/pqtest_1?host=%2Ftmp%2Fpq-postgres-x');
    expect(databaseUrl('postgres://ci:pw@127.0.0.1:5433/postgres', 'pqtest_2')).toBe('postgres://ci:pw@127.0.0.1:5433/pqtest_2');
  });
});
