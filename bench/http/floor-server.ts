/**
 * The floor of `npm run bench -- http`: the least any Node server must do to sign over HTTP, to
 * show what this machine allows before our server's own work (Express, validation, API-key
 * check, metering, records, views) is counted. Plain node:http, the product's EnginePool (same
 * workers, same pipelining), one fixed key, and the same Dilion signature as the product's
 * no-uid case. A measuring instrument only: no auth, no limits, never part of the product.
 *
 * Its workers run at the event loop's own priority: lowered as the product's are (decision 033),
 * the floor served 2-10 % fewer calls in three interleaved series, so the floor keeps what is best for it.
 *
 * Run by the bench as its own process: PORT and ENGINE_WORKERS from the environment.
 */
import { createServer } from 'node:http';
import { EnginePool } from '../../server/engine/pool.ts';

const port = Number(process.env.PORT ?? 0);
const pool = new EnginePool(Number(process.env.ENGINE_WORKERS ?? 1));
const seed = new Uint8Array(32).fill(7);
const context = new TextEncoder().encode('dilion/v1|default');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const reply = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (req.method === 'GET') return reply(200, { status: 'ok' });
    let message: unknown;
    try {
      message = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown }).message;
    } catch {
      return reply(400, { message: 'send a JSON body' });
    }
    if (typeof message !== 'string') return reply(400, { message: 'message must be a string' });
    const m = new Uint8Array(Buffer.byteLength(message) + 1);
    m.set(Buffer.from(message), 1);
    pool.run('mlDsaSign', { level: 65, seed, message: m, context }).then(
      ({ signature }) => reply(200, { signature: Buffer.from(signature).toString('base64') }),
      (error: Error) => reply(503, { message: error.message }),
    );
  });
});

await pool.ready();
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.close().then(() => process.exit(0));
});
