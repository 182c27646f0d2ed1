/**
 * The site in Korean (docs/decisions/041): a browser whose language is Korean gets every page in
 * Korean, with `lang="ko"`, no missing text (a missing key logs a console error), no WCAG A/AA
 * violation and a Hangul font; the footer's switch changes the language and is remembered; numbers,
 * money and dates follow the language. Screenshots go to screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.ts';
import { EVERY_PAGE } from './routes.ts';
import { firstKeyPair, registerAndSignIn, signWith, skipBrowserTests, startStack, type Stack } from './stack.ts';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');
const HANGUL = /[\uac00-\ud7a3]/;
let stack: Stack;

async function koreanPage() {
  const opened = await stack.page();
  // The browser's language, as a visitor in Seoul has it: navigator.languages starts with ko-KR.
  await opened.page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['ko-KR', 'ko', 'en-US'] }));
  return opened;
}

async function open(page: Page, route: string) {
  await page.goto(route, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
}

/** The page's visible text outside code, samples and key values: what a reader reads. */
const proseOf = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    for (const code of main.querySelectorAll('pre, code, .mono, [data-testid="raw-json"]')) code.remove();
    return main.innerText;
  });

describe.skipIf(skipBrowserTests)('the site in Korean', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it('shows every page in Korean to a Korean browser, signed out and signed in, with lang="ko", no missing text and no axe violation', async () => {
    const { page, errors } = await koreanPage();
    const violations: string[] = [];
    const english: string[] = [];
    for (const state of ['signed-out', 'signed-in'] as const) {
      if (state === 'signed-in') {
        const { id } = await registerAndSignIn(page, stack.origin, { email: `ko-${Date.now()}@example.com`, password: 'correct horse battery', firstName: '지민', lastName: '김' });
        const link = await stack.app.context.emailVerification.issue(id);
        expect((await page.request.get(link.slice(link.indexOf('/api/')))).ok()).toBe(true);
        expect((await signWith(stack.origin, await firstKeyPair(page, stack.origin), '차트에 쓸 호출')).status).toBe(200);
      }
      for (const route of EVERY_PAGE) {
        await open(page, route);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
        if (!HANGUL.test(await page.locator('main h1').first().innerText()) && !HANGUL.test(await proseOf(page))) english.push(`${route} (${state})`);
        violations.push(...describeViolations(`${route} (${state})`, await axeViolations(page)));
        await page.screenshot({ path: join(SHOTS, `ko-${state}${route === '/' ? '-home' : route.replaceAll('/', '-')}.png`), fullPage: true });
      }
    }
    expect(english).toEqual([]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('renders Hangul with a Korean font, not boxes', async () => {
    const { page } = await koreanPage();
    await open(page, '/');
    const hangulRenders = await page.evaluate(async () => {
      await document.fonts.ready;
      // Without a Hangul font a syllable draws as the missing-glyph box, the same pixels as a code point no font has.
      const pixels = (text: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 40;
        canvas.height = 40;
        const context = canvas.getContext('2d')!;
        context.font = `32px ${getComputedStyle(document.body).fontFamily}`;
        context.fillText(text, 2, 32);
        return Array.from(context.getImageData(0, 0, 40, 40).data).join();
      };
      const box = pixels('\u{10FFFD}');
      return pixels('가') !== box && pixels('한') !== box && pixels('가') !== pixels('한');
    });
    expect(hangulRenders).toBe(true);
  });

  it('switches language from the footer, remembers it, and formats numbers and dates for it', async () => {
    const { page, errors } = await stack.page();
    await open(page, '/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Demo' }).waitFor();
    await page.getByRole('contentinfo').getByLabel('Language').selectOption('ko');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '데모' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');

    await page.reload();
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '데모' }).waitFor();

    // Dates in the Korean form on a page that shows one: the pricing in dollars, as PayPal charges.
    await open(page, '/');
    expect(await proseOf(page)).toMatch(/US\$\s?\d/);

    await page.getByRole('contentinfo').getByLabel('언어').selectOption('en');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Demo' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Demo' }).waitFor();
    expect(errors).toEqual([]);
  });
});
