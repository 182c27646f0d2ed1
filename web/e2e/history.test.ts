/**
 * /history in a real browser: the operations this session just made in the demo, with tab counts,
 * tabs, search and filter that work, and the details panel.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

const tabCount = async (page: Page, name: string) => {
  const text = await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent();
  return Number(text!.replace(name, ''));
};

describe.skipIf(skipBrowserTests)('history', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('says there is nothing yet to a new visitor', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/history');
    await page.getByRole('heading', { name: 'Crypto Operations History' }).waitFor();
    await page.getByText('No operations found. Try the demo to create some!').waitFor();
    expect(await tabCount(page, 'All')).toBe(0);
    await page.getByText('Select an operation to view its details.').waitFor();
    expect(errors).toEqual([]);
  });

  it('lists the demo operations just made, with working tabs, counts, search, filter and details', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill(`History check: ${'long message '.repeat(10)}`);
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await page.getByTestId('dilion-output').getByText('dilion (ML-DSA-65)').waitFor();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('dilion-result').getByText('Valid signature').waitFor();
    await message.fill('History check, altered');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('dilion-result').getByText('Invalid signature').waitFor();

    // Client-side navigation: the history reads the list afresh.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.goto('/history');
    await page.getByTestId('history-item').first().waitFor();
    expect(await page.getByTestId('history-item').count()).toBe(3);
    expect([await tabCount(page, 'All'), await tabCount(page, 'Dilion'), await tabCount(page, 'QES2'), await tabCount(page, 'zk-FIDNA')]).toEqual([3, 3, 0, 0]);
    const badges = await page.getByTestId('history-item').locator('.badge').allTextContents();
    expect(badges.filter((b) => ['Signed', 'Verified', 'Failed'].includes(b)).sort()).toEqual(['Failed', 'Signed', 'Verified']);
    // Messages over 100 characters are cut with an ellipsis.
    expect(await page.getByText(/^History check: (long message )+.*\.\.\.$/).count()).toBe(2);

    await page.getByRole('tab', { name: /^QES2/ }).click();
    await page.getByText('No QES2 operations found.').waitFor();
    await page.getByRole('tab', { name: /^Dilion/ }).click();
    expect(await page.getByTestId('history-item').count()).toBe(3);

    await page.getByLabel('Search operations').fill('altered');
    expect(await tabCount(page, 'Dilion')).toBe(1);
    await page.getByLabel('Search operations').fill('');
    await page.getByRole('combobox', { name: 'Filter by type' }).click();
    await page.getByRole('option', { name: 'Failed only' }).click();
    expect(await tabCount(page, 'All')).toBe(1);
    await page.getByRole('button', { name: 'View Details' }).click();
    const panel = page.getByTestId('details-panel');
    await panel.getByText('History check, altered').waitFor();
    const text = await panel.textContent();
    expect(text).toContain('Pending');
    expect(text).toContain('"encoded"');
    expect(text).toContain('"context": "dilion/v1|service-A"');
    await page.getByRole('combobox', { name: 'Filter by type' }).click();
    await page.getByRole('option', { name: 'All types' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/history-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/history-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
