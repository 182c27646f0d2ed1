/**
 * The commit of operation records on PostgreSQL (docs/decisions/050-one-storage-seam.md): a batch is
 * one transaction of a few set-based statements, whatever its size: the records in one multi-row
 * INSERT, the idempotent answers in one UPDATE, each demo history's trim, the charges (their holds
 * deleted, then each counter once with its sum: PostgresMeteringRepository.settle), and the
 * performance totals. The shared rows go last and in sorted order: the accounts' counters are
 * locked in order of their keys, and the totals (one row per algorithm, which every instance's
 * commits write) are held only for the statement before COMMIT.
 *
 * As on SQLite, a batch that fails is written again one entry per transaction, so one entry that
 * cannot be stored (its account deleted meanwhile, its hold swept) takes nothing else with it.
 * A ticket's place is released only once its commit is in.
 */
import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { cryptoOperations } from '../../../db/postgres/schema.ts';
import { inTransaction, type PgClient } from '../../../db/postgres/transaction.ts';
import type { PostgresIdempotencyRepository } from '../../http/idempotency.postgres.ts';
import type { IdempotentAnswer } from '../../http/idempotency.repository.ts';
import type { MeterCharge } from '../metering/metering.repository.ts';
import type { PostgresMeteringRepository } from '../metering/metering.postgres.ts';
import { chargesOf, recordsOf, type CommitBatch, type CommitOutcome, type OperationsRepository, type OperationValues } from './operations.repository.ts';
import { totalsOf } from './performance-totals.ts';

/** The record's columns, every one but the id, from the drizzle table; booleans are bound 1/0 by the services and sent as booleans here. */
const COLUMNS = Object.entries(getTableColumns(cryptoOperations))
  .filter(([key]) => key !== 'id')
  .map(([key, column]) => ({ key: key as keyof OperationValues, name: column.name, boolean: column.columnType === 'PgBoolean' }));

/** One INSERT of the records, with a numbered parameter per value. */
function recordsInsert(records: readonly OperationValues[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = records.map((record) => {
    const params = COLUMNS.map(({ key, boolean }) => {
      const value = record[key];
      values.push(boolean && value !== null ? Boolean(value) : value);
      return `$${values.length}`;
    });
    return `(${params.join(', ')})`;
  });
  return { text: `INSERT INTO crypto_operations (${COLUMNS.map((c) => c.name).join(', ')}) VALUES ${tuples.join(', ')}`, values };
}

/** Along the (demo_session_id, id) index: everything older than the session's newest `keep` anonymous rows. */
const TRIM = `DELETE FROM crypto_operations WHERE demo_session_id = $1 AND user_id IS NULL AND id < (
  SELECT id FROM crypto_operations WHERE demo_session_id = $1 AND user_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET $2)`;

const TOTALS = `INSERT INTO performance_totals AS t (algorithm, operations, size_sum, size_count, generation_sum, generation_count, verification_sum, verification_count)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::float8[], $4::bigint[], $5::float8[], $6::bigint[], $7::float8[], $8::bigint[]) ORDER BY 1
  ON CONFLICT (algorithm) DO UPDATE SET operations = t.operations + excluded.operations,
    size_sum = t.size_sum + excluded.size_sum, size_count = t.size_count + excluded.size_count,
    generation_sum = t.generation_sum + excluded.generation_sum, generation_count = t.generation_count + excluded.generation_count,
    verification_sum = t.verification_sum + excluded.verification_sum, verification_count = t.verification_count + excluded.verification_count`;

const STORED: CommitOutcome = { stored: true };

export class PostgresOperationsRepository implements OperationsRepository {
  private readonly pool: pg.Pool;

  constructor(
    db: PgDb,
    private readonly metering: PostgresMeteringRepository,
    private readonly idempotency: PostgresIdempotencyRepository,
  ) {
    this.pool = db.$client;
  }

  async commit(batch: CommitBatch): Promise<CommitOutcome[]> {
    if (batch.length === 0) return [];
    try {
      await this.store(batch);
      return batch.map(() => STORED);
    } catch (error) {
      if (batch.length === 1) return [{ stored: false, error: error as Error }];
      // One bad entry must not take the others with it: store them one by one.
      const outcomes: CommitOutcome[] = [];
      for (const entry of batch) {
        try {
          await this.store([entry]);
          outcomes.push(STORED);
        } catch (alone) {
          outcomes.push({ stored: false, error: alone as Error });
        }
      }
      return outcomes;
    }
  }

  /** Writes the entries and their intents in one transaction; their tickets are released once it is committed. */
  private async store(batch: CommitBatch): Promise<void> {
    const charges: MeterCharge[] = [];
    const answers: IdempotentAnswer[] = [];
    const trims = new Map<string, number>();
    for (const { writes } of batch) {
      if (writes) charges.push(...chargesOf(writes));
      if (writes?.idempotentAnswer) answers.push(writes.idempotentAnswer);
      if (writes?.demoHistoryTrim) {
        const { demoSessionId, keep } = writes.demoHistoryTrim;
        trims.set(demoSessionId, Math.min(keep, trims.get(demoSessionId) ?? keep));
      }
    }
    await inTransaction(this.pool, async (client) => {
      const insert = recordsInsert(batch.flatMap(recordsOf));
      await client.query(insert.text, insert.values);
      await this.idempotency.writeAnswers(client, answers);
      // Once after the batch's rows: the same newest rows stay as if trimmed after each.
      for (const [demoSessionId, keep] of trims) await client.query(TRIM, [demoSessionId, keep - 1]);
      await this.metering.settle(client, charges);
      await addToTotals(client, batch.flatMap(recordsOf));
    });
    this.metering.settled(charges);
  }
}

async function addToTotals(client: PgClient, records: readonly OperationValues[]): Promise<void> {
  const deltas = totalsOf(records);
  if (deltas.length === 0) return;
  // The columns of the deltas, one array per parameter.
  await client.query(TOTALS, deltas[0]!.map((_, i) => deltas.map((delta) => delta[i])));
}
