/**
 * A paying customer's stories in Chromium (docs/decisions/036): buy Starter, miss the plan key's
 * secret, rotate it, call with the new one while the old one still works, and the old one refused
 * once its grace period is over; disable a leaked key; renew and see one allowance; hit the
 * spending limit; download a receipt. The server's clock is moved, not waited for.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack, registerAndSignIn } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const DAY = 86_400_000;
let offset = 0;
let stack: Stack;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `billing-${name}.png`), fullPage: true });

async function signUp(page: Page): Promise<string> {
  const email = `payer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { id } = await registerAndSignIn(page, stack.origin, { email, password: 'correct horse battery', firstName: 'Paula', lastName: 'Payer' });
  const link = await stack.app.context.emailVerification.issue(id);
  expect((await page.request.get(link.slice(link.indexOf('/api/')))).ok()).toBe(true);
  return email;
}

/** Upgrade or Renew on the Billing tab, approved in the PayPal window. */
async function pay(page: Page, button: string) {
  await page.goto('/dashboard?tab=billing');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: button }).click()]);
  await popup.getByText('Local PayPal sandbox: no money moves').waitFor();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Approve', exact: true }).click();
  await closed;
  await page.getByTestId('toast').filter({ hasText: 'Payment complete' }).waitFor();
}

const call = (apiKey: string, apiSecret: string) =>
  fetch(`${stack.origin}/api/crypto/dilion/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-api-secret': apiSecret },
    body: JSON.stringify({ message: 'story' }),
  });

async function readPair(item: ReturnType<Page['getByTestId']>) {
  await item.getByRole('button', { name: 'Show API key' }).click();
  await item.getByRole('button', { name: 'Show API secret' }).click();
  return { apiKey: (await item.getByTestId('key-value').textContent())!, apiSecret: (await item.getByTestId('secret-value').textContent())! };
}

describe.skipIf(skipBrowserTests)('a paying customer', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({}, () => new Date(Date.now() + offset));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('misses the plan key’s secret, rotates it, and the old secret stops after its grace period', async () => {
    const { page, errors } = await stack.page();
    await signUp(page);
    await pay(page, 'Upgrade to Starter');
    await page.getByRole('tab', { name: 'Overview' }).click();
    const planKey = page.getByTestId('api-key').filter({ hasText: 'Plan key' });
    await planKey.getByTestId('secret-once-note').waitFor();
    const first = await readPair(planKey);
    expect((await call(first.apiKey, first.apiSecret)).status).toBe(200);

    // The customer leaves without copying it: on the next visit it is gone, with a way to a new one.
    await page.reload();
    await planKey.getByTestId('secret-unavailable').waitFor();
    await planKey.getByRole('button', { name: 'Rotate to get a new secret' }).click();
    await planKey.getByRole('button', { name: 'Keeps working 24 hours' }).click();
    await planKey.getByTestId('previous-secret').waitFor();
    const rotated = await readPair(planKey);
    expect(rotated.apiSecret).not.toBe(first.apiSecret);
    expect((await call(first.apiKey, rotated.apiSecret)).status).toBe(200);
    expect((await call(first.apiKey, first.apiSecret)).status).toBe(200);
    await shot(page, 'plan-key-rotated-1280');

    offset += DAY + 1000;
    const late = await call(first.apiKey, first.apiSecret);
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([401, 'invalid_api_key']);
    expect((await call(first.apiKey, rotated.apiSecret)).status).toBe(200);

    // Leaked: disabled from the dashboard, refused at once, the account's other key unaffected.
    await planKey.getByRole('button', { name: 'Disable' }).click();
    await planKey.getByRole('button', { name: 'Disable key' }).click();
    await planKey.getByTestId('key-status').getByText('Disabled').waitFor();
    const refused = await call(first.apiKey, rotated.apiSecret);
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([403, 'api_key_disabled']);
    expect(errors).toEqual([]);
  });

  it('renews, and sees one allowance for all keys, a renewal called a renewal, and a receipt for each payment', async () => {
    const { page, errors } = await stack.page();
    await signUp(page);
    await pay(page, 'Upgrade to Starter');
    const firstEnd = (await page.getByTestId('plan-ends').textContent())!;
    await pay(page, 'Renew Starter');
    expect(await page.getByTestId('toast').textContent()).toContain('renewed for another month');
    await expect.poll(() => page.getByTestId('plan-ends').textContent()).not.toBe(firstEnd);
    // One allowance: 10,000 a month, whatever the number of plan keys.
    expect(await page.getByTestId('billing-calls').textContent()).toBe('0 / 10,000');
    const charges = page.getByTestId('charges');
    await charges.getByText('Starter plan renewal, one month').waitFor();
    const receipts = page.getByTestId('receipts');
    await receipts.getByText(/^Starter plan renewal, /).waitFor();
    expect(await receipts.getByRole('row').count()).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), receipts.getByRole('link', { name: /^Download R-/ }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/^R-\d{6}\.pdf$/);
    await shot(page, 'renewed-1280');

    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.getByTestId('api-key').filter({ hasText: 'Plan key' }).count()).toBe(2);
    expect(await page.getByTestId('calls-used-of-limit').textContent()).toBe('0 / 10,000');
    expect(errors).toEqual([]);
  });

  it('sets a spending limit and meets it: the call past it is refused with how to raise it', async () => {
    const { page, errors } = await stack.page();
    const email = await signUp(page);
    await pay(page, 'Upgrade to Starter');
    await page.getByTestId('spending-limit-value').getByText('$199.00').waitFor();
    await page.getByRole('button', { name: 'Change limit' }).click();
    await page.getByLabel('Monthly limit in US dollars').fill('0.05');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByTestId('spending-limit-value').getByText('$0.05').waitFor();

    const db = stack.app.database.sqlite;
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    db.prepare("INSERT INTO monthly_usage (meter, month, calls) VALUES (?, strftime('%Y-%m', 'now'), 10000)").run(`user:${id}`);
    await page.getByRole('tab', { name: 'Overview' }).click();
    const key = await readPair(page.getByTestId('api-key').filter({ hasText: 'Default API Key' }));
    for (let i = 0; i < 5; i++) expect((await call(key.apiKey, key.apiSecret)).status).toBe(200);
    const refused = await call(key.apiKey, key.apiSecret);
    const body = (await refused.json()) as { code: string; message: string };
    expect([refused.status, body.code]).toEqual([429, 'spending_limit_reached']);
    expect(body.message).toContain('raise or remove the limit on the Billing tab');

    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect.poll(() => page.getByTestId('spending-limit-used').textContent(), { timeout: 8000 }).toContain('$0.05 of $0.05 used this month');
    await shot(page, 'spending-limit-1280');
    expect(errors).toEqual([]);
  });
});
