/**
 * Email verification in a real browser: a new account sees the banner on its dashboard, opens its
 * link, and sees the toast and no banner; the login page explains a refused Google sign-in.
 */
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

describe.skipIf(skipBrowserTests)('email verification', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it('asks a new account to verify, and stops asking once the link is opened', async () => {
    const { page, errors } = await stack.page();
    const res = await page.request.post('/api/auth/register', {
      data: { email: `verify-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'L' },
    });
    const user = (await res.json()) as { id: string; emailVerified: boolean };
    expect(user.emailVerified).toBe(false);
    await page.goto('/dashboard');
    const banner = page.getByTestId('account-status');
    await banner.getByText('Verify your email.').waitFor();
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    // In the toast: Radix also announces it for a moment in a live region holding the same text.
    await page.getByTestId('toast').getByText('Verification link sent').waitFor();
    await page.screenshot({ path: join(SHOTS, 'verify-email-banner-1280.png'), fullPage: false });
    const link = stack.app.context.emailVerification.issue(user.id);
    await page.goto(link.slice(link.indexOf('/api/')));
    await page.getByText('Email verified', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByText('Verify your email.').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells a visitor refused by Google to verify and link from the dashboard', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await page.goto('/login?error=google_unverified');
    await page.getByRole('alert').getByText('link Google from your dashboard').waitFor();
    expect(errors).toEqual([]);
  });
});
