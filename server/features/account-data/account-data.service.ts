/**
 * What an account keeps (docs/decisions/038): whether its history keeps API messages as text or
 * digest, and deleting its history older than an age, one deletion per account at a time.
 */
import type { z } from 'zod';
import type { HistoryKeeps } from '../../../shared/history.ts';
import type { DataSettings } from '../../contract/account-data.ts';
import { AppError } from '../../errors.ts';
import type { HistoryDeletion } from '../operations/history-deletion.ts';
import type { OperationsService } from '../operations/operations.service.ts';
import type { AccountDataRepository } from './account-data.repository.ts';

const DAY_MS = 86_400_000;

export class AccountData {
  private readonly deleting = new Set<string>();

  constructor(
    private readonly repository: AccountDataRepository,
    private readonly operations: OperationsService,
    private readonly history: HistoryDeletion,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async settings(userId: string): Promise<z.infer<typeof DataSettings>> {
    const historyKeeps = (await this.repository.historyKeeps(userId))!;
    const oldest = await this.operations.oldestForUser(userId);
    return { historyKeeps, operations: await this.operations.countForUser(userId), oldestOperationAt: oldest?.toISOString() ?? null };
  }

  /** From the next call on; the records made before keep what they kept. */
  async setHistoryKeeps(userId: string, historyKeeps: HistoryKeeps): Promise<z.infer<typeof DataSettings>> {
    await this.repository.setHistoryKeeps(userId, historyKeeps, this.now());
    return this.settings(userId);
  }

  /** Deletes the operations older than `days` days (0: all of them); how many. */
  async deleteHistory(userId: string, days: number): Promise<number> {
    if (this.deleting.has(userId)) throw new AppError(409, 'history_deletion_running', 'Your history is already being deleted: wait for that to finish.');
    this.deleting.add(userId);
    try {
      await this.operations.flush();
      return days === 0 ? await this.history.all(userId) : await this.history.olderThan(userId, this.now().getTime() - days * DAY_MS);
    } finally {
      this.deleting.delete(userId);
    }
  }
}
