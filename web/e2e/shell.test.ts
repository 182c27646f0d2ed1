/** The shell in a real browser: routes render, navigation highlights, unknown paths show the 404 page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

describe.skipIf(skipBrowserTests)('web shell', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the 404 page for an unknown path, with the navigation', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('highlights the active route', async () => {
    const { page } = await stack.page();
    await page.goto('/contact');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
    expect(await link.getAttribute('aria-current')).toBe('page');
  });
});
