import { createHmac } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, stepAt, totpCode, totpUri } from './totp.ts';

/**
 * RFC 6238 Appendix B: the reference values for the seeds "1234567890" repeated to 20, 32 and 64
 * bytes (SHA-1, SHA-256, SHA-512), 8 digits, T0 = 0, X = 30. IETF Trust Legal Provisions (BCP 78).
 */
const RFC6238 = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
] as const;

/** RFC 4226 §5.3 from node:crypto's HMAC: an implementation independent of otpauth. */
function referenceTotp(secret: Buffer, atMs: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[19]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return value.toString().padStart(digits, '0');
}

describe('TOTP (RFC 6238)', () => {
  it.each(RFC6238)('matches Appendix B at T = %i s for SHA-1, SHA-256 and SHA-512', (t, sha1, sha256, sha512) => {
    const seed = (n: number) => Secret.fromUTF8('1234567890'.repeat(7).slice(0, n));
    const code = (algorithm: string, n: number) => new TOTP({ algorithm, digits: 8, period: 30, secret: seed(n) }).generate({ timestamp: t * 1000 });
    expect([code('SHA1', 20), code('SHA256', 32), code('SHA512', 64)]).toEqual([sha1, sha256, sha512]);
  });

  it('gives the codes of an independent HMAC-SHA-1 implementation for random secrets and times', () => {
    for (let i = 0; i < 200; i++) {
      const secret = newTotpSecret();
      const at = Math.floor(Math.random() * 4e12);
      expect(totpCode(secret, at)).toBe(referenceTotp(Buffer.from(Secret.fromBase32(secret).bytes), at));
    }
  });

  it('accepts the step before, the current one and the one after, and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect([-1, 0, 1].map((d) => acceptedStep(secret, totpCode(secret, now + d * 30_000), now, null))).toEqual([step - 1, step, step + 1]);
    expect(acceptedStep(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a code again once its step was used, and an earlier step after a later one', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const used = acceptedStep(secret, totpCode(secret, now), now, null)!;
    expect(acceptedStep(secret, totpCode(secret, now), now, used)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, now - 30_000), now, used)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, now + 30_000), now + 30_000, used)).toBe(used + 1);
  });

  it('rejects a flipped digit', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCode(secret, now);
    const flipped = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    expect(acceptedStep(secret, flipped, now, null)).toBeNull();
  });

  it('writes a URI authenticator apps read: issuer, account, SHA1, 6 digits, 30 s', () => {
    const uri = new URL(totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('PQ Platform');
    expect(Object.fromEntries(['secret', 'algorithm', 'digits', 'period'].map((k) => [k, uri.searchParams.get(k)]))).toEqual({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: '6', period: '30',
    });
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
  });
});
