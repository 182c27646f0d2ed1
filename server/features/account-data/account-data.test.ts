/**
 * Control of an account's data (docs/decisions/038): what the history keeps of API messages, deleting
 * older history, the export, and deleting the account with what must stay (purchases, receipts)
 * kept without anyone's name or email.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, count, customer, personalKey, startPaymentsApp, type Customer, type PaymentsApp } from '../payments/payments.test-support.ts';

let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp();
});
afterAll(() => p.close());

const PASSWORD = 'correct horse battery';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const sign = (key: { apiKey: string; apiSecret: string }, message: string) =>
  request(p.origin).post('/api/crypto/dilion/sign').set({ 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret }).send({ message });
const history = async (who: Customer) => (await who.agent.get('/api/crypto/operations')).body as { message: string | null; messageSha256: string | null; messageLength: number | null; channel: string }[];
const sql = (text: string, ...args: unknown[]) => p.app.database.sqlite.prepare(text).all(...args);

describe('what the history keeps of API messages', () => {
  it('keeps only the SHA-256 and length of an API message by default, nowhere the text', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    const message = 'wire 5,000 € to account 12 — confidential';
    expect((await sign(key, message)).status).toBe(200);
    expect(await history(who)).toMatchObject([{ channel: 'api', message: null, messageSha256: sha256(message), messageLength: Buffer.byteLength(message) }]);
    expect(sql('SELECT message FROM crypto_operations WHERE user_id = ?', who.user.id)).toEqual([{ message: '' }]);
    expect((await who.agent.get('/api/account/data')).body).toMatchObject({ historyKeeps: 'digest', operations: 1 });
  });

  it('keeps the text from the next call once the owner chooses it, and demo calls keep it always', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    await sign(key, 'before the switch');
    const set = await who.agent.patch('/api/account/data').set('Origin', p.origin).send({ historyKeeps: 'text' });
    expect([set.status, set.body.historyKeeps]).toEqual([200, 'text']);
    await sign(key, 'after the switch');
    await who.agent.post('/api/demo/dilion/sign').set('Origin', p.origin).send({ message: 'in the demo' });
    const [demo, after, before] = await history(who);
    expect([demo!.channel, demo!.message]).toEqual(['demo', 'in the demo']);
    expect([after!.message, after!.messageSha256]).toEqual(['after the switch', null]);
    expect([before!.message, before!.messageSha256]).toEqual([null, sha256('before the switch')]);
  });

  it('refuses a setting it does not know, saying which ones there are', async () => {
    const who = await customer(p);
    const res = await who.agent.patch('/api/account/data').set('Origin', p.origin).send({ historyKeeps: 'nothing' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/digest|text/);
  });
});

describe('deleting older history', () => {
  it('deletes the operations older than the chosen age and leaves the newer ones and the usage counts', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    for (const m of ['old 1', 'old 2', 'new 1']) await sign(key, m);
    const ids = (sql('SELECT id FROM crypto_operations WHERE user_id = ? ORDER BY id', who.user.id) as { id: number }[]).map((r) => r.id);
    const daysAgo = (days: number) => Date.now() - days * 86_400_000;
    sql('UPDATE crypto_operations SET created_at = ? WHERE id IN (?, ?) RETURNING id', daysAgo(40), ids[0], ids[1]);
    const usage = (await who.agent.get('/api/usage')).body;
    const res = await who.agent.delete('/api/account/history?olderThanDays=30').set('Origin', p.origin);
    expect([res.status, res.body]).toEqual([200, { deleted: 2 }]);
    expect((await history(who)).map((o) => o.messageSha256)).toEqual([sha256('new 1')]);
    expect((await who.agent.get('/api/usage')).body.apiCallsThisMonth).toBe(usage.apiCallsThisMonth);
    const all = await who.agent.delete('/api/account/history?olderThanDays=0').set('Origin', p.origin);
    expect(all.body).toEqual({ deleted: 1 });
  });

  it('refuses an age that is not a whole number of days from 0 to 3650', async () => {
    const who = await customer(p);
    for (const bad of ['-1', '3651', 'soon', '1.5']) {
      const res = await who.agent.delete(`/api/account/history?olderThanDays=${bad}`).set('Origin', p.origin);
      expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
    }
  });

  it('deletes only the signed-in account’s history', async () => {
    const [alice, bob] = [await customer(p), await customer(p)];
    await sign(await personalKey(p, bob), 'bob keeps this');
    await alice.agent.delete('/api/account/history?olderThanDays=0').set('Origin', p.origin);
    expect(await history(bob)).toHaveLength(1);
  });
});

describe('the export', () => {
  it('holds the profile, the keys’ public parts, purchases, receipts and every operation, and no secret', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    for (let i = 0; i < 3; i++) await sign(key, `export ${i}`);
    await buy(p, who);
    const res = await who.agent.get('/api/account/export').buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => done(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pq-platform-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = res.body as string;
    const data = JSON.parse(text);
    expect(data.format).toBe('pq-platform-account-export/1');
    expect(data.profile).toMatchObject({ id: who.user.id, email: who.user.email, historyKeeps: 'digest' });
    expect(data.apiKeys.map((k: { keyValue: string; keySecret: string | null }) => [k.keyValue, k.keySecret])).toContainEqual([key.apiKey, null]);
    expect(data.signingKeys).toHaveLength(1);
    expect(data.purchases).toMatchObject([{ planType: 'starter', status: 'completed' }]);
    expect(data.receipts).toMatchObject([{ kind: 'receipt', number: expect.stringMatching(/^R-\d{6}$/) }]);
    expect(data.operations.map((o: { messageSha256: string }) => o.messageSha256)).toEqual([2, 1, 0].map((i) => sha256(`export ${i}`)));
    expect(text).not.toContain(key.apiSecret);
  });

  it('pages through a history longer than one page', async () => {
    const who = await customer(p);
    const rows = Array.from({ length: 1203 }, (_, i) => [who.user.id, 'api', 'sign', 'dilion', `m${i}`, '{}']);
    const insert = p.app.database.sqlite.prepare("INSERT INTO crypto_operations (user_id, channel, operation_type, algorithm, message, signature) VALUES (?, ?, ?, ?, ?, ?)");
    p.app.database.sqlite.transaction(() => rows.forEach((r) => insert.run(...r)))();
    const res = await who.agent.get('/api/account/export');
    expect(res.body.operations).toHaveLength(1203);
    expect([res.body.operations[0].message, res.body.operations[1202].message]).toEqual(['m1202', 'm0']);
  });

  it('needs a signed-in session', async () => {
    expect((await request(p.origin).get('/api/account/export')).status).toBe(401);
  });
});

describe('deleting the account', () => {
  const remove = (who: Customer, body: object) => who.agent.post('/api/account/delete').set('Origin', p.origin).send(body);
  const CONFIRM = 'delete my account';

  it('needs the password and the words, and changes nothing otherwise', async () => {
    const who = await customer(p);
    const wrong = await remove(who, { password: 'not it at all', confirm: CONFIRM });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'wrong_password']);
    const unconfirmed = await remove(who, { password: PASSWORD, confirm: 'yes' });
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([400, 'validation_error']);
    expect(unconfirmed.body.message).toContain('delete my account');
    expect((await who.agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
  });

  it('stops the keys and sessions at once, removes personal data and history, and keeps purchases and receipts without name or email', async () => {
    const who = await customer(p);
    const other = request.agent(p.origin);
    await other.post('/api/auth/login').send({ email: who.user.email, password: PASSWORD });
    const key = await personalKey(p, who);
    await sign(key, 'goes with the account');
    await buy(p, who);
    const receiptIds = sql('SELECT id FROM receipts WHERE user_id = ?', who.user.id) as { id: number }[];
    const purchaseIds = sql('SELECT id FROM purchases WHERE user_id = ?', who.user.id) as { id: number }[];
    expect([receiptIds.length, purchaseIds.length]).toEqual([1, 1]);

    const res = await remove(who, { password: PASSWORD, confirm: CONFIRM });
    expect(res.status).toBe(204);
    expect((await sign(key, 'after')).status).toBe(401);
    expect((await who.agent.get('/api/auth/user')).body).toBeNull();
    expect((await other.get('/api/auth/user')).body).toBeNull();
    await p.app.context.accountDeletion.purge(who.user.id);

    expect(count(p, 'SELECT count(*) AS n FROM users WHERE id = ?', who.user.id)).toBe(0);
    expect(count(p, 'SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?', who.user.id)).toBe(0);
    expect(count(p, 'SELECT count(*) AS n FROM signing_keys WHERE user_id = ?', who.user.id)).toBe(0);
    expect(sql('SELECT user_id AS userId, status FROM purchases WHERE id = ?', purchaseIds[0]!.id)).toEqual([{ userId: null, status: 'completed' }]);
    expect(sql('SELECT user_id AS userId, payer_email AS payerEmail, payer_name AS payerName FROM receipts WHERE id = ?', receiptIds[0]!.id)).toEqual([{ userId: null, payerEmail: null, payerName: null }]);
    const mail = p.app.context.mailer.outbox!.list().find((m) => m.to === who.user.email);
    expect(mail?.subject).toBe('Your PQ Platform account was deleted');
    const database = p.app.database.sqlite.serialize().toString('latin1');
    expect(database).not.toContain(who.user.email);
    // The address is free again.
    expect((await request(p.origin).post('/api/auth/register').send({ email: who.user.email, password: PASSWORD, firstName: 'Pat', lastName: 'Again' })).status).toBe(202);
    expect((await request(p.origin).post('/api/auth/login').send({ email: who.user.email, password: PASSWORD })).body.id).not.toBe(who.user.id);
  });

  it('is refused while overage is owed, saying how much', async () => {
    const who = await customer(p);
    sql('UPDATE users SET overage_charges = 1234 WHERE id = ? RETURNING id', who.user.id);
    const res = await remove(who, { password: PASSWORD, confirm: CONFIRM });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'overage_owed', expect.stringContaining('$12.34')]);
  });

  it('asks an account without a password for a recent sign-in instead', async () => {
    const who = await customer(p);
    sql('UPDATE users SET password_digest = NULL WHERE id = ? RETURNING id', who.user.id);
    const deletion = p.app.context.accountDeletion;
    await expect(deletion.delete(who.user.id, { password: '', signedInAt: Date.now() - 11 * 60_000 })).rejects.toMatchObject({ status: 403, code: 'recent_sign_in_required' });
    await deletion.delete(who.user.id, { password: '', signedInAt: Date.now() - 60_000 });
    expect((await who.agent.get('/api/auth/user')).body).toBeNull();
  });

  it('finishes the purge of an account deleted before a restart', async () => {
    const who = await customer(p);
    await sign(await personalKey(p, who), 'left behind');
    sql("UPDATE users SET deleted_at = 1, email = 'deleted-x@deleted.invalid' WHERE id = ? RETURNING id", who.user.id);
    await p.app.context.accountDeletion.resume();
    expect(count(p, 'SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?', who.user.id)).toBe(0);
    expect(count(p, 'SELECT count(*) AS n FROM users WHERE id = ?', who.user.id)).toBe(0);
  });

  it('lets no one else delete it: the route acts on the signed-in account only', async () => {
    const [alice, bob] = [await customer(p), await customer(p)];
    const res = await alice.agent.post('/api/account/delete').set('Origin', p.origin).send({ password: PASSWORD, confirm: CONFIRM, userId: bob.user.id });
    expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
    expect((await bob.agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
  });
});

describe('bad input', () => {
  it('answers a cross-site deletion with 403 and keeps the account', async () => {
    const who = await customer(p);
    const res = await who.agent.post('/api/account/delete').set('Origin', 'https://evil.example').send({ password: PASSWORD, confirm: 'delete my account' });
    expect(res.status).toBe(403);
    expect((await who.agent.get('/api/auth/user')).body).toMatchObject({ id: expect.any(String) });
  });

  it('refuses a member it does not know in the settings body', async () => {
    const who = await customer(p);
    const res = await who.agent.patch('/api/account/data').set('Origin', p.origin).send({ historyKeeps: 'text', keepForever: true });
    expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
  });
});
