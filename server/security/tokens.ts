/**
 * API-key material (docs/api.md §13): key "pk_" + 24 base62 characters (a public identifier), secret
 * "sk_" + 43 base62 characters (≥ 256 bits). Only SHA-256 of a secret is stored; comparisons are
 * constant-time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 by rejection sampling (bytes ≥ 248 are dropped so no character is favoured). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export const newKeyValue = (): string => 'pk_' + randomBase62(24);
export const newKeySecret = (): string => 'sk_' + randomBase62(43);

export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored digest in constant time. */
export function secretMatches(secret: string, digest: string): boolean {
  const a = Buffer.from(secretDigest(secret), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
