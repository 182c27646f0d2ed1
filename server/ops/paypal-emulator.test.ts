/**
 * `paypal-emulator` as its own process (server/ops/paypal-emulator.ts): it prints its base URL and
 * the credentials it drew as one JSON line, answers PayPal's token call with those credentials only,
 * keeps orders across calls, serves their approval pages itself, and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCommand } from './cli.ts';
import { output } from './test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the PayPal emulator command', () => {
  it('runs as a process of its own that issues tokens for its drawn credentials and keeps orders, until SIGTERM', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'paypal-emulator', 'http://127.0.0.1:9/api/payments/webhook'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      const emulator = JSON.parse(line.toString().split('\n')[0]!) as { apiBase: string; clientId: string; clientSecret: string; webhookId: string };
      expect(emulator.apiBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/paypal-sandbox$/);
      const token = (id: string, secret: string) =>
        fetch(`${emulator.apiBase}/v1/oauth2/token`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        });
      expect((await token(emulator.clientId, 'wrong')).status).toBe(401);
      const issued = await token(emulator.clientId, emulator.clientSecret);
      expect(issued.status).toBe(200);
      const { access_token } = (await issued.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
      const created = await fetch(`${emulator.apiBase}/v2/checkout/orders`, {
        method: 'POST', headers: auth,
        body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ reference_id: 'r1', amount: { currency_code: 'USD', value: '9.00' } }] }),
      });
      expect(created.ok).toBe(true);
      const { id } = (await created.json()) as { id: string };
      const read = await fetch(`${emulator.apiBase}/v2/checkout/orders/${id}`, { headers: auth });
      expect(await read.json()).toMatchObject({ id, status: 'PAYER_ACTION_REQUIRED' });
      // The payer approves on the emulator's own page, not on the instance the order returns to.
      const returning = await fetch(`${emulator.apiBase}/v2/checkout/orders`, {
        method: 'POST', headers: auth,
        body: JSON.stringify({
          intent: 'CAPTURE', purchase_units: [{ reference_id: 'r2', amount: { currency_code: 'USD', value: '9.00' } }],
          payment_source: { paypal: { experience_context: { return_url: 'http://127.0.0.1:9/api/payments/return', cancel_url: 'http://127.0.0.1:9/api/payments/cancel' } } },
        }),
      });
      const { links } = (await returning.json()) as { links: { rel: string; href: string }[] };
      const page = links.find((link) => link.rel === 'payer-action')!.href;
      expect(page.startsWith(`${emulator.apiBase}/checkoutnow?token=`)).toBe(true);
      expect((await fetch(page)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a webhook URL it cannot use and a bad port, without starting', async () => {
    const run = async (argv: string[]) => {
      const out = output();
      const err = output();
      return { code: await runCommand(argv, { env: {}, out: out.out, err: err.out }), err: err.text() };
    };
    expect(await run(['paypal-emulator', 'not a url'])).toMatchObject({ code: 1, err: expect.stringMatching(/^paypal-emulator takes the URL its webhooks go to/) });
    expect(await run(['paypal-emulator', 'ftp://127.0.0.1/hook'])).toMatchObject({ code: 1, err: 'paypal-emulator delivers its webhooks over http or https.' });
    expect(await run(['paypal-emulator', 'http://127.0.0.1/hook', '--port', 'x'])).toMatchObject({ code: 2 });
    expect(await run(['paypal-emulator'])).toMatchObject({ code: 2 });
    expect(await run(['migrate', '--port', '5'])).toMatchObject({ code: 2, err: expect.stringMatching(/^an option migrate does not take/) });
  });
});
