import { describe, expect, it } from 'vitest';
import { parseCommand, splitCommand, UsageError } from './args.ts';

describe('the command line’s words', () => {
  it('finds the command after global flags and their values, and keeps every other word in order', () => {
    expect(splitCommand(['--api-url', 'http://x', '--json', 'sign', 'hi', '--sid', 's'])).toEqual({ command: 'sign', rest: ['--api-url', 'http://x', '--json', 'hi', '--sid', 's'] });
    expect(splitCommand(['--api-key', 'sign', 'verify'])).toEqual({ command: 'verify', rest: ['--api-key', 'sign'] });
    expect(splitCommand(['--version'])).toEqual({ command: undefined, rest: ['--version'] });
    expect(splitCommand(['--', 'sign'])).toEqual({ command: undefined, rest: ['--', 'sign'] });
  });

  it('takes global flags beside a command’s own, and turns parseArgs’s refusals into usage errors naming the command', () => {
    const { values, positionals } = parseCommand('sign', ['hi', '--json', '--sid', 's', '--api-url', 'http://x'], { sid: { type: 'string' } });
    expect(values).toMatchObject({ json: true, sid: 's', 'api-url': 'http://x' });
    expect(positionals).toEqual(['hi']);
    const refusal = (() => {
      try {
        parseCommand('sign', ['--sid'], { sid: { type: 'string' } });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(UsageError);
    expect(refusal).toMatchObject({ command: 'sign', message: "Option '--sid <value>' argument missing" });
  });
});
