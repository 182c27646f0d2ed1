/**
 * The set-up of `npm run bench -- fairness`: the product (server/main.ts, production mode, its own
 * process so the load generator does not share its event loop; bench/http/servers.ts) with one
 * engine worker, and two accounts on it: a heavy one that proves zk-FIDNA statements through
 * several API keys, and a light one that signs with Dilion through one.
 */
import { Database } from '../../db/sqlite-driver.ts';
import { join } from 'node:path';
import { signUpAccount, startProductServer, type ProductServer } from '../http/servers.ts';

export interface Tenants {
  server: ProductServer;
  light: Record<string, string>;
  /** One header set per heavy API key. */
  heavy: Record<string, string>[];
  /** The engine's own milliseconds of every zk-FIDNA proof the heavy account has made (its operation records). */
  heavyEngineMs(): number[];
}

/**
 * `heavyKeys` keys of the heavy account at `perKey` calls each: the per-key cap (API_KEY_CONCURRENCY)
 * multiplied by keys is how one account reached 64 calls at once. The account cap
 * (ACCOUNT_CONCURRENCY, docs/api.md §4) is set to that product, so every one of them reaches the
 * engine's scheduler, which is what this bench measures.
 */
export async function startTenants(heavyKeys: number, perKey: number): Promise<Tenants> {
  const server = await startProductServer(1, { API_KEY_CONCURRENCY: String(perKey), ACCOUNT_CONCURRENCY: String(heavyKeys * perKey) });
  try {
    const lightAccount = await signUpAccount(server, 'light@example.com');
    const heavyAccount = await signUpAccount(server, 'heavy@example.com');
    const heavy = [heavyAccount.headers];
    while (heavy.length < heavyKeys) heavy.push(await heavyAccount.newKey());
    const heavyEngineMs = () => {
      const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
      try {
        const rows = db
          .prepare("SELECT generation_time AS ms FROM crypto_operations WHERE user_id = ? AND channel = 'api' AND operation_type = 'prove' AND generation_time IS NOT NULL")
          .all(heavyAccount.userId) as { ms: number }[];
        return rows.map((r) => r.ms);
      } finally {
        db.close();
      }
    };
    return { server, light: lightAccount.headers, heavy, heavyEngineMs };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
