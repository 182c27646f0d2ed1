/**
 * A customer's account in Chromium (docs/decisions/037): the forgotten password, reset through the
 * link the server kept in its outbox (no SMTP on a server nobody else can reach), by keyboard only;
 * the password changed; the sessions of two browsers listed and one signed out from the other.
 * Each page is checked with axe. Screenshots go to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.ts';
import { keyboard } from './keyboard.ts';
import { skipBrowserTests, startStack, type Stack, registerAndSignIn } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const PASSWORD = 'correct horse battery';
let stack: Stack;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `account-${name}.png`), fullPage: true });

async function register(page: Page): Promise<string> {
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await registerAndSignIn(page, stack.origin, { email, password: PASSWORD, firstName: 'Olga', lastName: 'Owner' });
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
}

async function expectAxeClean(page: Page) {
  expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
}

describe.skipIf(skipBrowserTests)('a customer’s account', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('resets a forgotten password from the sign-in page by keyboard alone, with the link from the outbox', async () => {
    const setup = await stack.page();
    const email = await register(setup.page);
    await setup.page.context().close();

    const { page, errors } = await stack.page();
    const keys = keyboard(page);
    await page.goto('/login');
    await keys.tabTo('Forgot password?');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAxeClean(page);
    await keys.tabTo('Email of your account');
    await keys.type(email);
    await keys.press('Enter');
    const requested = page.getByTestId('reset-requested');
    await requested.waitFor();
    expect(await requested.textContent()).toContain('If an account has this email');
    expect(await requested.textContent()).toContain('outbox');
    await shot(page, 'reset-requested-1280');

    // The outbox, as the person at this machine sees it: the link is there to follow.
    await page.goto('/outbox');
    const link = page.getByRole('link', { name: /\/reset-password\?token=/ }).first();
    await link.waitFor();
    await link.click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAxeClean(page);
    await keys.tabTo('New password');
    await keys.type('a brand new staple 42');
    await keys.tabTo('Confirm new password');
    await keys.type('a brand new staple 42');
    await keys.press('Enter');
    await page.getByTestId('reset-done').waitFor();
    await shot(page, 'reset-done-1280');
    expect(keys.noRing).toEqual([]);

    await signIn(page, email, 'a brand new staple 42');
    expect(errors).toEqual([]);
  });

  it('lists the sessions of two browsers, signs the other one out, and changes the password', async () => {
    const first = await stack.page();
    const email = await register(first.page);
    const second = await stack.page();
    await signIn(second.page, email, PASSWORD);

    await first.page.goto('/dashboard?tab=security');
    const sessions = first.page.getByTestId('sessions');
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    await sessions.getByText('This session').waitFor();
    await expectAxeClean(first.page);
    await shot(first.page, 'sessions-1280');
    await first.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await first.page.getByRole('button', { name: 'Sign them out' }).click();
    await first.page.getByTestId('toast').filter({ hasText: '1 other session signed out' }).waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect(await (await second.page.request.get('/api/auth/user')).json()).toBeNull();

    const passwordForm = first.page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill('not my password');
    await passwordForm.getByLabel('New password').fill('another fine passphrase');
    await first.page.getByRole('button', { name: 'Change password' }).click();
    await first.page.getByText('The current password is wrong.').waitFor();
    await passwordForm.getByLabel('Current password').fill(PASSWORD);
    await first.page.getByRole('button', { name: 'Change password' }).click();
    await first.page.getByTestId('toast').filter({ hasText: 'Password changed' }).waitFor();
    expect(await (await first.page.request.get('/api/auth/user')).json()).toMatchObject({ id: expect.any(String) });
    // The wrong current password's 403 is the one failed request Chromium reports, as it does every non-OK fetch.
    expect(first.errors.filter((e) => !(e.includes('403') && e.includes('/api/auth/password')))).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('changes the email through the link mailed to the new address, opened in the same browser', async () => {
    const { page, errors } = await stack.page();
    const email = await register(page);
    const next = `moved-${Date.now()}@example.com`;
    await page.goto('/dashboard?tab=security');
    const emailForm = page.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel('New email').fill(next);
    await emailForm.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByTestId('email-change-sent').getByText(`We sent a link to ${next}`).waitFor();
    await expectAxeClean(page);
    const mail = stack.app.context.mailer.outbox!.list().find((m) => m.to === next)!;
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByTestId('toast').filter({ hasText: 'Email changed' }).waitFor();
    await page.getByText(`Now ${next}`).waitFor();
    expect(stack.app.context.mailer.outbox!.list().find((m) => m.to === email)?.subject).toBe('The email of your PQ Platform account was changed');
    await shot(page, 'email-changed-1280');
    expect(errors).toEqual([]);
  });
});
