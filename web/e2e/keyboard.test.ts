/**
 * docs/decisions/027-accessibility.md: the app with the keyboard alone (page.keyboard only: Tab, Shift+Tab, Enter, Space,
 * arrows; no click). A new user signs up, opens the dashboard, shows and copies a key and signs in
 * the demo; the demo's tabs, where-to-run choice, QES2, zk-FIDNA, the benchmark's start and stop and
 * its figures table; the contact form; the dashboard's tabs, rotate confirmation and an upgrade
 * through the PayPal window. Every stop the Tab key makes must show a focus ring.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyboard, readFocus } from './keyboard.ts';
import { skipBrowserTests, startStack, type Stack, registerAndSignIn } from './stack.ts';

let stack: Stack;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function verifiedAccount(page: Page) {
  const { id } = await registerAndSignIn(page, stack.origin, { email: uniqueEmail('keys'), password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' });
  const link = await stack.app.context.emailVerification.issue(id);
  expect((await page.request.get(link.slice(link.indexOf('/api/')))).ok()).toBe(true);
}

describe.skipIf(skipBrowserTests)('the keyboard alone', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('takes a new user through sign-up, the dashboard, copying a key and signing in the demo', async () => {
    const { page, errors } = await stack.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
    const keys = keyboard(page);
    await page.goto('/');

    await keys.tabTo('Login');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Access Your Account' }).waitFor();
    await keys.tabTo('Sign In', { role: 'tab' });
    await keys.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await keys.tabTo('Full Name');
    await keys.type('Ada Lovelace');
    await keys.tabTo('Email');
    await keys.type(uniqueEmail('keyboard'));
    await keys.tabTo('Password');
    await keys.type('correct horse battery');
    await keys.tabTo('Confirm Password');
    await keys.type('correct horse battery');
    await keys.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();

    await keys.tabTo('Dashboard');
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const item = page.getByTestId('api-key').first();
    await item.getByTestId('secret-value').waitFor();
    await keys.tabTo('Show API key');
    await keys.press('Enter');
    expect(await item.getByTestId('key-value').getAttribute('data-shown')).toBe('true');
    const apiKey = (await item.getByTestId('key-value').textContent())!;
    expect(apiKey).toMatch(/^pk_[0-9A-Za-z]+$/);
    await keys.tabTo('Copy API key');
    await keys.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'API key copied to clipboard' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    // The dashboard's tabs: arrows move between them, as in any tab list.
    await keys.tabTo('Overview', { back: true, role: 'tab' });
    await keys.press('ArrowRight');
    const selected = page.getByRole('tablist', { name: 'Dashboard' }).getByRole('tab', { selected: true });
    await expect.poll(() => selected.textContent()).toBe('Operations');
    await keys.press('ArrowRight');
    await expect.poll(() => selected.textContent()).toBe('Billing');
    await page.getByTestId('billing-plan').waitFor();

    await keys.tabTo('Demo', { back: true });
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Post-quantum cryptography, live' }).waitFor();
    await keys.tabTo('Generate Signature');
    await keys.press('Enter');
    await page.getByTestId('dilion-output').getByText('dilion (ML-DSA-65)').waitFor();
    // The button was busy meanwhile; focus stays on it rather than falling back to the page's start.
    expect((await keys.focused()).name).toBe('Generate Signature');
    await keys.tabTo('Verify', { max: 1 });
    await keys.press('Enter');
    await page.getByTestId('dilion-result').getByText('Valid signature').waitFor();

    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('runs every demo tab, the where-to-run choice and the benchmark (start, stop, figures)', async () => {
    const { page, errors } = await stack.page();
    const keys = keyboard(page);
    await page.goto('/demo');
    await page.getByRole('heading', { name: 'Post-quantum cryptography, live' }).waitFor();

    // Radios move with the arrows: on to this browser, where the engine loads, and back.
    await keys.tabTo('Server');
    await keys.press('ArrowRight');
    await page.getByText(/Engine ready · Dilion key/).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'This browser' }).isChecked()).toBe(true);
    await keys.press('ArrowLeft');
    await expect.poll(() => page.getByRole('radio', { name: 'Server' }).isChecked()).toBe(true);

    await keys.tabTo('Dilion', { role: 'tab' });
    await keys.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'QES2_ECDSA' }).getAttribute('aria-selected')).toBe('true');
    await keys.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'QES2_Schnorr' }).getAttribute('aria-selected')).toBe('true');
    await keys.tabTo('Generate');
    await keys.press('Enter');
    await page.getByTestId('qes2-schnorr-output').getByText('qes2-schnorr').waitFor();
    await keys.tabTo('Verify', { max: 1 });
    await keys.press('Enter');
    await page.getByTestId('qes2-schnorr-result').getByText('Valid QES2 signature').waitFor();

    await keys.tabTo('QES2_Schnorr', { back: true, role: 'tab' });
    await keys.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'zk-FIDNA' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(/Engine ready · attestation key/).waitFor();
    await keys.tabTo('Generate zk-FIDNA');
    await keys.press('Enter');
    await page.getByTestId('zk-output').getByText('Proved in this browser').waitFor({ timeout: 30_000 });
    await keys.tabTo('Verify', { max: 1 });
    await keys.press('Enter');
    await page.getByTestId('zk-result').getByText('Proved in this browser, verified in this browser').waitFor();
    expect(await page.getByTestId('zk-result').textContent()).toContain('Valid zk-FIDNA proof');

    await keys.tabTo('Crypto Operations', { back: true, role: 'tab' });
    await keys.press('ArrowRight');
    await page.getByTestId('stat-cards').waitFor();
    // The algorithm list opens with Enter and its options move with the arrows.
    await keys.tabTo('Algorithm', { role: 'combobox' });
    await keys.press('Enter');
    const highlighted = page.getByRole('option').and(page.locator('[data-highlighted]'));
    await expect.poll(() => highlighted.textContent()).toBe('dilion');
    await keys.press('ArrowDown');
    await expect.poll(() => highlighted.textContent()).toBe('qes2-ecdsa');
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: 'Algorithm' }).textContent()).toContain('qes2-ecdsa');
    await keys.press('Shift+Tab', 'Tab');
    await keys.tabTo('Operations Count');
    await keys.press('Control+A');
    await keys.type('500');
    await keys.tabTo('Start Benchmark', { max: 1 });
    await keys.press('Enter');
    // Stopped once some operations ran (a run stopped during the warm-up has nothing to show).
    await expect.poll(() => page.getByTestId('bench-percent').textContent(), { timeout: 30_000 }).not.toBe('0%');
    expect((await keys.focused()).name).toBe('Stop Test');
    await keys.press('Space');
    await page.getByTestId('benchmark-results').getByText('Stopped early').waitFor({ timeout: 60_000 });
    expect((await keys.focused()).name).toBe('Start Benchmark');

    await keys.tabTo('Show the figures as a table');
    await keys.press('Enter');
    const figures = page.getByTestId('chart-browser').getByRole('table');
    await figures.waitFor();
    expect(await figures.getByRole('row').count()).toBeGreaterThan(1);

    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sends the contact form', async () => {
    const { page, errors } = await stack.page();
    const keys = keyboard(page);
    await page.goto('/contact');
    await keys.tabTo('Name');
    await keys.type('Ada Lovelace');
    await keys.tabTo('Email');
    await keys.type('ada@example.com');
    await keys.tabTo('Subject', { role: 'combobox' });
    // General Inquiry, the last subject, is chosen; the one above it is Integration Questions.
    await keys.press('Space');
    const highlighted = page.getByRole('option').and(page.locator('[data-highlighted]'));
    await expect.poll(() => highlighted.textContent()).toBe('General Inquiry');
    await keys.press('ArrowUp');
    await expect.poll(() => highlighted.textContent()).toBe('Integration Questions');
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: 'Subject' }).textContent()).toContain('Integration Questions');
    await keys.tabTo('Message');
    await keys.type('Which plan suits ten thousand signatures a month?');
    await keys.tabTo('Send Message');
    await keys.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Message sent successfully!' }).waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('rotates a secret with its confirmation and upgrades through the PayPal window', async () => {
    const { page, errors } = await stack.page();
    const keys = keyboard(page);
    await verifiedAccount(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('api-key').first().getByTestId('secret-value').waitFor();

    // The question takes focus on its safe answer, and focus comes back to the button afterwards.
    await keys.tabTo('Rotate secret');
    await keys.press('Enter');
    expect((await keys.focused()).name).toBe('Cancel');
    await keys.press('Shift+Tab');
    expect((await keys.focused()).name).toBe('Stops now (leaked)');
    await keys.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Secret rotated' }).waitFor();
    await expect.poll(async () => (await keys.focused()).name).toBe('Rotate secret');

    await keys.tabTo('Overview', { back: true, role: 'tab' });
    // Billing is the third tab from the end (before Security and Your data). Each key waits for the
    // focus it moves: on a loaded machine a key pressed while the tab it opened renders can be lost.
    for (const [key, tab] of [['End', 'Your data'], ['ArrowLeft', 'Security'], ['ArrowLeft', 'Billing']] as const) {
      await keys.press(key);
      await expect.poll(async () => (await keys.focused()).name).toBe(tab);
    }
    await page.getByTestId('billing-plan').getByText('Free Plan').waitFor();
    await keys.tabTo('Upgrade to Starter');
    const [popup] = await Promise.all([page.waitForEvent('popup'), keys.press('Enter')]);
    await popup.getByText('Local PayPal sandbox: no money moves').waitFor();
    const inPopup = keyboard(popup);
    await inPopup.tabTo('Approve');
    const closed = popup.waitForEvent('close');
    await inPopup.press('Enter');
    await closed;
    await page.getByTestId('billing-plan').getByText('Starter Plan').waitFor();
    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens the phone menu and closes it with Escape or ×, focus going back to the menu button', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    const keys = keyboard(page);
    const menu = page.getByRole('navigation', { name: 'Mobile', includeHidden: true });
    // Once the page's scripts have all arrived: an Enter before that can reach a menu button whose
    // handler is not there yet (a loaded machine's full run saw the menu stay closed).
    await page.goto('/', { waitUntil: 'networkidle' });
    await keys.tabTo('Open menu');
    await keys.press('Enter');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    await keys.tabTo('Demo', { max: 4 });
    await keys.press('Escape');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
    expect((await keys.focused()).name).toBe('Open menu');
    await keys.press('Enter');
    await keys.tabTo('Close menu', { max: 1 });
    await keys.press('Enter');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
    expect((await keys.focused()).name).toBe('Open menu');
    expect(keys.noRing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a focus ring on every Tab stop of the public pages', async () => {
    const { page } = await stack.page();
    const missing: string[] = [];
    const stops: Record<string, number> = {};
    for (const route of ['/', '/demo', '/tech', '/api-docs', '/login', '/history', '/test', '/contact', '/dashboard']) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      // Round the page once: Tab until focus leaves the document (the address bar) or comes back to the first stop.
      let first: string | null = null;
      for (let i = 0; i < 250; i++) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(readFocus);
        const where = await page.evaluate(() => {
          const el = document.activeElement;
          return el && el !== document.body ? `${el.tagName}#${el.id}.${el.className}:${(el.textContent ?? '').slice(0, 30)}:${el.getBoundingClientRect().top + window.scrollY}` : null;
        });
        if (where === null || where === first) break;
        first ??= where;
        stops[route] = (stops[route] ?? 0) + 1;
        if (!f.ring) missing.push(`${route}: ${f.tag} "${f.name}"`);
      }
    }
    expect(missing).toEqual([]);
    // The walk went round each page: past the skip link and the navigation into the page itself.
    for (const [route, count] of Object.entries(stops)) expect(count, route).toBeGreaterThan(10);
  });
});

