/**
 * The export of an account's data (docs/decisions/038): its profile, its keys' public parts, its
 * purchases and receipts, and its whole history, as one JSON document (contract: AccountExport).
 * The history can be long, so the document is streamed a page of operations at a time, waiting
 * for the client to take each, and one export per account runs at a time.
 */
import type { Response } from 'express';
import { once } from 'node:events';
import type { z } from 'zod';
import type { AccountExport } from '../../contract/account-data.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toUserResponse } from '../auth/auth.service.ts';
import { toApiKeyResponse } from '../api-keys/api-keys.service.ts';
import { toCryptoOperation } from '../operations/operation-views.ts';
import { toReceipt } from '../payments/payments.routes.ts';
import { toManagedKey } from '../signing-keys/managed-keys.routes.ts';

export const EXPORT_FORMAT = 'pq-platform-account-export/1';
/** Operations per page read and written. */
const PAGE = 500;
/** Purchases and receipts are records of payments made: far fewer than this. */
const MONEY_RECORDS_MAX = 100_000;

type Head = Omit<z.infer<typeof AccountExport>, 'operations'>;

export class AccountExports {
  private readonly running = new Set<string>();

  constructor(private readonly ctx: Pick<AppContext, 'auth' | 'apiKeys' | 'signingKeys' | 'keyLifecycle' | 'purchases' | 'receipts' | 'operations'>) {}

  /** Writes the account's export to `res` as an attachment; 429 while another of its exports runs. */
  async write(userId: string, res: Response): Promise<void> {
    if (this.running.has(userId)) throw new AppError(429, 'export_running', 'An export of this account is already being downloaded: wait for it to finish.');
    this.running.add(userId);
    try {
      const now = new Date();
      const head = await this.head(userId, now);
      res.status(200).type('application/json');
      res.setHeader('Content-Disposition', `attachment; filename="pq-platform-export-${now.toISOString().slice(0, 10)}.json"`);
      res.setHeader('Cache-Control', 'no-store');
      // The head's JSON without its closing brace, then the operations array written page by page.
      await send(res, `${JSON.stringify(head).slice(0, -1)},"operations":[`);
      let before: number | undefined;
      let first = true;
      for (;;) {
        const rows = await this.ctx.operations.history({ userId }, PAGE, before);
        if (rows.length === 0) break;
        const page = rows.map((row) => JSON.stringify(toCryptoOperation(row))).join(',');
        if (!(await send(res, first ? page : `,${page}`))) return;
        first = false;
        before = rows[rows.length - 1]!.id;
        if (rows.length < PAGE) break;
      }
      res.end(']}');
    } finally {
      this.running.delete(userId);
    }
  }

  private async head(userId: string, now: Date): Promise<Head> {
    const user = (await this.ctx.auth.findById(userId))!;
    return {
      format: EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      profile: { ...toUserResponse(user), historyKeeps: user.historyKeeps },
      apiKeys: (await this.ctx.apiKeys.list(userId)).map((view) => toApiKeyResponse(view, now)),
      signingKeys: (await this.ctx.keyLifecycle.withPrimaryPublicKeys(await this.ctx.signingKeys.list(userId))).map(({ key, publicKey }) => toManagedKey(key, publicKey)),
      purchases: (await this.ctx.purchases.forUser(userId, MONEY_RECORDS_MAX)).purchases,
      receipts: (await this.ctx.receipts.list(userId, MONEY_RECORDS_MAX)).map(toReceipt),
    };
  }
}

/** Writes `chunk`, waiting while the client's buffer is full; false once the client has gone. */
async function send(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  // Whichever comes first; the other listener is removed (its abort is not an error).
  const stop = new AbortController();
  const event = (name: string) => once(res, name, { signal: stop.signal }).catch(() => undefined);
  await Promise.race([event('drain'), event('close')]);
  stop.abort();
  return !res.destroyed;
}
