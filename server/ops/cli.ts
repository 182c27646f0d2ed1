/**
 * The commands of the one entry point (server/main.ts, `npm run ops -- <command>`, the single
 * executable): `serve` by default, and the operations commands a self-hoster runs beside it
 * (README.md "Self-hosting"). Each command is one module in this folder.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, readEnvironment, settingSources, type Config, type Environment } from '../config.ts';
import { backup } from './backup.ts';
import { copyToPostgres } from './copy-to-postgres.ts';
import { migrate } from './migrate.ts';
import { OpsError, type Output } from './output.ts';
import { paypalEmulator } from './paypal-emulator.ts';
import { setPlan } from './plan.ts';
import { restore } from './restore.ts';
import { rotateMasterKey } from './rotate-master-key.ts';
import { serve } from './serve.ts';
import { showConfig } from './show-config.ts';
import { verifyAuditLog } from './verify-audit-log.ts';
import { runtimeSupport } from '../runtime-support.ts';
import { APP_VERSION } from '../version.ts';

export const USAGE = `usage: pq-platform [command]        (from a checkout: npm start, npm run ops -- <command>)

Each command works on the database DATABASE_URL names, SQLite or PostgreSQL, except those marked
[SQLite], which need SQLite's file (on PostgreSQL: pg_dump and pg_restore).

commands:
  serve                         serve the web app and the API on PORT (the default)
  migrate                       apply the database migrations, then exit
  backup <file>                 [SQLite] copy the database to a new <file> with SQLite's online
                                backup, safe while the server runs
  restore <file> [--force]      [SQLite] replace the database with <file>; refused while a server
                                has the database open, and (unless --force) when the current master
                                key cannot open the backup's sealed secrets
  rotate-master-key [--new-key-file <file>]
                                re-seal every sealed secret under a new master key (random, or read
                                from <file>) in one transaction; refused while a server runs (on
                                PostgreSQL: while any instance's lease runs)
  plan <email> [<plan> [--until <date>]]
                                set an account's plan: free, starter, pro or unlimited (every
                                call answered, none charged), until the end of <date> (YYYY-MM-DD,
                                UTC) or with no end; with the email alone, print its plan. How a
                                server with PAYMENTS=off gives plans; runs beside the servers
  copy-to-postgres <postgres-url>
                                [SQLite] copy the database into an empty PostgreSQL database
                                (migrated first), all tables in one transaction; refused while a
                                server runs
  paypal-emulator <webhook-url> [--port <n>]
                                run the PayPal emulator as its own process on 127.0.0.1 (for tests
                                of several instances: PAYMENTS=sandbox, PAYPAL_API_BASE); prints
                                its base URL and credentials as JSON, runs until stopped
  verify-audit-log [--account <id>]
                                recompute every account's audit-log hash chain (or one account's);
                                exit 0 with the counts, 1 naming the first event removed, altered
                                or reordered; runs beside the servers
  config                        print the effective configuration, secrets masked (on PostgreSQL,
                                the server without its password)
  version                       print the product's version and the Node.js it runs on
  help                          this text

Configuration comes from the environment, over .env.local and .env in the current folder
(docs/configuration.md).`;

const OPTIONS = {
  force: { type: 'boolean' },
  'new-key-file': { type: 'string' },
  until: { type: 'string' },
  account: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CommandIo {
  /** The process environment; when given (tests), no .env file is read unless envDir names a folder. */
  env?: NodeJS.ProcessEnv;
  envDir?: string;
  out?: Output;
  err?: Output;
}

/** `pq-platform 0.1.0 on node v24.21.0`, and why that runtime is unsupported when it is. */
export function versionText(nodeVersion: string, today: Date): string {
  const support = runtimeSupport(nodeVersion, today);
  return `pq-platform ${APP_VERSION} on node ${nodeVersion}${support.supported ? '' : ` (${support.reason})`}`;
}

const stdout: Output = (text) => process.stdout.write(`${text}\n`);
const stderr: Output = (text) => process.stderr.write(`${text}\n`);

/** `paypal-emulator`: needs no configuration; resolves to undefined once listening (it runs until a signal). */
async function runEmulator(rest: string[], port: string | undefined, out: Output, err: Output): Promise<number | undefined> {
  if (rest.length !== 1 || (port !== undefined && !/^\d{1,5}$/.test(port))) {
    err(`paypal-emulator takes the webhook URL and, optionally, --port <n>\n\n${USAGE}`);
    return 2;
  }
  try {
    const emulator = await paypalEmulator(rest[0]!, Number(port ?? 0), out);
    const stop = () => void emulator.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return undefined;
  } catch (error) {
    if (!(error instanceof OpsError)) throw error;
    err(error.message);
    return 1;
  }
}

/** Runs one command; resolves to its exit code, or undefined for `serve`, which runs until a signal. */
export async function runCommand(argv: string[], io: CommandIo = {}): Promise<number | undefined> {
  const out = io.out ?? stdout;
  const err = io.err ?? stderr;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command = 'serve', ...rest] = parsed.positionals;
  const { values } = parsed;
  if (values.help || command === 'help') {
    out(USAGE);
    return 0;
  }
  if (command === 'version' && rest.length === 0) {
    out(versionText(process.version, new Date()));
    return 0;
  }
  if (command === 'paypal-emulator') return runEmulator(rest, values.port, out, err);
  if (values.port !== undefined) {
    err(`an option ${command} does not take\n\n${USAGE}`);
    return 2;
  }
  const wantsFile = command === 'backup' || command === 'restore';
  const wantsOne = wantsFile || command === 'copy-to-postgres';
  if (!['serve', 'migrate', 'backup', 'restore', 'rotate-master-key', 'plan', 'copy-to-postgres', 'verify-audit-log', 'config', 'version'].includes(command)) {
    err(`unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  if (command === 'plan' ? rest.length < 1 || rest.length > 2 : rest.length !== (wantsOne ? 1 : 0)) {
    const takes =
      command === 'plan' ? 'takes an email and, to change it, a plan' : wantsFile ? 'takes one file' : wantsOne ? 'takes one PostgreSQL URL' : 'takes no arguments';
    err(`${command} ${takes}\n\n${USAGE}`);
    return 2;
  }
  if (
    (values.force && command !== 'restore') ||
    (values['new-key-file'] !== undefined && command !== 'rotate-master-key') ||
    (values.until !== undefined && command !== 'plan') ||
    (values.account !== undefined && command !== 'verify-audit-log')
  ) {
    err(`an option ${command} does not take\n\n${USAGE}`);
    return 2;
  }

  let config: Config;
  let environment: Environment;
  try {
    const envDir = io.env === undefined ? process.cwd() : io.envDir;
    environment = envDir === undefined ? { env: io.env!, sources: {} } : readEnvironment(io.env ?? process.env, envDir);
    // Production unless NODE_ENV says otherwise, as `npm start` (docs/architecture.md §8).
    config = loadConfig({ NODE_ENV: 'production', ...environment.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    switch (command) {
      case 'serve':
        await serve(config);
        return undefined;
      case 'migrate':
        await migrate(config, out);
        return 0;
      case 'backup':
        await backup(config, rest[0]!, out);
        return 0;
      case 'restore':
        await restore(config, rest[0]!, { force: values.force ?? false }, out);
        return 0;
      case 'rotate-master-key':
        await rotateMasterKey(config, { newKeyFile: values['new-key-file'] }, out);
        return 0;
      case 'plan':
        await setPlan(config, { email: rest[0]!, tier: rest[1], until: values.until }, out);
        return 0;
      case 'verify-audit-log':
        await verifyAuditLog(config, { account: values.account }, out);
        return 0;
      case 'copy-to-postgres':
        await copyToPostgres(config, rest[0]!, out);
        return 0;
      default:
        showConfig(config, settingSources(environment), out);
        return 0;
    }
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}
