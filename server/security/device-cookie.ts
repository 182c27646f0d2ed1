/**
 * Device cookies (OWASP's pattern against lockout attacks; docs/decisions/037): a browser that has
 * signed in to an account gets `pq.device`, a random id with an HMAC over the account and that id,
 * under a key derived from the master key. Presented on a later sign-in to the same account, it marks
 * the browser as one the owner used, and the login throttle counts its failures apart from everyone
 * else's. It proves nothing on its own: the password is still needed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'pq.device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 86_400_000;

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class DeviceCookies {
  constructor(private readonly key: Buffer) {}

  /** A new cookie value for a browser that just signed in to this account. */
  issue(userId: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(userId, id)}`;
  }

  /** The device id when `value` is a cookie this server issued for this account, else null. */
  verify(value: string | undefined, userId: string): string | null {
    const [id, mac, extra] = (value ?? '').split('.');
    if (!id || !mac || extra !== undefined || id.length > 64) return null;
    const expected = Buffer.from(this.mac(userId, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(userId: string, id: string): string {
    return createHmac('sha256', this.key).update(`${userId}.${id}`).digest('base64url');
  }
}
