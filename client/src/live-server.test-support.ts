/**
 * A real server for the client's tests: the app of server/test-support.ts on a throwaway database,
 * listening on 127.0.0.1, with an account and its API key pair; the signed-in agent creates
 * managed keys and reads the account's usage (its charged calls) as the dashboard does.
 */
import { listeningTestApp, TEST_ORIGIN, type ListeningTestApp } from '../../server/test-support.ts';
import { PqClient, type PqClientOptions } from './client.ts';

export interface LiveServer extends ListeningTestApp {
  /** A client of this server with the account's key pair and `options` over them. */
  client(options?: PqClientOptions): PqClient;
  /** The account's charged calls so far (GET /api/usage; on Free, all calls so far). */
  charges(): Promise<number>;
  /** A managed key of the account, created as the dashboard creates one (POST /api/v1/keys). */
  managedKey(algorithm: 'ML-DSA-65' | 'ML-KEM-768' | 'QES2_ECDSA'): Promise<{ keyId: string; publicKey: string }>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const live = await listeningTestApp();
  const { baseUrl, account } = live;
  return {
    ...live,
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
  };
}
