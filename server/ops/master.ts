/** The master key as the operations commands see it: read without creating one, written atomically. */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
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
