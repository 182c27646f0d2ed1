import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

const register = (body: object) => request(app.app).post('/api/auth/register').set('Origin', TEST_ORIGIN).send(body);

describe('registration', () => {
  it('creates the user, signs them in, and never returns the password digest', async () => {
    const { agent, user } = await signUp(app, 'new@example.com');
    expect(user).toMatchObject({ email: 'new@example.com', firstName: 'Ada', lastName: 'Lovelace', subscriptionTier: 'free', apiUsageLimit: 100 });
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/i);
    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    expect(JSON.stringify(me.body)).not.toMatch(/password|scrypt/i);
  });

  it('stores the password as a self-describing scrypt string', async () => {
    const { user } = await signUp(app);
    const row = app.database.sqlite.prepare('SELECT password_digest AS d FROM users WHERE id = ?').get(user.id) as { d: string };
    expect(row.d).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(row.d).not.toContain('correct horse');
  });

  it('answers a taken address (any case) exactly as a new one, creates nothing, and tells the owner instead', async () => {
    const owner = await signUp(app, 'twice@example.com');
    const taken = await register({ email: 'TWICE@example.com', password: 'another fine password', firstName: 'B', lastName: 'C' });
    const fresh = await register({ email: 'once@example.com', password: 'another fine password', firstName: 'B', lastName: 'C' });
    const visible = (res: typeof taken) => ({ status: res.status, body: { ...res.body, email: undefined, message: res.body.message.replace(res.body.email, '') }, cookies: res.headers['set-cookie'] });
    expect(visible(taken)).toEqual(visible(fresh));
    expect(taken.status).toBe(202);
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(app.database.sqlite.prepare("SELECT count(*) AS n FROM users WHERE email = 'twice@example.com'").get()).toEqual({ n: 1 });
    expect((await owner.agent.get('/api/auth/user')).body.firstName).toBe('Ada');
    const mails = app.context.mailer.outbox!.list();
    expect(mails.find((m) => m.to === 'twice@example.com' && m.subject.startsWith('Someone tried'))).toBeDefined();
    expect(mails.find((m) => m.to === 'once@example.com')?.subject).toBe('Verify your email for PQ Platform');
    // The new address's account signs in with its password; the taken one's attempt does not open the owner's.
    expect((await request(app.app).post('/api/auth/login').send({ email: 'once@example.com', password: 'another fine password' })).status).toBe(200);
    expect((await request(app.app).post('/api/auth/login').send({ email: 'twice@example.com', password: 'another fine password' })).status).toBe(401);
  });

  it('refuses a password that is easy to guess, saying why', async () => {
    for (const password of ['password', '12345678', '        ', 'lovelace2026', 'qwertyuiop']) {
      const res = await register({ email: `weak-${Date.now()}@example.com`, password, firstName: 'Ada', lastName: 'Lovelace' });
      expect([password, res.status, res.body.code, res.body.param]).toEqual([password, 400, 'validation_error', 'password']);
      expect(res.body.message).toMatch(/^password is too easy to guess/);
    }
  });

  it('names the field to fix when input is invalid', async () => {
    const res = await register({ email: 'not-an-email', password: 'long enough', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', param: 'email' });
    expect(res.body.message).toMatch(/email/);
    const short = await register({ email: 'a@b.co', password: 'short', firstName: 'A', lastName: 'B' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ param: 'password' });
  });

  it('gives the new account one API key whose secret waits for a single reveal', async () => {
    const { agent } = await signUp(app);
    const keys = await agent.get('/api/keys');
    expect(keys.body).toHaveLength(1);
    expect(keys.body[0]).toMatchObject({ keySecret: null, secretRevealable: true, isActive: true });
    expect(keys.body[0].keyValue).toMatch(/^pk_[0-9A-Za-z]{24}$/);
  });
});

describe('login and logout', () => {
  it('logs in with the right password, regenerating the session id', async () => {
    const { email } = await signUp(app);
    const agent = request.agent(app.app);
    // A session that exists before login (e.g. a demo visitor's) must not survive it.
    const before = await agent.post('/api/demo/session').set('Origin', TEST_ORIGIN);
    expect(before.status).toBe(204);
    const cookieBefore = before.headers['set-cookie']?.[0]?.split(';')[0];
    expect(cookieBefore).toMatch(/^pq\.sid=/);
    const res = await agent.post('/api/auth/login').set('Origin', TEST_ORIGIN).send({ email: email.toUpperCase(), password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    const cookieAfter = res.headers['set-cookie']?.[0]?.split(';')[0];
    expect(cookieAfter).toBeDefined();
    expect(cookieAfter).not.toBe(cookieBefore);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
  });

  it('refuses a wrong password or unknown email with the same 401', async () => {
    const { email } = await signUp(app);
    const wrong = await request(app.app).post('/api/auth/login').send({ email, password: 'wrong password' });
    const unknown = await request(app.app).post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'invalid_credentials', message: 'The email or password is wrong.' });
    }
  });

  it('answers "who am I" with 200 and null when logged out, a normal state and not an error (docs/api.md §12)', async () => {
    const res = await request(app.app).get('/api/auth/user');
    expect([res.status, res.text]).toEqual([200, 'null']);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('logs out with POST: destroys the session, 204, and a cross-origin POST is refused', async () => {
    const { agent } = await signUp(app);
    expect((await agent.post('/api/logout').set('Origin', 'https://elsewhere.example')).status).toBe(403);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
    const res = await agent.post('/api/logout').set('Origin', TEST_ORIGIN);
    expect(res.status).toBe(204);
    expect((await agent.get('/api/auth/user')).body).toBeNull();
    expect((await agent.post('/api/logout').set('Origin', TEST_ORIGIN)).status).toBe(204);
  });

  it('logs out with GET only from a page of this site: same-origin, or an old browser with a Referer of this origin', async () => {
    const { agent } = await signUp(app);
    const signedIn = async () => (await agent.get('/api/auth/user')).body !== null;
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Referer: 'https://blog.app.test/post' },
      { 'Sec-Fetch-Site': 'none' },
      {},
      { Referer: 'https://evil.example/page' },
      { Referer: 'not a url' },
    ]) {
      const res = await agent.get('/api/logout').set(headers);
      expect([res.status, res.headers.location]).toEqual([302, '/']);
      expect(await signedIn()).toBe(true);
    }
    await agent.get('/api/logout').set('Sec-Fetch-Site', 'same-origin');
    expect(await signedIn()).toBe(false);

    const second = await signUp(app);
    await second.agent.get('/api/logout').set('Referer', `${TEST_ORIGIN}/dashboard`);
    expect((await second.agent.get('/api/auth/user')).body).toBeNull();
  });

  it('sends /api/login to the /login page', async () => {
    const res = await request(app.app).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('Google sign-in', () => {
  it('tells the login page whether Google is enabled', async () => {
    expect((await request(app.app).get('/api/auth/providers')).body).toEqual({ password: true, google: false });
  });

  it('answers 503 with a message when not configured', async () => {
    for (const path of ['/api/auth/google', '/api/auth/google/callback']) {
      const res = await request(app.app).get(path);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('google_sign_in_unavailable');
      expect(res.body.message).toMatch(/email and password/);
    }
  });

  it('redirects to Google when configured', async () => {
    const google = await createTestApp({
      config: { engineWorkers: 1, google: { clientId: 'id.apps', clientSecret: 'secret', callbackUrl: '/api/auth/google/callback' } },
    });
    try {
      expect((await request(google.app).get('/api/auth/providers')).body.google).toBe(true);
      const res = await request(google.app).get('/api/auth/google');
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^https:\/\/accounts\.google\.com\/.*client_id=id\.apps/);
    } finally {
      await google.close();
    }
  });
});

describe('CSRF protection', () => {
  it('refuses a cookie-authenticated write from another origin, or with no origin at all', async () => {
    const { agent } = await signUp(app);
    const foreign = await agent.post('/api/keys').set('Origin', 'https://evil.example').send({ keyName: 'x' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('cross_origin_request');
    const bare = await agent.post('/api/keys').send({ keyName: 'x' });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('origin_required');
    const sameSite = await agent.post('/api/keys').set('Sec-Fetch-Site', 'same-origin').send({ keyName: 'x' });
    expect(sameSite.status).toBe(201);
  });
});

describe('rate limits', () => {
  it('limits login attempts and demo calls per address with 429 rate_limited and Retry-After', async () => {
    const limited = await createTestApp({ config: { engineWorkers: 1, rateLimits: { auth: 3, demo: 3, reads: 3, webhooks: 3, paymentPages: 3 } } });
    try {
      const attempt = () => request(limited.app).post('/api/auth/login').send({ email: 'a@b.co', password: 'x' });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const res = await attempt();
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const demo = () => request(limited.app).post('/api/demo/dilion/verify').send({ message: 'x', signature: 'AAAA', publicKey: 'AAAA' });
      for (let i = 0; i < 3; i++) expect((await demo()).status).toBe(400);
      expect((await demo()).body.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('creates at most REGISTRATIONS_PER_HOUR accounts per address, and counts other addresses apart', async () => {
    const limited = await createTestApp({ config: { engineWorkers: 1, trustProxy: 1, registrationsPerHour: 2 } });
    try {
      const register = (n: number, from: string) =>
        request(limited.app).post('/api/auth/register').set('Origin', TEST_ORIGIN).set('X-Forwarded-For', from)
          .send({ email: `many${n}-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'M', lastName: 'Any' });
      expect((await register(1, '203.0.113.7')).status).toBe(202);
      expect((await register(2, '203.0.113.7')).status).toBe(202);
      const refused = await register(3, '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect((await register(4, '198.51.100.9')).status).toBe(202);
      expect(limited.database.sqlite.prepare("SELECT count(*) AS n FROM users WHERE email LIKE 'many%'").get()).toEqual({ n: 3 });
    } finally {
      await limited.close();
    }
  });
});

describe('failed sign-ins per account', () => {
  it('throttles one account after its wrong passwords, from any address, without touching others', async () => {
    const throttled = await createTestApp({ config: { engineWorkers: 1, loginThrottle: { failures: 3, windowMs: 60_000, tracked: 100, maxDelayMs: 60_000 } } });
    try {
      const victim = await signUp(throttled);
      const bystander = await signUp(throttled);
      const login = (email: string, password: string, ip: string) =>
        request(throttled.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
      for (let i = 0; i < 3; i++) expect((await login(victim.email, 'wrong password', `10.0.0.${i}`)).status).toBe(401);
      const refused = await login(victim.email, 'correct horse battery', '10.0.0.9');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('login_throttled');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(bystander.email, 'correct horse battery', '10.0.0.9')).status).toBe(200);
      for (let i = 0; i < 3; i++) await login('nobody@example.com', 'x', '10.0.1.1');
      expect((await login('nobody@example.com', 'x', '10.0.1.1')).body.code).toBe('login_throttled');
    } finally {
      await throttled.close();
    }
  });

  it('never holds back the owner’s own browser, whatever others send (the device cookie)', async () => {
    const app2 = await createTestApp({ config: { engineWorkers: 1, trustProxy: 1, loginThrottle: { failures: 3, windowMs: 60_000, tracked: 100, maxDelayMs: 60_000 } } });
    try {
      const owner = await signUp(app2);
      // The owner's browser signed in before: it holds the account's device cookie.
      const ownBrowser = request.agent(app2.app);
      const first = await ownBrowser.post('/api/auth/login').set('X-Forwarded-For', '192.0.2.7').send({ email: owner.email, password: 'correct horse battery' });
      expect((first.headers['set-cookie'] as unknown as string[]).some((c: string) => c.startsWith('pq.device=') && c.includes('HttpOnly') && c.includes('Path=/api/auth'))).toBe(true);
      for (let i = 0; i < 20; i++) await request(app2.app).post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${i % 3}`).send({ email: owner.email, password: `guess ${i}` });
      const attacker = await request(app2.app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.0').send({ email: owner.email, password: 'correct horse battery' });
      expect(attacker.body.code).toBe('login_throttled');
      const own = await ownBrowser.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.20').set('Origin', TEST_ORIGIN).send({ email: owner.email, password: 'correct horse battery' });
      expect(own.status).toBe(200);
      // A forged or another account's device cookie counts for nothing.
      const forged = await request(app2.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.21').set('Cookie', 'pq.device=abc.def').set('Origin', TEST_ORIGIN).send({ email: owner.email, password: 'correct horse battery' });
      expect(forged.body.code).toBe('login_throttled');
    } finally {
      await app2.close();
    }
  });
});
