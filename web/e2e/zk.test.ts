/**
 * zk-FIDNA in a real browser against the real server: the tab proves in the browser's engine worker
 * by default and the server verifies, and the other way round; no request the page sends, and
 * nothing in the history, carries X or Y; wrong amounts are refused with the product's sentences; a
 * zk-FIDNA benchmark runs on both sides and splits the server's time; the tab fits 390 px. Screenshots go to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSensibleSplit, resultsShot, shownSplit } from './serverSplit.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

/** Amounts no proof, key or id would contain by chance, so finding one means it leaked. */
const X = '650123';
const Y = '21930456';

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Every request the page sends, with its body, from the moment this is called. */
function recordRequests(page: Page): { url: string; method: string; body: string }[] {
  const sent: { url: string; method: string; body: string }[] = [];
  page.on('request', (r: Request) => sent.push({ url: r.url(), method: r.method(), body: r.postData() ?? '' }));
  return sent;
}

const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify', exact: true });
const output = (page: Page) => page.getByTestId('zk-output');
const result = (page: Page) => page.getByTestId('zk-result');

async function openZkTab(page: Page) {
  await page.goto('/demo');
  await page.getByRole('tab', { name: 'zk-FIDNA' }).click();
  await page.getByLabel('Secret Value (X)').fill(X);
  await page.getByLabel('Balance Value (Y)').fill(Y);
}

async function prove(page: Page, where: 'in this browser' | 'on the server') {
  await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
  await output(page).getByText(`Proved ${where}`).waitFor({ timeout: 30_000 });
}

describe.skipIf(skipBrowserTests)('demo: zk-FIDNA', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('proves in this browser by default, sends nothing while proving, and the server verifies the proof without X or Y', async () => {
    const { page, errors } = await stack.page();
    const sent = recordRequests(page);
    await openZkTab(page);
    // The page-wide choice is the server's for signatures; the zk-FIDNA tab shows its own, the browser.
    expect(await page.getByRole('radio', { name: 'This browser' }).isChecked()).toBe(true);
    expect(await page.getByTestId('mode-help').textContent()).toContain('X and Y never leave your device');
    await page.getByText(/Engine ready · attestation key browser_zk_[0-9a-f]{16}/).waitFor();
    expect(await verifyButton(page).isDisabled()).toBe(true);

    const before = sent.length;
    await prove(page, 'in this browser');
    expect(sent.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    const text = (await output(page).textContent()) ?? '';
    expect(text).toContain('balance_proof · result 1 (Y ≥ X)');
    expect(text).toMatch(/Commitment C_X.*Commitment C_Y/);
    for (const name of ['t_x', 'τ_x', 'μ', 'a', 'b']) expect(text).toContain(`Response ${name}`);
    expect(text).toContain('(826 bytes)');
    expect(text).toContain('ML-DSA-65 · 3,309 bytes');
    expect(text).not.toContain(X);
    expect(await page.locator('.pflow-step[data-state="done"]:visible').count()).toBe(4);
    await page.getByTestId('toast').getByText('zk-FIDNA Proof Generated').waitFor();

    // Verified here first, then by the server.
    await verifyButton(page).click();
    await result(page).getByText('Proved in this browser, verified in this browser').waitFor();
    await page.getByRole('radio', { name: 'Server' }).check();
    await verifyButton(page).click();
    await result(page).getByText('Proved in this browser, verified on the server').waitFor();
    expect(await result(page).textContent()).toContain('Valid zk-FIDNA proof');
    expect(await page.getByTestId('zk-checks').textContent()).toBe(
      'Verification checksstructurallyValid✓ passedcircuitValid✓ passedmathematicalCheck✓ passedpositiveCheck✓ passedbalanceCheck✓ passedsignatureCheck✓ passed',
    );
    await shot(page, 'zk-browser-proof-server-verify-1280');

    // The demo session is started before the first demo call (docs/api.md §6); it carries no data.
    const posted = sent.filter((r) => r.method === 'POST');
    expect(posted.map((r) => new URL(r.url).pathname)).toEqual(['/api/demo/session', '/api/demo/zk-fidna/verify']);
    for (const r of sent) {
      expect(r.body, r.url).not.toContain(X);
      expect(r.body, r.url).not.toContain(Y);
    }
    expect(JSON.parse(posted[1]!.body)).not.toHaveProperty('openings');

    // The signature tabs kept their own choice.
    await page.getByRole('tab', { name: 'Dilion' }).click();
    expect(await page.getByRole('radio', { name: 'Server' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('proves on the server when chosen, verifies that proof in the browser, and keeps X and Y out of the history', async () => {
    const { page, errors } = await stack.page();
    await openZkTab(page);
    await page.getByRole('radio', { name: 'Server' }).check();
    expect(await page.getByTestId('mode-help').textContent()).toContain('The demo API receives X and Y');
    await prove(page, 'on the server');
    expect(await output(page).textContent()).not.toContain('browser_zk_');
    await page.getByRole('radio', { name: 'This browser' }).check();
    await verifyButton(page).click();
    await result(page).getByText('Proved on the server, verified in this browser').waitFor();
    expect(await result(page).textContent()).toContain('Valid zk-FIDNA proof');

    // A proof of Y < X, from the browser, verified on the server: result 0 is a valid proof too.
    await page.getByLabel('Secret Value (X)').fill(Y);
    await page.getByLabel('Balance Value (Y)').fill(X);
    await prove(page, 'in this browser');
    expect(await output(page).textContent()).toContain('balance_proof · result 0 (Y < X)');
    await page.getByRole('radio', { name: 'Server' }).check();
    await verifyButton(page).click();
    await result(page).getByText('Proved in this browser, verified on the server').waitFor();

    await page.goto('/history');
    await page.getByTestId('history-item').first().waitFor();
    const items = page.getByTestId('history-item');
    expect(await items.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      await items.nth(i).click();
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('balance_proof');
      expect(main).not.toContain(X);
      expect(main).not.toContain(Y);
    }
    await shot(page, 'zk-history-1280');
    expect(errors).toEqual([]);
  });

  it('refuses each wrong amount with its own sentence on either side, and a failed prove clears the proof before it', async () => {
    const { page, errors } = await stack.page();
    await openZkTab(page);
    // A failed prove takes away the proof before it: Verify has nothing left to check.
    await prove(page, 'in this browser');
    expect(await verifyButton(page).isDisabled()).toBe(false);
    await page.getByLabel('Secret Value (X)').fill('1.5');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Secret value must be a whole number').waitFor();
    await output(page).getByText('Nothing yet.').waitFor();
    expect(await verifyButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Secret Value (X)').fill('1e30');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Secret value must be at most 18446744073709551615 (2^64 − 1)').waitFor();
    await page.getByLabel('Secret Value (X)').fill('');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Secret value is required').waitFor();
    await page.getByRole('radio', { name: 'Server' }).check();
    await page.getByLabel('Secret Value (X)').fill('0');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Secret value must be a positive number').waitFor();
    await page.getByLabel('Secret Value (X)').fill('1e30');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Secret value must be at most 18446744073709551615 (2^64 − 1)').waitFor();
    await page.getByLabel('Secret Value (X)').fill('5');
    await page.getByLabel('Balance Value (Y)').fill('-1');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('toast').getByText('Balance value must be non-negative').waitFor();
    expect(await verifyButton(page).isDisabled()).toBe(true);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('runs a zk-FIDNA benchmark in the browser and on the server, with the real proof size on both sides', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'zk-fidna', exact: true }).click();
    const cards = page.getByTestId('stat-cards');
    await expect.poll(() => cards.textContent()).toContain('826 B');
    expect(await page.getByTestId('stat-cards-note').textContent()).toContain('the ML-DSA-65 attestation adds 3,309 B beside it');
    expect(await page.getByTestId('bench-method').textContent()).toContain('random secret from 100 to 599');
    await page.getByLabel('Operations Count').fill('3');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByTestId('benchmark-results').waitFor({ timeout: 120_000 });
    for (const side of ['browser', 'server']) expect(await page.getByTestId(`results-${side}`).textContent()).toContain('100.0%');
    expect(await cards.locator('[data-side="browser"] .stat-value').first().textContent()).toBe('826 B');
    expect(await cards.locator('[data-side="server"] .stat-value').first().textContent()).toBe('826 B');
    expect(await page.getByTestId('chart-browser').locator('.recharts-legend-item-text').allTextContents()).toEqual(['prove', 'verify']);
    expect(await page.getByTestId('engine-comparison').textContent()).toContain('zk-FIDNA prove: this browser vs Node');
    const figures = await Promise.all(['browser-sign-ms', 'node-sign-ms', 'engine-ratio'].map(async (id) => page.getByTestId(id).textContent()));
    console.warn(`zk-FIDNA prove, engine: browser ${figures[0]}, Node ${figures[1]}, ratio ${figures[2]}`);
    expect(figures[0]).toMatch(/ms$/);
    expect(figures[1]).toMatch(/ms$/);
    expect(await page.getByTestId('engine-comparison').textContent()).toContain('engine times the server answered for this run’s 3 server prove steps');
    const split = await shownSplit(page);
    console.warn(`zk-FIDNA on the server, median ms (server = engine + rest): prove ${JSON.stringify(split.sign)}, verify ${JSON.stringify(split.verify)}`);
    expectSensibleSplit(split);
    expect(await page.getByTestId('server-split').locator('tr[data-step="sign"] th').textContent()).toBe('prove');
    await shot(page, 'zk-benchmark-1280');
    await resultsShot(page, `${shots}/zk-benchmark-results-1280.png`);
    expect(errors).toEqual([]);
  });

  it('fits the tab, proved and verified, into 390 px', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await openZkTab(page);
    await prove(page, 'in this browser');
    await verifyButton(page).click();
    await result(page).getByText('Valid zk-FIDNA proof').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'zk-tab-390');
    expect(errors).toEqual([]);
  });
});
