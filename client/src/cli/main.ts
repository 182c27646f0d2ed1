/**
 * The `pq` command line (docs/client.md): the command's name among the words, its module run on the
 * rest, and every failure turned into one line on stderr and exit code 2 (1 is kept for an invalid
 * signature or proof).
 */
import { readFileSync } from 'node:fs';
import { parseCommand, splitCommand, UsageError } from './args.ts';
import { GLOBAL_HELP, helpOf, type Command } from './command.ts';
import { EXIT, processIo, reportFailure, type Io } from './io.ts';
import { apiKeys } from './api-keys.ts';
import { sign } from './sign.ts';
import { signingKeys } from './signing-keys.ts';
import { usage } from './usage.ts';
import { verify } from './verify.ts';
import { prove, verifyProof } from './zk.ts';

const COMMANDS: Command[] = [sign, verify, prove, verifyProof, usage, apiKeys, signingKeys];
const byName = new Map(COMMANDS.map((command) => [command.name, command]));

const version = () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const overview = () => `usage: pq <command> [flags]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(14)} ${c.summary}`).join('\n')}

${GLOBAL_HELP}
  --version           the version of pq

Exit codes: 0 success (or valid), 1 an invalid signature or proof, 2 a usage, input, API or network error.
Run 'pq <command> --help' for a command's flags.
`;

/** `-h`/`--help` among a command's flags (not after `--`, where it would be a message). */
const asksHelp = (words: string[]) => {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).some((word) => word === '--help' || word === '-h');
};

/** Runs `pq` on `argv` (the words after the program's name) and answers the exit code. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const { command: name, rest } = splitCommand(argv);
  const usageOf = (command?: string) => (command ? byName.get(command)?.usage : '<command> [flags]');
  try {
    if (name === undefined) {
      const { values } = parseCommand('', rest, { version: { type: 'boolean' } });
      if (values.version) io.stdout.write(`pq ${version()}\n`);
      else (values.help ? io.stdout : io.stderr).write(overview());
      return values.help || values.version ? EXIT.ok : EXIT.error;
    }
    const command = byName.get(name);
    if (!command) throw new UsageError(`unknown command "${name}": the commands are ${COMMANDS.map((c) => c.name).join(', ')}`);
    if (asksHelp(rest)) {
      io.stdout.write(helpOf(command));
      return EXIT.ok;
    }
    return await command.run(rest, io);
  } catch (error) {
    return reportFailure(io, error, usageOf);
  }
}
