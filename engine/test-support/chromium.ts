/**
 * Finds Debian's Chromium for browser tests. CI installs it (.ci/run) and must run the browser
 * tests; on a developer machine without it they are skipped with a note instead of failing.
 */
import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath: string | undefined = CANDIDATES.find((p): p is string => !!p && existsSync(p));

/** True when browser tests must be skipped (no Chromium, and not in CI where they are required). */
export const skipBrowserTests = chromiumPath === undefined && process.env.CI !== 'true';
if (skipBrowserTests) console.warn('Chromium not found (apt-get install chromium): skipping browser tests');

/** Launch options for a headless Chromium on a closed network, as root. */
export function launchOptions(): LaunchOptions {
  if (!chromiumPath) throw new Error('Chromium is required in CI: apt-get install -y chromium');
  return {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
