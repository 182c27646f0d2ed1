/**
 * Two-factor sign-in (docs/decisions/039): set up with a code from the app, the code after the
 * password, recovery codes, replay and guessing refused, step-up for sensitive actions, and no
 * secret or code in any log line.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLoginThrottleStore } from '../../security/login-throttle-store.ts';
import { createSealer } from '../../security/sealing.ts';
import { totpCode } from '../../security/totp.ts';
import { capturedLog, createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import type { AccountNotices } from './account-notices.ts';
import { TwoFactor } from './two-factor.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

let clock = Date.now();
const { logger, lines: logLines } = capturedLog();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 }, now: () => new Date(clock), logger });
});
afterAll(() => app.close());

const PASSWORD = 'correct horse battery';
type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
const post = (agent: Agent, path: string, body?: object) => agent.post(path).set('Origin', TEST_ORIGIN).send(body);

/** A signed-up account with two-factor sign-in on: its secret and recovery codes. */
async function withTwoFactor() {
  clock += 120_000; // a fresh 30-second step for each account's codes
  const account = await signUp(app);
  const setup = await post(account.agent, '/api/auth/two-factor/setup');
  expect(setup.status).toBe(200);
  const enabled = await post(account.agent, '/api/auth/two-factor/enable', { code: totpCode(setup.body.secret, clock) });
  expect(enabled.status).toBe(200);
  return { ...account, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

async function passwordStep(email: string) {
  const agent = request.agent(app.app);
  const res = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
  return { agent, res };
}

describe('setting up two-factor sign-in', () => {
  it('turns on only with a code from the proposed secret, and gives ten recovery codes once', async () => {
    const { agent, email } = await signUp(app);
    const setup = await post(agent, '/api/auth/two-factor/setup');
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/PQ%20Platform:.+\?.*secret=[A-Z2-7]{32}/);
    const wrong = await post(agent, '/api/auth/two-factor/enable', { code: '000000' === totpCode(setup.body.secret, clock) ? '111111' : '000000' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'invalid_two_factor_code']);
    expect((await agent.get('/api/auth/two-factor')).body.enabled).toBe(false);
    const enabled = await post(agent, '/api/auth/two-factor/enable', { code: totpCode(setup.body.secret, clock) });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await agent.get('/api/auth/two-factor')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await agent.get('/api/auth/user')).body.twoFactorEnabled).toBe(true);
    expect(app.context.mailer.outbox!.list().find((m) => m.to === email)?.subject).toBe('Two-factor sign-in is on for your PQ Platform account');
  });

  it('refuses to enable without a set-up, and a second set-up while on', async () => {
    const { agent } = await signUp(app);
    expect((await post(agent, '/api/auth/two-factor/enable', { code: '123456' })).body.code).toBe('two_factor_not_started');
    const { agent: on } = await withTwoFactor();
    expect((await post(on, '/api/auth/two-factor/setup')).body.code).toBe('two_factor_already_on');
  });
});

describe('signing in with two factors', () => {
  it('signs nobody in with the password alone, and signs in with the app’s code', async () => {
    const { email, secret } = await withTwoFactor();
    clock += 30_000;
    const { agent, res } = await passwordStep(email);
    expect([res.status, res.body.twoFactorRequired]).toEqual([202, true]);
    expect((await agent.get('/api/auth/user')).body).toBeNull();
    expect((await agent.get('/api/keys')).status).toBe(401);
    const done = await agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: totpCode(secret, clock) });
    expect([done.status, done.body.email]).toEqual([200, email]);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
  });

  it('accepts a code once: the same code in another browser is refused', async () => {
    const { email, secret } = await withTwoFactor();
    clock += 30_000;
    const first = await passwordStep(email);
    const code = totpCode(secret, clock);
    expect((await first.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code })).status).toBe(200);
    const second = await passwordStep(email);
    const replay = await second.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code });
    expect([replay.status, replay.body.code]).toEqual([400, 'invalid_two_factor_code']);
  });

  it('takes a recovery code once, typed with spaces or capitals', async () => {
    const { email, recoveryCodes, agent: owner } = await withTwoFactor();
    const first = await passwordStep(email);
    expect((await first.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: ` ${recoveryCodes[3]!.toUpperCase()} ` })).status).toBe(200);
    const again = await passwordStep(email);
    expect((await again.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: recoveryCodes[3] })).body.code).toBe('invalid_two_factor_code');
    expect((await owner.get('/api/auth/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('asks for the password again after 5 wrong codes, and after 5 minutes', async () => {
    const { email, secret } = await withTwoFactor();
    const { agent } = await passwordStep(email);
    for (let i = 0; i < 5; i++) expect((await agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: 'aaaaa-aaaaa' })).status).toBe(400);
    const after = await agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: totpCode(secret, clock) });
    expect([after.status, after.body.code]).toEqual([401, 'sign_in_again']);

    const late = await passwordStep(email);
    clock += 5 * 60_000 + 1;
    expect((await late.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: totpCode(secret, clock) })).body.code).toBe('sign_in_again');
  });

  it('refuses every code, the right one too, after 10 wrong ones on the account in 15 minutes', async () => {
    const { email, secret } = await withTwoFactor();
    for (let round = 0; round < 2; round++) {
      const { agent } = await passwordStep(email);
      for (let i = 0; i < 5; i++) await agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: 'aaaaa-aaaaa' });
    }
    clock += 30_000;
    const { agent } = await passwordStep(email);
    const refused = await agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: totpCode(secret, clock) });
    expect([refused.status, refused.body.code]).toEqual([429, 'two_factor_throttled']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock += 15 * 60_000;
    const later = await passwordStep(email);
    expect((await later.agent.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: totpCode(secret, clock) })).status).toBe(200);
  });

  it('checks at most 10 of 20 wrong codes sent at once while storage is slow, refusing the rest with 429', async () => {
    let lookedUp = 0;
    // Storage that answers a few milliseconds later, as a PostgreSQL server does: the codes overlap.
    const slow = { useRecoveryCode: () => (lookedUp++, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5))) } as unknown as TwoFactorRepository;
    const twoFactor = new TwoFactor(slow, new MemoryLoginThrottleStore(100), createSealer(randomBytes(32)), {} as AccountNotices, logger);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => twoFactor.verify('u1', 'aaaaa-aaaaa')));
    const codes = outcomes.map((o) => (o as PromiseRejectedResult).reason.code as string);
    expect(lookedUp).toBe(10);
    expect(codes.filter((c) => c === 'invalid_two_factor_code')).toHaveLength(10);
    expect(codes.filter((c) => c === 'two_factor_throttled')).toHaveLength(10);
  });

  it('answers a code without a password first with 401, and a malformed body with 400', async () => {
    const stranger = request.agent(app.app);
    expect((await stranger.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send({ code: '123456' })).body.code).toBe('sign_in_again');
    for (const body of [{}, { code: 12 }, { code: '1' }, { code: 'x'.repeat(40) }, { code: '123456', extra: 1 }]) {
      const res = await stranger.post('/api/auth/login/two-factor').set('Origin', TEST_ORIGIN).send(body);
      expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
    }
  });
});

describe('step-up for sensitive actions', () => {
  it('asks for a code to rotate a key once 10 minutes have passed since the last one, then allows it', async () => {
    const { agent, secret } = await withTwoFactor();
    const [key] = (await agent.get('/api/keys')).body;
    expect((await post(agent, `/api/keys/${key.id}/rotate`, {})).status).toBe(200);
    clock += 10 * 60_000 + 1;
    const refused = await post(agent, `/api/keys/${key.id}/rotate`, {});
    expect([refused.status, refused.body.code]).toEqual([403, 'step_up_required']);
    expect((await agent.get('/api/auth/two-factor')).body.stepUpUntil).toBeNull();
    const stepped = await post(agent, '/api/auth/step-up', { code: totpCode(secret, clock) });
    expect(stepped.status).toBe(200);
    expect(Date.parse(stepped.body.stepUpUntil)).toBe(clock + 10 * 60_000);
    expect((await post(agent, `/api/keys/${key.id}/rotate`, {})).status).toBe(200);
  });

  it('guards turning two-factor off and deleting the account the same way', async () => {
    const { agent, secret } = await withTwoFactor();
    clock += 10 * 60_000 + 1;
    expect((await agent.delete('/api/auth/two-factor').set('Origin', TEST_ORIGIN)).body.code).toBe('step_up_required');
    expect((await post(agent, '/api/account/delete', { password: PASSWORD, confirm: 'delete my account' })).body.code).toBe('step_up_required');
    expect((await post(agent, '/api/auth/two-factor/recovery-codes')).body.code).toBe('step_up_required');
    await post(agent, '/api/auth/step-up', { code: totpCode(secret, clock) });
    expect((await agent.delete('/api/auth/two-factor').set('Origin', TEST_ORIGIN)).status).toBe(204);
    expect((await agent.get('/api/auth/two-factor')).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('asks nothing more of an account without two-factor sign-in', async () => {
    const { agent } = await signUp(app);
    clock += 60 * 60_000;
    const [key] = (await agent.get('/api/keys')).body;
    expect((await post(agent, `/api/keys/${key.id}/rotate`, {})).status).toBe(200);
  });

  it('signs in with the password alone again once turned off', async () => {
    const { agent, email } = await withTwoFactor();
    expect((await agent.delete('/api/auth/two-factor').set('Origin', TEST_ORIGIN)).status).toBe(204);
    expect((await passwordStep(email)).res.status).toBe(200);
  });
});

describe('secrets', () => {
  it('writes no TOTP secret, code or recovery code to the log, and keeps the secret sealed in the database', async () => {
    const { secret, recoveryCodes, user } = await withTwoFactor();
    const log = logLines.join('');
    expect(log).not.toContain(secret);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
    const row = app.database.sqlite.prepare('SELECT totp_secret AS s FROM users WHERE id = ?').get(user.id) as { s: string };
    expect(row.s).not.toContain(secret);
    const stored = app.database.sqlite.prepare('SELECT code_digest AS d FROM recovery_codes WHERE user_id = ?').all(user.id) as { d: string }[];
    expect(stored.map((r) => r.d).join()).not.toContain(recoveryCodes[0]!.slice(0, 5));
  });
});
