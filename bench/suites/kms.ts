/**
 * `npm run bench -- kms`: signing SHA-512 digests with a managed ML-DSA-65 key over HTTP, one
 * digest per call (`POST /api/v1/keys/{keyId}/sign`) against 100 per call
 * (`/sign-batch`), with the same number of concurrent clients against the real server (its own
 * process, production mode, SQLite, Unlimited plan, docs/decisions/053). Prints signatures per
 * second for each and the batch's gain: what one HTTP exchange, one admission slot and one commit
 * per item cost against the engine work they wrap.
 */
import { randomBytes } from 'node:crypto';
import { signUpAccount, startProductServer } from '../http/servers.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatTable } from '../table.ts';

const CLIENTS = 8;
const BATCH = 100;
const digest = () => randomBytes(64).toString('base64');

/** Runs `clients` loops of `call` for `ms`; returns signatures per second (each call signs `perCall`). */
async function rate(ms: number, clients: number, perCall: number, call: () => Promise<void>, onTick: (f: number) => void): Promise<number> {
  const start = performance.now();
  const end = start + ms;
  let calls = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await call();
        calls++;
        onTick(Math.min(1, (performance.now() - start) / ms));
      }
    }),
  );
  return (calls * perCall) / ((performance.now() - start) / 1000);
}

async function run(ctx: SuiteContext): Promise<void> {
  const ms = ctx.quick ? 500 : 5000;
  const server = await startProductServer(1, { API_KEY_CONCURRENCY: '1024', ACCOUNT_CONCURRENCY: '1024' });
  try {
    const account = await signUpAccount(server, 'kms-bench@example.com');
    const base = `http://127.0.0.1:${server.port}`;
    const headers = { ...account.headers, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    // The account's default ML-DSA-65 key, created by its first Dilion call.
    const { keyId } = (await post('/api/crypto/dilion/sign', { message: 'bench' })) as { keyId: string };
    const item = () => ({ messageType: 'digest', digestAlgorithm: 'sha512', message: digest() });
    const one = () => post(`/api/v1/keys/${keyId}/sign`, item()).then(() => undefined);
    const batch = async () => {
      const answer = (await post(`/api/v1/keys/${keyId}/sign-batch`, { items: Array.from({ length: BATCH }, item) })) as { charged: number };
      if (answer.charged !== BATCH) throw new Error(`a batch answered ${answer.charged} of ${BATCH} items`);
    };
    ctx.progress.plan(2);
    const single = await rate(ms, CLIENTS, 1, one, ctx.progress.step('one digest per call'));
    const batched = await rate(ms, CLIENTS, BATCH, batch, ctx.progress.step(`${BATCH} digests per call`));
    ctx.print(
      formatTable({
        title: `ML-DSA-65 HashML-DSA (SHA-512 digests) over HTTP, one engine worker, ${CLIENTS} concurrent clients`,
        columns: [{ header: 'request' }, { header: 'signatures/s', align: 'right' }],
        rows: [
          ['POST /api/v1/keys/{keyId}/sign (1 digest)', single.toFixed(0)],
          [`POST /api/v1/keys/{keyId}/sign-batch (${BATCH} digests)`, batched.toFixed(0)],
        ],
      }) + `\n\nbatch vs single calls: ${(batched / single).toFixed(2)}x the signatures per second`,
    );
  } finally {
    await server.stop();
  }
}

export const kmsSuite: Suite = {
  name: 'kms',
  description: 'signing digests with a managed ML-DSA-65 key over HTTP: one per call vs 100 per sign-batch call',
  run,
};
