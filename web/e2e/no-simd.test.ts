/**
 * A browser without WebAssembly SIMD (before Chrome 91, Firefox 89, Safari 16.4) cannot compile
 * the engine. Chromium cannot switch SIMD off, so the page's WebAssembly.validate is made to refuse
 * v128 code as such a browser's does; the demo must then say why in words, keep every operation on
 * the server (zk-FIDNA included, which otherwise starts in the browser), and not start a benchmark
 * whose browser side cannot run. A screenshot goes to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

/** WebAssembly.validate as in a browser without SIMD: a module whose bytes hold v128 code (0xfd prefix, v128 type 0x7b) is invalid. */
function withoutSimd() {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes: BufferSource) => {
    const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return !(view.includes(0xfd) && view.includes(0x7b)) && validate(bytes);
  };
}

describe.skipIf(skipBrowserTests)('demo in a browser without WebAssembly SIMD', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('says the engine cannot run here, keeps the crypto tabs on the server, and proves zk-FIDNA there', async () => {
    const { page, errors } = await stack.page();
    await page.addInitScript(withoutSimd);
    await page.goto('/demo');
    const notice = page.getByTestId('no-simd').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('lacks WebAssembly SIMD');
    expect(await page.getByRole('radio', { name: 'This browser' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Server' }).isChecked()).toBe(true);

    await page.getByRole('tab', { name: 'zk-FIDNA' }).click();
    expect(await page.getByRole('radio', { name: 'Server' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'This browser' }).isDisabled()).toBe(true);
    await page.getByLabel('Secret Value (X)').fill('650');
    await page.getByLabel('Balance Value (Y)').fill('2193');
    await page.getByRole('button', { name: 'Generate zk-FIDNA' }).click();
    await page.getByTestId('zk-output').getByText('Proved on the server').waitFor({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/demo-no-simd.png`, fullPage: false });
    expect(errors).toEqual([]);
  });

  it('explains why the benchmark cannot start, with Start disabled', async () => {
    const { page, errors } = await stack.page();
    await page.addInitScript(withoutSimd);
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    const start = page.getByRole('button', { name: 'Start Benchmark' });
    expect(await start.isDisabled()).toBe(true);
    const notices = await page.getByTestId('no-simd').allTextContents();
    expect(notices.some((text) => text.includes('its side of the benchmark cannot run'))).toBe(true);
    await page.screenshot({ path: `${shots}/benchmark-no-simd.png` });
    expect(errors).toEqual([]);
  });

  it('changes nothing in a browser with SIMD: this browser is offered and zk-FIDNA starts there', async () => {
    const { page } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'zk-FIDNA' }).click();
    expect(await page.getByRole('radio', { name: 'This browser' }).isChecked()).toBe(true);
    expect(await page.getByTestId('no-simd').count()).toBe(0);
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    expect(await page.getByRole('button', { name: 'Start Benchmark' }).isDisabled()).toBe(false);
  });
});
