/**
 * The QES2 tabs in a real browser against the real server: signed and verified in the browser's
 * engine worker, each side verifying what the other signed, Verify kept to the signature's mode; a
 * QES2 benchmark with real figures on both sides; screenshots of the tab in browser mode.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify', exact: true });

async function openBrowserTab(page: Page, tab: 'QES2_ECDSA' | 'QES2_Schnorr') {
  await page.goto('/demo');
  await page.getByRole('radio', { name: 'This browser' }).check();
  await page.getByText(/Engine ready/).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

describe.skipIf(skipBrowserTests)('demo: QES2 in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('signs and verifies QES2_ECDSA in the browser worker, with the four steps lit and both halves checked', async () => {
    const { page, errors } = await stack.page();
    await openBrowserTab(page, 'QES2_ECDSA');
    expect(await verifyButton(page).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const output = page.getByTestId('qes2-ecdsa-output');
    await output.getByText('Signed in this browser').waitFor();
    const text = await output.textContent();
    expect(text).toContain('qes2-ecdsa');
    expect(text).toContain('3,373 bytes');
    expect(text).toContain('1,985 bytes');
    expect(text).toMatch(/Keybrowser_ecdsa_[0-9a-f]{16}/);
    expect(await page.locator('.pflow-step[data-state="done"]:visible').count()).toBe(4);
    await verifyButton(page).click();
    const result = page.getByTestId('qes2-ecdsa-result');
    await result.getByText('Valid QES2 signature').waitFor();
    expect(await result.textContent()).toContain('Signed in this browser, verified in this browser');
    expect(await result.textContent()).toContain('ML-DSA-65 half ✓ · secp256k1 half ✓');
    await shot(page, 'demo-qes2-browser-1280');
    // The signature is ECDSA's: the Schnorr tab's Verify stays disabled.
    await page.getByRole('tab', { name: 'QES2_Schnorr' }).click();
    expect(await verifyButton(page).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('verifies a browser-made QES2_Schnorr signature on the server, and a server-made one in the browser', async () => {
    const { page, errors } = await stack.page();
    await openBrowserTab(page, 'QES2_Schnorr');
    const output = page.getByTestId('qes2-schnorr-output');
    const result = page.getByTestId('qes2-schnorr-result');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await output.getByText('Signed in this browser').waitFor();

    await page.getByRole('radio', { name: 'Server' }).check();
    await verifyButton(page).click();
    await result.getByText('Signed in this browser, verified on the server').waitFor();
    expect(await result.textContent()).toContain('Valid QES2 signature');

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await output.getByText('Signed on the server').waitFor();
    await page.getByRole('radio', { name: 'This browser' }).check();
    await verifyButton(page).click();
    await result.getByText('Signed on the server, verified in this browser').waitFor();
    expect(await result.textContent()).toContain('Valid QES2 signature');

    // An edited message fails in the browser too, half by half.
    await page.getByRole('textbox', { name: 'Message' }).fill('Hybrid cryptographic message, altered');
    await verifyButton(page).click();
    await result.getByText('Invalid QES2 signature').waitFor();
    expect(await result.textContent()).toContain('ML-DSA-65 half ✗ · secp256k1 half ✗');
    expect(errors).toEqual([]);
  });

  it('fits a 390 px screen in browser mode', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await openBrowserTab(page, 'QES2_Schnorr');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('qes2-schnorr-output').getByText('Signed in this browser').waitFor();
    await verifyButton(page).click();
    await page.getByTestId('qes2-schnorr-result').getByText('Valid QES2 signature').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'demo-qes2-browser-390');
    expect(errors).toEqual([]);
  });

  it('runs a 3-operation QES2 benchmark in the browser and on the server, every operation real and valid', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'qes2-ecdsa' }).click();
    await page.getByLabel('Operations Count').fill('3');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
    for (const side of ['browser', 'server']) {
      expect(await page.getByTestId(`results-${side}`).textContent()).toContain('100.0%');
      expect(await page.getByTestId(`chart-${side}`).locator('.recharts-line').count()).toBe(2);
    }
    await shot(page, 'demo-benchmark-qes2-1280');
    expect(errors).toEqual([]);
  });
});
