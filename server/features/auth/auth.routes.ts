/** Account routes (docs/product.md §7; docs/api.md §12): register, login, current user, logout, Google, hosted-login redirect. */
import type { NextFunction, Request, Response } from 'express';
import { ErrorResponse } from '../../contract/common.ts';
import { AuthProviders, CurrentUser, LoginRequest, RegisterRequest, RegistrationAccepted, User, VerificationSent, VerifyEmailQuery } from '../../contract/auth.ts';
import { TwoFactorRequired } from '../../contract/two-factor.ts';
import { AppError, conflict, serviceUnavailable, unauthorized } from '../../errors.ts';
import { fromThisSite } from '../../http/security.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../types.ts';
import { toUserResponse } from './auth.service.ts';
import { VERIFY_PATH } from './email-verification.ts';
import { signOut } from './sessions.service.ts';
import { awaitSecondFactor, finishSignIn, knownBrowser, recordFailedSignIn } from './sign-in.ts';
import { TWO_FACTOR_NEXT } from './two-factor.routes.ts';

const TAG = 'Accounts';

/** Runs a passport strategy as a promise: the user, or false when the credentials were refused. */
function authenticate(ctx: AppContext, strategy: string, req: Request, res: Response): Promise<SessionUser | false> {
  return new Promise((resolve, reject) => {
    ctx.passport.authenticate(strategy, { session: false }, (err: unknown, user: SessionUser | false) =>
      err ? reject(err) : resolve(user),
    )(req, res, ((err: unknown) => reject(err)) as NextFunction);
  });
}

/** Ends this session and records it in the account's audit log. */
async function signOutRecorded(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const userId = req.user!.id;
  await signOut(req, res, ctx.sessionCookieName);
  await ctx.audit.record({ accountId: userId, type: 'auth.sign_out', actor: 'account' }, req);
}

const googleUnavailable = () =>
  serviceUnavailable('google_sign_in_unavailable', 'Google sign-in is not configured on this server: sign in with email and password.');

export function authRoutes(ctx: AppContext): void {
  const { api } = ctx;

  /** Sends the browser to Google (the callback signs in, or links when someone is signed in). */
  const toGoogle = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => {
      if (!ctx.config.google) return reject(googleUnavailable());
      ctx.passport.authenticate('google', { scope: ['profile', 'email'], session: false })(req, res, (err: unknown) => (err ? reject(err) : resolve()));
      res.on('finish', () => resolve());
    });

  api.route(
    {
      method: 'post', path: '/api/auth/register', tag: TAG, auth: 'none', body: RegisterRequest,
      summary: 'Create an account',
      description:
        'Answers 202 alike whether or not the address already has an account, so it says nothing about which addresses do (docs/decisions/037). ' +
        'A new account gets its first API key (its secret is shown once, on the first reveal) and a mail with a link that verifies the email; ' +
        'an address that has an account gets a mail telling its owner. Then sign in with POST /api/auth/login. ' +
        'One client address may create a few accounts an hour (REGISTRATIONS_PER_HOUR, 5 by default), then gets 429 with Retry-After.',
      before: [ctx.limits.auth, ctx.limits.registrations],
      responses: { 202: { description: 'Accepted: sign in next', schema: RegistrationAccepted }, 400: { description: 'A field to fix, or a password too easy to guess', schema: ErrorResponse } },
    },
    async ({ body, res }) => {
      const outcome = await ctx.auth.register(body);
      // Not awaited, either way: the answer must not wait on a mail server for one kind of address only.
      if ('created' in outcome) void ctx.emailVerification.send(outcome.created);
      else void ctx.accountNotices.alreadyRegistered(outcome.taken);
      res.status(202).json({ message: `We sent a message to ${body.email}. Sign in with the email and password you chose to continue.`, email: body.email });
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/login', tag: TAG, auth: 'session', body: LoginRequest,
      summary: 'Sign in with email and password',
      before: [ctx.limits.auth],
      description: 'For an account with two-factor sign-in, a right password answers 202 instead: send a code to POST /api/auth/login/two-factor within 5 minutes.',
      responses: {
        200: { description: 'The user; the session cookie is set.', schema: User },
        202: { description: 'The password is right; a two-factor code is needed next', schema: TwoFactorRequired },
        401: { description: 'Wrong email or password', schema: ErrorResponse },
      },
    },
    async ({ req, res, body }) => {
      req.body = body;
      const user = await authenticate(ctx, 'local', req, res);
      if (!user) {
        recordFailedSignIn(ctx, req, { email: body.email });
        throw unauthorized('invalid_credentials', 'The email or password is wrong.');
      }
      const known = knownBrowser(ctx, req, user.id);
      if (user.totpEnabledAt !== null) {
        awaitSecondFactor(req, user, known, ctx.twoFactor.now());
        res.status(202).json({ twoFactorRequired: true, message: TWO_FACTOR_NEXT });
        return undefined;
      }
      await finishSignIn(ctx, req, res, user, { known, secondFactor: false });
      return toUserResponse(user);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/auth/user', tag: TAG, auth: 'session', summary: 'Who is signed in',
      description: 'The signed-in user, or null when no one is signed in: being signed out is a state every page asks about, not an error (docs/api.md §12).',
      responses: { 200: { description: 'The user, or null', schema: CurrentUser } },
    },
    ({ req }) => (req.user ? toUserResponse(req.user) : null),
  );

  api.route(
    {
      method: 'post', path: '/api/logout', tag: TAG, auth: 'session', summary: 'Sign out',
      description: 'Ends this session: signed in or not, the answer is 204 and the session cookie is cleared. A cookie-authenticated write, so the Origin check applies (docs/api.md §3.3).',
      responses: { 204: { description: 'Signed out' } },
    },
    async ({ req, res }) => {
      if (req.user) await signOutRecorded(ctx, req, res);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'get', path: '/api/logout', tag: TAG, auth: 'session', summary: 'Sign out and go to / (a link of this site)',
      description:
        'Destroys the session and redirects to /, only for a navigation from a page of this site (Sec-Fetch-Site: same-origin, or from an older browser a Referer of this origin). Any other request only redirects: a link on another site, or on another subdomain, cannot sign you out. The web app signs out with POST /api/logout.',
      responses: { 302: { description: 'Redirect to /' } },
    },
    async ({ req, res }) => {
      if (fromThisSite(req, ctx.config.publicOrigins) && req.user) await signOutRecorded(ctx, req, res);
      res.redirect(302, '/');
    },
  );

  api.route(
    {
      method: 'get', path: VERIFY_PATH, tag: TAG, auth: 'session', query: VerifyEmailQuery,
      summary: 'Verify an email (the link of the verification mail)',
      description:
        'Signed in to the link’s account: marks the email verified and redirects to /dashboard?verified=1. Not signed in: redirects to /login?verify=<token>, which comes back here after sign-in. A link for another account, or an invalid or expired one, redirects to /dashboard?verified=0&reason=<code>.',
      responses: { 302: { description: 'Redirect to the dashboard, or to sign in first' } },
    },
    async ({ req, res, query }) => {
      if (!req.user) return res.redirect(302, `/login?verify=${encodeURIComponent(query.token)}`);
      try {
        await ctx.emailVerification.verify(query.token, req.user.id);
        res.redirect(302, '/dashboard?verified=1');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        res.redirect(302, `/dashboard?verified=0&reason=${error.code}`);
      }
    },
  );

  api.route(
    {
      method: 'post', path: `${VERIFY_PATH}/resend`, tag: TAG, auth: 'user', summary: 'Send a new verification link',
      description: 'Replaces any earlier link (only the newest works) and mails it; at most once a minute per account (429 resend_too_soon).',
      before: [ctx.limits.auth],
      responses: { 200: { description: 'Whether it was mailed', schema: VerificationSent }, 409: { description: 'Already verified', schema: ErrorResponse } },
    },
    async ({ req }) => {
      const user = req.user!;
      if (user.emailVerifiedAt !== null) throw conflict('email_already_verified', 'Your email is already verified.');
      await ctx.emailVerification.checkCooldown(user.id);
      const delivery = await ctx.emailVerification.send(user, { resend: true });
      return { delivery, mailed: delivery === 'sent' };
    },
  );

  api.route(
    {
      method: 'get', path: '/api/login', tag: TAG, auth: 'none', summary: 'Go to the sign-in page',
      description: 'The hosted sign-in entry of earlier versions, kept for old links: sends the browser to /login.',
      responses: { 302: { description: 'Redirect to /login' } },
    },
    ({ res }) => res.redirect(302, '/login'),
  );

  api.route(
    {
      method: 'get', path: '/api/auth/providers', tag: TAG, auth: 'none', summary: 'Which sign-in methods are enabled',
      description: 'The login page disables "Continue with Google" (with a tooltip) when google is false.',
      responses: { 200: { description: 'Enabled methods', schema: AuthProviders } },
    },
    () => ({ password: true as const, google: ctx.config.google !== undefined }),
  );

  api.route(
    {
      method: 'get', path: '/api/auth/google', tag: TAG, auth: 'session', summary: 'Start Google sign-in',
      responses: { 302: { description: 'Redirect to Google' }, 503: { description: 'Google sign-in is not configured', schema: ErrorResponse } },
    },
    ({ req, res }) => toGoogle(req, res),
  );

  api.route(
    {
      method: 'get', path: '/api/auth/google/link', tag: TAG, auth: 'user', summary: 'Link Google to your account',
      description: 'Signed in: goes to Google, then back to /dashboard?google=linked. Afterwards either sign-in method opens this account.',
      responses: { 302: { description: 'Redirect to Google' }, 503: { description: 'Google sign-in is not configured', schema: ErrorResponse } },
    },
    ({ req, res }) => toGoogle(req, res),
  );

  api.route(
    {
      method: 'get', path: '/api/auth/google/callback', tag: TAG, auth: 'session', summary: 'Google sign-in return',
      responses: { 302: { description: 'Signed in: redirect to /; refused: redirect to /login?error=google' }, 503: { description: 'Google sign-in is not configured', schema: ErrorResponse } },
    },
    async ({ req, res }) => {
      if (!ctx.config.google) throw googleUnavailable();
      const linking = req.user !== undefined;
      const user = await authenticate(ctx, 'google', req, res).catch((error: unknown) => {
        if (error instanceof AppError) return error;
        // Google refused the code or state (expired, replayed): a sign-in failure, not a server fault.
        req.log.warn({ err: error }, 'Google sign-in failed');
        return false as const;
      });
      if (user instanceof AppError) {
        if (user.code === 'google_link_required') return res.redirect(302, '/login?error=google_link_required');
        if (user.code === 'google_account_in_use') return res.redirect(302, '/dashboard?google=in_use');
        throw user;
      }
      if (!user) return res.redirect(302, linking ? '/dashboard?google=failed' : '/login?error=google');
      if (linking) return res.redirect(302, '/dashboard?google=linked');
      const known = knownBrowser(ctx, req, user.id);
      if (user.totpEnabledAt !== null) {
        awaitSecondFactor(req, user, known, ctx.twoFactor.now());
        return res.redirect(302, '/login?twoFactor=1');
      }
      await finishSignIn(ctx, req, res, user, { known, secondFactor: false });
      res.redirect(302, '/');
    },
  );
}
