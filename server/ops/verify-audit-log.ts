/**
 * `verify-audit-log [--account <id>]`: recomputes every account's audit chain, or one account's
 * (docs/decisions/055-audit-log.md), on SQLite or PostgreSQL, beside running servers. Prints the
 * counts and a digest of every chain's head, which the operator can keep elsewhere to notice a later
 * truncation or rewrite; a broken chain is an OpsError (exit 1) naming the first event removed,
 * altered or reordered.
 */
import type { Config } from '../config.ts';
import { verifyAuditChains } from '../features/audit/audit-verify.ts';
import { withStorage } from './database-target.ts';
import { OpsError, type Output } from './output.ts';

export async function verifyAuditLog(config: Config, options: { account: string | undefined }, out: Output): Promise<void> {
  await withStorage(config, 'verify-audit-log', async (storage) => {
    const result = await verifyAuditChains(storage.audit, options.account);
    if (result.broken) throw new OpsError(`audit log broken: ${result.broken.message}`);
    out(`audit log intact: ${result.events} events in ${result.accounts} account${result.accounts === 1 ? '' : 's'}; heads digest ${result.headsDigest}`);
  });
}
