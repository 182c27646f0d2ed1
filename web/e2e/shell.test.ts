/** The shell in a real browser: routes render, navigation highlights, unknown paths show the 404 page, the footer's year and links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ROUTE } from './routes.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

describe.skipIf(skipBrowserTests)('web shell', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the 404 page for an unknown path: the navigation, the ways on, and no developer hint in the built site', async () => {
    const { page, errors } = await stack.page();
    await page.goto(UNKNOWN_ROUTE);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count()).toBe(1);
    const main = page.locator('main');
    expect(await main.textContent()).toContain(UNKNOWN_ROUTE);
    // The built site is a production build: the router hint of a development build is absent.
    expect(await main.textContent()).not.toContain('App.tsx');
    const ways: [string, string][] = [['Technology', '/tech'], ['API Docs', '/api-docs'], ['Demo', '/demo'], ['Back to home', '/']];
    for (const [name, path] of ways) {
      await page.goto(UNKNOWN_ROUTE);
      await main.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => main.locator('h1').first().textContent()).not.toBe('Page not found');
    }
    expect(errors).toEqual([]);
  });

  it('shows the visitor’s current year in the footer, with Terms and Privacy', async () => {
    const { page, errors } = await stack.page();
    await page.clock.setFixedTime(new Date('2031-05-04T12:00:00Z'));
    await page.goto('/');
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('© 2031 PQ Platform');
    for (const [name, heading] of [['Terms', 'Terms of service'], ['Privacy', 'Privacy']]) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('highlights the active route', async () => {
    const { page } = await stack.page();
    await page.goto('/contact');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
    expect(await link.getAttribute('aria-current')).toBe('page');
  });
});
