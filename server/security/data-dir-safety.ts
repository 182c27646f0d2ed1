/**
 * What a server stores (the database with sealed keys, master.key) must be writable by its owner
 * alone. A DATA_DIR or master.key that anyone may write, or that another user owns, lets someone
 * else swap the key or the database under the server, so a start on one stops with a message
 * saying how to fix it. Folders and files this server creates are 0700 and 0600 already.
 */
import { statSync } from 'node:fs';
import { ConfigError } from '../config.ts';

/** The problem with `path` (a folder or file that exists), or undefined when it is safe or absent. */
export function unsafeOwnership(path: string, uid: number | undefined = process.getuid?.()): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (stat.mode & 0o002) return `${path} is writable by every user of this machine: run chmod o-w ${path}`;
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) return `${path} belongs to another user (uid ${stat.uid}; this server runs as uid ${uid}): chown it to this user, or use a DATA_DIR of your own`;
  return undefined;
}

/** Stops a start whose DATA_DIR or master.key is unsafe (see above). */
export function assertDataDirSafe(dataDir: string, masterKeyFile: string, uid?: number): void {
  const problem = unsafeOwnership(dataDir, uid) ?? unsafeOwnership(masterKeyFile, uid);
  if (problem !== undefined) throw new ConfigError(`Refusing to start: ${problem}.`);
}
