/**
 * What a command reads and writes: standard streams and environment (the process's, or a test's),
 * the client built from the global flags, and the exit codes: 0 success or valid, 1 an invalid
 * signature or proof, 2 a usage, input, API or network error (docs/client.md §3).
 */
import { writeFile } from 'node:fs/promises';
import { PqApiError, PqConfigError, PqNetworkError } from '../errors.ts';
import { PqClient } from '../client.ts';
import { UsageError } from './args.ts';

export const EXIT = { ok: 0, invalid: 1, error: 2 } as const;

export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });

/** A file or input the command could not use (missing, not JSON, not what it should hold). */
export class InputError extends Error {
  override name = 'InputError';
}

/** The values of the global flags, as every command's parse gives them. */
export interface GlobalValues {
  'api-url'?: string;
  'api-key'?: string;
  'api-secret'?: string;
  json?: boolean;
}

/** The client the global flags describe, PQ_API_URL, PQ_API_KEY and PQ_API_SECRET filling the rest. */
export function clientFor(values: GlobalValues, io: Io): PqClient {
  return new PqClient({ baseUrl: values['api-url'], apiKey: values['api-key'], apiSecret: values['api-secret'], env: io.env });
}

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Label–value lines, the labels aligned; rows whose value is undefined are left out. */
export function printFields(io: Io, rows: [string, string | number | undefined][]): void {
  const shown = rows.filter((row): row is [string, string | number] => row[1] !== undefined);
  const width = Math.max(...shown.map(([label]) => label.length));
  for (const [label, value] of shown) io.stdout.write(`${label.padEnd(width)}  ${value}\n`);
}

/** An answer written where --out says, as `pq verify` and `pq verify-proof` read it back. */
export async function writeAnswer(path: string, answer: unknown): Promise<void> {
  try {
    await writeFile(path, `${JSON.stringify(answer, null, 2)}\n`);
  } catch (error) {
    throw new InputError(`cannot write ${path}: ${(error as Error).message}`);
  }
}

/** A table with a header row, columns padded to their widest cell; `empty` when there are no rows. */
export function printTable(io: Io, headers: string[], rows: (string | number)[][], empty: string): void {
  if (rows.length === 0) {
    io.stdout.write(`${empty}\n`);
    return;
  }
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  for (const row of cells) io.stdout.write(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}\n`);
}

/** A failure the command itself names, with a code as the API's are (a format a key does not have, say). */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Prints why the command failed, on stderr, and gives its exit code: the API's code, message, param
 * and requestId for an API error; the sentence alone for the others. Never a stack trace.
 */
export function reportFailure(io: Io, error: unknown, usageOf: (command?: string) => string | undefined): number {
  if (error instanceof PqApiError) {
    io.stderr.write(`error: ${error.code}: ${errorMessage(error)}${error.param ? ` (param: ${error.param})` : ''}\n`);
    if (error.requestId) io.stderr.write(`requestId: ${error.requestId}\n`);
  } else if (error instanceof UsageError) {
    io.stderr.write(`error: usage: ${error.message}\n`);
    const usage = usageOf(error.command);
    if (usage) io.stderr.write(`usage: pq ${usage}\nRun 'pq ${error.command ? `${error.command} ` : ''}--help' for more.\n`);
  } else if (error instanceof PqNetworkError) {
    io.stderr.write(`error: network: ${error.message}\n`);
  } else if (error instanceof PqConfigError) {
    io.stderr.write(`error: config: ${error.message}\n`);
  } else if (error instanceof CommandFailure) {
    io.stderr.write(`error: ${error.code}: ${error.message}\n`);
  } else if (error instanceof InputError) {
    io.stderr.write(`error: input: ${error.message}\n`);
  } else {
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  return EXIT.error;
}

/** The API's own sentence (PqApiError's message also names the call and status, which the code line does not need). */
function errorMessage(error: PqApiError): string {
  const prefix = `${error.call} answered ${error.status} ${error.code}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
