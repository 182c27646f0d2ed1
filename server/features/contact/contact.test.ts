import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSink } from '../../mail/smtp-sink.test-support.ts';
import { createTestApp, type TestApp } from '../../test-support.ts';

let sink: Awaited<ReturnType<typeof smtpSink>>;
let app: TestApp;
beforeAll(async () => {
  sink = await smtpSink();
  app = await createTestApp({
    config: { engineWorkers: 1, smtp: { url: `smtp://127.0.0.1:${sink.port}`, to: 'team@example.com', from: 'site@example.com' } },
  });
});
afterAll(async () => {
  await app.close();
  sink.server.close();
});

describe('contact with SMTP configured', () => {
  it('stores the message and mails it to the team, replying to the sender', async () => {
    const res = await request(app.app)
      .post('/api/contact')
      .send({ name: 'Kim', email: 'kim@example.com', subject: 'integration', message: 'How do I verify in Go?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', mailed: true });
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail).toMatch(/^To: team@example\.com/m);
    expect(mail).toMatch(/^Reply-To: kim@example\.com/m);
    expect(mail).toMatch(/^Subject: Contact: integration - Kim/m);
    expect(mail).toContain('How do I verify in Go?');
    // In the team's mailbox now: not kept here too.
    expect(app.database.sqlite.prepare('SELECT count(*) AS n FROM contact_messages').get()).toEqual({ n: 0 });
  });

  it('keeps the message when the mail server is unreachable', async () => {
    const unreachable = await createTestApp({
      config: { engineWorkers: 1, smtp: { url: 'smtp://127.0.0.1:1', to: 'team@example.com', from: 'site@example.com' } },
    });
    try {
      const res = await request(unreachable.app).post('/api/contact').send({ name: 'Lee', email: 'lee@example.com', message: 'Hi' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ mailed: false, status: 'pending' });
      const row = unreachable.database.sqlite.prepare('SELECT subject FROM contact_messages WHERE id = ?').get(res.body.id);
      expect(row).toEqual({ subject: 'general' });
    } finally {
      await unreachable.close();
    }
  });
});

describe('contact without SMTP', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ config: { engineWorkers: 1 } });
  });
  afterAll(() => plain.close());

  it('stores a valid message as pending, without mailing when SMTP is not configured', async () => {
    const res = await request(plain.app).post('/api/contact').send({ name: 'Kim', email: 'kim@example.com', subject: 'partnership', message: 'Hello' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', mailed: false });
    const row = plain.database.sqlite.prepare('SELECT * FROM contact_messages WHERE id = ?').get(res.body.id);
    expect(row).toMatchObject({ name: 'Kim', subject: 'partnership', status: 'pending' });
  });

  it('uses the messages of docs/product.md §5 for missing or invalid fields', async () => {
    const cases: [object, string, string][] = [
      [{ email: 'kim@example.com', message: 'x' }, 'name', 'Name is required'],
      [{ name: 'Kim', email: 'nope', message: 'x' }, 'email', 'Invalid email address'],
      [{ name: 'Kim', email: 'kim@example.com', message: '   ' }, 'message', 'Message is required'],
      [{ name: 'Kim', email: 'kim@example.com', message: 'x', subject: 'sales' }, 'subject', 'must be one of'],
    ];
    for (const [body, param, text] of cases) {
      const res = await request(plain.app).post('/api/contact').send(body);
      expect(res.status).toBe(400);
      expect(res.body.param).toBe(param);
      expect(res.body.message).toContain(text);
    }
  });
});

describe('contact messages per address', () => {
  it('takes at most the day\'s number from one address, then answers 429 with Retry-After', async () => {
    const capped = await createTestApp({ config: { engineWorkers: 1, contactMessagesPerDay: 2 } });
    try {
      const send = () => request(capped.app).post('/api/contact').send({ name: 'Kim', email: 'kim@example.com', message: 'Hello' });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
      expect(capped.database.sqlite.prepare('SELECT count(*) AS n FROM contact_messages').get()).toEqual({ n: 2 });
    } finally {
      await capped.close();
    }
  });
});
