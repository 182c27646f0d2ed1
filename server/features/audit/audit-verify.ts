/**
 * Recomputes every account's audit chain (docs/decisions/055-audit-log.md), for `verify-audit-log`:
 * from the account's anchor (or the genesis hash), each event must carry the next seq, the hash of
 * the one before it, a hash that its own fields give again, and a row id above the previous one.
 * The first event that does not is named, with what was done to the chain: events removed (a gap
 * in the seqs), an event altered (its hash is not its fields'), or events reordered (the links or
 * the row order do not follow the seqs). Reads 1,000 events at a time.
 */
import { createHash } from 'node:crypto';
import { GENESIS_HASH, hashEvent } from './audit-chain.ts';
import type { AuditEventRow, AuditRepository } from './audit.repository.ts';

export interface ChainBreak {
  kind: 'removed' | 'altered' | 'reordered';
  userId: string;
  seq: number;
  /** The row where the break shows (for `removed`, the first event after the gap). */
  id: number;
  message: string;
}

export interface VerifyResult {
  accounts: number;
  events: number;
  /** SHA-256 over every verified account's id and last hash: kept elsewhere, it shows a later truncation or rewrite. */
  headsDigest: string;
  broken?: ChainBreak;
}

const PAGE = 1000;

function breakAt(row: AuditEventRow, expectedSeq: number, prevHash: string, lastId: number): ChainBreak | undefined {
  const at = { userId: row.userId, seq: row.seq, id: row.id };
  const where = `account ${row.userId}, seq ${row.seq}, row ${row.id}`;
  if (row.seq !== expectedSeq) {
    const missing = row.seq - 1 === expectedSeq ? `event ${expectedSeq} was` : `events ${expectedSeq} to ${row.seq - 1} were`;
    return { kind: 'removed', ...at, seq: expectedSeq, message: `account ${row.userId}: ${missing} removed (the next one kept is seq ${row.seq}, row ${row.id})` };
  }
  if (hashEvent({ ...row, createdAt: row.createdAt.getTime() }) !== row.hash) return { kind: 'altered', ...at, message: `${where}: the event was altered (its fields do not give its hash)` };
  if (row.prevHash !== prevHash) return { kind: 'reordered', ...at, message: `${where}: the event does not follow the one before it (events reordered or replaced)` };
  if (row.id <= lastId) return { kind: 'reordered', ...at, message: `${where}: the rows are out of order (row ${row.id} after row ${lastId})` };
  return undefined;
}

/** Verifies the chains of `only` (one account) or of every account with audit events. */
export async function verifyAuditChains(repository: AuditRepository, only?: string): Promise<VerifyResult> {
  const accounts = only === undefined ? await repository.accountsWithEvents() : [only];
  const heads = createHash('sha256');
  let events = 0;
  for (const userId of accounts) {
    const anchor = await repository.anchorOf(userId);
    let expectedSeq = (anchor?.seq ?? 0) + 1;
    let prevHash = anchor?.hash ?? GENESIS_HASH;
    let lastId = 0;
    for (let page = await repository.chainAfter(userId, expectedSeq - 1, PAGE); page.length > 0; page = await repository.chainAfter(userId, expectedSeq - 1, PAGE)) {
      for (const row of page) {
        const broken = breakAt(row, expectedSeq, prevHash, lastId);
        if (broken) return { accounts: accounts.length, events, headsDigest: '', broken };
        prevHash = row.hash;
        lastId = row.id;
        expectedSeq++;
        events++;
      }
    }
    heads.update(`${userId}\n${prevHash}\n`);
  }
  return { accounts: accounts.length, events, headsDigest: heads.digest('hex') };
}
