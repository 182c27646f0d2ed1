/**
 * The Security tab's audit log in Chromium (docs/decisions/055-audit-log.md): the account's events
 * newest first in a table with column headers, named by type, with the address they came from;
 * filtered by type; checked with axe, in English and Korean. Screenshots go to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.ts';
import { registerAndSignIn, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

describe.skipIf(skipBrowserTests)('the audit log in the dashboard', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists the account’s events newest first, filters them by type, and passes axe in English and Korean', async () => {
    const { page, errors } = await stack.page();
    await registerAndSignIn(page, stack.origin, { email: `audit-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Audit' });
    const headers = { origin: stack.origin };
    const created = await page.request.post('/api/keys', { data: { keyName: 'CI' }, headers });
    const { id, keyValue } = (await created.json()) as { id: number; keyValue: string };
    await page.request.post(`/api/keys/${id}/disable`, { headers });
    await page.request.post('/api/signing-keys', { data: { name: 'Release' }, headers });

    await page.goto('/dashboard?tab=security');
    const card = page.getByRole('region', { name: 'Audit log events' });
    const cells = () => card.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent ?? '')));
    await card.getByRole('row').nth(4).waitFor();
    expect(await card.getByRole('columnheader').allTextContents()).toEqual(['When', 'Event', 'By', 'About', 'Address', 'Request id']);
    const rows = await cells();
    expect(rows.map((r) => r[1])).toEqual(['Signing key created', 'API key disabled', 'API key created', 'Signed in']);
    expect(rows[2]).toEqual([expect.any(String), 'API key created', 'You', keyValue, '127.0.0.1', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    await page.getByRole('heading', { name: 'Audit log' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'audit-log.png'), fullPage: true });
    expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);

    // The list of every type is taller than the window: choose by typing, as a keyboard user does.
    // The typeahead forgets what was typed after a second without a key, which a loaded machine
    // has taken between two keys: then the list is closed and the name typed again.
    const show = page.getByRole('combobox', { name: 'Show' });
    const focused = (name: string) => page.waitForFunction((n) => document.activeElement?.textContent === n, name, { timeout: 3000 }).then(() => true, () => false);
    for (let attempt = 1; ; attempt++) {
      await show.click();
      await page.keyboard.type('API key disabled');
      if ((await focused('API key disabled')) || attempt === 3) break;
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await cells()).map((r) => r[1])).toEqual(['API key disabled']);

    await page.evaluate(() => localStorage.setItem('pq.language', 'ko'));
    await page.goto('/dashboard?tab=security');
    await page.getByRole('heading', { name: '감사 로그' }).waitFor();
    await page.getByRole('region', { name: '감사 로그 이벤트' }).getByRole('row').nth(4).waitFor();
    await page.screenshot({ path: join(SHOTS, 'audit-log-ko.png'), fullPage: true });
    expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
