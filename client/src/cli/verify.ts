/**
 * `pq verify`: a signature answer of `pq sign` (its --out file, or standard input) checked against
 * the message through the API: Dilion, QES2, or the managed key that signed (docs/api.md §7.1,
 * §7.2, §7.5); or, with --offline, Dilion and QES2 checked here by the client's verifyDilion and
 * verifyQes2, with no call to the API. Exit 0 valid, 1 invalid.
 */
import { parseCommand, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { messageSource, readAnswer, sha512Of, textOf, bytesOf, type Source } from './input.ts';
import { clientFor, EXIT, InputError, printFields, printJson, type Io } from './io.ts';
import type { PqClient } from '../client.ts';
import type { components } from '../generated/openapi.ts';
import { verifyDilion, verifyQes2, type DilionSigned, type Qes2Signed } from '../verify/index.ts';

type DilionVerifyBody = components['schemas']['DilionVerifyRequest'];

const OPTIONS = {
  signature: { type: 'string' },
  file: { type: 'string' },
  offline: { type: 'boolean' },
} as const;

type Answer = Record<string, unknown>;
type Checked = { valid: boolean; algorithm: string; details?: unknown; reason?: string };

const DILION_CONTEXT = 'dilion/v1|';

const str = (answer: Answer, field: string): string => {
  const value = answer[field];
  if (typeof value !== 'string') throw new InputError(`the signature answer has no ${field}: give the file pq sign --out wrote`);
  return value;
};

/** The encoded signature of a Dilion or QES2 answer (its `signature.encoded`). */
const encodedOf = (answer: Answer): string => {
  const signature = answer.signature as { encoded?: unknown } | undefined;
  if (typeof signature?.encoded !== 'string') throw new InputError('the signature answer has no signature.encoded: give the file pq sign --out wrote');
  return signature.encoded;
};

/** Checks `answer` against the message: which API call depends on what signed it. */
async function check(pq: PqClient, answer: Answer, source: Source, io: Io): Promise<Checked> {
  if (typeof answer.messageType === 'string') {
    const messageType = answer.messageType;
    if (messageType !== 'raw' && messageType !== 'digest') throw new InputError(`pq verify checks raw and digest signatures, not ${messageType}`);
    const message = messageType === 'digest' ? await sha512Of(source, io) : await bytesOf(source, io);
    return pq.keys.verify(str(answer, 'keyId'), {
      message: message.toString('base64'),
      signature: str(answer, 'signature'),
      ...(messageType === 'digest' ? { messageType, digestAlgorithm: 'sha512' } : { messageType }),
      ...(typeof answer.keyVersion === 'number' && { keyVersion: answer.keyVersion }),
    });
  }
  if (answer.algorithm === 'dilion') {
    const context = str(answer, 'context');
    if (!context.startsWith(DILION_CONTEXT)) throw new InputError(`a Dilion context starts with "${DILION_CONTEXT}", not "${context}"`);
    return pq.dilion.verify({
      message: await textOf(source, io),
      signature: encodedOf(answer),
      publicKey: str(answer, 'publicKey'),
      sid: context.slice(DILION_CONTEXT.length),
      ...(answer.pidCipher !== undefined && { pidCipher: answer.pidCipher as DilionVerifyBody['pidCipher'] }),
    });
  }
  if (answer.algorithm === 'qes2-ecdsa' || answer.algorithm === 'qes2-schnorr') {
    return pq.qes2.verify(answer.algorithm === 'qes2-ecdsa' ? 'ecdsa' : 'schnorr', {
      message: await textOf(source, io),
      signature: encodedOf(answer),
      publicKey: str(answer, 'publicKey'),
      context: typeof answer.context === 'string' ? answer.context : '',
    });
  }
  throw new InputError('this is not a signature answer of pq sign (Dilion, QES2 or a managed key)');
}

/** Checks a Dilion or QES2 answer here, on the platform's engine; a managed key's signature needs the API. */
async function checkOffline(answer: Answer, source: Source, io: Io): Promise<Checked> {
  if (typeof answer.messageType === 'string') {
    throw new UsageError('--offline checks Dilion and QES2 answers: a managed key’s signature is checked through the API (drop --offline)', 'verify');
  }
  if (answer.algorithm === 'dilion') return { algorithm: 'dilion', ...(await verifyDilion(answer as unknown as DilionSigned, { message: await textOf(source, io) })) };
  if (answer.algorithm === 'qes2-ecdsa' || answer.algorithm === 'qes2-schnorr') {
    return { algorithm: answer.algorithm, ...(await verifyQes2(answer as unknown as Qes2Signed, { message: await textOf(source, io) })) };
  }
  throw new InputError('this is not a signature answer of pq sign (Dilion, QES2 or a managed key)');
}

export const verify: Command = {
  name: 'verify',
  summary: 'Check a signature pq sign made against its message, through the API or --offline. Exit 0 valid, 1 invalid.',
  usage: 'verify [<message> | - | --file F] [--signature sig.json | < sig.json] [--offline]',
  help: `The signature is the answer pq sign wrote with --out (or printed with --json), from the file
--signature names or from standard input; the message as for pq sign, byte for byte. A signature
made with --digest is checked against SHA-512 of the message, hashed here.

  --signature F   the signature answer ("-" for standard input, the default)
  --file F        the message is this file's content
  --offline       check a Dilion or QES2 signature here, with the platform's engine, calling no API
                  (no key needed); it checks the signature under the answer's public key`,
  async run(args, io) {
    const { values, positionals } = parseCommand('verify', args, OPTIONS);
    const signaturePath = values.signature ?? '-';
    if (signaturePath === '-' && io.stdin.isTTY) throw new UsageError('give the signature: --signature sig.json, or pipe it in', 'verify');
    const source = messageSource('verify', positionals, values.file, io, signaturePath === '-');
    const answer = await readAnswer(signaturePath, io, 'signature answer');
    const result = values.offline ? await checkOffline(answer, source, io) : await check(clientFor(values, io), answer, source, io);
    if (values.json) printJson(io, result);
    else printFields(io, [
      [result.valid ? 'valid' : 'invalid', `${result.algorithm}${typeof answer.keyId === 'string' ? ` signature by ${answer.keyId}` : ''}${values.offline ? ', checked offline' : ''}`],
      ['reason', result.reason],
      ['details', result.details === undefined ? undefined : JSON.stringify(result.details)],
    ]);
    return result.valid ? EXIT.ok : EXIT.invalid;
  },
};
