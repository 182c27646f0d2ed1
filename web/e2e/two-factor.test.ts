/**
 * Two-factor sign-in in Chromium (docs/decisions/039): set up from the Security tab with a code
 * computed from the secret the page shows (as an authenticator app would), the code asked for by
 * the step-up dialog before a key rotation in another session, and a sign-in finished with a
 * recovery code. Each page is checked with axe. Screenshots go to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/security/totp.ts';
import { axeViolations, describeViolations } from './axe.ts';
import { keyboard } from './keyboard.ts';
import { registerAndSignIn, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const PASSWORD = 'correct horse battery';
let stack: Stack;
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `two-factor-${name}.png`), fullPage: true });

async function expectAxeClean(page: Page) {
  expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe.skipIf(skipBrowserTests)('two-factor sign-in', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is set up from the Security tab, asked for by step-up, and finished with a recovery code at sign-in', async () => {
    const email = `totp-${Date.now()}@example.com`;
    const owner = await stack.page();
    await registerAndSignIn(owner.page, stack.origin, { email, password: PASSWORD, firstName: 'Tess', lastName: 'Totp' });
    // A second browser signed in before two-factor sign-in was on: its session has entered no code.
    const other = await stack.page();
    await signInWithPassword(other.page, email);
    await other.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();

    const { page } = owner;
    await page.goto('/dashboard?tab=security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectAxeClean(page);
    await shot(page, 'setup-1280');
    await page.getByLabel('2. Enter the 6-digit code it shows').fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    const recoveryCodes = await codes.locator('code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByTestId('two-factor-on').getByText('10 recovery codes left').waitFor();
    await expectAxeClean(page);
    await shot(page, 'on-1280');
    expect(owner.errors).toEqual([]);

    // The other session rotates a key: the dialog asks for a code first, by keyboard alone.
    await other.page.goto('/dashboard');
    await other.page.getByTestId('api-key').first().waitFor();
    const keys = keyboard(other.page);
    await keys.tabTo('Rotate secret');
    await keys.press('Enter');
    await keys.tabTo('Stops now (leaked)', { back: true });
    await keys.press('Enter');
    const dialog = other.page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await expectAxeClean(other.page);
    await shot(other.page, 'step-up-1280');
    // The next 30-second step: the set-up's code was this one, and a code works once.
    await keys.type(totpCode(secret, Date.now() + 30_000));
    await keys.press('Enter');
    await other.page.getByTestId('toast').filter({ hasText: 'Secret rotated' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(keys.noRing).toEqual([]);
    // Rotating before the code was given answered 403 step_up_required, which Chromium reports.
    expect(other.errors.filter((e) => !(e.includes('403') && e.includes('/rotate')))).toEqual([]);

    // A third browser: the password, then a recovery code.
    const third = await stack.page();
    await signInWithPassword(third.page, email);
    const codeForm = third.page.getByRole('form', { name: 'Two-factor code' });
    await codeForm.waitFor();
    await expectAxeClean(third.page);
    await shot(third.page, 'sign-in-code-1280');
    await codeForm.getByLabel('Code').fill(recoveryCodes[0]!);
    await codeForm.getByRole('button', { name: 'Continue' }).click();
    await third.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect((await third.page.request.get('/api/auth/two-factor')).ok()).toBe(true);
    expect(((await (await third.page.request.get('/api/auth/two-factor')).json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    expect(third.errors).toEqual([]);
  });

  it('says so when the code is wrong, and signs nobody in', async () => {
    const email = `totp-wrong-${Date.now()}@example.com`;
    const { page } = await stack.page();
    await registerAndSignIn(page, stack.origin, { email, password: PASSWORD, firstName: 'Wes', lastName: 'Wrong' });
    const setup = await page.request.post('/api/auth/two-factor/setup', { headers: { origin: stack.origin } });
    const { secret } = (await setup.json()) as { secret: string };
    await page.request.post('/api/auth/two-factor/enable', { headers: { origin: stack.origin }, data: { code: totpCode(secret, Date.now()) } });
    await page.context().clearCookies();
    await signInWithPassword(page, email);
    const codeForm = page.getByRole('form', { name: 'Two-factor code' });
    await codeForm.getByLabel('Code').fill('aaaaa-bbbbb');
    await codeForm.getByRole('button', { name: 'Continue' }).click();
    await codeForm.getByRole('alert').getByText('This code is not right').waitFor();
    expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
  });
});
