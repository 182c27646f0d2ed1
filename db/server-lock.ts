/**
 * One server process per SQLite database (docs/architecture.md §9): metering's holds, rate limits
 * and login throttles live in the server's memory, so two servers on one file would each admit
 * calls the other does not see. The server takes this lock before it opens the database and keeps
 * it for its whole life; a second server on the same file is refused at start.
 *
 * The lock is SQLite's own file lock (POSIX advisory locks), taken by an EXCLUSIVE transaction on a
 * small lock database beside the data, `<database>.lock`, that stays open: not a pid file, so a
 * server killed outright releases it with its process, and nothing stale is left to clean up. The
 * database itself stays readable, so `backup` and `plan` still work beside a running server.
 */
import { Database } from './sqlite-driver.ts';
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export class ServerLockError extends Error {
  readonly code = 'database_in_use';
}

export interface ServerLock {
  readonly file: string;
  release(): void;
}

export function acquireServerLock(databaseFile: string): ServerLock {
  const file = `${databaseFile}.lock`;
  // Taken before the database is opened, so on a first start the folder may not exist yet (0700, as openDatabase makes it).
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new Database(file, { timeout: 0 });
  chmodSync(file, 0o600);
  try {
    sqlite.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new ServerLockError(
        `Another server is running on ${databaseFile} (it holds ${file}). One server process per SQLite database: stop the other one, or start this one with its own DATA_DIR.`,
      );
    }
    throw error;
  }
  return {
    file,
    release() {
      if (!sqlite.open) return;
      sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}
