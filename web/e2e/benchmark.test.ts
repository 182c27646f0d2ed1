/**
 * The default benchmark in a real browser against the real server at the production rate limits
 * (docs/product.md §2.5, docs/decisions/040): in a fresh browser, the default 100 operations of
 * every algorithm run to the end on both sides with no rate-limit wait, and the demo still answers
 * an ordinary call afterwards. The server's figures are checked to hang together.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { ALGORITHMS } from '../src/demo/algorithms.ts';
import { expectSensibleSplit, shownMs, shownSplit } from './serverSplit.ts';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

/** The results panel's figures for one side: Total operations, Total time, Success rate. */
async function sideFigures(page: Page, side: 'browser' | 'server') {
  const [operations, total, success] = await page.getByTestId(`results-${side}`).locator('.results-figures dd').allTextContents();
  return { operations, totalMs: shownMs(total ?? null), success };
}

describe.skipIf(skipBrowserTests)('the default benchmark', () => {
  beforeAll(async () => {
    // Production's limits (config.ts defaults: 120 demo calls a minute per address), not the suites' generous ones.
    const { rateLimits } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });
    stack = await startStack({ rateLimits });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('runs 100 operations of every algorithm to the end in a fresh browser, and the demo answers after', async () => {
    const { page, errors } = await stack.page();
    const demoStatuses: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/demo/')) demoStatuses.push(r.status());
    });
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    expect(await page.getByLabel('Operations Count').inputValue()).toBe('100');
    const results = page.getByTestId('benchmark-results');
    for (const { id, label } of ALGORITHMS) {
      await page.getByRole('combobox', { name: 'Algorithm' }).click();
      await page.getByRole('option', { name: id, exact: true }).click();
      const started = Date.now();
      await page.getByRole('button', { name: 'Start Benchmark' }).click();
      // The panel shows the previous run's results until this one ends, so wait for this algorithm's.
      await results.locator('.badge-accent', { hasText: label }).waitFor({ timeout: 150_000 });
      const seconds = (Date.now() - started) / 1000;
      await page.getByRole('button', { name: 'Start Benchmark' }).waitFor();
      expect(await results.textContent()).not.toContain('Stopped early');
      const browser = await sideFigures(page, 'browser');
      const server = await sideFigures(page, 'server');
      for (const side of [browser, server]) expect(side).toMatchObject({ operations: '100', success: '100.0%' });
      // The server's step, its engine's part and the rest: real figures that add up.
      const split = await shownSplit(page);
      expectSensibleSplit(split);
      const http = await page.getByTestId('server-http').locator('[data-figure="http-per-call"]').textContent();
      console.warn(
        `${label}: 100 operations per side in ${seconds.toFixed(1)} s; browser total ${browser.totalMs.toFixed(0)} ms, server total ${server.totalMs.toFixed(0)} ms; ` +
          `server median ms (server = engine + rest): sign ${JSON.stringify(split.sign)}, verify ${JSON.stringify(split.verify)}; HTTP per call ${http}`,
      );
      expect(await page.getByTestId('server-split').textContent()).toContain('Medians over the 100 of 100 successful operations');
      expect(await page.getByTestId('server-http').textContent()).toContain('The 100 server operations ran in 10 calls to POST /api/demo/benchmark');
    }
    // No rate-limit wait was ever needed, so none was shown.
    expect(demoStatuses.filter((s) => s === 429)).toEqual([]);

    // An ordinary demo call: the interactive tab signs and verifies on the server.
    await page.getByRole('tab', { name: 'Crypto Operations' }).click();
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await page.getByTestId('dilion-output').getByText('dilion (ML-DSA-65)').waitFor();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('dilion-result').getByText('Valid signature').waitFor();
    expect(await page.getByTestId('dilion-result').textContent()).toContain('Signed on the server, verified on the server');
    // And a direct call from the page, as any script on it would make.
    const direct = await page.evaluate(async () => {
      const res = await fetch('/api/demo/qes2/ecdsa/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'after the benchmark' }) });
      return res.status;
    });
    expect(direct).toBe(200);
    expect(demoStatuses.filter((s) => s === 429)).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);

  it('counts a rate-limit wait down a second at a time, leaves it out of the times, and carries on', async () => {
    const { page, errors } = await stack.page();
    let refused = 0;
    // The server's answer to the first call, as a busy server gives it; the rest go through.
    await page.route('**/api/demo/benchmark', (route) =>
      refused++ === 0
        ? route.fulfill({ status: 429, headers: { 'retry-after': '3' }, json: { message: 'Too many requests: wait 3 seconds before trying again.', code: 'rate_limited', requestId: 'x' } })
        : route.fallback(),
    );
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    await page.getByLabel('Operations Count').fill('10');
    await page.getByRole('button', { name: 'Start Benchmark' }).click();
    const waiting = page.getByTestId('bench-waiting');
    for (const seconds of [3, 2, 1]) await expect.poll(() => waiting.textContent().catch(() => ''), { timeout: 5_000, interval: 100 }).toContain(`Waiting ${seconds} s`);
    await page.getByTestId('benchmark-results').waitFor({ timeout: 60_000 });
    expect(await waiting.count()).toBe(0);
    const server = await sideFigures(page, 'server');
    expect(server).toMatchObject({ operations: '10', success: '100.0%' });
    // The 3 s wait is in no time shown.
    expect(server.totalMs).toBeLessThan(3000);
    expect(refused).toBe(2);
    expect(errors.filter((e) => !/status of 429/.test(e))).toEqual([]);
  });
});
