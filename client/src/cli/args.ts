/**
 * The command line's words: global flags, each command's own flags (node:util parseArgs, strict),
 * and the one error a bad command line gives (exit 2 with the command's usage, never a stack).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type OptionConfigs = NonNullable<ParseArgsConfig['options']>;

/** A command line the CLI cannot run: an unknown flag, a missing value, flags that do not go together. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage line to show, when known. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/** Flags every command takes, before or after its name. */
export const GLOBAL_OPTIONS = {
  'api-url': { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionConfigs;

/** The global flags that take a value: their value is not a command name. */
const VALUE_FLAGS = new Set(Object.entries(GLOBAL_OPTIONS).filter(([, o]) => o.type === 'string').map(([name]) => `--${name}`));

/** The command's name (the first word that is not a global flag or its value) and every other word. */
export function splitCommand(argv: string[]): { command: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') break;
    if (!word.startsWith('-')) return { command: word, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
    if (VALUE_FLAGS.has(word)) i++;
  }
  return { command: undefined, rest: argv };
}

/** parseArgs's own sentences name the flag; its advice about `--` is noise here. */
const cleaned = (message: string) => message.replace(/\. To specify a positional argument.*$/s, '.');

/** The flags and words of one command, its own flags merged with the global ones. */
export function parseCommand<const O extends OptionConfigs>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError(cleaned((error as Error).message), command);
    throw error;
  }
}

/** A flag's value from a fixed list, or a usage error naming the list. */
export function oneOf<const T extends string>(command: string, flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, not "${value}"`, command);
}

/** Refuses flags that make no sense together, naming them. */
export function refuseTogether(command: string, values: Record<string, unknown>, flags: string[], why: string): void {
  const given = flags.filter((flag) => values[flag] !== undefined && values[flag] !== false);
  if (given.length > 1) throw new UsageError(`${given.map((f) => `--${f}`).join(' and ')} do not go together: ${why}`, command);
}
