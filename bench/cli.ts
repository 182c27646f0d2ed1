/** Command-line parsing for `npm run bench -- [suite] [--quick]`, kept apart so it can be tested. */
import { parseArgs } from 'node:util';
import { DEFAULT_SUITE, SUITES } from './suites/index.ts';

export type Command = { kind: 'run'; suite: string; quick: boolean } | { kind: 'help' } | { kind: 'error'; message: string };

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { quick: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (parsed.values.help) return { kind: 'help' };
  if (parsed.positionals.length > 1) return { kind: 'error', message: `one suite at a time, got ${parsed.positionals.join(', ')}` };
  const suite = parsed.positionals[0] ?? DEFAULT_SUITE;
  if (!Object.hasOwn(SUITES, suite)) return { kind: 'error', message: `unknown suite "${suite}"` };
  return { kind: 'run', suite, quick: parsed.values.quick };
}

export function usage(): string {
  const names = Object.keys(SUITES);
  const width = Math.max(...names.map((n) => n.length));
  return [
    'usage: npm run bench -- [suite] [--quick]',
    '',
    'suites:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${SUITES[name].description}`),
    '',
    'options:',
    '  --quick   short time budgets: rough figures, for smoke runs and tests',
    '  --help    this text',
  ].join('\n');
}
