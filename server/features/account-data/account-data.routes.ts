/**
 * Your data (docs/api.md §12; docs/decisions/038): what the history keeps, deleting older history,
 * the export of everything, and deleting the account.
 */
import {
  AccountDeletionRequest, AccountExport, DataSettings, DataSettingsUpdate, HistoryDeleted, HistoryDeletionQuery,
} from '../../contract/account-data.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { signOut } from '../auth/sessions.service.ts';

const TAG = 'Your data';

export function accountDataRoutes(ctx: AppContext): void {
  const { api, accountData, accountExports, accountDeletion } = ctx;

  api.route(
    {
      method: 'get', path: '/api/account/data', tag: TAG, auth: 'user', summary: 'What your history keeps, and how much of it there is',
      responses: { 200: { description: 'Settings and totals', schema: DataSettings } },
    },
    ({ req }) => accountData.settings(req.user!.id),
  );

  api.route(
    {
      method: 'patch', path: '/api/account/data', tag: TAG, auth: 'user', body: DataSettingsUpdate, summary: 'Choose what your history keeps of API calls',
      description: 'digest (the default): the message’s SHA-256 and length; text: the message as sent. Applies from the next call; demo calls always keep the text.',
      responses: { 200: { description: 'Saved', schema: DataSettings } },
    },
    ({ req, body }) => accountData.setHistoryKeeps(req.user!.id, body.historyKeeps),
  );

  api.route(
    {
      method: 'delete', path: '/api/account/history', tag: TAG, auth: 'user', query: HistoryDeletionQuery, summary: 'Delete your older history',
      description: 'Deletes your operations (API and demo) older than olderThanDays days, or all of them with 0. Usage and billing counts are not changed.',
      responses: { 200: { description: 'Deleted', schema: HistoryDeleted }, ...errorResponses({ 409: 'history_deletion_running' }) },
    },
    async ({ req, query }) => ({ deleted: await accountData.deleteHistory(req.user!.id, query.olderThanDays) }),
  );

  api.route(
    {
      method: 'get', path: '/api/account/export', tag: TAG, auth: 'user', summary: 'Download all your data as JSON',
      description: 'Profile, API keys (public parts; never a secret), signing keys (public keys), purchases, receipts and every operation, as one JSON attachment. One export of an account at a time.',
      before: [ctx.limits.reads],
      responses: { 200: { description: 'The export', schema: AccountExport }, ...errorResponses({ 429: 'export_running, or rate_limited' }) },
    },
    async ({ req, res }) => {
      await accountExports.write(req.user!.id, res);
      await ctx.audit.record({ accountId: req.user!.id, type: 'account.data_exported', actor: 'account' }, req);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/account/delete', tag: TAG, auth: 'user', body: AccountDeletionRequest, summary: 'Delete your account',
      description:
        'Needs the password (an account without one: a sign-in in the last 10 minutes) and confirm: "delete my account"; with two-factor sign-in on, step-up too. At once: every API, service and signing key stops working, every session ends, the personal data goes; the history is purged right after. Purchases and receipts are kept without name or email. Refused while overage is owed.',
      before: [ctx.limits.auth, ctx.requireStepUp],
      responses: { 204: { description: 'Deleted; this session is signed out' }, ...errorResponses({ 403: 'wrong_password, recent_sign_in_required, step_up_required', 409: 'overage_owed' }) },
    },
    async ({ req, res, body }) => {
      const userId = req.user!.id;
      await accountDeletion.delete(userId, { password: body.password, signedInAt: req.session.signedInAt });
      // The chain's last event; it goes with the account's row when the purge removes it (docs/decisions/055-audit-log.md).
      await ctx.audit.record({ accountId: userId, type: 'account.deleted', actor: 'account' }, req);
      await signOut(req, res, ctx.sessionCookieName);
      res.status(204).end();
    },
  );
}
