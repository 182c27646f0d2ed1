/**
 * An account's access (docs/decisions/037): password reset by mail (the outbox of a server with no
 * SMTP), password change, and the account's sessions; no token or password in any log line.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { RESET_REQUESTED } from './account.routes.ts';
import { RESET_TTL_MS } from './account-password.ts';

let clock = Date.now();
const { logger, lines: logLines } = capturedLog();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 }, now: () => new Date(clock), logger });
});
afterAll(() => app.close());

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new staple 42';
const login = (email: string, password: string, userAgent = 'TestBrowser/1.0') => {
  const agent = request.agent(app.app);
  return agent.post('/api/auth/login').set('User-Agent', userAgent).send({ email, password }).then((res) => ({ agent, res }));
};
/** The newest mail in the outbox to this address, and the first link in it. */
function mailTo(email: string) {
  const mail = app.context.mailer.outbox!.list().find((m) => m.to === email);
  return mail ? { ...mail, link: /https?:\/\/\S+/.exec(mail.text)?.[0] } : undefined;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('answers the same for an address with an account and one without, and mails only the account', async () => {
    const { email } = await signUp(app);
    const known = await request(app.app).post('/api/auth/password-reset').send({ email });
    const unknown = await request(app.app).post('/api/auth/password-reset').send({ email: `nobody-${Date.now()}@example.com` });
    expect([known.status, known.body]).toEqual([202, { message: RESET_REQUESTED }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const mail = mailTo(email)!;
    expect(mail.subject).toBe('Reset your PQ Platform password');
    expect(mail.link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('sets a new password once, signs every session out, mails a notice, and the old password stops', async () => {
    clock = Date.now();
    const { email, agent: before } = await signUp(app);
    expect((await before.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
    await request(app.app).post('/api/auth/password-reset').send({ email });
    const token = tokenOf(mailTo(email)!.link!);
    expect((await request(app.app).post('/api/auth/password-reset/complete').send({ token, password: NEW_PASSWORD })).status).toBe(204);
    expect((await before.get('/api/auth/user')).body).toBeNull();
    expect(mailTo(email)!.subject).toBe('Your PQ Platform password was changed');
    expect((await login(email, PASSWORD)).res.status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).res.status).toBe(200);
    const again = await request(app.app).post('/api/auth/password-reset/complete').send({ token, password: 'yet another passphrase' });
    expect([again.status, again.body.code]).toEqual([400, 'invalid_reset_link']);
  });

  it('lets a link expire after 30 minutes, and an account have at most 3 links an hour', async () => {
    clock = Date.now();
    const { email } = await signUp(app);
    await request(app.app).post('/api/auth/password-reset').send({ email });
    const token = tokenOf(mailTo(email)!.link!);
    clock += RESET_TTL_MS;
    expect((await request(app.app).post('/api/auth/password-reset/complete').send({ token, password: NEW_PASSWORD })).body.code).toBe('invalid_reset_link');
    const count = () => app.context.mailer.outbox!.list().filter((m) => m.to === email && m.subject.startsWith('Reset')).length;
    for (let i = 0; i < 4; i++) expect((await request(app.app).post('/api/auth/password-reset').send({ email })).status).toBe(202);
    expect(count()).toBe(3);
    clock = Date.now();
  });

  it('refuses a token that is not one and a password too short, with 400 naming the field', async () => {
    const bad = await request(app.app).post('/api/auth/password-reset/complete').send({ token: 'x', password: NEW_PASSWORD });
    expect([bad.status, bad.body.param]).toEqual([400, 'token']);
    const short = await request(app.app).post('/api/auth/password-reset/complete').send({ token: 'A'.repeat(43), password: 'short' });
    expect([short.status, short.body.param]).toEqual([400, 'password']);
    const unknown = await request(app.app).post('/api/auth/password-reset/complete').send({ token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid_reset_link']);
  });
});

describe('changing the password', () => {
  it('needs the current password, and signs out the other sessions but not this one', async () => {
    const { email, agent } = await signUp(app);
    const other = await login(email, PASSWORD, 'OtherBrowser/2.0');
    const wrong = await agent.post('/api/auth/password').set('Origin', TEST_ORIGIN).send({ currentPassword: 'not it', newPassword: NEW_PASSWORD });
    expect([wrong.status, wrong.body.code, wrong.body.param]).toEqual([403, 'wrong_password', 'currentPassword']);
    const changed = await agent.post('/api/auth/password').set('Origin', TEST_ORIGIN).send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.body).toEqual({ sessionsEnded: 1 });
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
    expect((await other.agent.get('/api/auth/user')).body).toBeNull();
    expect((await login(email, NEW_PASSWORD)).res.status).toBe(200);
    expect(mailTo(email)!.subject).toBe('Your PQ Platform password was changed');
  });
});

describe('sessions', () => {
  it('lists the account’s sessions with browser and address, ends one, then all the others', async () => {
    const { email, agent } = await signUp(app);
    const phone = await login(email, PASSWORD, 'Phone/1.0');
    const laptop = await login(email, PASSWORD, 'Laptop/1.0');
    const listed = (await agent.get('/api/auth/sessions')).body as { id: string; userAgent: string; current: boolean; ip: string; signedInAt: string }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = listed.find((s) => s.userAgent === 'Phone/1.0')!;
    expect(phoneSession.ip).toMatch(/127\.0\.0\.1|::ffff:127\.0\.0\.1|::1/);
    expect(phoneSession.signedInAt).not.toBeNull();
    // The list names sessions by a digest, never by the cookie's id.
    const cookie = (phone.res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))!;
    expect(cookie).not.toContain(phoneSession.id);

    expect((await agent.delete(`/api/auth/sessions/${phoneSession.id}`).set('Origin', TEST_ORIGIN)).status).toBe(204);
    expect((await phone.agent.get('/api/auth/user')).body).toBeNull();
    expect((await laptop.agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
    expect((await agent.post('/api/auth/sessions/end-others').set('Origin', TEST_ORIGIN)).body).toEqual({ ended: 1 });
    expect((await laptop.agent.get('/api/auth/user')).body).toBeNull();
    expect((await agent.get('/api/auth/sessions')).body).toHaveLength(1);
  });

  it('ends no session of another account, and refuses ids that are not one', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const [aliceSession] = (await alice.agent.get('/api/auth/sessions')).body as { id: string }[];
    expect((await bob.agent.delete(`/api/auth/sessions/${aliceSession!.id}`).set('Origin', TEST_ORIGIN)).status).toBe(404);
    expect((await alice.agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
    expect((await bob.agent.delete('/api/auth/sessions/not-an-id').set('Origin', TEST_ORIGIN)).status).toBe(400);
  });
});

describe('changing the email', () => {
  it('mails the new address a link that completes the change in the account’s own session, and tells the old one twice', async () => {
    const { email, agent, user } = await signUp(app);
    const next = `moved-${Date.now()}@example.com`;
    const asked = await agent.post('/api/auth/email').set('Origin', TEST_ORIGIN).send({ newEmail: next, currentPassword: PASSWORD });
    expect(asked.status).toBe(202);
    expect(mailTo(email)!.subject).toBe('An email change was asked for on your PQ Platform account');
    const link = mailTo(next)!.link!;
    expect(link).toMatch(/\/api\/auth\/email\/confirm\?token=[A-Za-z0-9_-]{43}$/);
    const path = new URL(link).pathname + new URL(link).search;
    // Signed out, or as another account, the link changes nothing.
    expect((await request(app.app).get(path)).headers.location).toBe(`/login?confirmEmail=${tokenOf(link)}`);
    const other = await signUp(app);
    expect((await other.agent.get(path)).headers.location).toBe('/dashboard?tab=security&email=failed&reason=email_change_for_another_account');
    expect((await agent.get('/api/auth/user')).body.email).toBe(email);
    expect((await agent.get(path)).headers.location).toBe('/dashboard?tab=security&email=changed');
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email: next, emailVerified: true });
    expect(mailTo(email)!.subject).toBe('The email of your PQ Platform account was changed');
    expect((await login(next, PASSWORD)).res.status).toBe(200);
    expect((await login(email, PASSWORD)).res.status).toBe(401);
    expect((await agent.get(path)).headers.location).toContain('reason=invalid_email_change_link');
    expect(user.id).toBeTruthy();
  });

  it('needs the current password, answers a taken address alike, and refuses it only when its link is opened', async () => {
    const taken = await signUp(app);
    const { agent } = await signUp(app);
    expect((await agent.post('/api/auth/email').set('Origin', TEST_ORIGIN).send({ newEmail: taken.email, currentPassword: 'nope' })).body.code).toBe('wrong_password');
    const asked = await agent.post('/api/auth/email').set('Origin', TEST_ORIGIN).send({ newEmail: taken.email, currentPassword: PASSWORD });
    expect(asked.status).toBe(202);
    const link = mailTo(taken.email)!.link!;
    expect((await agent.get(new URL(link).pathname + new URL(link).search)).headers.location).toBe('/dashboard?tab=security&email=failed&reason=email_taken');
    expect((await agent.post('/api/auth/email').set('Origin', TEST_ORIGIN).send({ newEmail: 'not an email' })).status).toBe(400);
  });
});

describe('a sign-in from a new browser', () => {
  it('is mailed to the owner, unless the browser signed in to the account before', async () => {
    const { email, user } = await signUp(app);
    app.database.sqlite.prepare('UPDATE users SET created_at = ? WHERE id = ?').run(Date.now() - 3_600_000, user.id);
    const before = app.context.mailer.outbox!.list().filter((m) => m.to === email && m.subject.startsWith('A new sign-in')).length;
    const first = await login(email, PASSWORD, 'Kiosk/1.0');
    const notices = () => app.context.mailer.outbox!.list().filter((m) => m.to === email && m.subject.startsWith('A new sign-in'));
    expect(notices()).toHaveLength(before + 1);
    expect(notices()[0]!.text).toContain('Browser: Kiosk/1.0');
    // The same browser again (it holds the device cookie now): no mail.
    await first.agent.post('/api/auth/login').set('Origin', TEST_ORIGIN).set('User-Agent', 'Kiosk/1.0').send({ email, password: PASSWORD });
    expect(notices()).toHaveLength(before + 1);
  });
});

describe('logs', () => {
  it('hold no reset token and no password', () => {
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const mail of app.context.mailer.outbox!.list()) {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (link?.includes('token=')) expect(text).not.toContain(tokenOf(link));
    }
    for (const secret of [PASSWORD, NEW_PASSWORD]) expect(text).not.toContain(secret);
  });
});
