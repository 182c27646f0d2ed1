import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { smtpSink } from '../../mail/smtp-sink.test-support.ts';
import { capturedLog, createTestApp, signUp, testConfig, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { VERIFICATION_TTL_MS } from './email-verification.ts';

let sink: Awaited<ReturnType<typeof smtpSink>>;
let app: TestApp;
beforeAll(async () => {
  sink = await smtpSink();
  app = await createTestApp({
    config: { engineWorkers: 1, smtp: { url: `smtp://127.0.0.1:${sink.port}`, to: 'team@example.com', from: 'no-reply@example.com' } },
  });
});
afterAll(async () => {
  await app.close();
  sink.server.close();
});

/** The link in the newest verification mail to `email`, waiting for it: sign-up mails without holding up its answer. */
async function linkMailedTo(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = sink.messages.slice(after).filter((m) => m.includes(email) && m.includes('verify-email'));
    const mail = mails.at(-1);
    if (mail) return /http:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail.replace(/=\r\n/g, '').replace(/=3D/g, '='))![0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no verification mail to ${email}`);
}
const pathOf = (link: string) => link.slice(link.indexOf('/api/'));

describe('email verification', () => {
  it('mails a link at sign-up that verifies the email once, then is spent', async () => {
    const { agent, email } = await signUp(app);
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(false);
    const link = await linkMailedTo(email);
    const opened = await agent.get(pathOf(link));
    expect([opened.status, opened.headers.location]).toEqual([302, '/dashboard?verified=1']);
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(true);
    const again = await agent.get(pathOf(link));
    expect(again.headers.location).toBe('/dashboard?verified=0&reason=invalid_verification_link');
    expect((await agent.post('/api/auth/verify-email/resend').set('Origin', TEST_ORIGIN)).status).toBe(409);
  });

  it('refuses a forged or altered link, keeps only the newest link, and lets links expire after 24 hours', async () => {
    const { agent, user, email } = await signUp(app);
    const first = await linkMailedTo(email);
    const tooSoon = await agent.post('/api/auth/verify-email/resend').set('Origin', TEST_ORIGIN);
    expect([tooSoon.status, tooSoon.body.code, Number(tooSoon.headers['retry-after']) > 0]).toEqual([429, 'resend_too_soon', true]);
    // A minute later, a new link may be sent.
    app.database.sqlite.prepare('UPDATE users SET email_verification_sent_at = ? WHERE id = ?').run(Date.now() - 61_000, user.id);
    const resent = await agent.post('/api/auth/verify-email/resend').set('Origin', TEST_ORIGIN);
    expect(resent.body).toEqual({ delivery: 'sent', mailed: true });
    const second = await linkMailedTo(email);
    expect(second).not.toBe(first);
    expect((await agent.get(pathOf(first))).headers.location).toContain('reason=invalid_verification_link');
    const forged = `/api/auth/verify-email?token=${user.id}.${Date.now() + 1000}.${'A'.repeat(43)}`;
    expect((await agent.get(forged)).headers.location).toContain('reason=invalid_verification_link');
    const token = decodeURIComponent(second.split('token=')[1]!);
    const [id, expires, mac] = token.split('.');
    const stretched = `/api/auth/verify-email?token=${encodeURIComponent(`${id}.${Number(expires) + VERIFICATION_TTL_MS}.${mac}`)}`;
    expect((await agent.get(stretched)).headers.location).toContain('reason=invalid_verification_link');
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(false);
    expect((await agent.get('/api/auth/verify-email')).status).toBe(400);
  });

  it('keeps the link in the outbox of a server without SMTP, and never writes it to the log', async () => {
    const { lines, logger } = capturedLog('info');
    const dir = mkdtempSync(join(tmpdir(), 'pq-verify-'));
    const dev = await createApp({ config: { ...testConfig(dir, { engineWorkers: 1 }), env: 'development' }, logger });
    try {
      expect((await request(dev.app).post('/api/auth/register').send({ email: 'dev@example.com', password: 'correct horse battery', firstName: 'D', lastName: 'V' })).status).toBe(202);
      const res = await request(dev.app).post('/api/auth/login').send({ email: 'dev@example.com', password: 'correct horse battery' });
      const [mail] = dev.context.mailer.outbox!.list();
      expect(mail).toMatchObject({ to: 'dev@example.com', subject: 'Verify your email for PQ Platform' });
      const link = /http:\/\/\S+?token=\S+/.exec(mail!.text)![0];
      const token = new URL(link).searchParams.get('token')!;
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
      expect((await request(dev.app).get(pathOf(link)).set('Cookie', cookie)).headers.location).toBe('/dashboard?verified=1');
      expect(lines.join('').includes(token)).toBe(false);
      expect(lines.join('').includes(token.split('.')[2]!)).toBe(false);
    } finally {
      await dev.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a verification link binds to its account (pre-account hijacking)', () => {
  it('asks a browser not signed in to sign in first, and verifies nothing until the account’s owner is signed in', async () => {
    const { agent, email } = await signUp(app);
    const link = await linkMailedTo(email);
    const anonymous = await request(app.app).get(pathOf(link));
    expect(anonymous.headers.location).toBe(`/login?verify=${encodeURIComponent(decodeURIComponent(link.split('token=')[1]!))}`);
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(false);
    // Signed in (as the sign-in page does after ?verify=), the same link verifies.
    expect((await agent.get(pathOf(link))).headers.location).toBe('/dashboard?verified=1');
  });

  it('verifies nothing for another account signed in in the same browser', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const opened = await other.agent.get(pathOf(await linkMailedTo(owner.email)));
    expect(opened.headers.location).toBe('/dashboard?verified=0&reason=verification_for_another_account');
    expect((await owner.agent.get('/api/auth/user')).body.emailVerified).toBe(false);
  });

  it('leaves an attacker who registered Carol’s address unverified when Carol clicks, and Carol’s Google sign-in does not enter his account', async () => {
    const carol = `carol-${Date.now()}@victim.example`;
    const attacker = await signUp(app, carol);
    // Carol opens the unsolicited mail in her own browser, signed in to nothing.
    await request(app.app).get(pathOf(await linkMailedTo(carol)));
    expect((await attacker.agent.get('/api/auth/user')).body.emailVerified).toBe(false);
    // Carol then chooses "Continue with Google": the attacker's account is not hers to enter.
    await expect(app.context.auth.signInWithGoogle({ id: 'g-carol', email: carol })).rejects.toThrow(expect.objectContaining({ code: 'google_link_required' }));
    expect((await app.context.auth.findById(attacker.user.id))!.googleId).toBeNull();
    // And the attacker cannot buy plans with her address.
    expect((await attacker.agent.post('/api/payments/orders').set('Origin', TEST_ORIGIN).send({ plan: 'starter' })).body.code).toBe('email_unverified');
  });
});

describe('Google sign-in and accounts registered with a password', () => {
  const google = (email: string, id = `g-${email}`) => ({ id, email });

  it('never links Google into an account by its email, verified or not, and creates verified accounts for new emails', async () => {
    const owner = await signUp(app);
    await owner.agent.get(pathOf(await linkMailedTo(owner.email)));
    expect((await owner.agent.get('/api/auth/user')).body.emailVerified).toBe(true);
    await expect(app.context.auth.signInWithGoogle(google(owner.email))).rejects.toThrow(expect.objectContaining({ code: 'google_link_required' }));
    expect((await app.context.auth.findById(owner.user.id))!.googleId).toBeNull();
    const fresh = await app.context.auth.signInWithGoogle(google(`new-${Date.now()}@gmail.com`));
    expect(fresh.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('links Google to a signed-in account from the dashboard, but not a Google account another account uses', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    expect((await app.context.auth.linkGoogle(a.user.id, google('whatever@gmail.com', 'g-shared'))).googleId).toBe('g-shared');
    await expect(app.context.auth.linkGoogle(b.user.id, google('whatever@gmail.com', 'g-shared'))).rejects.toThrow(expect.objectContaining({ code: 'google_account_in_use' }));
  });
});
