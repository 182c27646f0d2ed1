/**
 * A customer's data in Chromium (docs/decisions/038): an API call kept as a digest in the history,
 * the setting changed by keyboard, older history deleted, the export downloaded, the account
 * deleted by keyboard alone, and the Privacy page the sign-in page links to. Each page is checked
 * with axe. Screenshots go to screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.ts';
import { keyboard } from './keyboard.ts';
import { firstKeyPair, registerAndSignIn, signWith, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const PASSWORD = 'correct horse battery';
let stack: Stack;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `data-${name}.png`), fullPage: true });

async function expectAxeClean(page: Page) {
  expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
}

/** A new account, signed in on this page, and one API call made with its first key. */
async function accountWithCall(page: Page, message: string) {
  const email = `data-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await registerAndSignIn(page, stack.origin, { email, password: PASSWORD, firstName: 'Dana', lastName: 'Data' });
  const pair = await firstKeyPair(page, stack.origin);
  expect((await signWith(stack.origin, pair, message)).status).toBe(200);
  return { email, ...pair };
}

describe.skipIf(skipBrowserTests)('a customer’s data', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows an API call as its digest, keeps text once chosen, deletes history and downloads the export', async () => {
    const { page, errors } = await stack.page();
    await accountWithCall(page, 'a private message');
    await page.goto('/dashboard?tab=operations');
    await page.getByTestId('operation').getByText(/^SHA-256 [0-9a-f]{16}… \(17 bytes; the text is not kept\)$/).waitFor();

    await page.goto('/dashboard?tab=data');
    await page.getByTestId('history-size').getByText('1 operation kept').waitFor();
    await expectAxeClean(page);
    await shot(page, 'tab-1280');
    const keys = keyboard(page);
    await keys.tabTo(/^Only a digest/);
    await keys.press('ArrowDown');
    await page.getByTestId('toast').filter({ hasText: 'Your next API calls keep the message text.' }).waitFor();
    expect(await page.getByRole('radio', { name: /The message text/ }).isChecked()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pq-platform-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({ format: 'pq-platform-account-export/1', profile: { historyKeeps: 'text' }, operations: [{ message: null, messageLength: 17 }] });

    await page.getByRole('combobox', { name: 'Which history to delete' }).click();
    await page.getByRole('option', { name: 'All of it' }).click();
    await page.getByRole('button', { name: 'Delete history' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: '1 operation deleted.' }).waitFor();
    await page.getByTestId('history-size').getByText('0 operations kept').waitFor();
    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('deletes the account by keyboard alone: signed out, its key refused, the home page says so', async () => {
    const { page, errors } = await stack.page();
    const account = await accountWithCall(page, 'goes with the account');
    await page.goto('/dashboard?tab=data');
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    const keys = keyboard(page);
    await keys.tabTo('Password');
    await keys.type(PASSWORD);
    await keys.tabTo('Type “delete my account”');
    await keys.type('delete my account');
    await shot(page, 'delete-filled-1280');
    await keys.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Account deleted' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'deleted-1280');
    expect(keys.noRing).toEqual([]);
    expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
    expect((await signWith(stack.origin, account, 'after')).status).toBe(401);
    expect(stack.app.context.mailer.outbox!.list().find((m) => m.to === account.email)?.subject).toBe('Your PQ Platform account was deleted');
    expect(errors).toEqual([]);
  });

  it('says so, and keeps the account, when the password is wrong', async () => {
    const { page } = await stack.page();
    await accountWithCall(page, 'stays');
    await page.goto('/dashboard?tab=data');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Password', { exact: true }).fill('not my password');
    await form.getByLabel('Type “delete my account”').fill('delete my account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('The password is wrong.').waitFor();
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({ id: expect.any(String) });
  });

  it('opens the Privacy page from the sign-in page', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'What you control', level: 2 }).waitFor();
    expect(await page.getByRole('article').textContent()).toContain('only its SHA-256 and length unless you choose to keep');
    await expectAxeClean(page);
    await shot(page, 'privacy-1280');
    expect(errors).toEqual([]);
  });
});
