/**
 * Where a command's input comes from: a message as an argument, a file, or standard input (`-`, or
 * nothing with input piped in), taken byte for byte (a piped line keeps its newline); and the JSON
 * answers `pq sign --out` and `pq prove --out` wrote, from a file or standard input.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { UsageError } from './args.ts';
import { InputError, type Io } from './io.ts';

export type Source = { kind: 'text'; text: string } | { kind: 'file'; path: string } | { kind: 'stdin' };

/**
 * The message's source: the one positional word (`-` is standard input), else --file, else
 * standard input when something is piped in. Standard input serves one purpose per run: `stdinTaken`
 * says another input (a signature, say) already reads it.
 */
export function messageSource(command: string, positionals: string[], file: string | undefined, io: Io, stdinTaken = false): Source {
  if (positionals.length > 1) throw new UsageError(`give one message, not ${positionals.length} words: quote it, or use --file`, command);
  const word = positionals[0];
  if (word !== undefined && file !== undefined) throw new UsageError('give the message or --file, not both', command);
  const source: Source | undefined =
    file !== undefined ? { kind: 'file', path: file } : word === '-' ? { kind: 'stdin' } : word !== undefined ? { kind: 'text', text: word } : io.stdin.isTTY || stdinTaken ? undefined : { kind: 'stdin' };
  if (source === undefined) throw new UsageError('give the message: as an argument, with --file F, or piped in', command);
  if (source.kind === 'stdin' && stdinTaken) throw new UsageError('standard input already carries the signature: give the message as an argument or with --file', command);
  if (source.kind === 'text' && source.text === '') throw new UsageError('the message is empty', command);
  return source;
}

async function readStdin(io: Io): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

const cannotRead = (path: string, error: unknown) =>
  new InputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);

async function readPath(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
}

export async function bytesOf(source: Source, io: Io): Promise<Buffer> {
  if (source.kind === 'text') return Buffer.from(source.text, 'utf8');
  const bytes = source.kind === 'file' ? await readPath(source.path) : await readStdin(io);
  if (bytes.length === 0) throw new InputError(`${source.kind === 'file' ? source.path : 'standard input'} is empty: there is nothing to sign`);
  return bytes;
}

/** The message as text, for Dilion and QES2, which sign a string: bytes that are not UTF-8 are refused, not mangled. */
export async function textOf(source: Source, io: Io): Promise<string> {
  const bytes = await bytesOf(source, io);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError('Dilion and QES2 sign text, and this input is not UTF-8: sign it with a managed key (--key kid_… --digest)');
  }
}

/** SHA-512 of the message, reading a file as a stream: the digest HashML-DSA and QES2 sign (docs/api.md §7.5). */
export async function sha512Of(source: Source, io: Io): Promise<Buffer> {
  if (source.kind !== 'file') return createHash('sha512').update(await bytesOf(source, io)).digest();
  const hash = createHash('sha512');
  try {
    for await (const chunk of createReadStream(source.path)) hash.update(chunk as Buffer);
  } catch (error) {
    throw cannotRead(source.path, error);
  }
  return hash.digest();
}

/** A JSON answer from `path` (`-` for standard input). */
export async function readAnswer(path: string, io: Io, what: string): Promise<Record<string, unknown>> {
  const text = (path === '-' ? await readStdin(io) : await readPath(path)).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError(`${path === '-' ? 'standard input' : path} is not JSON: give the ${what} as pq wrote it (--out, or --json)`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InputError(`${path === '-' ? 'standard input' : path} is not a ${what}`);
  return parsed as Record<string, unknown>;
}
