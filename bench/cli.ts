/** Command-line parsing for `npm run bench -- [suite] [--quick] [--soak] [--db postgres --instances 1,2]`, kept apart so it can be tested. */
import { parseArgs } from 'node:util';
import { DEFAULT_SUITE, SUITES } from './suites/index.ts';

/** The http suite on PostgreSQL: these instance counts on one database, beside one instance on SQLite (bench/http/scale-out.ts). */
export interface ScaleOut {
  instances: number[];
}

export type Command = { kind: 'run'; suite: string; quick: boolean; soak?: true; scaleOut?: ScaleOut } | { kind: 'help' } | { kind: 'error'; message: string };

/** Most instances a run starts: each is a server process with its engine worker. */
const MAX_INSTANCES = 8;

/** The suites that have a soak mode. */
const SOAKS = ['load'];

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        quick: { type: 'boolean', default: false },
        soak: { type: 'boolean', default: false },
        db: { type: 'string' },
        instances: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (parsed.values.help) return { kind: 'help' };
  if (parsed.positionals.length > 1) return { kind: 'error', message: `one suite at a time, got ${parsed.positionals.join(', ')}` };
  const suite = parsed.positionals[0] ?? DEFAULT_SUITE;
  if (!Object.hasOwn(SUITES, suite)) return { kind: 'error', message: `unknown suite "${suite}"` };
  if (parsed.values.soak && !SOAKS.includes(suite)) return { kind: 'error', message: `--soak is for the ${SOAKS.join(', ')} suite` };
  const { db, instances } = parsed.values;
  if (db === undefined && instances !== undefined) return { kind: 'error', message: '--instances goes with --db postgres' };
  if (db === undefined || db === 'sqlite') {
    return { kind: 'run', suite, quick: parsed.values.quick, ...(parsed.values.soak ? { soak: true as const } : {}) };
  }
  if (db !== 'postgres') return { kind: 'error', message: `--db takes sqlite or postgres, got "${db}"` };
  if (suite !== 'http') return { kind: 'error', message: '--db postgres is for the http suite' };
  const counts = (instances ?? '1,2').split(',').map((n) => Number(n.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_INSTANCES)) {
    return { kind: 'error', message: `--instances takes a comma-separated list of counts from 1 to ${MAX_INSTANCES}, e.g. 1,2` };
  }
  return { kind: 'run', suite, quick: parsed.values.quick, scaleOut: { instances: [...new Set(counts)] } };
}

export function usage(): string {
  const names = Object.keys(SUITES);
  const width = Math.max(...names.map((n) => n.length));
  return [
    'usage: npm run bench -- [suite] [--quick] [--soak] [--db postgres [--instances 1,2]]',
    '',
    'suites:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${SUITES[name].description}`),
    '',
    'options:',
    '  --quick   short time budgets: rough figures, for smoke runs and tests',
    '  --soak    load suite: a long run that checks the server\'s memory stays flat',
    '  --db postgres --instances 1,2',
    '            http suite: that many instances on one PostgreSQL database, beside one on SQLite',
    '  --help    this text',
  ].join('\n');
}
