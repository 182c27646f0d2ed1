/**
 * A newcomer's first purchase on a default install, following README's Quick start and nothing
 * else: `npm start` runs in production with no SMTP and no PayPal, so the sign-up's verification
 * mail waits in the outbox at /outbox, and Starter is bought through the built-in PayPal emulator
 * (docs/decisions/035, 037).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { signUpInBrowser, skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;
// What `npm start` runs with when nothing is configured.
const npmStart = loadConfig({ NODE_ENV: 'production' });

describe.skipIf(skipBrowserTests)("a newcomer's first purchase", () => {
  beforeAll(async () => {
    stack = await startStack({ env: npmStart.env, mail: npmStart.mail, payments: npmStart.payments, debugRoutes: npmStart.debugRoutes });
  });
  afterAll(() => stack?.close());

  it('runs in production with mail kept in the outbox and the PayPal emulator, with nothing configured', () => {
    expect(npmStart).toMatchObject({ env: 'production', mail: 'outbox', payments: { mode: 'local' }, port: 5000, host: '127.0.0.1' });
  });

  it('signs up, opens the verification link from /outbox, and buys Starter through the emulator', async () => {
    const { page, errors } = await stack.page();
    const email = `newcomer-${Date.now()}@example.com`;
    await signUpInBrowser(page, email);

    // Buying waits for a verified email, and the dashboard says where the link went.
    await page.goto('/dashboard');
    await page.getByTestId('account-status').getByText('Verify your email.').waitFor();

    await page.goto('/outbox');
    const mail = page.getByRole('article').filter({ hasText: email }).filter({ hasText: 'verify' });
    await mail.first().waitFor();
    await mail.first().getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ }).click();
    await page.getByText('Email verified', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click(),
    ]);
    await popup.getByText('Local PayPal sandbox: no money moves').waitFor();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    await closed;
    await page.getByTestId('toast').filter({ hasText: 'Payment complete' }).waitFor();
    await page.getByTestId('billing-plan').getByText('Starter Plan').waitFor();
    expect(errors).toEqual([]);
  });
});
