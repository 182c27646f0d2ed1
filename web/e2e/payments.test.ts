/**
 * Buying a plan in a real browser against the local PayPal sandbox (docs/api.md §14.4): sign up,
 * Upgrade to Starter on the Billing tab, approve in the 800x600 PayPal window, which reports back and
 * closes; the dashboard shows Starter, the charge and the new plan key, whose secret is shown once and
 * which then signs through the API while its usage rises. Also: cancelling, and /test's buttons.
 * Screenshots go to screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../server/ops/cli.ts';
import { registerAndSignIn, signUpInBrowser, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `payments-${name}.png`), fullPage: true });
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Signs up through the form and verifies the email, as buying needs. */
async function signUpVerified(page: Page, email: string) {
  await signUpInBrowser(page, email);
  await verifyEmailOf(page);
}

/** Opens the account's verification link, as its owner would from the mail (buying needs it). */
async function verifyEmailOf(page: Page) {
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const link = await stack.app.context.emailVerification.issue(user.id);
  expect((await page.request.get(link.slice(link.indexOf('/api/')))).ok()).toBe(true);
}

async function signUpByApi(page: Page, email: string) {
  await registerAndSignIn(page, stack.origin, { email, password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' });
  await verifyEmailOf(page);
}

/** Clicks a button that opens the PayPal window and returns that window once it shows the sandbox's page. */
async function openCheckout(page: Page, click: () => Promise<void>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  await popup.waitForURL(/\/paypal-sandbox\/checkoutnow\?token=[A-Z0-9]+$/);
  await popup.getByText('Local PayPal sandbox: no money moves').waitFor();
  return popup;
}

describe.skipIf(skipBrowserTests)('payments in the browser', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('buys Starter through the PayPal window: plan, charge and a plan key that signs, its usage rising', async () => {
    const { page, errors } = await stack.page();
    await signUpVerified(page, uniqueEmail('buyer'));
    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();

    const popup = await openCheckout(page, () => page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click());
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([800, 600]);
    expect(await popup.getByTestId('sandbox-amount').textContent()).toContain('$199.00');
    await page.getByTestId('checkout-waiting').waitFor();
    await popup.screenshot({ path: join(SHOTS, 'payments-sandbox-approval.png') });

    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    await closed;

    const toast = page.getByTestId('toast').filter({ hasText: 'Payment complete' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('success');
    await page.getByTestId('billing-plan').getByText('Starter Plan').waitFor();
    expect(await page.getByTestId('plan-ends').textContent()).toMatch(/^Runs until [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const charge = page.getByTestId('charges').getByRole('row').filter({ hasText: '$199.00' });
    await charge.waitFor();
    expect(await charge.textContent()).toContain('paid');
    expect(await page.getByTestId('billing-plan-starter').textContent()).toContain('Current Plan');
    expect(await page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Renew Starter' }).isEnabled()).toBe(true);
    await shot(page, 'billing-starter-1280');

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('plan-name').getByText('Starter Plan').waitFor();
    const row = page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Starter' });
    await row.waitFor();
    expect(await row.textContent()).toContain('✓ Generated');
    await row.click();
    const detail = page.getByTestId('purchase-detail');
    await detail.getByRole('button', { name: 'Show API key' }).click();
    await detail.getByRole('button', { name: 'Show API secret' }).click();
    const apiKey = (await detail.getByTestId('key-value').textContent())!;
    const apiSecret = (await detail.getByTestId('secret-value').textContent())!;
    expect(apiSecret).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    expect(await detail.getByTestId('plan-key-status').textContent()).toBe('Active');

    for (const message of ['first paid call', 'second paid call']) {
      const res = await fetch(`${stack.origin}/api/crypto/dilion/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-api-secret': apiSecret },
        body: JSON.stringify({ message }),
      });
      expect(res.status).toBe(200);
    }
    await expect.poll(() => detail.getByTestId('plan-key-calls').textContent(), { timeout: 8000 }).toBe('2');
    await shot(page, 'overview-plan-key-1280');
    expect(errors).toEqual([]);
  });

  it('cancels in the PayPal window: the cancelled toast, and the plan stays Free', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('canceller'));
    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();
    const popup = await openCheckout(page, () => page.getByTestId('billing-plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click());
    expect(await popup.getByTestId('sandbox-amount').textContent()).toContain('$799.00');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Cancel and return to the merchant' }).click();
    await closed;
    const toast = page.getByTestId('toast').filter({ hasText: 'Payment cancelled' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await page.getByTestId('billing-plan').textContent()).toBe('Free Plan');
    await page.getByRole('tab', { name: 'Overview' }).click();
    const row = page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Pro' });
    await row.waitFor();
    expect(await row.textContent()).toContain('cancelled');

    // Closing the PayPal window by hand: the Billing tab stops waiting for it.
    await page.getByRole('tab', { name: 'Billing' }).click();
    const abandoned = await openCheckout(page, () => page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click());
    await page.getByTestId('checkout-waiting').waitFor();
    await abandoned.close();
    await page.getByTestId('checkout-waiting').waitFor({ state: 'detached', timeout: 3000 });
    expect(await page.getByTestId('billing-plan').textContent()).toBe('Free Plan');
    expect(errors).toEqual([]);
  });

  it('says "processing" while PayPal holds an eCheck, and shows the plan once the capture clears', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('echeck'));
    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();
    const popup = await openCheckout(page, () => page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click());
    const token = new URL(popup.url()).searchParams.get('token')!;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve with eCheck (capture pending)' }).click();
    await closed;
    const toast = page.getByTestId('toast').filter({ hasText: 'Payment processing' });
    await toast.waitFor();
    expect(await page.getByTestId('billing-plan').textContent()).toBe('Free Plan');

    const sandbox = stack.app.context.paypalSandbox!;
    sandbox.clear(sandbox.orders.get(token)!.capture!);
    await sandbox.idle();
    // No reload: the Billing tab's 5 s poll brings the plan.
    await page.getByTestId('billing-plan').getByText('Starter Plan').waitFor({ timeout: 8000 });
    expect(errors).toEqual([]);
  });

  it('pays an overdue overage balance through the same window, after which nothing is owed', async () => {
    const { page, errors } = await stack.page();
    const email = uniqueEmail('overage');
    await signUpByApi(page, email);
    // 1,234 calls of overage three months ago, long past its 30 days: written as metering would have.
    const now = new Date();
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1));
    const month = old.toISOString().slice(0, 7);
    const label = old.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const db = stack.app.database.sqlite;
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    db.prepare("INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month) VALUES (?, 'overage', 1234, 'Overage', 'pending', ?)").run(id, month);
    db.prepare('UPDATE users SET overage_charges = 1234 WHERE id = ?').run(id);

    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('overage-payable').getByText('$12.34').waitFor();
    expect(await page.getByTestId('overage-charges').textContent()).toBe('$12.34');
    expect(await page.getByTestId('overage-overdue').textContent()).toContain(label);
    await shot(page, 'overage-owed-1280');
    const popup = await openCheckout(page, () => page.getByRole('button', { name: 'Pay $12.34 overage' }).click());
    expect(await popup.getByTestId('sandbox-amount').textContent()).toContain('$12.34');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    await closed;
    await page.getByTestId('toast').filter({ hasText: 'Payment complete' }).waitFor();
    await expect.poll(() => page.getByTestId('overage-charges').textContent(), { timeout: 8000 }).toBe('$0.00');
    expect(await page.getByTestId('overage-overdue').count()).toBe(0);
    const row = page.getByTestId('charges').getByRole('row').filter({ hasText: `Overage, ${label}` });
    expect(await row.textContent()).toContain('paid');
    expect(errors).toEqual([]);
  });

  it('without a PayPal window (a blocked popup), the return page leads to Billing with the toast', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('nopopup'));
    await page.goto('/payment/return?payment=failed&purchase=1');
    await page.getByTestId('payment-return').waitFor();
    await page.waitForURL('**/dashboard');
    const toast = page.getByTestId('toast').filter({ hasText: 'Payment failed' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await page.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('opens the same checkout from /test when signed in, and fits a 390 px screen on Billing', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await signUpByApi(page, uniqueEmail('tester'));
    await page.goto('/test');
    const popup = await openCheckout(page, () => page.getByTestId('test-plan-pro').getByRole('button').click());
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    await closed;
    await page.waitForURL('**/dashboard');
    await page.getByTestId('toast').filter({ hasText: 'Payment complete' }).waitFor();
    await page.getByTestId('billing-plan').getByText('Pro Plan').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'billing-pro-390');
    expect(errors).toEqual([]);
  });
});

describe.skipIf(skipBrowserTests)('a server that sells nothing (PAYMENTS=off)', () => {
  let off: Stack;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    off = await startStack({ payments: { mode: 'off', paypal: null, unsafeLocal: false } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('shows the plans without buy buttons, and the plan the operator sets with the plan command', async () => {
    const { page, errors } = await off.page();
    const email = uniqueEmail('operated');
    await registerAndSignIn(page, off.origin, { email, password: 'correct horse battery', firstName: 'Ops', lastName: 'Run' });
    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();
    await page.getByTestId('upgrade-note').getByText('This server sells no plans').waitFor();
    expect(await page.getByRole('heading', { name: 'Plans', exact: true }).count()).toBe(1);
    for (const plan of ['starter', 'pro']) expect(await page.getByTestId(`billing-plan-${plan}`).getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Upgrade|Renew|Pay/ }).count()).toBe(0);

    const printed: string[] = [];
    const code = await runCommand(['plan', email, 'unlimited'], { env: { DATA_DIR: off.app.context.config.dataDir, PAYMENTS: 'off' }, out: (t) => void printed.push(t), err: (t) => void printed.push(t) });
    expect([code, printed]).toEqual([0, [`${email}: Unlimited with no end (set by the operator)`]]);
    await page.goto('/dashboard?tab=billing');
    await page.getByTestId('billing-plan').getByText('Unlimited Plan').waitFor();
    expect(await page.getByTestId('billing-calls').textContent()).toBe('0 (no limit)');
    expect(await page.getByTestId('billing-plan-unlimited').textContent()).toContain('Current Plan');
    await shot(page, 'billing-off-unlimited-1280');
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.getByTestId('calls-remaining').textContent()).toBe('No limit on calls');
    expect(errors).toEqual([]);
  });
});
