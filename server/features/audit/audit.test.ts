/**
 * The audit log through the API (docs/decisions/055-audit-log.md): the account's key and credential
 * events are recorded with the request's address and id and no secret, listed newest first with the
 * cursor and a type filter, only to their owner; sign and verify calls record nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../security/totp.ts';
import { createTestApp, signUp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { verifyAuditChains } from './audit-verify.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1, trustProxy: 1 } });
});
afterAll(() => app.close());

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];
const events = async (agent: Agent, query = '') => (await agent.get(`/api/v1/audit-events${query}`)).body as { seq: number; type: string; actor: { kind: string; apiKey: string | null }; subject: string | null; details: Record<string, unknown>; clientAddress: string | null; requestId: string | null }[];
const typesOf = async (agent: Agent) => (await events(agent)).map((e) => e.type);

/** Waits for an event recorded after the answer (a failed sign-in is, so that its answer takes no longer). */
async function eventually(agent: Agent, type: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await typesOf(agent)).includes(type)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type} event`);
}

describe('the audit log', () => {
  it('records an API key’s life with the request’s address and id, the key’s pk_ id as subject, and no secret', async () => {
    const who = await signUpWithKey(app);
    const created = await who.agent.post('/api/keys').set({ Origin: TEST_ORIGIN, 'X-Request-Id': 'req-create-1', 'X-Forwarded-For': '203.0.113.9' }).send({ keyName: 'CI', allowedOperations: ['verify'] });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const rotated = await who.agent.post(`/api/keys/${id}/rotate`).set('Origin', TEST_ORIGIN).send({ revokeOldSecret: true });
    await who.agent.patch(`/api/keys/${id}`).set('Origin', TEST_ORIGIN).send({ allowedOperations: null });
    await who.agent.post(`/api/keys/${id}/disable`).set('Origin', TEST_ORIGIN);
    await who.agent.post(`/api/keys/${id}/enable`).set('Origin', TEST_ORIGIN);
    expect((await who.agent.delete(`/api/keys/${id}`).set('Origin', TEST_ORIGIN)).status).toBe(204);

    const log = await events(who.agent);
    expect(log.map((e) => e.type)).toEqual([
      'api_key.deleted', 'api_key.enabled', 'api_key.disabled', 'api_key.restrictions_changed', 'api_key.rotated', 'api_key.created', 'api_key.secret_revealed', 'auth.sign_in',
    ]);
    const creation = log.find((e) => e.type === 'api_key.created')!;
    expect(creation).toMatchObject({
      actor: { kind: 'account', apiKey: null }, subject: created.body.keyValue, clientAddress: '203.0.113.9', requestId: 'req-create-1',
      details: { id, name: 'CI', allowedOperations: ['verify'], expiresAt: null },
    });
    expect(log.find((e) => e.type === 'api_key.restrictions_changed')!.details).toEqual({ id, allowedOperations: null });
    expect(log.find((e) => e.type === 'api_key.rotated')!.details).toEqual({ id, previousRevokedAtOnce: true });
    const text = JSON.stringify(log);
    for (const secret of [who.apiSecret, created.body.keySecret, rotated.body.keySecret, 'correct horse battery']) expect(text).not.toContain(secret);
  });

  it('records signing keys created and exported, password changes, failed sign-ins, sign-out', async () => {
    const who = await signUp(app);
    const key = await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'Release', algorithm: 'ML-DSA-44' });
    await who.agent.get(`/api/signing-keys/${key.body.keyId}/export`);
    await who.agent.post('/api/auth/password').set('Origin', TEST_ORIGIN).send({ currentPassword: 'correct horse battery', newPassword: 'another horse battery staple' });
    const refused = await request(app.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ email: who.email, password: 'wrong wrong wrong' });
    expect(refused.status).toBe(401);
    await eventually(who.agent, 'auth.sign_in_failed');
    const log = await events(who.agent);
    expect(log.find((e) => e.type === 'signing_key.created')).toMatchObject({ subject: key.body.keyId, details: { algorithm: 'ML-DSA-44', name: 'Release' } });
    expect(log.find((e) => e.type === 'signing_key.public_key_exported')).toMatchObject({ subject: key.body.keyId });
    expect(log.find((e) => e.type === 'auth.password_changed')).toMatchObject({ details: { sessionsEnded: 0 } });
    expect(log.find((e) => e.type === 'auth.sign_in_failed')).toMatchObject({ actor: { kind: 'anonymous' }, clientAddress: '198.51.100.7', details: { factor: 'password' } });
    expect(JSON.stringify(log)).not.toMatch(/horse|wrong wrong/);
    const again = request.agent(app.app);
    await again.post('/api/auth/login').send({ email: who.email, password: 'another horse battery staple' });
    expect((await again.post('/api/logout').set('Origin', TEST_ORIGIN)).status).toBe(204);
    expect((await typesOf(who.agent)).slice(0, 2)).toEqual(['auth.sign_out', 'auth.sign_in']);
  });

  it('records two-factor sign-in turned on, new recovery codes, a refused code at sign-in, the sign-in with a code, and turned off; never a code', async () => {
    const who = await signUp(app);
    const post = (agent: Agent, path: string, body?: object) => agent.post(path).set('Origin', TEST_ORIGIN).send(body);
    const setup = await post(who.agent, '/api/auth/two-factor/setup');
    const secret = setup.body.secret as string;
    const enabled = await post(who.agent, '/api/auth/two-factor/enable', { code: totpCode(secret, Date.now()) });
    expect(enabled.status).toBe(200);
    const renewed = await post(who.agent, '/api/auth/two-factor/recovery-codes');
    expect(renewed.status).toBe(200);
    const browser = request.agent(app.app);
    expect((await browser.post('/api/auth/login').send({ email: who.email, password: 'correct horse battery' })).status).toBe(202);
    expect((await post(browser, '/api/auth/login/two-factor', { code: 'aaaaa-aaaaa' })).status).toBe(400);
    await eventually(who.agent, 'auth.sign_in_failed');
    expect((await post(browser, '/api/auth/login/two-factor', { code: renewed.body.recoveryCodes[0] })).status).toBe(200);
    expect((await who.agent.delete('/api/auth/two-factor').set('Origin', TEST_ORIGIN)).status).toBe(204);
    const log = await events(who.agent);
    expect(log.map((e) => e.type)).toEqual([
      'auth.two_factor_disabled', 'auth.sign_in', 'auth.sign_in_failed', 'auth.recovery_codes_regenerated', 'auth.two_factor_enabled', 'auth.sign_in',
    ]);
    expect(log[1]!.details).toEqual({ secondFactor: true, newBrowser: true });
    expect(log[2]).toMatchObject({ actor: { kind: 'anonymous' }, details: { factor: 'two_factor' } });
    expect(log[3]!.details).toEqual({ count: 10 });
    const text = JSON.stringify(log);
    for (const code of [...enabled.body.recoveryCodes, ...renewed.body.recoveryCodes, secret]) expect(text).not.toContain(code);
  });

  it('records an email change when its link is opened, and a password reset by its link, with no token', async () => {
    const who = await signUp(app);
    const linkTo = (address: string) => /https?:\/\/\S+/.exec(app.context.mailer.outbox!.list().find((m) => m.to === address)!.text)![0];
    const next = `moved-${Date.now()}@example.com`;
    expect((await who.agent.post('/api/auth/email').set('Origin', TEST_ORIGIN).send({ newEmail: next, currentPassword: 'correct horse battery' })).status).toBe(202);
    const confirm = new URL(linkTo(next));
    expect((await who.agent.get(confirm.pathname + confirm.search)).headers.location).toBe('/dashboard?tab=security&email=changed');
    await request(app.app).post('/api/auth/password-reset').send({ email: next });
    const token = new URL(linkTo(next)).searchParams.get('token')!;
    const reset = await request(app.app).post('/api/auth/password-reset/complete').set('X-Request-Id', 'reset-1').send({ token, password: 'a brand new staple 42' });
    expect(reset.status).toBe(204);
    const again = request.agent(app.app);
    await again.post('/api/auth/login').send({ email: next, password: 'a brand new staple 42' });
    const log = await events(again);
    expect(log.slice(0, 3).map((e) => e.type)).toEqual(['auth.sign_in', 'auth.password_reset', 'auth.email_changed']);
    expect(log[1]).toMatchObject({ actor: { kind: 'account' }, requestId: 'reset-1', details: {} });
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(confirm.searchParams.get('token')!);
  });

  it('records nothing for a failed sign-in to an address with no account, and nothing for sign and verify calls but the default key made on first use', async () => {
    const before = (await app.context.storage.audit.accountsWithEvents()).length;
    await request(app.app).post('/api/auth/login').send({ email: 'nobody-here@example.com', password: 'wrong wrong wrong' });
    const who = await signUpWithKey(app);
    const sign = () => request(app.app).post('/api/crypto/dilion/sign').set({ 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret }).send({ message: 'hello' });
    for (let i = 0; i < 3; i++) expect((await sign()).status).toBe(200);
    const log = await events(who.agent);
    expect(log.map((e) => e.type)).toEqual(['signing_key.created', 'api_key.secret_revealed', 'auth.sign_in']);
    expect(log[0]).toMatchObject({ actor: { kind: 'system' }, details: { algorithm: 'ML-DSA-65', default: true } });
    expect((await app.context.storage.audit.accountsWithEvents()).length).toBe(before + 1);
  });

  it('pages newest first with X-Next-Cursor, filters by type, and shows an account only its own events', async () => {
    const who = await signUp(app);
    for (let i = 0; i < 4; i++) await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: `k${i}` });
    const first = await who.agent.get('/api/v1/audit-events?limit=3');
    expect(first.body.map((e: { seq: number }) => e.seq)).toEqual([5, 4, 3]);
    expect(first.headers['x-next-cursor']).toBe('3');
    const second = await who.agent.get('/api/v1/audit-events?limit=3&before=3');
    expect(second.body.map((e: { seq: number }) => e.seq)).toEqual([2, 1]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect((await events(who.agent, '?type=auth.sign_in')).map((e) => e.seq)).toEqual([1]);
    const other = await signUp(app);
    expect((await events(other.agent)).map((e) => e.type)).toEqual(['auth.sign_in']);
    expect((await request(app.app).get('/api/v1/audit-events')).status).toBe(401);
  });

  it.each([
    ['?type=api_key.eaten', 'type'],
    ['?limit=0', 'limit'],
    ['?before=abc', 'before'],
    ['?colour=red', undefined],
  ])('answers 400 naming what to fix for %s', async (query, param) => {
    const who = await signUp(app);
    const res = await who.agent.get(`/api/v1/audit-events${query}`);
    expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
    if (param) expect(res.body.param).toBe(`query.${param}`);
    expect(res.body.message.length).toBeGreaterThan(10);
  });

  it('leaves every chain it wrote verifiable', async () => {
    const result = await verifyAuditChains(app.context.storage.audit);
    expect(result.broken).toBeUndefined();
    expect(result.events).toBeGreaterThan(20);
  });
});
