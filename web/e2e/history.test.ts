/**
 * /history in a real browser: the operations this session just made in the demo, with tab counts,
 * tabs, search and filter that work, the details panel, and older pages loaded on request.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE } from '../src/history/pages.ts';
import { registerAndSignIn, skipBrowserTests, startStack, type Stack } from './stack.ts';

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

  it('loads older operations a page at a time, with search, filter and counts over every page loaded', async () => {
    const { page, errors } = await stack.page();
    // Signed in: an anonymous demo session keeps only its last 20 operations (docs/api.md §6).
    await registerAndSignIn(page, stack.origin, { email: `paging-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Pa', lastName: 'Ging' });
    const headers = { origin: stack.origin };
    const demo = (path: string, data: object) => page.request.post(`/api/demo/dilion/${path}`, { data, headers });
    // The oldest two operations, a sign and a verify that fails, then a page of newer signs.
    const signed = (await (await demo('sign', { message: 'Paging check #000' })).json()) as { signature: { encoded: string }; publicKey: string };
    expect((await demo('verify', { message: 'Paging check, altered', signature: signed.signature.encoded, publicKey: signed.publicKey })).ok()).toBe(true);
    for (let i = 1; i <= HISTORY_PAGE_SIZE; i++) {
      expect((await demo('sign', { message: `Paging check #${String(i).padStart(3, '0')}` })).ok()).toBe(true);
    }
    // The first page holds the newest HISTORY_PAGE_SIZE signs; sign #000 and the verify are the second.
    const total = HISTORY_PAGE_SIZE + 2;

    await page.goto('/history');
    await page.getByTestId('history-item').first().waitFor();
    const more = page.getByTestId('history-more');
    const older = more.getByRole('button', { name: 'Load older operations' });
    expect(await page.getByTestId('history-item').count()).toBe(HISTORY_PAGE_SIZE);
    expect(await tabCount(page, 'All')).toBe(HISTORY_PAGE_SIZE);
    expect(await more.textContent()).toContain(`The latest ${HISTORY_PAGE_SIZE} operations are loaded`);

    // The failed verify is on the older page: the filter finds nothing until it is loaded.
    await page.getByRole('combobox', { name: 'Filter by type' }).click();
    await page.getByRole('option', { name: 'Failed only' }).click();
    await page.getByText('No operations match the search or filter.').waitFor();
    await older.click();
    await expect.poll(() => tabCount(page, 'All')).toBe(1);
    expect(await page.getByTestId('history-item').textContent()).toContain('Paging check, altered');
    expect(await more.textContent()).toContain(`All ${total} operations are loaded.`);
    expect(await older.count()).toBe(0);

    await page.getByRole('combobox', { name: 'Filter by type' }).click();
    await page.getByRole('option', { name: 'All types' }).click();
    expect([await tabCount(page, 'All'), await tabCount(page, 'Dilion')]).toEqual([total, total]);
    await page.getByLabel('Search operations').fill('#000');
    expect(await tabCount(page, 'All')).toBe(1);
    await page.screenshot({ path: `${shots}/history-paged-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
