/**
 * A real server for the client's tests: the app of server/test-support.ts on a throwaway database,
 * listening on 127.0.0.1, with an account and its API key pair; the signed-in agent creates
 * managed keys and reads the account's usage (its charged calls) as the dashboard does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, signUpWithKey, TEST_ORIGIN, type TestApp } from '../../server/test-support.ts';
import { PqClient, type PqClientOptions } from './client.ts';

export interface LiveServer {
  app: TestApp;
  baseUrl: string;
  account: Awaited<ReturnType<typeof signUpWithKey>>;
  /** A client of this server with the account's key pair and `options` over them. */
  client(options?: PqClientOptions): PqClient;
  /** The account's charged calls so far (GET /api/usage; on Free, all calls so far). */
  charges(): Promise<number>;
  /** A managed key of the account, created as the dashboard creates one (POST /api/v1/keys). */
  managedKey(algorithm: 'ML-DSA-65' | 'ML-KEM-768' | 'QES2_ECDSA'): Promise<{ keyId: string; publicKey: string }>;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const app = await createTestApp({ config: { engineWorkers: 1 } });
  const server: Server = createServer(app.app);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const account = await signUpWithKey(app);
  return {
    app,
    baseUrl,
    account,
    client: (options = {}) => new PqClient({ baseUrl, apiKey: account.apiKey, apiSecret: account.apiSecret, env: {}, ...options }),
    async charges() {
      const res = await account.agent.get('/api/usage');
      if (res.status !== 200) throw new Error(`GET /api/usage answered ${res.status}`);
      return (res.body as { apiCallsThisMonth: number }).apiCallsThisMonth;
    },
    async managedKey(algorithm) {
      const res = await account.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: `client ${algorithm}`, algorithm });
      if (res.status !== 201) throw new Error(`POST /api/v1/keys answered ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { keyId: string; publicKey: string };
    },
    async close() {
      await new Promise((ok) => server.close(ok));
      await app.close();
    },
  };
}
