/**
 * Signed out is a normal state (docs/api.md §12): every page of the route list, and the 404 page,
 * loads for a visitor without a single console error or a request that fails or answers an error
 * status. "Who am I" answers 200 null, so nothing is logged for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_PAGE } from './routes.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

describe.skipIf(skipBrowserTests)('a signed-out visitor', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('opens every page with no console error and no failed request', async () => {
    const { page, errors } = await stack.page();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText ?? 'failed'} ${r.method()} ${new URL(r.url()).pathname}`));
    let asked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/user') asked++;
    });
    for (const route of EVERY_PAGE) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      expect([route, errors, failed]).toEqual([route, [], []]);
    }
    // Every page load asked who is signed in, and the answer was not an error.
    expect(asked).toBeGreaterThanOrEqual(EVERY_PAGE.length);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count()).toBe(1);
  });
});
