/**
 * Accounts in a real browser: sign up, log out and log in through the login page, with the
 * navigation switching between Login and Dashboard + Logout; the alerts of docs/product.md §8; the Google button;
 * where the home page's pricing buttons lead for visitors and for signed-in users.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function signUp(page: Page, email: string, name = 'Ada Lovelace') {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('form', { name: 'Sign up' }).getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create Account' }).click();
}

describe.skipIf(skipBrowserTests)('accounts through the UI', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('signs up, logs out and logs back in, the navigation following along', async () => {
    const { page, errors } = await stack.page();
    const email = `ada-${Date.now()}@example.com`;
    await signUp(page, email, 'Ada');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(path(page)).toBe('/');
    expect(await mainNav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    // One word: lastName defaults to 'User' (docs/product.md §5).
    const user = stack.app.database.sqlite.prepare('SELECT first_name AS f, last_name AS l FROM users WHERE email = ?').get(email);
    expect(user).toEqual({ f: 'Ada', l: 'User' });

    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(path(page)).toBe('/');
    // Signed out on the server (POST /api/logout), not only in the page.
    expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();

    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();
    expect(path(page)).toBe('/');
    expect(errors).toEqual([]);
  });

  it("says 'Passwords don't match!' and sends nothing when the two passwords differ", async () => {
    const { page } = await stack.page();
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/register') && requests.push(r.url()));
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByRole('form', { name: 'Sign up' }).getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm Password').fill('correct horse staple');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByRole('alert').textContent()).toBe("Passwords don't match!");
    expect(requests).toEqual([]);
  });

  it('shows the server’s message when the password is wrong, and field errors before sending', async () => {
    const { page } = await stack.page();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByText('Email is required').waitFor();
    await form.getByText('Password is required').waitFor();
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password', { exact: true }).fill('wrong password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('The email or password is wrong.');
    // The password toggle shows what was typed.
    await form.getByRole('button', { name: 'Show password' }).click();
    expect(await form.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('disables Continue with Google with a tooltip, as Google is not configured here', async () => {
    const { page } = await stack.page();
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect.poll(() => google.isDisabled()).toBe(true);
    await page.locator('.tooltip-anchor').hover();
    await page.getByRole('tooltip').filter({ hasText: 'not configured' }).first().waitFor();
  });

  it('sends pricing buttons to /login for visitors, to billing when signed in, and Enterprise to the contact form', async () => {
    const { page } = await stack.page();
    await page.goto('/');
    await page.getByTestId('plan-starter').getByRole('button').click();
    await page.waitForURL('**/login');

    await page.goto('/');
    await page.getByTestId('plan-enterprise').getByRole('button', { name: 'Contact Sales' }).click();
    await page.waitForURL('**/contact?subject=partnership');
    expect(await page.getByRole('combobox', { name: 'Subject' }).textContent()).toContain('Partnership Inquiry');

    await signUp(page, `pro-${Date.now()}@example.com`);
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('plan-pro').getByRole('button').click();
    await page.waitForURL('**/dashboard?tab=billing');
  });
});
