/**
 * `pq signing-keys list` and `pq signing-keys export`: the account's managed keys, and one public
 * key in the format a verifier wants (docs/api.md §7.3, §7.4). Needs a management key
 * (docs/decisions/057-management-api-keys.md).
 */
import { oneOf, parseCommand, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { clientFor, CommandFailure, EXIT, printJson, printTable } from './io.ts';

const SUBCOMMANDS = 'list, export';
const FORMATS = ['spki', 'jwk', 'raw'] as const;

const unavailable = (exported: { algorithm: string; note: string | null }, format: string) =>
  new CommandFailure('format_unavailable', `${exported.algorithm} keys have no ${format}: ${exported.note ?? 'export another format'}`);

export const signingKeys: Command = {
  name: 'signing-keys',
  summary: 'List your managed signing keys, or export one’s public key as PEM, JWK or raw (a management key).',
  usage: 'signing-keys list [--all]\n       pq signing-keys export <kid_…> --format spki|jwk|raw',
  help: `  list            the account's signing keys (ML-DSA and QES2): id, name, algorithm, state,
                  primary version, default, created
  --all           with list: the ML-KEM-768 encryption keys too
  export <kid_…>  the key's public key (its primary version):
  --format F      spki: a PEM "PUBLIC KEY" block; jwk: the JWK (AKP) as JSON; raw: base64.
                  QES2 keys have no spki or jwk, ML-KEM keys no jwk (exit 2, saying why)

The API key must name the manage operation (docs/api.md §13).`,
  async run(args, io) {
    const { values, positionals } = parseCommand('signing-keys', args, { all: { type: 'boolean' }, format: { type: 'string' } });
    const [sub, ...rest] = positionals;
    const pq = clientFor(values, io);
    if (sub === 'list') {
      if (rest.length > 0 || values.format !== undefined) throw new UsageError('signing-keys list takes only --all', 'signing-keys');
      const keys = (await pq.managedKeys.list()).filter((k) => values.all || k.purpose === 'sign');
      if (values.json) printJson(io, { keys });
      else printTable(
        io,
        ['id', 'name', 'algorithm', 'state', 'version', 'default', 'created'],
        keys.map((k) => [k.keyId, k.name, k.algorithm, k.state, k.primaryVersion, k.isDefault ? 'yes' : '', k.createdAt.slice(0, 10)]),
        values.all ? 'no managed keys' : 'no signing keys (--all lists encryption keys too)',
      );
      return EXIT.ok;
    }
    if (sub === 'export') {
      if (rest.length !== 1) throw new UsageError('signing-keys export takes one key id (kid_…)', 'signing-keys');
      const format = oneOf('signing-keys', 'format', values.format, FORMATS);
      if (format === undefined && !values.json) throw new UsageError(`give --format ${FORMATS.join('|')} (or --json for every format)`, 'signing-keys');
      if (values.all) throw new UsageError('--all goes with list', 'signing-keys');
      const exported = await pq.managedKeys.export(rest[0]!);
      if (values.json || format === undefined) printJson(io, exported);
      else if (format === 'raw') io.stdout.write(`${exported.raw}\n`);
      else if (format === 'spki') {
        if (exported.spki === null) throw unavailable(exported, format);
        io.stdout.write(exported.spki.pem.endsWith('\n') ? exported.spki.pem : `${exported.spki.pem}\n`);
      } else {
        if (exported.jwk === null) throw unavailable(exported, format);
        io.stdout.write(`${JSON.stringify(exported.jwk, null, 2)}\n`);
      }
      return EXIT.ok;
    }
    throw new UsageError(sub === undefined ? `give a subcommand: ${SUBCOMMANDS}` : `unknown subcommand "${sub}": the subcommands are ${SUBCOMMANDS}`, 'signing-keys');
  },
};
