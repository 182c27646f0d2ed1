/**
 * `pq api-keys list` and `pq api-keys rotate`: the account's API keys, and a new secret for one
 * (docs/api.md §13). Needs a management key (docs/decisions/057-management-api-keys.md), which may
 * rotate any key of its account, itself included.
 */
import { parseCommand, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { clientFor, EXIT, printFields, printJson, printTable } from './io.ts';

const SUBCOMMANDS = 'list, rotate';

const minute = (iso: string | null) => (iso === null ? '-' : iso.slice(0, 16).replace('T', ' '));

export const apiKeys: Command = {
  name: 'api-keys',
  summary: 'List your API keys, or rotate one’s secret (a management key).',
  usage: 'api-keys list\n       pq api-keys rotate <id> [--revoke-old]',
  help: `  list            every API key of the account: id, name, pk_…, kind, state, the operations it may
                  call, its calls this month and when it was last used (never a secret)
  rotate <id>     a new secret for the key with this id (from list), printed once: store it now.
                  The old secret keeps working 24 hours, while callers move to the new one
  --revoke-old    with rotate: the old secret stops at once (a leaked key)

The API key must name the manage operation (docs/api.md §13).`,
  async run(args, io) {
    const { values, positionals } = parseCommand('api-keys', args, { 'revoke-old': { type: 'boolean' } });
    const [sub, ...rest] = positionals;
    if (sub === 'list') {
      if (rest.length > 0 || values['revoke-old']) throw new UsageError('api-keys list takes no arguments', 'api-keys');
      const keys = await clientFor(values, io).apiKeys.list();
      if (values.json) printJson(io, keys);
      else printTable(
        io,
        ['id', 'name', 'key', 'kind', 'state', 'operations', 'calls this month', 'last used'],
        keys.map((k) => [k.id, k.keyName, k.keyValue, k.kind, k.isActive ? 'active' : 'disabled', k.allowedOperations?.join(',') ?? 'all metered', k.callsThisMonth, minute(k.lastUsedAt)]),
        'no API keys',
      );
      return EXIT.ok;
    }
    if (sub === 'rotate') {
      if (rest.length !== 1 || !/^[1-9][0-9]*$/.test(rest[0]!)) throw new UsageError('api-keys rotate takes the numeric id of one key (pq api-keys list shows it)', 'api-keys');
      const revokeOldSecret = Boolean(values['revoke-old']);
      const key = await clientFor(values, io).apiKeys.rotate(Number(rest[0]), { revokeOldSecret });
      if (values.json) printJson(io, key);
      else printFields(io, [
        ['key', `${key.keyValue} (${key.keyName})`],
        ['secret', `${key.keySecret} (shown once: store it now)`],
        ['old secret', revokeOldSecret || key.previousSecretExpiresAt === null ? 'revoked' : `works until ${key.previousSecretExpiresAt}`],
      ]);
      return EXIT.ok;
    }
    throw new UsageError(sub === undefined ? `give a subcommand: ${SUBCOMMANDS}` : `unknown subcommand "${sub}": the subcommands are ${SUBCOMMANDS}`, 'api-keys');
  },
};
