import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { Mailer } from './mailer.ts';
import { Outbox } from './outbox.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pq-outbox-'));
  dirs.push(dir);
  return join(dir, 'outbox');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the outbox', () => {
  it('keeps each mail as one file of its own, readable by its owner only, newest first', () => {
    let t = Date.parse('2026-11-26T10:00:00Z');
    const outbox = new Outbox(tempDir(), () => new Date((t += 1000)));
    outbox.keep({ from: 'no-reply@localhost', to: 'a@example.com', subject: 'First', text: 'one\nhttps://x.example/a' });
    outbox.keep({ from: 'no-reply@localhost', to: 'b@example.com', subject: 'Second', text: 'two' });
    expect(outbox.list().map((m) => [m.subject, m.to, m.text])).toEqual([['Second', 'b@example.com', 'two'], ['First', 'a@example.com', 'one\nhttps://x.example/a']]);
    expect(statSync(outbox.dir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(outbox.dir)) expect(statSync(join(outbox.dir, file)).mode & 0o777).toBe(0o600);
  });

  it('keeps at most its limit, dropping the oldest', () => {
    let t = 0;
    const outbox = new Outbox(tempDir(), () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)), 3);
    for (let i = 1; i <= 5; i++) outbox.keep({ from: 'f@x', to: 't@x', subject: `m${i}`, text: '' });
    expect(outbox.list().map((m) => m.subject)).toEqual(['m5', 'm4', 'm3']);
    expect(readdirSync(outbox.dir)).toHaveLength(3);
  });

  it('keeps a header on one line, and reads no file outside its own names', () => {
    const outbox = new Outbox(tempDir());
    const id = outbox.keep({ from: 'f@x', to: 't@x', subject: 'Hello\r\nBcc: victim@example.com', text: 'body' });
    expect(outbox.read(id)).toMatchObject({ subject: 'Hello Bcc: victim@example.com', text: 'body' });
    for (const bad of ['../../etc/passwd', '20261126T100000000Z-zzzzzzzz', '']) expect(outbox.read(bad)).toBeUndefined();
  });

  it('is where a mailer with no SMTP puts its mail, and says so', async () => {
    const outbox = new Outbox(tempDir());
    expect(await new Mailer(undefined, outbox).send({ to: 'a@example.com', subject: 's', text: 't' })).toBe('kept');
    expect(await new Mailer(undefined, null).send({ to: 'a@example.com', subject: 's', text: 't' })).toBe('unsent');
    expect(outbox.list()).toHaveLength(1);
  });
});

describe('/outbox on a server with no SMTP that nobody else can reach', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { engineWorkers: 1 } });
  });
  afterAll(() => app.close());

  it('holds the verification link of a new account, clickable, and a resent one is said to be kept', async () => {
    expect(app.config.mail).toBe('outbox');
    const { agent, email } = await signUp(app);
    const page = await request(app.app).get('/outbox');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(`To ${email}`);
    const link = /<a href="(http[^"]+verify-email\?token=[^"]+)"/.exec(page.text)![1]!;
    app.database.sqlite.prepare("UPDATE users SET email_verification_sent_at = 0 WHERE email = ?").run(email);
    const resent = await agent.post('/api/auth/verify-email/resend').set('Origin', TEST_ORIGIN);
    expect(resent.body).toEqual({ delivery: 'kept', mailed: false });
    // The newest link works (a resend replaces the first one).
    const newest = /<a href="(http[^"]+verify-email\?token=[^"]+)"/.exec((await request(app.app).get('/outbox')).text)![1]!;
    expect(newest).not.toBe(link);
    const opened = await agent.get(new URL(newest.replaceAll('&amp;', '&')).pathname + new URL(newest.replaceAll('&amp;', '&')).search);
    expect(opened.headers.location).toBe('/dashboard?verified=1');
    expect((await request(app.app).get('/api/health')).body.mail).toBe('outbox');
  });

  it('shows nothing through a proxy', async () => {
    for (const header of ['X-Forwarded-For', 'Forwarded', 'Via']) {
      const res = await request(app.app).get('/outbox').set(header, '203.0.113.9');
      expect([header, res.status]).toEqual([header, 403]);
      expect(res.text).not.toContain('verify-email');
    }
  });
});
