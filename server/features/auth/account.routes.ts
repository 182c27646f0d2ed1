/**
 * An account's access, managed by its owner (docs/api.md §12; docs/decisions/037): reset a forgotten
 * password by mail, change it, and see and end the sessions signed in to it.
 */
import {
  ChangePasswordRequest,
  EmailChangeQuery,
  EmailChangeRequest,
  EmailChangeRequested,
  PasswordChanged,
  ResetComplete,
  ResetRequest,
  ResetRequested,
  SessionList,
  SessionParams,
  SessionsEnded,
} from '../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { AppError, notFound } from '../../errors.ts';
import { CONFIRM_EMAIL_PATH } from './email-change.ts';

const TAG = 'Accounts';

export const RESET_REQUESTED = 'If an account has this email, a link to choose a new password is on its way; it works for 30 minutes.';

export function accountRoutes(ctx: AppContext): void {
  const { api, passwords, sessions, emailChanges } = ctx;

  api.route(
    {
      method: 'post', path: '/api/auth/password-reset', tag: TAG, auth: 'none', body: ResetRequest, summary: 'Ask for a password-reset link',
      description: 'Answers the same whatever the address. An account with it gets a mail with a link to /reset-password that works once, for 30 minutes; at most 3 an hour.',
      before: [ctx.limits.auth],
      responses: { 202: { description: 'Asked', schema: ResetRequested }, ...errorResponses({ 429: 'rate_limited' }) },
    },
    async ({ body, res }) => {
      await passwords.requestReset(body.email);
      res.status(202).json({ message: RESET_REQUESTED });
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/password-reset/complete', tag: TAG, auth: 'none', body: ResetComplete, summary: 'Choose a new password with a reset link',
      description: 'Sets the password, signs out every session of the account (sign in again with the new password) and mails the owner a notice.',
      before: [ctx.limits.auth],
      responses: { 204: { description: 'Set' }, ...errorResponses({ 400: 'invalid_reset_link (used, expired or mistyped), or a password the policy refuses' }) },
    },
    async ({ req, body, res }) => {
      const userId = await passwords.completeReset(body.token, body.password);
      // The link mailed to the account's address is the account acting.
      await ctx.audit.record({ accountId: userId, type: 'auth.password_reset', actor: 'account' }, req);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/password', tag: TAG, auth: 'user', body: ChangePasswordRequest, summary: 'Change your password',
      description: 'Needs the current password. The account’s other sessions are signed out; this one stays.',
      before: [ctx.limits.auth],
      responses: { 200: { description: 'Changed', schema: PasswordChanged }, ...errorResponses({ 403: 'wrong_password', 409: 'no_password: a Google-only account' }) },
    },
    async ({ req, body }) => {
      const sessionsEnded = await passwords.change(req.user!.id, req.sessionID, body.currentPassword, body.newPassword);
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.password_changed', actor: 'account', details: { sessionsEnded } }, req);
      return { sessionsEnded };
    },
  );

  api.route(
    {
      method: 'get', path: '/api/auth/sessions', tag: TAG, auth: 'user', summary: 'Your signed-in sessions',
      responses: { 200: { description: 'Newest activity first; current marks this one', schema: SessionList } },
    },
    ({ req }) => sessions.list(req.user!.id, req.sessionID),
  );

  api.route(
    {
      method: 'delete', path: '/api/auth/sessions/:id', tag: TAG, auth: 'user', params: SessionParams, summary: 'Sign out one session',
      responses: { 204: { description: 'Signed out' }, ...errorResponses({ 404: 'session_not_found' }) },
    },
    async ({ req, params, res }) => {
      if (!(await sessions.end(req.user!.id, params.id))) throw notFound('session_not_found', 'No session with this id is signed in to your account.', 'id');
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.sign_out', actor: 'account', details: { otherSessions: 1 } }, req);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/sessions/end-others', tag: TAG, auth: 'user', summary: 'Sign out everywhere else',
      responses: { 200: { description: 'How many sessions were signed out', schema: SessionsEnded } },
    },
    async ({ req }) => {
      const ended = await sessions.endOthers(req.user!.id, req.sessionID);
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.sign_out', actor: 'account', details: { otherSessions: ended } }, req);
      return { ended };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/email', tag: TAG, auth: 'user', body: EmailChangeRequest, summary: 'Change your email',
      description: 'Needs the current password (for an account that has one). The new address gets a link that completes the change in this account’s session, within 24 hours; the old address is told at once. At most 5 a day.',
      before: [ctx.limits.auth],
      responses: { 202: { description: 'Asked', schema: EmailChangeRequested }, ...errorResponses({ 403: 'wrong_password', 429: 'too_many_email_changes' }) },
    },
    async ({ req, res, body }) => {
      await emailChanges.request(req.user!.id, body.newEmail, body.currentPassword);
      res.status(202).json({ message: `We sent a link to ${body.newEmail}: open it, signed in to this account, to finish the change. Your email stays as it is until then.` });
    },
  );

  api.route(
    {
      method: 'get', path: CONFIRM_EMAIL_PATH, tag: TAG, auth: 'session', query: EmailChangeQuery, summary: 'Confirm a new email (the link of the mail)',
      description: 'Signed in to the link’s account: makes the new address its email (verified) and redirects to /dashboard?tab=security&email=changed. Signed out: to /login?confirmEmail=<token>, which comes back here after sign-in. Otherwise to /dashboard?tab=security&email=failed&reason=<code>.',
      responses: { 302: { description: 'Redirect to the dashboard, or to sign in first' } },
    },
    async ({ req, res, query }) => {
      if (!req.user) return res.redirect(302, `/login?confirmEmail=${encodeURIComponent(query.token)}`);
      try {
        await emailChanges.confirm(query.token, req.user.id);
        await ctx.audit.record({ accountId: req.user.id, type: 'auth.email_changed', actor: 'account' }, req);
        res.redirect(302, '/dashboard?tab=security&email=changed');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        res.redirect(302, `/dashboard?tab=security&email=failed&reason=${error.code}`);
      }
    },
  );
}
