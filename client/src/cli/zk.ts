/**
 * `pq prove` and `pq verify-proof`: zk-FIDNA proofs through the API (docs/api.md §7; the fields are
 * server/contract/zkfidna.ts's), or checked here with the client's verifyZkFidna (--offline).
 * Amounts go as decimal strings, so the whole 0..2^64 − 1 range passes untouched. verify-proof
 * exits 0 valid, 1 invalid.
 */
import type { components } from '../generated/openapi.ts';
import { oneOf, parseCommand, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { readAnswer } from './input.ts';
import { clientFor, EXIT, InputError, printFields, printJson, writeAnswer } from './io.ts';
import { verifyZkFidna, type ZkFidnaProved } from '../verify/index.ts';

const CIRCUITS = ['balance_proof', 'range_proof', 'custom'] as const;
const STATEMENT = {
  balance_proof: (result: number) => (result === 1 ? 'balance ≥ secret' : 'balance < secret'),
  range_proof: () => 'min ≤ secret ≤ max',
  custom: () => 'a confidential transfer of the secret out of the balance',
};

const amount = (flag: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,20}$/.test(value)) throw new UsageError(`--${flag} must be a whole number from 0 to 18446744073709551615, not "${value}"`, 'prove');
  return value;
};

export const prove: Command = {
  name: 'prove',
  summary: 'Make a zk-FIDNA proof about a secret amount (a balance or range proof), attested with ML-DSA-65.',
  usage: 'prove --secret N [--balance M] [--circuit balance_proof|range_proof|custom] [--min A] [--max B] [--context C] [--key kid_…] [--out proof.json]',
  help: `  --secret N      the secret amount X (0 to 2^64 − 1)
  --balance M     the balance Y: balance_proof shows whether Y ≥ X; custom transfers X out of Y
  --circuit C     balance_proof (default), range_proof (min ≤ X ≤ max) or custom
  --min A         range_proof: the public lower bound (default 1)
  --max B         range_proof: the public upper bound (default the balance, which then becomes public)
  --context C     text the proof is bound to (a transaction id, say), at most 255 bytes
  --key kid_…     the ML-DSA-65 key that attests the proof (default: your default key)
  --out F         also write the answer to F for pq verify-proof (it holds the openings: keep it to yourself)`,
  async run(args, io) {
    const { values, positionals } = parseCommand('prove', args, {
      secret: { type: 'string' },
      balance: { type: 'string' },
      circuit: { type: 'string' },
      min: { type: 'string' },
      max: { type: 'string' },
      context: { type: 'string' },
      key: { type: 'string' },
      out: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`prove takes flags only, not "${positionals[0]}"`, 'prove');
    const secretValue = amount('secret', values.secret);
    if (secretValue === undefined) throw new UsageError('give the secret amount: --secret N', 'prove');
    const balanceValue = amount('balance', values.balance);
    const min = amount('min', values.min);
    const max = amount('max', values.max);
    const answer = await clientFor(values, io).zkFidna.prove({
      secretValue,
      circuitType: oneOf('prove', 'circuit', values.circuit, CIRCUITS) ?? 'balance_proof',
      ...(balanceValue !== undefined && { balanceValue }),
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
      ...(values.context !== undefined && { context: Buffer.from(values.context, 'utf8').toString('base64') }),
      ...(values.key !== undefined && { keyId: values.key }),
    });
    if (values.out) await writeAnswer(values.out, answer);
    if (values.json) printJson(io, answer);
    else {
      const { publicInput } = answer;
      printFields(io, [
        ['statement', `${publicInput.circuitType}: ${STATEMENT[publicInput.circuitType](publicInput.result)} (result ${publicInput.result})`],
        ['bounds', publicInput.min !== undefined ? `${publicInput.min} … ${publicInput.max}` : undefined],
        ['proof', `${Buffer.from(answer.proof.encoded, 'base64').length} bytes, attested by ${answer.keyId} version ${answer.keyVersion}`],
        ['written', values.out],
      ]);
    }
    return EXIT.ok;
  },
};

export const verifyProof: Command = {
  name: 'verify-proof',
  summary: 'Check a zk-FIDNA proof pq prove made, through the API or --offline. Exit 0 valid, 1 invalid.',
  usage: 'verify-proof [--proof proof.json | < proof.json] [--offline]',
  help: `The proof is the answer pq prove wrote with --out (or printed with --json); its proof and
publicInput are sent, never its openings.

  --proof F       the prove answer ("-" for standard input, the default)
  --offline       check it here, with the platform's engine, calling no API (no key needed)`,
  async run(args, io) {
    const { values, positionals } = parseCommand('verify-proof', args, { proof: { type: 'string' }, offline: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`verify-proof takes flags only, not "${positionals[0]}"`, 'verify-proof');
    const path = values.proof ?? '-';
    if (path === '-' && io.stdin.isTTY) throw new UsageError('give the proof: --proof proof.json, or pipe it in', 'verify-proof');
    const answer = await readAnswer(path, io, 'prove answer');
    if (typeof answer.proof !== 'object' || answer.proof === null || typeof answer.publicInput !== 'object') {
      throw new InputError('this is not a prove answer: it needs proof and publicInput, as pq prove --out writes them');
    }
    const proof = answer.proof as components['schemas']['ZkProof'];
    const publicInput = answer.publicInput as components['schemas']['ZkPublicInput'];
    const result: { valid: boolean; details?: object; reason?: string } = values.offline
      ? await verifyZkFidna({ proof, publicInput } as ZkFidnaProved)
      : await clientFor(values, io).zkFidna.verify({ proof, publicInput });
    if (values.json) printJson(io, result);
    else printFields(io, [
      [result.valid ? 'valid' : 'invalid', `${publicInput.circuitType} (result ${publicInput.result})${values.offline ? ', checked offline' : ''}`],
      ['reason', result.reason],
      ['details', result.details === undefined ? undefined : JSON.stringify(result.details)],
    ]);
    return result.valid ? EXIT.ok : EXIT.invalid;
  },
};
