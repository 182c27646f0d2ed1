/**
 * An account's data, as its owner controls it (docs/api.md §12, "Your data"; docs/decisions/038):
 * what the history keeps, deleting older history, the export, and deleting the account.
 */
import { z } from 'zod';
import { HISTORY_KEEPS } from '../../shared/history.ts';
import { User } from './auth.ts';
import { Timestamp } from './common.ts';
import { ApiKeyList } from './api-keys.ts';
import { CryptoOperationList } from './operations.ts';
import { ReceiptList } from './payments.ts';
import { Purchase } from './purchases.ts';
import { ManagedKey } from './keys.ts';

export const HistoryKeeps = z.enum(HISTORY_KEEPS).meta({
  id: 'HistoryKeeps',
  description: 'What the history keeps of an API call’s message: digest (its SHA-256 and length; the default) or text (as sent). Demo calls keep the text.',
});

export const DataSettings = z
  .object({
    historyKeeps: HistoryKeeps,
    operations: z.number().int().meta({ description: 'Operations in your history (API and demo)' }),
    oldestOperationAt: Timestamp.nullable(),
  })
  .meta({ id: 'DataSettings' });

export const DataSettingsUpdate = z.strictObject({ historyKeeps: HistoryKeeps }).meta({ id: 'DataSettingsUpdate' });

export const HistoryDeletionQuery = z.strictObject({
  olderThanDays: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int({ message: 'must be a whole number of days' })
    .min(0, { message: 'must be 0 (everything) or more' })
    .max(3650, { message: 'must be at most 3650 (ten years)' })
    .meta({ description: 'Delete operations older than this many days; 0 deletes them all' }),
});

export const HistoryDeleted = z.object({ deleted: z.number().int().meta({ description: 'Operations deleted' }) }).meta({ id: 'HistoryDeleted' });

export const AccountExport = z
  .object({
    format: z.literal('pq-platform-account-export/1'),
    exportedAt: Timestamp,
    profile: User.extend({ historyKeeps: HistoryKeeps }),
    apiKeys: ApiKeyList.meta({ description: 'Public parts only: a secret is never exported' }),
    signingKeys: z.array(ManagedKey).meta({ description: 'Every managed key, signing and encryption, with its purpose: public keys only' }),
    purchases: z.array(Purchase),
    receipts: ReceiptList,
    operations: CryptoOperationList.meta({ description: 'Every operation in your history, newest first' }),
  })
  .meta({ id: 'AccountExport' });

export const AccountDeletionRequest = z
  .strictObject({
    password: z.string().max(256).default('').meta({ description: 'Needed for an account with a password' }),
    confirm: z.literal('delete my account', { message: 'must be the words “delete my account”' }),
  })
  .meta({ id: 'AccountDeletionRequest' });
