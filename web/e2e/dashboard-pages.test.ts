/**
 * Every dashboard route, signed out and signed in, at 1280 and 390 px: no console errors, nothing
 * wider than the screen, a screenshot of each (screenshots/, gitignored). Then the signed-out card's
 * buttons, the empty key state, and the key inspector pages on an own key and on a pasted pair.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../src/history/message-text.ts';
import { storedDigest, firstKeyPair, registerAndSignIn, signWith, skipBrowserTests, startStack, type KeyPair, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const ROUTES = ['/dashboard', '/dashboard-old', '/dashboard-direct', '/dashboard-simple', '/dashboard-force'];
let stack: Stack;

const shotName = (route: string, state: string, width: number) => join(SHOTS, `${route.slice(1)}-${state}-${width}.png`);
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function signUpByApi(page: Page) {
  return registerAndSignIn(page, stack.origin, { email: uniqueEmail('pages'), password: 'correct horse battery', firstName: 'Alan', lastName: 'Turing' });
}

const sign = (pair: KeyPair, message: string) => signWith(stack.origin, pair, message);

describe.skipIf(skipBrowserTests)('dashboard pages', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  for (const width of [1280, 390]) {
    it(`render every dashboard route at ${width} px, signed out and signed in, without console errors`, async () => {
      const { page, errors } = await stack.page({ width, height: 900 });
      for (const state of ['signed-out', 'signed-in']) {
        if (state === 'signed-in') {
          await signUpByApi(page);
          // Something to show: an API call in the chart and the operations list.
          expect((await sign(await firstKeyPair(page, stack.origin), 'for the screenshots')).status).toBe(200);
        }
        for (const route of ROUTES) {
          await page.goto(route, { waitUntil: 'networkidle' });
          await page.locator('main h1').first().waitFor();
          expect(errors, `${route} ${state}`).toEqual([]);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${route} ${state} is wider than the screen`).toBeLessThanOrEqual(width);
          await page.screenshot({ path: shotName(route, state, width), fullPage: true });
        }
      }
      await page.goto('/dashboard');
      for (const tab of ['Operations', 'Billing']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tab} tab`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: shotName(`/dashboard-${tab.toLowerCase()}`, 'signed-in', width), fullPage: true });
      }
      expect(errors).toEqual([]);
    });
  }

  it('asks a visitor to log in, by email or through the hosted sign-in, both leading to /login', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/dashboard');
    const card = page.getByTestId('auth-required');
    await card.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    expect(await card.textContent()).toContain('Please log in to access your dashboard');
    expect(await card.getByRole('link', { name: 'Log In with Email' }).getAttribute('href')).toBe('/login');
    await card.getByRole('link', { name: 'Other Sign-In Options' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Access Your Account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('offers to generate a key when the account has none', async () => {
    const { page, errors } = await stack.page();
    const user = await signUpByApi(page);
    stack.app.database.sqlite.prepare('DELETE FROM api_keys WHERE user_id = ?').run(user.id);
    await page.goto('/dashboard');
    const empty = page.getByTestId('no-api-keys');
    await empty.getByText("API key should be automatically generated. Please contact support if you're seeing this message.").waitFor();
    expect(await page.getByText('No API Keys available').count()).toBe(1);
    await empty.getByRole('button', { name: 'Generate API Key' }).click();
    await page.getByTestId('api-key').filter({ hasText: 'My API Key' }).waitFor();
    await page.getByTestId('api-key').getByTestId('secret-value').waitFor();
    expect(errors).toEqual([]);
  });

  it('inspects one of your own keys without its secret: usage, raw JSON, operations, billing', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page);
    const pair = await firstKeyPair(page, stack.origin);
    expect((await sign(pair, 'inspected')).status).toBe(200);
    await page.goto('/dashboard-direct');
    await page.getByRole('button', { name: 'Inspect this key' }).click();
    await page.getByTestId('connection-status').getByText('Connected').waitFor();
    expect(await page.getByTestId('inspected-used').textContent()).toBe('1 / 100');
    expect(JSON.parse((await page.getByTestId('raw-json').textContent())!)).toEqual({ used: 1, limit: 100, currentPlan: 'free', keyKind: 'personal', overageCharges: 0 });

    await page.getByRole('tab', { name: 'Operations' }).click();
    const ops = page.getByTestId('inspected-operations');
    await ops.getByText(messageText(storedDigest('inspected'))).waitFor();
    expect(await ops.textContent()).toContain('Auto-refresh: 5s');
    expect((await sign(pair, 'seen by the 5 s refresh')).status).toBe(200);
    await ops.getByText(messageText(storedDigest('seen by the 5 s refresh'))).waitFor({ timeout: 5000 + 2000 });
    await page.getByRole('tab', { name: 'Billing' }).click();
    expect(await page.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/dashboard?tab=billing');
    await page.screenshot({ path: shotName('/dashboard-direct', 'inspecting', 1280), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('refreshes a pasted pair every 5 s on the force page, and reports a wrong pair as a failed connection', async () => {
    const { page, errors } = await stack.page();
    await signUpByApi(page);
    const pair = await firstKeyPair(page, stack.origin);
    // A visitor pastes the pair; no session is needed for it.
    const visitor = await stack.page();
    await visitor.page.goto('/dashboard-force');
    await visitor.page.getByLabel('API key').fill(pair.apiKey);
    await visitor.page.getByLabel('API secret').fill(pair.apiSecret);
    await visitor.page.getByRole('button', { name: 'Inspect pasted key' }).click();
    await visitor.page.getByTestId('connection-status').getByText('Connected').waitFor();
    expect(await visitor.page.getByTestId('inspected-used').textContent()).toBe('0 / 100');
    expect((await sign(pair, 'counted')).status).toBe(200);
    await expect.poll(() => visitor.page.getByTestId('inspected-used').textContent(), { timeout: 5000 + 2000 }).toBe('1 / 100');

    await visitor.page.getByLabel('API secret').fill('sk_wrong');
    await visitor.page.getByRole('button', { name: 'Inspect pasted key' }).click();
    await visitor.page.getByTestId('connection-status').getByText('Connection Failed').waitFor();
    const connection = (await visitor.page.getByTestId('connection').textContent())!;
    expect(connection).toContain('Error: 401');
    expect(connection).toMatch(/Usage API failed: 401 - \{"message":"The API key or secret is wrong/);
    await visitor.page.getByTestId('toast').filter({ hasText: 'Failed to fetch user data' }).waitFor();
    await visitor.page.screenshot({ path: shotName('/dashboard-force', 'failed', 1280), fullPage: true });
    // The browser logs the refused call itself; nothing else may fail.
    expect(visitor.errors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
