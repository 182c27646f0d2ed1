/**
 * Whether a server (or any other process) has the database open, asked of SQLite itself. In WAL
 * mode every open connection holds a shared lock on the database file for as long as it is open,
 * and the server keeps its connection for its whole life; so an exclusive lock, asked for without
 * waiting, is granted only when nobody else has the file open. A server killed outright loses its
 * locks with its process, so a crash never leaves the database looking busy.
 */
import { Database } from '../../db/sqlite-driver.ts';
import { OpsError } from './output.ts';

/**
 * Opens the database and takes an exclusive lock inside an open EXCLUSIVE transaction: the caller
 * commits (or rolls back) and closes. Throws OpsError when another process has the file open.
 */
export function openExclusive(file: string, what: string): Database {
  const sqlite = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    // Kept until close: no server can open the file while this command works on it.
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    return sqlite;
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new OpsError(`${what} refused: ${file} is open in another process (a running server?). Stop the server first.`);
    }
    throw error;
  }
}
