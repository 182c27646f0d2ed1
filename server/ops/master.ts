/** The master key as the operations commands see it: read without creating one, written atomically. */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { loadMasterKey } from '../security/master-key.ts';

export interface CurrentKey {
  key: Buffer;
  /** MASTER_KEY in the environment, or the key file. */
  source: 'env' | 'file';
}

/** The key the server would use, or undefined when it would create one (no MASTER_KEY, no key file). */
export function currentMasterKey(config: Config): CurrentKey | undefined {
  if (config.masterKey !== undefined) return { key: loadMasterKey(config.masterKey, config.masterKeyFile), source: 'env' };
  if (existsSync(config.masterKeyFile)) return { key: loadMasterKey(undefined, config.masterKeyFile), source: 'file' };
  return undefined;
}

/** Writes a new key file (mode 0600, refusing to overwrite) and flushes it to disk before returning. */
export function writeKeyFile(file: string, key: Buffer): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${key.toString('base64')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Renames `from` over `to` and flushes the folder, so the rename survives a power cut. */
export function replaceFile(from: string, to: string): void {
  renameSync(from, to);
  const dir = openSync(dirname(to), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * Keeps a key that is being replaced beside the key file, as `master.key.<YYYY-MM-DD>` (`-2`, `-3`
 * for more on one day; mode 0600), since backups taken before a rotation open only with it. A key
 * already kept there (by a rotation that was cut off and is being finished) is not kept twice.
 * Returns the file that holds it.
 */
export function keepOldKey(keyFile: string, key: Buffer, now: Date): string {
  const dir = dirname(keyFile);
  const kept = readdirSync(dir)
    .filter((name) => name.startsWith(`${basename(keyFile)}.`) && /\.\d{4}-\d{2}-\d{2}(-\d+)?$/.test(name))
    .map((name) => join(dir, name));
  const same = kept.find((file) => loadMasterKey(undefined, file).equals(key));
  if (same !== undefined) return same;
  const day = `${keyFile}.${now.toISOString().slice(0, 10)}`;
  let file = day;
  for (let n = 2; existsSync(file); n++) file = `${day}-${n}`;
  writeKeyFile(file, key);
  return file;
}
