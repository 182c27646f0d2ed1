import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types, run by node in CI.
import { verdict } from './audit.mjs';

describe('the CI dependency audit', () => {
  it('fails on a high or critical vulnerability in a production dependency, naming it', () => {
    const report = {
      metadata: { vulnerabilities: { low: 1, high: 1, critical: 0 } },
      vulnerabilities: { lodash: { severity: 'high', range: '<4.17.21' }, debug: { severity: 'low', range: '<2.6.9' } },
    };
    const v = verdict(JSON.stringify(report));
    expect(v.ok).toBe(false);
    expect(v.lines.join('\n')).toMatch(/high: lodash \(<4\.17\.21\)[\s\S]*FAILED: 1 high or critical/);
  });

  it('passes with low findings only', () => {
    expect(verdict(JSON.stringify({ metadata: { vulnerabilities: { low: 2 } }, vulnerabilities: { a: { severity: 'low', range: '*' } } })).ok).toBe(true);
  });

  it('says plainly when the registry does not answer, and passes', () => {
    const v = verdict(JSON.stringify({ message: '405 Method Not Allowed', statusCode: 405, error: { summary: '' } }));
    expect(v).toEqual({ ok: true, lines: ["Dependency audit NOT RUN: the registry's audit endpoint did not answer (405 Method Not Allowed)."] });
    expect(verdict('not json').lines[0]).toContain('NOT RUN');
  });
});
