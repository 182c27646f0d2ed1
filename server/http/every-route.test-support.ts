/**
 * What the tests that call every declared route share (bad-input.test.ts, fuzz.test.ts): a real
 * server with an account signed in by cookie and holding an API key, and requests that carry both,
 * so they get past auth to the code under test. The key names every operation, manage included, so
 * an 'account' route (which takes the key when x-api-key is sent) is reached by it too; bySession
 * reaches those routes the other way.
 */
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { KEY_OPERATIONS } from '../../shared/key-operations.ts';
import type { Config } from '../config.ts';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../test-support.ts';

/** Routes that would end the session the run relies on, or send the caller away from this server. */
export const SESSION_ENDING_ROUTES = new Set(['GET /api/v1/logout', 'POST /api/v1/logout', 'GET /api/v1/auth/google', 'GET /api/v1/auth/google/link', 'GET /api/v1/auth/google/callback']);

export interface EveryRouteServer {
  app: TestApp;
  server: Server;
  account: Awaited<ReturnType<typeof signUpWithKey>>;
  /** A request with the session cookie, the Origin and the API key and secret set. */
  credentialed(method: string, path: string): request.Test;
  /** A request with the session cookie and the Origin only: an 'account' route's session path. */
  bySession(method: string, path: string): request.Test;
}

/** Starts the server (with `config` over the tests' own) before the file's tests and stops it after them; read its fields inside tests. */
export function everyRouteServer(config: Partial<Config> = {}): EveryRouteServer {
  const state = {} as EveryRouteServer;
  let cookie = '';
  beforeAll(async () => {
    state.app = await createTestApp({ config });
    // /api/health rightly answers 503 until an engine worker is up.
    await state.app.context.pool.ready();
    state.server = state.app.app.listen(0);
    state.account = await signUpWithKey(state.app);
    await state.app.context.apiKeys.update(state.account.user.id, state.account.keyId, { allowedOperations: [...KEY_OPERATIONS] });
    const login = await request(state.server).post('/api/auth/login').send({ email: state.account.email, password: 'correct horse battery' });
    cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
  });
  afterAll(async () => {
    await new Promise((resolve) => state.server.close(resolve));
    await state.app.close();
  });
  state.bySession = (method, path) => request(state.server)[method as 'post'](path).set('Cookie', cookie).set('Origin', TEST_ORIGIN);
  state.credentialed = (method, path) => state.bySession(method, path).set('x-api-key', state.account.apiKey).set('x-api-secret', state.account.apiSecret);
  return state;
}
