/**
 * Deleting a user's operations in batches (docs/decisions/038): an account's history can hold
 * millions of rows, and one DELETE of them all would hold the database, and the event loop, for
 * seconds. Each batch is one short statement on the (user_id, id) index, and the event loop turns
 * between batches, so calls keep being answered while a history goes.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OperationHistoryRepository } from './operation-history.repository.ts';

/** Rows per statement: a few milliseconds of work. */
export const DELETION_BATCH = 2000;

/**
 * Group commits stamp created_at when a call is recorded and commit within milliseconds
 * (operations.service.ts), so ids follow created_at but for that jitter: past a row this much newer
 * than the cutoff, no later id can be older than it.
 */
const ORDER_SLACK_MS = 60_000;

export class HistoryDeletion {
  private closed = false;

  constructor(
    private readonly history: OperationHistoryRepository,
    private readonly batch = DELETION_BATCH,
  ) {}

  /** Deletes every operation of the user; how many. */
  async all(userId: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const n = await this.history.deleteFirstOfUser(userId, this.batch);
      deleted += n;
      if (n < this.batch || this.closed) return deleted;
      await nextTurn();
    }
  }

  /** Deletes the user's operations created before `cutoff` (ms since the epoch); how many. */
  async olderThan(userId: string, cutoff: number): Promise<number> {
    let deleted = 0;
    let after = 0;
    for (;;) {
      const rows = await this.history.stampsAfter(userId, after, this.batch);
      if (rows.length === 0 || this.closed) return deleted;
      const last = rows[rows.length - 1]!;
      deleted += await this.history.deleteMadeBefore(userId, after, last.id, cutoff);
      if (rows.length < this.batch || last.createdAt >= cutoff + ORDER_SLACK_MS) return deleted;
      after = last.id;
      await nextTurn();
    }
  }

  /** Stops between batches: the database is closing (a deleted account’s purge resumes at the next start). */
  close(): void {
    this.closed = true;
  }
}
