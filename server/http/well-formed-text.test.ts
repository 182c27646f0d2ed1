import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithKey, type TestApp } from '../test-support.ts';
import { malformedTextPath } from './well-formed-text.ts';

describe('malformedTextPath', () => {
  it('names the first string or key holding a lone surrogate, and nothing in well-formed text', () => {
    expect(malformedTextPath({ message: 'héllo 😀 안녕', n: 1, list: ['a', null] })).toBeUndefined();
    expect(malformedTextPath({ message: 'a\ud800b' })).toBe('message');
    expect(malformedTextPath({ items: [{ text: 'ok' }, { text: '\udc00' }] })).toBe('items[1].text');
    expect(malformedTextPath({ ['k\ud83d']: 'v' })).toBe('k\ud83d');
    expect(malformedTextPath(['\ud83d'])).toBe('[0]');
  });
});

describe('a message with a lone surrogate', () => {
  let app: TestApp;
  let key: { apiKey: string; apiSecret: string };
  beforeAll(async () => {
    app = await createTestApp();
    key = await signUpWithKey(app);
  });
  afterAll(() => app.close());

  it('is refused with a 400 naming the field, on the metered and the demo API, and is not charged', async () => {
    // Both encode to the same UTF-8 (U+FFFD): one signature would verify for both.
    for (const path of ['/api/crypto/dilion/sign', '/api/demo/dilion/sign']) {
      const res = await request(app.app)
        .post(path)
        .set('x-api-key', key.apiKey)
        .set('x-api-secret', key.apiSecret)
        .set('content-type', 'application/json')
        .send('{"message":"pay \\ud800 to Bob"}');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'malformed_unicode', param: 'message' });
      expect(res.body.message).toContain('message holds a lone UTF-16 surrogate');
    }
    const usage = await request(app.app).post('/api/crypto/dilion/sign').set('x-api-key', key.apiKey).set('x-api-secret', key.apiSecret).send({ message: 'pay \ufffd to Bob' });
    expect(usage.status).toBe(200);
  });

  it('is checked on the fast lane as on Express, with the depth limit too', async () => {
    const deep = `{"message":"x","extra":${'['.repeat(40)}${']'.repeat(40)}}`;
    const res = await request(app.app).post('/api/crypto/dilion/sign').set('x-api-key', key.apiKey).set('x-api-secret', key.apiSecret).set('content-type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('json_too_deep');
  });
});
