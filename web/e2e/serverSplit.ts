/**
 * Reads the benchmark's "Where the server's time goes" table as the page shows it, and checks that its
 * figures hang together: a split of a real run against the real server, not just any numbers. Also
 * photographs the results panel it sits in.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A time as formatMs prints it ("0.52 ms", "12.3 ms", "1,234 ms", "1.2 s") in ms; NaN for anything else. */
export function shownMs(text: string | null): number {
  const m = /^([\d,]+(?:\.\d+)?) (ms|s)$/.exec(text?.trim() ?? '');
  if (!m) return Number.NaN;
  const value = Number(m[1]!.replace(/,/g, ''));
  return m[2] === 's' ? value * 1000 : value;
}

export interface ShownStep {
  /** The server's own time for the step (docs/decisions/040). */
  server: number;
  engine: number;
  rest: number;
}

export async function shownSplit(page: Page): Promise<Record<'sign' | 'verify', ShownStep>> {
  const split = page.getByTestId('server-split');
  const step = async (name: 'sign' | 'verify'): Promise<ShownStep> => {
    const row = split.locator(`tr[data-step="${name}"]`);
    const figure = async (key: string) => shownMs(await row.locator(`td[data-figure="${key}"]`).textContent());
    return { server: await figure('server'), engine: await figure('engine'), rest: await figure('rest') };
  };
  return { sign: await step('sign'), verify: await step('verify') };
}

/**
 * Every figure a positive time, the engine's part smaller than the server's step, and engine + rest
 * close to the step. Not equal: each is a median on its own, over a handful of operations.
 */
export function expectSensibleSplit(split: Record<'sign' | 'verify', ShownStep>): void {
  for (const { server, engine, rest } of Object.values(split)) {
    for (const ms of [server, engine, rest]) expect(ms).toBeGreaterThan(0);
    expect(engine).toBeLessThan(server);
    expect(Math.abs(engine + rest - server)).toBeLessThanOrEqual(server * 0.5);
  }
}

/** The benchmark's results panel alone, taken from the top of the page so the sticky navigation does not cover it. */
export async function resultsShot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByTestId('benchmark-results').boundingBox();
  if (!box) throw new Error('The results panel is not on the page');
  await page.screenshot({ path, fullPage: true, clip: box });
}
