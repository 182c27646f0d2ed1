/**
 * The commit of operation records as data (docs/decisions/050-one-storage-seam.md): a batch of
 * records, each with the write intents that must be durable with it (the call's charge, its stored
 * idempotent answer, the trim of an anonymous demo history), which OperationsRepository.commit
 * writes in one transaction (docs/decisions/028-answered-means-recorded.md). The group commit's
 * timing stays in operations.service.ts (docs/decisions/017, 031).
 */
import type { cryptoOperations } from '../../../db/schema.ts';
import type { IdempotentAnswer } from '../../http/idempotency.repository.ts';
import type { MeterCharge } from '../metering/metering.repository.ts';

type StoredRow = typeof cryptoOperations.$inferSelect;

/** One record's values, one per column but the id, as bound to the database: a column added to the schema and not filled fails to compile. */
export type OperationValues = { [K in Exclude<keyof StoredRow, 'id'>]: string | number | Buffer | null };

/** Keep only an anonymous demo session's newest `keep` records (features/demo/demo-session.ts). */
export interface DemoHistoryTrim {
  demoSessionId: string;
  keep: number;
}

/** What a record's commit writes with it. */
export interface RecordWrites {
  /** A metered call's charge, summed per counter over the commit (docs/decisions/032). */
  charge?: MeterCharge;
  /** A batch call's charges, one per answered item (docs/decisions/053-signing-by-digest-and-in-batches.md). */
  charges?: readonly MeterCharge[];
  /** A keyed call's answer, for its retries (docs/api.md §5.3). */
  idempotentAnswer?: IdempotentAnswer;
  demoHistoryTrim?: DemoHistoryTrim;
}

export interface CommitEntry {
  record: OperationValues;
  /** A batch call's further records: stored with `record` and its writes, or none of them is. */
  batchRecords?: readonly OperationValues[];
  writes: RecordWrites | undefined;
}

/** Every record of an entry, `record` first. */
export const recordsOf = (entry: CommitEntry): readonly OperationValues[] =>
  entry.batchRecords ? [entry.record, ...entry.batchRecords] : [entry.record];

/** Every charge of an entry's writes. */
export const chargesOf = (writes: RecordWrites): readonly MeterCharge[] =>
  writes.charges ? (writes.charge ? [writes.charge, ...writes.charges] : writes.charges) : writes.charge ? [writes.charge] : [];

/** The records one group commit writes, in the order they were recorded. */
export type CommitBatch = readonly CommitEntry[];

/** An entry's fate: stored with its writes, or refused with the error that refused it. */
export type CommitOutcome = { stored: true } | { stored: false; error: Error };

export interface OperationsRepository {
  /**
   * Writes the entries in one transaction: each record, then its writes, then each counter once
   * with the sum of its charges, then the performance totals (performance-totals.ts). If that
   * fails, each entry is written alone in a transaction of its own, so one entry that cannot be
   * stored does not take the others with it. Resolves with each entry's outcome, in order.
   */
  commit(batch: CommitBatch): Promise<CommitOutcome[]>;
}
