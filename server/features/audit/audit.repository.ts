/**
 * What the audit log needs of storage (docs/decisions/050-one-storage-seam.md,
 * docs/decisions/055-audit-log.md): appending an event to its account's chain, one append per
 * account at a time across processes; reading an account's events newest first; removing events
 * past the retention period while keeping the chain checkable; and reading every chain to verify it.
 */
import type { ChainedFields } from './audit-chain.ts';

/** A stored event: the chained fields, its row id and its hash. */
export interface AuditEventRow extends Omit<ChainedFields, 'createdAt'> {
  id: number;
  createdAt: Date;
  hash: string;
}

/** An event to append: the repository numbers it and chains it to the account's last one. */
export type NewAuditEvent = Omit<ChainedFields, 'seq' | 'prevHash'>;

/** Where a chain starts once its oldest events were removed: the last removed event's seq and hash. */
export interface AuditAnchor {
  seq: number;
  hash: string;
}

export interface AuditPage {
  limit: number;
  /** Only events with a seq below this one. */
  before?: number;
  type?: string;
}

export interface AuditRepository {
  /**
   * Appends the event after the account's last one (or its anchor), in one step that no other
   * append of the account interleaves with, on any instance. Undefined when the account is gone.
   */
  append(event: NewAuditEvent): Promise<AuditEventRow | undefined>;
  /** The account's events, newest first. */
  list(userId: string, page: AuditPage): Promise<AuditEventRow[]>;
  /**
   * Removes each account's oldest events created at or before `cutoff` (ms), up to the first one
   * that is younger, and anchors the chain at the last one removed. Returns how many went.
   */
  removeOlderThan(cutoff: number): Promise<number>;
  /** Every account with audit events or an anchor. */
  accountsWithEvents(): Promise<string[]>;
  anchorOf(userId: string): Promise<AuditAnchor | undefined>;
  /** Up to `limit` of the account's events after `afterSeq`, by seq. */
  chainAfter(userId: string, afterSeq: number, limit: number): Promise<AuditEventRow[]>;
}
