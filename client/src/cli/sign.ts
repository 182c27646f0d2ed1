/**
 * `pq sign`: one message, by Dilion (the default), QES2, or one of the account's managed keys by
 * message type (docs/api.md §7.1, §7.2, §7.5); `--each` hands many files to sign-each.ts.
 */
import { oneOf, parseCommand, refuseTogether, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { messageSource, sha512Of, textOf, bytesOf } from './input.ts';
import { clientFor, EXIT, printFields, printJson, writeAnswer, type Io } from './io.ts';
import { signEach } from './sign-each.ts';

const ALGORITHMS = ['dilion', 'qes2-ecdsa', 'qes2-schnorr'] as const;

const OPTIONS = {
  algorithm: { type: 'string' },
  sid: { type: 'string' },
  context: { type: 'string' },
  key: { type: 'string' },
  digest: { type: 'boolean' },
  file: { type: 'string' },
  out: { type: 'string' },
  each: { type: 'boolean' },
} as const;

async function signOne(values: ReturnType<typeof parse>['values'], positionals: string[], io: Io): Promise<number> {
  const algorithm = oneOf('sign', 'algorithm', values.algorithm, ALGORITHMS);
  refuseTogether('sign', values, ['key', 'algorithm'], 'a managed key signs with its own algorithm');
  refuseTogether('sign', values, ['key', 'sid'], '--sid is Dilion’s service id');
  refuseTogether('sign', values, ['key', 'context'], 'a managed key signs with the empty context here');
  if (values.digest && !values.key) throw new UsageError('--digest signs SHA-512 of the message with a managed key: add --key kid_…', 'sign');
  if (values.sid !== undefined && algorithm !== undefined && algorithm !== 'dilion') throw new UsageError('--sid is Dilion’s service id: QES2 takes --context', 'sign');
  if (values.context !== undefined && (algorithm ?? 'dilion') === 'dilion') throw new UsageError('Dilion’s context is made from --sid: --context is for QES2', 'sign');

  const source = messageSource('sign', positionals, values.file, io);
  const pq = clientFor(values, io);
  let answer;
  if (values.key) {
    const message = values.digest ? await sha512Of(source, io) : await bytesOf(source, io);
    answer = await pq.keys.sign(values.key, {
      message: message.toString('base64'),
      ...(values.digest ? { messageType: 'digest', digestAlgorithm: 'sha512' } : { messageType: 'raw' }),
    });
  } else if ((algorithm ?? 'dilion') === 'dilion') {
    answer = await pq.dilion.sign({ message: await textOf(source, io), ...(values.sid !== undefined && { sid: values.sid }) });
  } else {
    const mode = algorithm === 'qes2-ecdsa' ? 'ecdsa' : 'schnorr';
    answer = await pq.qes2.sign(mode, { message: await textOf(source, io), ...(values.context !== undefined && { context: values.context }) });
  }
  if (values.out) await writeAnswer(values.out, answer);
  if (values.json) printJson(io, answer);
  else {
    const encoded = typeof answer.signature === 'string' ? answer.signature : answer.signature.encoded;
    printFields(io, [
      ['algorithm', 'messageType' in answer ? `${answer.algorithm} (${answer.messageType}${values.digest ? ', SHA-512' : ''})` : answer.algorithm],
      ['key', `${answer.keyId} version ${answer.keyVersion}`],
      ['context', 'context' in answer ? JSON.stringify(answer.context) : undefined],
      ['written', values.out],
      ['signature', `${encoded} (${Buffer.from(encoded, 'base64').length} bytes)`],
    ]);
  }
  return EXIT.ok;
}

const parse = (args: string[]) => parseCommand('sign', args, OPTIONS);

export const sign: Command = {
  name: 'sign',
  summary: 'Sign a message with Dilion (default), QES2, or a managed key; or sign many files with --each.',
  usage: 'sign [<message> | - | --file F] [--algorithm dilion|qes2-ecdsa|qes2-schnorr] [--sid S] [--context C] [--key kid_… [--digest]] [--out sig.json]\n       pq sign --each --key kid_… FILE…',
  help: `The message is the argument, the file --file names, or standard input ("-", or nothing with input
piped in), byte for byte. Dilion and QES2 sign text (UTF-8); a managed key signs any bytes.

  --algorithm A   dilion (default), qes2-ecdsa or qes2-schnorr
  --sid S         Dilion's service id (its context is "dilion/v1|S"; default "default")
  --context C     QES2's application context (text, at most 255 bytes)
  --key kid_…     sign with this managed key (/api/v1/keys/{keyId}/sign), in its own algorithm
  --digest        with --key: sign SHA-512 of the message, hashed here (HashML-DSA, or QES2 over SHA-512)
  --out F         also write the answer to F, for pq verify --signature F
  --each          with --key: every argument is a file; each file's SHA-512 is signed, 100 to a
                  batch, and its answer written to FILE.sig.json (or, with --json, one JSON line
                  per file on standard output). Refused files are listed with their code; exit 2.`,
  async run(args, io) {
    const { values, positionals } = parse(args);
    if (!values.each) return signOne(values, positionals, io);
    refuseTogether('sign', values, ['each', 'file'], '--each signs the files given as arguments');
    refuseTogether('sign', values, ['each', 'out'], '--each writes FILE.sig.json beside each file');
    if (!values.key) throw new UsageError('--each signs with a managed key: add --key kid_…', 'sign');
    if (values.algorithm !== undefined || values.sid !== undefined || values.context !== undefined) throw new UsageError('--each signs with the key’s own algorithm: drop --algorithm, --sid and --context', 'sign');
    return signEach(clientFor(values, io), values.key, positionals, Boolean(values.json), io);
  },
};
