/**
 * The demo in a real browser against the real server: Dilion signed and verified on the server and
 * in the browser's engine worker, across the two (QES2's browser mode is in demo-qes2.test.ts); the
 * QES2 tab showing the server's answer; a 5-operation benchmark with both charts and the server's
 * time split into engine and the rest (or said unsplittable without engine times), and failed
 * operations counted with their reason; the engine loaded only when needed. zk-FIDNA's tab and
 * benchmark are in zk.test.ts.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSensibleSplit, resultsShot, shownSplit } from './serverSplit.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

/** Chromium logs every non-OK fetch, including the 404s a test makes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

async function shot(page: Page, name: string) {
  // A full-page capture keeps the sticky navigation where the page was scrolled: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const output = (page: Page) => page.getByTestId('dilion-output');
const result = (page: Page) => page.getByTestId('dilion-result');

async function signAndVerify(page: Page) {
  await page.getByRole('button', { name: 'Generate Signature' }).click();
  await output(page).getByText('dilion (ML-DSA-65)').waitFor();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await result(page).getByText('Valid signature').waitFor();
}

describe.skipIf(skipBrowserTests)('demo', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('does not load the engine on the home page, nor on the demo until the browser is chosen', async () => {
    const { page } = await stack.page();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Generate Signature' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((u) => /\.wasm$|engine\.worker/.test(u))).toEqual([]);
    await page.getByRole('radio', { name: 'This browser' }).check();
    await page.getByText(/Engine ready/).waitFor();
    expect(fetched.some((u) => u.endsWith('.wasm'))).toBe(true);
  });

  it('signs and verifies Dilion on the server, and says invalid for a changed message', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('User ID (UID)').inputValue()).toBe('user@example.com');
    expect(await page.getByLabel('Service ID (SID)').inputValue()).toBe('service-A');
    await signAndVerify(page);
    expect(await output(page).textContent()).toContain('dilion/v1|service-A');
    expect(await result(page).textContent()).toContain('Signed on the server, verified on the server');
    await shot(page, 'demo-dilion-1280');
    await page.getByRole('textbox', { name: 'Message' }).fill('authentication request, altered');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await result(page).getByText('Invalid signature').waitFor();
    expect(errors).toEqual([]);
  });

  it('signs in the browser, and each side verifies what the other signed', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('radio', { name: 'This browser' }).check();
    await signAndVerify(page);
    expect(await output(page).textContent()).toMatch(/Keybrowser_[0-9a-f]{16}/);
    expect(await result(page).textContent()).toContain('Signed in this browser, verified in this browser');

    // The browser's signature, checked by the server.
    await page.getByRole('radio', { name: 'Server' }).check();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await result(page).getByText('Signed in this browser, verified on the server').waitFor();
    expect(await result(page).textContent()).toContain('Valid signature');

    // The server's signature, checked in the browser.
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await output(page).getByText(/Signed on the server/).waitFor();
    await page.getByRole('radio', { name: 'This browser' }).check();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await result(page).getByText('Signed on the server, verified in this browser').waitFor();
    expect(await result(page).textContent()).toContain('Valid signature');
    expect(errors).toEqual([]);
  });

  it('signs and verifies QES2 on the server, with the four steps lit and both halves checked', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'QES2_Schnorr' }).click();
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hybrid cryptographic message');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const output = page.getByTestId('qes2-schnorr-output');
    await output.getByText('qes2-schnorr').waitFor();
    expect(await output.textContent()).toContain('3,373 bytes');
    expect(await page.locator('.pflow-step[data-state="done"]:visible').count()).toBe(4);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('qes2-schnorr-result').getByText('Valid QES2 signature').waitFor();
    expect(await page.getByTestId('qes2-schnorr-result').textContent()).toContain('ML-DSA-65 half ✓ · secp256k1 half ✓');
    await shot(page, 'demo-qes2-1280');
    // The signature is Schnorr's: the ECDSA tab's Verify stays disabled.
    await page.getByRole('tab', { name: 'QES2_ECDSA' }).click();
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('refuses an operation count outside 1..500 with the alert of docs/product.md §5', async () => {
    const { page } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByLabel('Operations Count').fill('501');
    const messages: string[] = [];
    page.on('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByLabel('Operations Count').fill('0');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await expect.poll(() => messages).toEqual(['Operation count must be between 1 and 500', 'Operation count must be between 1 and 500']);
    expect(await page.getByTestId('benchmark-results').count()).toBe(0);
  });

  it('runs a 5-operation Dilion benchmark in the browser and on the server and charts both', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByTestId('stat-cards').waitFor();
    await shot(page, 'demo-benchmark-before-1280');
    await page.getByLabel('Operations Count').fill('5');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
    for (const side of ['browser', 'server']) {
      expect(await page.getByTestId(`chart-${side}`).locator('.recharts-line').count()).toBe(2);
      const text = await page.getByTestId(`results-${side}`).textContent();
      expect(text).toContain('100.0%');
    }
    const browserMs = await page.getByTestId('browser-sign-ms').textContent();
    const nodeMs = await page.getByTestId('node-sign-ms').textContent();
    const ratio = await page.getByTestId('engine-ratio').textContent();
    console.warn(`Dilion sign, engine: browser ${browserMs}, Node ${nodeMs}, ratio ${ratio}`);
    expect(browserMs).toMatch(/ms$/);
    expect(nodeMs).toMatch(/ms$/);
    // Node's figure is this run's own, from the engine time the server answered for every sign.
    expect(await page.getByTestId('engine-comparison').textContent()).toContain('engine times the server answered for this run’s 5 server sign steps');
    // Each server step split into the server's time, the engine's part of it, and the rest (docs/decisions/040).
    const split = await shownSplit(page);
    console.warn(`Dilion on the server, median ms (server = engine + rest): sign ${JSON.stringify(split.sign)}, verify ${JSON.stringify(split.verify)}`);
    expectSensibleSplit(split);
    expect(await page.getByTestId('server-split').textContent()).toContain('Medians over the 5 of 5 successful operations whose answers carried it');
    await shot(page, 'demo-benchmark-1280');
    await resultsShot(page, `${shots}/demo-benchmark-results-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'demo-benchmark-390');
    await resultsShot(page, `${shots}/demo-benchmark-results-390.png`);
    expect(await page.getByTestId('server-split').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('says the server’s time cannot be split when its answers carry no engine time', async () => {
    const { page, errors } = await stack.page();
    // The server's real answers, with the engine's times taken out.
    await page.route('**/api/demo/benchmark', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { operations: Record<string, unknown>[] };
      for (const o of body.operations) Object.assign(o, { engineSignMs: null, engineVerifyMs: null });
      await route.fulfill({ response, json: body });
    });
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByLabel('Operations Count').fill('2');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('results-server').textContent()).toContain('100.0%');
    expect(await page.getByTestId('server-split-unavailable').textContent()).toContain('carried no engine time');
    expect(await page.getByTestId('server-split').locator('table').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('counts each server operation that fails as Failed, with the server’s reason, and the browser’s as they ran', async () => {
    const { page, errors } = await stack.page();
    // The server side's benchmark route answers as a missing route does; the browser side is untouched.
    await page.route('**/api/demo/benchmark', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"There is no POST /api/demo/benchmark here.","code":"not_found","requestId":"x"}' }),
    );
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByLabel('Operations Count').fill('2');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
    const server = await page.getByTestId('results-server').textContent();
    expect(server).toContain('0.0%');
    expect(server).toContain('There is no POST /api/demo/benchmark here.');
    expect(await page.getByTestId('results-server').locator('[data-bucket="failed"] .dist-count').textContent()).toBe('2');
    expect(await page.getByTestId('results-browser').textContent()).toContain('100.0%');
    expect(await page.getByTestId('server-split-unavailable').textContent()).toContain('No server operation succeeded');
    expect(unexpected(errors)).toEqual([]);
  });

  it('fits a 390 px screen', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await page.goto('/demo');
    await signAndVerify(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'demo-dilion-390');
    expect(errors).toEqual([]);
  });
});
