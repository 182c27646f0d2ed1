/**
 * `paypal-emulator <webhook-url>`: the local PayPal emulator (docs/api.md §14.4) as a process of
 * its own, which several instances on one PostgreSQL database can share. Inside a server
 * (PAYMENTS=local) its orders live in that process's memory, so an order created through one
 * instance would be unknown to the next: on PostgreSQL that mode is refused (server/config.ts),
 * and tests run this command instead and point the instances at it with PAYMENTS=sandbox and
 * PAYPAL_API_BASE. It listens on loopback only, prints one JSON line with its base URL and the
 * credentials it drew for this run (no money moves; they open nothing else), delivers its webhooks
 * to <webhook-url>, and runs until SIGINT or SIGTERM.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../logger.ts';
import { perIpLimit } from '../http/rate-limit.ts';
import { LocalPaypalSandbox } from '../features/payments/sandbox/sandbox.ts';
import { SANDBOX_PATH, sandboxRouter } from '../features/payments/sandbox/sandbox.routes.ts';
import { OpsError, type Output } from './output.ts';

/** Approval-page requests a minute per address, as a server's PAYMENT_PAGE limit is by default. */
const PAGE_LIMIT = 60;

export interface RunningEmulator {
  /** PAYPAL_API_BASE for the instances. */
  apiBase: string;
  stop(): Promise<void>;
}

export async function paypalEmulator(webhookUrl: string, port: number, out: Output): Promise<RunningEmulator> {
  let target: URL;
  try {
    target = new URL(webhookUrl);
  } catch {
    throw new OpsError('paypal-emulator takes the URL its webhooks go to: http://HOST:PORT/api/payments/webhook (an instance, or the load balancer in front of them).');
  }
  if (!['http:', 'https:'].includes(target.protocol)) throw new OpsError('paypal-emulator delivers its webhooks over http or https.');
  const logger = createLogger('warn');
  let apiBase = '';
  // The instances' approval links point here: no instance serves the emulator's pages.
  const sandbox = new LocalPaypalSandbox({ baseUrl: () => apiBase, webhookUrl: () => target.toString(), pagesOnBase: true, logger });
  const app = express();
  app.disable('x-powered-by');
  // The server's own JSON parser reads the emulator's REST bodies when it runs inside the app.
  app.use(express.json({ limit: '256kb', strict: true }));
  app.use(SANDBOX_PATH, sandboxRouter(sandbox, { pageLimit: perIpLimit(PAGE_LIMIT) }));
  const server = app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject)).catch((error: NodeJS.ErrnoException) => {
    throw new OpsError(`paypal-emulator cannot listen on 127.0.0.1:${port}: ${error.code ?? error.message}`);
  });
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_PATH}`;
  out(JSON.stringify({ apiBase, ...sandbox.credentials }));
  return {
    apiBase,
    stop: () =>
      new Promise<void>((resolve) => {
        sandbox.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
