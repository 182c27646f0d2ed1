/**
 * axe-core's WCAG checks inside a playwright-core page (docs/decisions/027-accessibility.md). The library's source is evaluated
 * in the page through the DevTools protocol, which the app's Content-Security-Policy does not cover,
 * so the page under test runs with its real headers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type AxeCore from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA: the rules the app must pass on every page. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** One entry per offending element: its CSS path and axe's summary of what to fix. */
  nodes: { target: string; summary: string }[];
}

/** Runs axe on the page as it is now and returns the WCAG A/AA violations (none when it passes). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_TAGS);
}

/** One readable line per offending element, for a failure message. */
export function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.rule} (${v.impact}) ${v.help} at ${n.target}: ${n.summary.replaceAll('\n', ' ')}`),
  );
}
