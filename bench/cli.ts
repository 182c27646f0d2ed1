/** Command-line parsing for `npm run bench -- [suite] [--quick] [--soak]`, kept apart so it can be tested. */
import { parseArgs } from 'node:util';
import { DEFAULT_SUITE, SUITES } from './suites/index.ts';

export type Command = { kind: 'run'; suite: string; quick: boolean; soak?: true } | { kind: 'help' } | { kind: 'error'; message: string };

/** The suites that have a soak mode. */
const SOAKS = ['load'];

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { quick: { type: 'boolean', default: false }, soak: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (parsed.values.help) return { kind: 'help' };
  if (parsed.positionals.length > 1) return { kind: 'error', message: `one suite at a time, got ${parsed.positionals.join(', ')}` };
  const suite = parsed.positionals[0] ?? DEFAULT_SUITE;
  if (!Object.hasOwn(SUITES, suite)) return { kind: 'error', message: `unknown suite "${suite}"` };
  if (parsed.values.soak && !SOAKS.includes(suite)) return { kind: 'error', message: `--soak is for the ${SOAKS.join(', ')} suite` };
  return { kind: 'run', suite, quick: parsed.values.quick, ...(parsed.values.soak ? { soak: true as const } : {}) };
}

export function usage(): string {
  const names = Object.keys(SUITES);
  const width = Math.max(...names.map((n) => n.length));
  return [
    'usage: npm run bench -- [suite] [--quick] [--soak]',
    '',
    'suites:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${SUITES[name].description}`),
    '',
    'options:',
    '  --quick   short time budgets: rough figures, for smoke runs and tests',
    '  --soak    load suite: a long run that checks the server\'s memory stays flat',
    '  --help    this text',
  ].join('\n');
}
