import { describe, expect, it } from 'vitest';
import { RECOMMENDED_LINE, runtimeSupport } from './runtime-support.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('runtimeSupport (Node.js release schedule)', () => {
  it('supports Node 20 through its last day, 2026-04-30', () => {
    expect(runtimeSupport('v20.19.0', day('2026-04-30'))).toEqual({ supported: true, line: 20, endOfLife: '2026-04-30' });
  });

  it('refuses Node 20 from 2026-05-01, naming its end of life and the recommended line', () => {
    const support = runtimeSupport('v20.20.2', day('2026-05-01'));
    expect(support.supported).toBe(false);
    expect(support).toMatchObject({ line: 20, reason: `Node.js 20 reached its end of life on 2026-04-30; use Node.js ${RECOMMENDED_LINE}` });
  });

  it('supports the recommended line today', () => {
    expect(runtimeSupport(`v${RECOMMENDED_LINE}.21.0`, day('2026-11-27'))).toMatchObject({ supported: true, line: RECOMMENDED_LINE });
  });

  it('refuses a line missing from the table, whose end of life is unknown', () => {
    expect(runtimeSupport('v25.0.0', day('2026-01-01'))).toMatchObject({ supported: false, line: 25, reason: expect.stringMatching(/not in the table/) });
  });

  it('throws on a string that is not a version', () => {
    expect(() => runtimeSupport('latest', day('2026-01-01'))).toThrow(/not a Node.js version/);
  });
});
