/**
 * Email verification in a real browser: a new account sees the banner on its dashboard, opens its
 * link, and sees the toast and no banner; the login page explains a refused Google sign-in.
 */
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack, registerAndSignIn } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

describe.skipIf(skipBrowserTests)('email verification', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it('asks a new account to verify, and stops asking once the link is opened', async () => {
    const { page, errors } = await stack.page();
    const user = await registerAndSignIn(page, stack.origin, { email: `verify-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'L' });
    expect(user.emailVerified).toBe(false);
    // The link mailed at sign-up is under a minute old: one more may be asked for once a minute has passed.
    stack.app.database.sqlite.prepare('UPDATE users SET email_verification_sent_at = 0 WHERE id = ?').run(user.id);
    await page.goto('/dashboard');
    const banner = page.getByTestId('account-status');
    await banner.getByText('Verify your email.').waitFor();
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    // In the toast: Radix also announces it for a moment in a live region holding the same text.
    await page.getByTestId('toast').getByText('Verification link in the outbox').waitFor();
    await page.screenshot({ path: join(SHOTS, 'verify-email-banner-1280.png'), fullPage: false });
    const link = await stack.app.context.emailVerification.issue(user.id);
    await page.goto(link.slice(link.indexOf('/api/')));
    await page.getByText('Email verified', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByText('Verify your email.').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('asks a browser not signed in to sign in first, then verifies the account it signed in to', async () => {
    const setup = await stack.page();
    const email = `bound-${Date.now()}@example.com`;
    const user = await registerAndSignIn(setup.page, stack.origin, { email, password: 'correct horse battery', firstName: 'Bo', lastName: 'Und' });
    await setup.page.context().close();
    const link = await stack.app.context.emailVerification.issue(user.id);
    const { page, errors } = await stack.page();
    await page.goto(link.slice(link.indexOf('/api/')));
    await page.getByTestId('verify-sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email verified', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(errors).toEqual([]);
  });

  it('tells a visitor refused by Google to sign in with the password and link from the dashboard', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await page.goto('/login?error=google_link_required');
    await page.getByRole('alert').getByText(/link\s+Google from your dashboard/).waitFor();
    expect(errors).toEqual([]);
  });
});
