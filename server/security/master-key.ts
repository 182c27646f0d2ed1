/**
 * The master key (32 bytes) from MASTER_KEY, or from DATA_DIR/master.key, created with mode 0600 on
 * first start. Everything sealed at rest (signing-key seeds, pending API secrets) and the session
 * cookie secret derive from it with HKDF, each under its own label, so no key is used for two purposes.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '../config.ts';

function decode(text: string, where: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (bytes.length !== 32) {
    throw new ConfigError(`${where} must hold 32 bytes as 64 hex digits or base64 (got ${bytes.length} bytes).`);
  }
  return bytes;
}

export function loadMasterKey(fromEnv: string | undefined, file: string): Buffer {
  if (fromEnv !== undefined) return decode(fromEnv, 'MASTER_KEY');
  if (existsSync(file)) return decode(readFileSync(file, 'utf8'), file);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // 'wx' fails if another process created it meanwhile; then that file is the key.
  try {
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return decode(readFileSync(file, 'utf8'), file);
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}

export type KeyPurpose = 'session-cookie' | 'signing-key-seed' | 'service-key-seed' | 'pending-api-secret' | 'idempotency-body' | 'idempotency-hash' | 'email-verification' | 'device-cookie' | 'totp-secret' | 'demo-address-owner' | 'key-import-secret';

/** A 32-byte subkey for one purpose. */
export function deriveKey(master: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `pq-platform/v1/${purpose}`, 32));
}
