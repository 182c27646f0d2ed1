/**
 * The commit of operation records on SQLite (docs/decisions/050-one-storage-seam.md): the
 * statements and the one synchronous transaction moved from operations.service.ts, writing a
 * batch's intents in the order the closures they replace ran: each record, then its charge added
 * to the commit's sums (its held place released), its idempotent answer and its demo-history trim;
 * then each counter's sum (commit-sums.ts) and the performance totals. Every sign and verify
 * inserts a row: a raw prepared statement costs a quarter of building the drizzle insert each
 * time, and (unlike drizzle placeholders) stores an absent JSON value as NULL.
 */
import { getTableColumns } from 'drizzle-orm';
import type { Database } from '../../../db/sqlite-driver.ts';
import { cryptoOperations } from '../../../db/schema.ts';
import type { SqliteIdempotencyRepository } from '../../http/idempotency.sqlite.ts';
import type { MeterCharge } from '../metering/metering.repository.ts';
import type { SqliteMeteringRepository } from '../metering/metering.sqlite.ts';
import { CommitSums } from './commit-sums.ts';
import { recordsOf, type CommitBatch, type CommitEntry, type CommitOutcome, type OperationsRepository, type OperationValues } from './operations.repository.ts';
import { totalsUpsert } from './performance-totals.ts';

/**
 * The INSERT for a row, derived from the drizzle table (every column but the id, in schema order),
 * so the statement cannot fall behind the schema; `keys` are the row's properties in the order of
 * its parameters. They are bound by position: better-sqlite3 looks up a named parameter by
 * building its name as a string on every call, about 5 µs per row under load.
 */
export function operationInsert(): { sql: string; keys: (keyof OperationValues)[] } {
  const columns = Object.entries(getTableColumns(cryptoOperations)).filter(([key]) => key !== 'id');
  const names = columns.map(([, column]) => column.name).join(', ');
  const params = columns.map(() => '?').join(', ');
  return { sql: `INSERT INTO crypto_operations (${names}) VALUES (${params})`, keys: columns.map(([key]) => key as keyof OperationValues) };
}

const STORED: CommitOutcome = { stored: true };

export class SqliteOperationsRepository implements OperationsRepository {
  private readonly insertAll: (batch: CommitBatch) => void;
  private readonly insertOne: (entry: CommitEntry) => void;

  constructor(sqlite: Database, metering: SqliteMeteringRepository, idempotency: SqliteIdempotencyRepository) {
    const { sql, keys } = operationInsert();
    const insert = sqlite.prepare(sql);
    // Along the (demo_session_id, id) index: everything older than the newest `keep` rows.
    const trim = sqlite.prepare<[string, string, number]>(
      `DELETE FROM crypto_operations WHERE demo_session_id = ? AND user_id IS NULL AND id < (
         SELECT id FROM crypto_operations WHERE demo_session_id = ? AND user_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    );
    // The performance figures are running totals, kept in the same commit as the rows they count.
    const addToTotals = totalsUpsert(sqlite);
    // Each attempt at a commit gets fresh sums, so the sums of a rolled-back attempt go with it.
    const store = (batch: CommitBatch) => {
      const sums = new CommitSums();
      const settle = (charge: MeterCharge) => {
        metering.addCharge(sums, charge);
        metering.release(charge.ticket);
      };
      for (const { record, batchRecords, writes } of batch) {
        insert.run(keys.map((key) => record[key]));
        if (batchRecords) for (const more of batchRecords) insert.run(keys.map((key) => more[key]));
        if (writes === undefined) continue;
        if (writes.charge) settle(writes.charge);
        if (writes.charges) writes.charges.forEach(settle);
        if (writes.idempotentAnswer) idempotency.writeAnswer(writes.idempotentAnswer);
        if (writes.demoHistoryTrim) trim.run(writes.demoHistoryTrim.demoSessionId, writes.demoHistoryTrim.demoSessionId, writes.demoHistoryTrim.keep - 1);
      }
      sums.writeAll();
      addToTotals(batch.flatMap(recordsOf));
    };
    this.insertAll = sqlite.transaction(store);
    this.insertOne = sqlite.transaction((entry: CommitEntry) => store([entry]));
  }

  // async: the body runs to its end in this call, so a reader right after it sees the rows.
  async commit(batch: CommitBatch): Promise<CommitOutcome[]> {
    try {
      this.insertAll(batch);
      return batch.map(() => STORED);
    } catch {
      // One bad row must not take the others with it: store them one by one.
      return batch.map((entry): CommitOutcome => {
        try {
          this.insertOne(entry);
          return STORED;
        } catch (error) {
          return { stored: false, error: error as Error };
        }
      });
    }
  }
}
