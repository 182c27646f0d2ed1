/**
 * docs/decisions/027-accessibility.md: axe-core's WCAG 2.0/2.1 A and AA rules (web/e2e/axe.ts) pass on every route of the app,
 * signed out and signed in, at 1280 and 390 px: each demo tab before and after an operation, the
 * benchmark with its charts, both login tabs, every dashboard tab, the PayPal sandbox's approval
 * page. One stack, one page per width; every violation of a width is listed in one failure.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.ts';
import { EVERY_PAGE } from './routes.ts';
import { firstKeyPair, registerAndSignIn, signWith, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');

let stack: Stack;
const uniqueEmail = () => `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A signed-in account with a verified email (buying needs one) and one API call to chart. */
async function signUp(page: Page) {
  // The walk so far left a session cookie: a cookie-carrying write must name its origin.
  const { id } = await registerAndSignIn(page, stack.origin, { email: uniqueEmail(), password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });
  const link = await stack.app.context.emailVerification.issue(id);
  expect((await page.request.get(link.slice(link.indexOf('/api/')))).ok()).toBe(true);
  const signed = await signWith(stack.origin, await firstKeyPair(page, stack.origin), 'for the usage chart');
  expect(signed.status).toBe(200);
}

/** Loads a route and waits for its heading, so axe sees the page rather than the loading spinner. */
async function open(page: Page, route: string) {
  await page.goto(route, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
}

/** Walks the app's routes and their states, collecting every violation with where it was seen. */
async function walk(page: Page, width: number, state: 'signed-out' | 'signed-in'): Promise<string[]> {
  const found: string[] = [];
  const check = async (where: string) => {
    found.push(...describeViolations(`${where} (${state}, ${width} px)`, await axeViolations(page)));
  };
  for (const route of EVERY_PAGE) {
    await open(page, route);
    await check(route);
  }
  if (width < 861) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Demo' }).waitFor();
    await check('the mobile menu');
    await page.getByRole('button', { name: 'Close menu' }).click();
  }

  await open(page, '/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await check('/login, Sign Up tab');

  await open(page, '/demo');
  await page.getByRole('button', { name: 'Generate Signature' }).click();
  await page.getByTestId('dilion-result').or(page.getByTestId('dilion-output')).first().waitFor();
  await check('/demo, Dilion signed');
  for (const tab of ['QES2_ECDSA', 'QES2_Schnorr', 'zk-FIDNA']) {
    await page.getByRole('tab', { name: tab }).click();
    await check(`/demo, ${tab} tab`);
  }
  await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
  await page.getByTestId('stat-cards').waitFor();
  await check('/demo, benchmark before a run');
  await page.getByLabel('Operations Count').fill('2');
  await page.getByRole('button', { name: 'Start Benchmark' }).click();
  await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
  await check('/demo, benchmark results');
  await page.getByTestId('chart-browser').getByText('Show the figures as a table').click();
  await check('/demo, benchmark figures as a table');

  await open(page, '/history');
  await page.getByRole('button', { name: 'View Details' }).first().click();
  await page.getByTestId('details-panel').waitFor();
  await check('/history, an operation\'s details');

  if (state === 'signed-in') {
    await open(page, '/dashboard');
    await page.getByTestId('usage-chart').getByText('Show the figures as a table').click();
    await page.getByTestId('api-key').first().getByRole('button', { name: 'Show API key' }).click();
    await check('/dashboard, usage figures and a key shown');
    for (const tab of ['operations', 'billing']) {
      await open(page, `/dashboard?tab=${tab}`);
      await page.getByRole('tab', { name: tab[0]!.toUpperCase() + tab.slice(1), selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await check(`/dashboard, ${tab} tab`);
    }
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('billing-plan-starter').getByRole('button', { name: 'Upgrade to Starter' }).click(),
    ]);
    await popup.getByText('Local PayPal sandbox: no money moves').waitFor();
    const approval = popup.url();
    await popup.close();
    await page.goto(approval);
    await page.getByTestId('sandbox-amount').waitFor();
    await page.screenshot({ path: join(SHOTS, `a11y-sandbox-approval-${width}.png`), fullPage: true });
    await check('PayPal sandbox approval page');

    // Approved in this window (no opener): the return page sends it to Billing, with the toast.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByTestId('billing-plan').getByText('Starter Plan').waitFor();
    await page.getByTestId('charges').waitFor();
    await check('/dashboard, billing tab with a plan, a charge and the payment toast');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('purchases').getByRole('row').filter({ hasText: 'Starter' }).click();
    await page.getByTestId('purchase-detail').getByRole('button', { name: 'Show API key' }).click();
    await check('/dashboard, a purchase and its plan key');
  }
  return found;
}

describe.skipIf(skipBrowserTests)('accessibility (WCAG 2 A and AA, axe-core)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  for (const width of [1280, 390]) {
    it(`has no violations on any route at ${width} px, signed out and signed in`, async () => {
      const { page } = await stack.page({ width, height: 900 });
      const found = await walk(page, width, 'signed-out');
      await signUp(page);
      found.push(...(await walk(page, width, 'signed-in')));
      expect(found).toEqual([]);
    }, 300_000);
  }

  it('turns transitions and animations off for visitors who ask for reduced motion', async () => {
    const { page } = await stack.page({ width: 390, height: 844 });
    await page.goto('/');
    // The longest transition of the mobile menu and of a button, and the spinner's turn, in seconds.
    const motion = () =>
      page.evaluate(() => {
        const longest = (el: Element, property: 'transitionDuration' | 'animationDuration') =>
          Math.max(...getComputedStyle(el)[property].split(',').map((d) => parseFloat(d)));
        const spinner = document.createElement('div');
        spinner.className = 'spinner';
        document.body.append(spinner);
        const figures = {
          menu: longest(document.querySelector('.mobile-menu')!, 'transitionDuration'),
          button: longest(document.querySelector('.btn')!, 'transitionDuration'),
          spinner: longest(spinner, 'animationDuration'),
        };
        spinner.remove();
        return figures;
      });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await motion()).toEqual({ menu: 0.22, button: 0.15, spinner: 0.8 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await motion();
    for (const seconds of Object.values(reduced)) expect(seconds).toBeLessThan(0.001);
  });
});
