/**
 * The dashboard in a real browser, as a new user meets it: sign up, see the first key's secret once,
 * call the public API with it from outside the browser, and watch usage and the operation arrive
 * within their polling intervals; create, rotate and disable keys; a second account sees nothing of
 * the first's; the payment return toasts. Screenshots go to screenshots/ (gitignored).
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.ts';
import { cutMessage } from '../src/history/message-text.ts';
import { signUpInBrowser, storedDigest, skipBrowserTests, startStack, type Stack, registerAndSignIn } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `dashboard-${name}.png`), fullPage: true });

/** A faster sign-up for tests about something else: the page's own cookie jar gets the session. */
async function signUpByApi(page: Page, email: string) {
  return registerAndSignIn(page, stack.origin, { email, password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' });
}

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A public API call made from the test, outside the browser, as a customer's server would. */
const callApi = (apiKey: string, apiSecret: string, message: string) =>
  fetch(`${stack.origin}/api/crypto/dilion/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-api-secret': apiSecret },
    body: JSON.stringify({ message }),
  });

/** Shows a key item's value and secret and reads them. */
async function readKeyPair(item: ReturnType<Page['getByTestId']>) {
  await item.getByRole('button', { name: 'Show API key' }).click();
  await item.getByRole('button', { name: 'Show API secret' }).click();
  return {
    apiKey: (await item.getByTestId('key-value').textContent())!,
    apiSecret: (await item.getByTestId('secret-value').textContent())!,
  };
}

describe.skipIf(skipBrowserTests)('dashboard', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('takes a new user from sign-up to a first API call, its usage and its operation', async () => {
    const { page, errors } = await stack.page();
    await signUpInBrowser(page, uniqueEmail('first'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByTestId('plan-name').textContent()).toBe('Free Plan');
    expect(await page.getByTestId('calls-used-of-limit').textContent()).toBe('0 / 100');

    // The sign-up key's secret arrives on this first view, masked until asked for.
    const item = page.getByTestId('api-key').filter({ hasText: 'Default API Key' });
    await item.getByTestId('secret-value').waitFor();
    expect(await item.getByTestId('secret-value').textContent()).toMatch(/^sk_[0-9A-Za-z]{5}…[0-9A-Za-z]{4}$/);
    expect(await item.getByTestId('key-value').textContent()).toMatch(/^pk_[0-9A-Za-z]{5}…[0-9A-Za-z]{4}$/);
    const { apiKey, apiSecret } = await readKeyPair(item);
    expect(apiKey).toMatch(/^pk_[0-9A-Za-z]{24}$/);
    expect(apiSecret).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    await page.getByText('Copy this secret now: it is shown only this once').waitFor();
    await shot(page, 'first-view-1280');

    // Shown once: after a reload it is gone for good.
    await page.reload();
    await item.getByTestId('secret-unavailable').waitFor();
    expect(await item.textContent()).toContain('Secrets are shown once and are not stored.');
    expect(await item.getByRole('button', { name: 'Rotate to get a new secret' }).count()).toBe(1);
    expect(await item.getByTestId('secret-value').count()).toBe(0);

    const response = await callApi(apiKey, apiSecret, 'hello from the test');
    expect(response.status).toBe(200);
    const called = Date.now();
    await expect.poll(() => page.getByTestId('calls-used').textContent(), { timeout: 7000, interval: 100 }).toBe('1');
    expect(Date.now() - called).toBeLessThan(5000 + 1500);
    expect(await page.getByTestId('calls-remaining').textContent()).toBe('99 calls remaining');
    await expect.poll(() => page.getByTestId('chart-total').textContent(), { timeout: 7000 }).toMatch(/^1 call in [A-Z][a-z]+ \d{4}$/);

    await page.getByRole('tab', { name: 'Operations' }).click();
    await page.getByTestId('recent-operations').getByText('Auto-refresh: 2s').waitFor();
    const second = await callApi(apiKey, apiSecret, 'second call, seen within 2 s');
    expect(second.status).toBe(200);
    const secondAt = Date.now();
    const newest = page.getByTestId('operation').filter({ hasText: cutMessage(storedDigest('second call, seen within 2 s')) });
    await newest.waitFor({ timeout: 4000 });
    expect(Date.now() - secondAt).toBeLessThan(2000 + 1500);
    expect(await newest.textContent()).toContain('dilion · sign');
    expect(await newest.textContent()).toContain('✅ Success');
    expect(await newest.textContent()).toMatch(/\d+(\.\d+)? ms/);
    expect(await page.getByTestId('operation').count()).toBe(2);
    await shot(page, 'operations-1280');
    expect(errors).toEqual([]);
  });

  it('creates, rotates, disables and enables keys, and the API follows each change', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('keys'));
    await page.goto('/dashboard');
    await page.getByTestId('api-key').first().waitFor();

    await page.getByLabel('New key name').fill('CI key');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Successfully created API key: CI key' }).waitFor();
    expect(await page.getByTestId('toast').textContent()).toContain('API Key Created');
    const ci = page.getByTestId('api-key').filter({ hasText: 'CI key' });
    const first = await readKeyPair(ci);
    expect((await callApi(first.apiKey, first.apiSecret, 'created')).status).toBe(200);

    // A rotation with a grace period: both secrets work, and the card says until when.
    await ci.getByRole('button', { name: 'Rotate secret' }).click();
    await ci.getByText('A new secret, shown once. The old one:').waitFor();
    await ci.getByRole('button', { name: 'Keeps working 24 hours' }).click();
    await page.getByTestId('toast').filter({ hasText: 'The old one works 24 more hours' }).waitFor();
    await ci.getByTestId('previous-secret').waitFor();
    await ci.getByRole('button', { name: 'Show API secret' }).click();
    await expect.poll(() => ci.getByTestId('secret-value').textContent()).not.toBe(first.apiSecret);
    const graced = (await ci.getByTestId('secret-value').textContent())!;
    expect((await callApi(first.apiKey, first.apiSecret, 'old secret in its grace')).status).toBe(200);
    expect((await callApi(first.apiKey, graced, 'new secret')).status).toBe(200);

    // A leaked key: rotated with the old secret revoked at once.
    await ci.getByRole('button', { name: 'Rotate secret' }).click();
    await ci.getByRole('button', { name: 'Stops now (leaked)' }).click();
    await page.getByTestId('toast').filter({ hasText: 'The old one no longer works' }).waitFor();
    await ci.getByRole('button', { name: 'Show API secret' }).click();
    await expect.poll(() => ci.getByTestId('secret-value').textContent()).not.toBe(graced);
    const rotated = (await ci.getByTestId('secret-value').textContent())!;
    expect(rotated).toMatch(/^sk_/);
    expect((await callApi(first.apiKey, graced, 'revoked secret')).status).toBe(401);
    expect((await callApi(first.apiKey, first.apiSecret, 'older secret')).status).toBe(401);
    expect((await callApi(first.apiKey, rotated, 'new secret')).status).toBe(200);

    // Restricted to verify: signing is refused with a message that says why.
    await ci.getByRole('button', { name: 'Restrict' }).click();
    await ci.getByRole('checkbox', { name: 'verify' }).check();
    await ci.getByRole('button', { name: 'Save restrictions' }).click();
    await ci.getByTestId('key-restrictions').getByText(/^Only verify/).waitFor();
    const restricted = await callApi(first.apiKey, rotated, 'sign while verify-only');
    expect([restricted.status, ((await restricted.json()) as { code: string }).code]).toEqual([403, 'operation_not_allowed']);
    // manage ticked too: the key reads the account's usage (docs/decisions/057); a key without it does not.
    const usage = (secret: string) => fetch(`${stack.origin}/api/v1/usage`, { headers: { 'x-api-key': first.apiKey, 'x-api-secret': secret } });
    expect((await usage(rotated)).status).toBe(403);
    await ci.getByRole('button', { name: 'Restrict' }).click();
    await ci.getByRole('checkbox', { name: 'manage' }).check();
    await ci.getByRole('button', { name: 'Save restrictions' }).click();
    await ci.getByTestId('key-restrictions').getByText(/^Only verify, manage/).waitFor();
    expect((await usage(rotated)).status).toBe(200);
    await ci.getByRole('button', { name: 'Restrict' }).click();
    await ci.getByRole('checkbox', { name: 'verify' }).uncheck();
    await ci.getByRole('checkbox', { name: 'manage' }).uncheck();
    await ci.getByRole('button', { name: 'Save restrictions' }).click();
    await ci.getByTestId('key-restrictions').getByText(/^Any operation but manage/).waitFor();

    await ci.getByRole('button', { name: 'Disable' }).click();
    await ci.getByRole('button', { name: 'Disable key' }).click();
    await ci.getByText('Disabled', { exact: true }).waitFor();
    const refused = await callApi(first.apiKey, rotated, 'while disabled');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('api_key_disabled');
    await shot(page, 'keys-1280');

    await ci.getByRole('button', { name: 'Enable' }).click();
    await ci.getByText('Active', { exact: true }).waitFor();
    expect((await callApi(first.apiKey, rotated, 'enabled again')).status).toBe(200);

    await ci.getByRole('button', { name: 'Delete' }).click();
    await ci.getByRole('button', { name: 'Delete key' }).click();
    await page.getByTestId('toast').filter({ hasText: 'CI key no longer works' }).waitFor();
    await expect.poll(() => page.getByTestId('api-key').filter({ hasText: 'CI key' }).count()).toBe(0);
    expect((await callApi(first.apiKey, rotated, 'deleted')).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('shows a second account none of the first one’s keys, operations or purchases', async () => {
    const first = await stack.page();
    const alice = await signUpByApi(first.page, uniqueEmail('alice'));
    await first.page.goto('/dashboard');
    const aliceKey = await readKeyPair(first.page.getByTestId('api-key').first());
    expect((await callApi(aliceKey.apiKey, aliceKey.apiSecret, 'alice only')).status).toBe(200);
    const [purchase] = stack.app.database.db
      .insert(purchases)
      .values({ userId: alice.id, paypalOrderId: `ORDER-${Date.now()}`, planType: 'starter', planName: 'Starter', amount: 19_900, status: 'completed', usageLimit: 10_000 })
      .returning()
      .all();
    const planKey = await stack.app.context.apiKeys.createPendingKey({ userId: alice.id, purchaseId: purchase!.id, keyName: 'Starter key' });

    // Alice sees her purchase, and selecting it shows its key with the plan's secret, once.
    await first.page.reload();
    const row = first.page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Starter' });
    await row.waitFor();
    expect(await row.textContent()).toContain('$199.00');
    expect(await row.textContent()).toContain('✓ Generated');
    await first.page.getByTestId('plan-keys').getByText('Active Plan API Keys').waitFor();
    await row.click();
    const detail = first.page.getByTestId('purchase-detail');
    await detail.getByText('API Key for Starter').waitFor();
    await detail.getByRole('button', { name: 'Show API secret' }).click();
    expect(await detail.getByTestId('secret-value').textContent()).toBe(planKey.secret);
    await detail.getByLabel('Project name (kept in this browser)').fill('Checkout service');
    await detail.getByRole('button', { name: 'Save' }).click();
    await first.page.getByTestId('toast').filter({ hasText: 'Your project name has been saved' }).waitFor();
    await shot(first.page, 'purchases-1280');

    const second = await stack.page();
    await signUpByApi(second.page, uniqueEmail('bob'));
    await second.page.goto('/dashboard');
    await second.page.getByTestId('api-key').first().waitFor();
    await second.page.getByTestId('no-purchases').getByText('No purchases yet').waitFor();
    const overview = (await second.page.locator('main').textContent())!;
    for (const secret of [aliceKey.apiKey.slice(0, 8), aliceKey.apiKey.slice(-4), planKey.row.keyValue.slice(-4), 'Starter key']) {
      expect(overview).not.toContain(secret);
    }
    expect(await second.page.getByTestId('api-key').count()).toBe(1);
    await second.page.getByRole('tab', { name: 'Operations' }).click();
    await second.page.getByTestId('no-operations').getByText('No Operations Yet').waitFor();
    expect(await second.page.locator('main').textContent()).not.toContain('alice only');
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('creates signing and encryption keys, shows each one’s purpose, and exports their public keys as PEM, JWK, or raw for QES2', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('signing'));
    await page.goto('/dashboard');
    const panel = page.getByTestId('signing-keys');
    await panel.getByText('No signing keys yet').waitFor();
    for (const [name, algorithm] of [['Release signing', 'ML-DSA-44'], ['Bitcoin bridge', 'QES2_Schnorr'], ['Backups', 'ML-KEM-768']]) {
      await page.getByLabel('New signing or encryption key').fill(name!);
      await panel.getByRole('combobox', { name: 'Algorithm' }).click();
      await page.getByRole('option', { name: algorithm, exact: true }).click();
      await panel.getByRole('button', { name: 'Create Key' }).click();
      await panel.getByTestId('signing-key').filter({ hasText: name! }).waitFor();
    }
    const kem = panel.getByTestId('signing-key').filter({ hasText: 'Backups' });
    expect(await kem.getByTestId('key-purpose').textContent()).toBe('Encryption');
    await kem.getByRole('button', { name: 'Export public key' }).click();
    // id-alg-ml-kem-768's SPKI header (docs/decisions/054); no JWK to choose.
    await expect.poll(() => kem.getByTestId('export-output').textContent()).toMatch(/^-----BEGIN PUBLIC KEY-----\nMIIEsjALBglghkgBZQMEBAIDggShA/);
    await kem.getByText('no standard JWK').waitFor();
    const mlDsa = panel.getByTestId('signing-key').filter({ hasText: 'Release signing' });
    await mlDsa.getByRole('button', { name: 'Export public key' }).click();
    const output = mlDsa.getByTestId('export-output');
    await expect.poll(() => output.textContent()).toMatch(/^-----BEGIN PUBLIC KEY-----\nMIIFMjALBglghkgBZQMEAxEDggUhA/);
    await mlDsa.getByRole('combobox', { name: 'Export format' }).click();
    await page.getByRole('option', { name: 'JWK (AKP)' }).click();
    const jwk = JSON.parse((await output.textContent())!) as { kty: string; alg: string; pub: string };
    expect(jwk).toMatchObject({ kty: 'AKP', alg: 'ML-DSA-44' });
    expect(Buffer.from(jwk.pub, 'base64url')).toHaveLength(1312);
    await shot(page, 'signing-export-1280');
    // An ML-DSA key's tr, what a client signing by external µ builds µ on (docs/api.md §7.4).
    await mlDsa.getByRole('combobox', { name: 'Export format' }).click();
    await page.getByRole('option', { name: 'tr = SHAKE256(pk, 64), base64' }).click();
    const tr = createHash('shake256', { outputLength: 64 }).update(Buffer.from(jwk.pub, 'base64url')).digest('base64');
    await expect.poll(() => output.textContent()).toBe(tr);

    const qes2 = panel.getByTestId('signing-key').filter({ hasText: 'Bitcoin bridge' });
    await qes2.getByRole('button', { name: 'Export public key' }).click();
    await qes2.getByText('exported raw only').waitFor();
    expect(Buffer.from((await qes2.getByTestId('export-output').textContent())!, 'base64')).toHaveLength(1952 + 32);
    expect(errors).toEqual([]);
  });

  it('rotates, disables, enables, schedules and cancels a key’s deletion from its row', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('lifecycle'));
    await page.goto('/dashboard');
    const panel = page.getByTestId('signing-keys');
    await page.getByLabel('New signing or encryption key').fill('Rotating key');
    await panel.getByRole('button', { name: 'Create Key' }).click();
    const row = panel.getByTestId('signing-key').filter({ hasText: 'Rotating key' });
    await row.getByText('Version 1').waitFor();
    const actions = row.getByRole('group', { name: 'Key actions for Rotating key' });
    await actions.getByRole('button', { name: 'Rotate' }).click();
    await row.getByText('Version 2').waitFor();
    await actions.getByRole('button', { name: 'Disable' }).click();
    await row.getByTestId('key-state').getByText('Disabled').waitFor();
    await actions.getByRole('button', { name: 'Enable' }).click();
    await row.getByTestId('key-state').getByText('Enabled').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await actions.getByRole('button', { name: 'Schedule deletion (30 days)' }).click();
    await row.getByTestId('key-state').getByText('Pending deletion').waitFor();
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Cancel deletion']);
    await shot(page, 'signing-lifecycle-1280');
    await actions.getByRole('button', { name: 'Cancel deletion' }).click();
    await row.getByTestId('key-state').getByText('Disabled').waitFor();
    expect(errors).toEqual([]);
  });

  it('opens Billing from ?tab=billing and shows the payment return toasts, then resets the address', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page, uniqueEmail('pay'));
    const cases = [
      { query: '?tab=billing&payment=success&captured=true&kind=plan', title: 'Payment complete', text: 'Your new plan is active', variant: 'success' },
      { query: '?tab=billing&payment=success&captured=true&kind=renewal', title: 'Payment complete', text: 'Your plan is renewed for another month', variant: 'success' },
      { query: '?payment=success', title: 'Payment processing', text: 'PayPal is still confirming the payment', variant: 'default' },
      { query: '?tab=billing&payment=cancelled', title: 'Payment cancelled', text: 'Nothing was charged', variant: 'destructive' },
    ];
    for (const c of cases) {
      await page.goto(`/dashboard${c.query}`);
      const toast = page.getByTestId('toast').filter({ hasText: c.title });
      await toast.waitFor();
      expect(await toast.textContent()).toContain(c.text);
      expect(await toast.getAttribute('data-variant')).toBe(c.variant);
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/dashboard');
      const billing = page.getByRole('tab', { name: 'Billing' });
      expect(await billing.getAttribute('aria-selected'), c.query).toBe(c.query.includes('tab=billing') ? 'true' : 'false');
    }
    await page.getByRole('tab', { name: 'Billing' }).click();
    expect(await page.getByTestId('billing-plan').textContent()).toBe('Free Plan');
    expect(await page.getByTestId('overage-charges').textContent()).toBe('$0.00');
    expect(await page.getByTestId('billing-plan-free').textContent()).toContain('Current Plan');
    // Buying itself is driven in web/e2e/payments.test.ts; here the buttons are ready.
    expect(await page.getByTestId('billing-plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('upgrade-note').textContent()).toContain('PayPal');
    await shot(page, 'billing-1280');
    expect(errors).toEqual([]);
  });
});
