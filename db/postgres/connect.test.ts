/**
 * Opening a PostgreSQL pool (connect.ts): a server that cannot be used stops the start with one
 * line and a code, never showing the password; a usable one reads 64-bit values as numbers.
 */
import { describe, expect, it } from 'vitest';
import { connectionError, describeServer, openPostgres, PostgresConnectionError } from './connect.ts';
import { databaseUrl } from './throwaway-cluster.ts';
import { usePostgres } from './test-server.ts';
import { freePort } from '../../scripts/free-port.ts';

const server = usePostgres();

/** A loopback port nothing listens on. */

function expectOneLine(error: unknown, code: string): void {
  expect(error).toBeInstanceOf(PostgresConnectionError);
  expect((error as PostgresConnectionError).code).toBe(code);
  expect((error as Error).message).not.toContain('\n');
  expect((error as Error).message).not.toContain('s3cret');
}

describe('opening a PostgreSQL database', () => {
  it('names a server that cannot be reached in one line, without the password', async () => {
    const url = `postgres://app:s3cret@127.0.0.1:${await freePort()}/app`;
    const error = await openPostgres(url).catch((e: unknown) => e);
    expectOneLine(error, 'database_unreachable');
    expect((error as Error).message).toContain('postgres://app@127.0.0.1:');
  });

  it('tells a refused password from an unreachable server', () => {
    const url = 'postgres://app:s3cret@db.internal:5433/app';
    expectOneLine(connectionError(Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' }), url), 'database_login_refused');
    expectOneLine(connectionError(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), url), 'database_login_refused');
    expectOneLine(connectionError(Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' }), url), 'database_unreachable');
    expectOneLine(connectionError(new Error('Connection terminated due to connection timeout'), url), 'database_unreachable');
  });

  it('shows a socket URL by its folder and never its password', () => {
    expect(describeServer('postgres://app:s3cret@localhost/app?host=%2Fvar%2Frun%2Fpostgresql')).toBe('postgres://app@/var/run/postgresql:5432/app');
  });

  describe.skipIf(!server.available)('on a real server', () => {
    it('refuses a role the server does not know as a refused login', async () => {
      const url = await server.createDatabase();
      const u = new URL(url);
      u.username = 'no_such_role';
      u.password = 's3cret';
      expectOneLine(await openPostgres(u.toString()).catch((e: unknown) => e), 'database_login_refused');
    });

    it('names a database that does not exist', async () => {
      const url = databaseUrl(await server.createDatabase(), 'no_such_database');
      expectOneLine(await openPostgres(url).catch((e: unknown) => e), 'database_not_found');
    });

    it('reads bigint as a number, and refuses one that a number cannot hold exactly', async () => {
      const database = await openPostgres(await server.createDatabase());
      try {
        const { rows } = await database.pool.query('SELECT count(*) AS n, 9007199254740991::bigint AS max');
        expect(rows[0]).toEqual({ n: 1, max: Number.MAX_SAFE_INTEGER });
        await expect(database.pool.query('SELECT 9007199254740993::bigint AS n')).rejects.toThrow(RangeError);
      } finally {
        await database.close();
      }
    });
  });
});
