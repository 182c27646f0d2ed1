import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveKey, loadMasterKey } from './master-key.ts';
import { hashPassword, PasswordHasher, verifyPassword } from './passwords.ts';
import { createSealer } from './sealing.ts';
import { newKeySecret, newKeyValue, secretDigest, secretMatches } from './tokens.ts';

describe('master key', () => {
  it('is created once with mode 0600 and read back the same', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pq-key-')), 'sub', 'master.key');
    const first = loadMasterKey(undefined, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterKey(undefined, file).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain(first.toString('hex'));
  });

  it('accepts MASTER_KEY as hex or base64 and refuses a wrong length', () => {
    const hex = 'ab'.repeat(32);
    expect(loadMasterKey(hex, '/nonexistent').toString('hex')).toBe(hex);
    expect(loadMasterKey(Buffer.from(hex, 'hex').toString('base64'), '/nonexistent').toString('hex')).toBe(hex);
    expect(() => loadMasterKey('abcd', '/nonexistent')).toThrow(/32 bytes/);
  });

  it('derives different subkeys per purpose', () => {
    const master = Buffer.alloc(32, 1);
    expect(deriveKey(master, 'session-cookie').equals(deriveKey(master, 'signing-key-seed'))).toBe(false);
  });
});

describe('sealing', () => {
  const sealer = createSealer(Buffer.alloc(32, 7));
  it('round-trips and refuses other associated data or tampering', () => {
    const sealed = sealer.seal(Buffer.from('seed'), 'key:1');
    expect(sealer.open(sealed, 'key:1').toString()).toBe('seed');
    expect(() => sealer.open(sealed, 'key:2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[14] ^= 1;
    expect(() => sealer.open('v1.' + raw.toString('base64'), 'key:1')).toThrow();
  });
});

describe('passwords', () => {
  it('stores a self-describing scrypt string that verifies only the right password', async () => {
    const digest = await hashPassword('correct horse', 10);
    expect(digest).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse', digest)).toBe(true);
    expect(await verifyPassword('wrong horse', digest)).toBe(false);
    expect(await verifyPassword('x', 'not-a-digest')).toBe(false);
  });

  it('uses N = 2^17, r = 8, p = 1 when asked for the production cost', async () => {
    const digest = await hashPassword('pw', 17);
    expect(digest.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(await verifyPassword('pw', digest)).toBe(true);
  });
});

describe('API key material', () => {
  it('has the documented shapes and 256-bit secrets', () => {
    expect(newKeyValue()).toMatch(/^pk_[0-9A-Za-z]{24}$/);
    expect(newKeySecret()).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    expect(new Set(Array.from({ length: 100 }, newKeySecret)).size).toBe(100);
  });

  it('matches a secret against its digest only', () => {
    const secret = newKeySecret();
    expect(secretMatches(secret, secretDigest(secret))).toBe(true);
    expect(secretMatches(secret + 'x', secretDigest(secret))).toBe(false);
    expect(secretMatches(secret, 'short')).toBe(false);
  });
});

describe('PasswordHasher', () => {
  it('runs at most `concurrent` hashes, queues `queued` more and refuses the rest at once with 503 and Retry-After', async () => {
    const hasher = new PasswordHasher(12, { concurrent: 2, queued: 3 });
    const digest = await hashPassword('pw', 12);
    const checks = Array.from({ length: 9 }, () => hasher.verify('pw', digest));
    expect(hasher.load).toEqual({ active: 2, waiting: 3 });
    const outcomes = await Promise.allSettled(checks);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === true)).toHaveLength(5);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ status: 503, code: 'auth_busy', headers: { 'Retry-After': '1' } });
    expect(hasher.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees its slot when a hash fails', async () => {
    const hasher = new PasswordHasher(40, { concurrent: 1, queued: 0 });
    await expect(hasher.hash('pw')).rejects.toThrow();
    expect(hasher.load).toEqual({ active: 0, waiting: 0 });
  });
});
