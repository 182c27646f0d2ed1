/**
 * Every registered route of docs/product.md §2.2 (and an unknown path) renders in a real browser without console
 * errors, at desktop and phone widths, and the mobile menu works. Each page is saved to
 * screenshots/ (gitignored) so a person can look at it.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_PAGE } from './routes.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');

/** Pages this suite's author owns: they must also fit a 390 px screen without sideways scrolling. */
const MUST_FIT = new Set(['/', '/tech', '/api-docs', '/login', '/test', '/contact', '/terms', '/no/such/page']);

const shotName = (route: string) => `route-${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}`;

let stack: Stack;

describe.skipIf(skipBrowserTests)('pages', () => {
  beforeAll(async () => {
    stack = await startStack();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  for (const width of [1280, 390]) {
    it(`render every route at ${width} px without console errors`, async () => {
      const { page, errors } = await stack.page({ width, height: 900 });
      for (const route of EVERY_PAGE) {
        await page.goto(route, { waitUntil: 'networkidle' });
        await page
          .locator('main h1')
          .first()
          .waitFor()
          .catch((e: Error) => {
            throw new Error(`${route} at ${width} px shows no heading: ${e.message}`);
          });
        expect(errors, route).toEqual([]);
        if (MUST_FIT.has(route)) {
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${route} is wider than the screen`).toBeLessThanOrEqual(width);
        }
        await page.screenshot({ path: join(SHOTS, `${shotName(route)}-${width}.png`), fullPage: true });
      }
    });
  }

  it('open the mobile menu at 390 px and close it when a link is chosen', async () => {
    const { page, errors } = await stack.page({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    // Slid fully in, and as tall as the screen (not clipped to the sticky header).
    await expect.poll(async () => ((b) => b && b.x + b.width)(await menu.boundingBox())).toBeLessThanOrEqual(390.5);
    expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(844);
    await page.screenshot({ path: join(SHOTS, 'mobile-menu-open-390.png') });

    await menu.getByRole('link', { name: 'Technology' }).click();
    await page.getByRole('heading', { name: 'How the cryptography works' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tech');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
