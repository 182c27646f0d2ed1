/**
 * A declared path asked with a method it does not serve answers 405 with Allow (OPTIONS: 204 with
 * Allow), at either spelling of the path; an unknown path keeps its 404.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { allowOf } from './method-not-allowed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

describe('allowOf', () => {
  it('names HEAD with GET, and OPTIONS always, sorted', () => {
    expect(allowOf(['get'])).toBe('GET, HEAD, OPTIONS');
    expect(allowOf(['post'])).toBe('OPTIONS, POST');
    expect(allowOf(['patch', 'delete'])).toBe('DELETE, OPTIONS, PATCH');
  });
});

describe('a known path with another method', () => {
  it('answers 405 method_not_allowed with Allow, at the /api/v1 path and at its alias', async () => {
    for (const path of ['/api/v1/crypto/dilion/sign', '/api/crypto/dilion/sign']) {
      const res = await request(app.app).get(path).set('X-Request-Id', 'r405');
      expect(res.status, path).toBe(405);
      expect(res.headers['allow'], path).toBe('OPTIONS, POST');
      expect(res.body).toEqual({ code: 'method_not_allowed', message: `GET is not served at ${path}: use OPTIONS, POST.`, requestId: 'r405' });
    }
  });

  it('names every method served at the path, whatever its parameter is called', async () => {
    const res = await request(app.app).post('/api/v1/api-keys/12').set('Content-Type', 'application/json').send('{}');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('DELETE, OPTIONS, PATCH');
    const put = await request(app.app).put('/api/v1/health');
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('answers HEAD with GET’s headers where GET is served, and 405 where it is not', async () => {
    expect((await request(app.app).head('/api/v1/openapi.json')).status).toBe(200);
    const head = await request(app.app).head('/api/v1/crypto/dilion/verify');
    expect(head.status).toBe(405);
    expect(head.headers['allow']).toBe('OPTIONS, POST');
  });

  it('answers before authentication: the method is wrong whoever asks', async () => {
    const res = await request(app.app).delete('/api/v1/auth/user').set('Origin', TEST_ORIGIN);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('OPTIONS', () => {
  it('answers 204 with Allow on a known path, either spelling', async () => {
    for (const path of ['/api/v1/crypto/dilion/sign', '/api/crypto/dilion/sign', '/api/usage']) {
      const res = await request(app.app).options(path);
      expect(res.status, path).toBe(204);
      expect(res.headers['allow'], path).toBe(path.endsWith('usage') ? 'GET, HEAD, OPTIONS' : 'OPTIONS, POST');
      expect(res.text, path).toBe('');
    }
  });
});

describe('an unknown path', () => {
  it('keeps its 404 not_found, with any method', async () => {
    for (const method of ['get', 'post', 'delete', 'options'] as const) {
      const res = await request(app.app)[method]('/api/v1/nope');
      expect(res.status, method).toBe(404);
      expect(res.body.code, method).toBe('not_found');
      expect(res.headers['allow'], method).toBeUndefined();
    }
  });
});
