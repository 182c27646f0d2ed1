/**
 * Password hashing with scrypt from node:crypto (docs/api.md §12): N = 2^17, r = 8, p = 1 by default,
 * stored as a self-describing string "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" so the cost can rise
 * later without breaking existing accounts. Hashing runs on libuv's thread pool, not the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128·N·r bytes (128 MiB at N = 2^17, r = 8).
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Constant-time check; false for a malformed digest rather than an exception. */
export async function verifyPassword(password: string, digest: string): Promise<boolean> {
  const m = FORMAT.exec(digest);
  if (!m) return false;
  const [, logN, r, p, salt, hash] = m;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await derive(password, Buffer.from(salt!, 'base64'), Number(logN), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Spends the same time as a real check, for logins with an unknown email, so response times do not
 * tell which emails have accounts.
 */
export async function burnPasswordCheck(password: string, logN: number): Promise<void> {
  await derive(password, Buffer.alloc(16), logN, R, P);
}

/** How many hashes may run at once, and how many may wait for a slot before new ones are refused. */
export interface HashingLimits {
  concurrent: number;
  queued: number;
}

/**
 * Each scrypt hash takes about 0.35 s and 128 MiB on libuv's thread pool, which file reads and DNS
 * share: unbounded, a burst of logins starves the whole server. This runs at most `concurrent`
 * hashes at a time, queues `queued` more, and refuses the rest at once with 503 and Retry-After,
 * so a flood costs a bounded amount of memory and time.
 */
export class PasswordHasher {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly logN: number,
    private readonly limits: HashingLimits,
  ) {}

  hash(password: string): Promise<string> {
    return this.slot(() => hashPassword(password, this.logN));
  }

  verify(password: string, digest: string): Promise<boolean> {
    return this.slot(() => verifyPassword(password, digest));
  }

  burn(password: string): Promise<void> {
    return this.slot(() => burnPasswordCheck(password, this.logN));
  }

  /** Hashes running and waiting, for tests and health. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.concurrent) {
      this.active++;
    } else {
      if (this.waiting.length >= this.limits.queued) {
        throw new AppError(503, 'auth_busy', 'Too many sign-ins are being checked right now: retry in a second.', undefined, undefined, { 'Retry-After': '1' });
      }
      // The finishing hash hands its slot over, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
