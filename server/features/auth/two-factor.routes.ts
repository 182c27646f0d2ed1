/**
 * Two-factor sign-in's routes (docs/api.md §12; docs/decisions/039): set it up, turn it off, new
 * recovery codes, the code after the password at sign-in, and step-up for sensitive actions.
 */
import { User } from '../../contract/auth.ts';
import { RecoveryCodes, TwoFactorCodeRequest, TwoFactorSetup, TwoFactorStatus } from '../../contract/two-factor.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { unauthorized } from '../../errors.ts';
import { toUserResponse } from './auth.service.ts';
import { CODES_PER_SIGN_IN, finishSignIn, PENDING_SIGN_IN_MS, recordFailedSignIn } from './sign-in.ts';
import { stepUpUntil } from './step-up.ts';

const TAG = 'Accounts';

export const TWO_FACTOR_NEXT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

export function twoFactorRoutes(ctx: AppContext): void {
  const { api, twoFactor } = ctx;
  const nowMs = () => twoFactor.now().getTime();

  api.route(
    {
      method: 'get', path: '/api/auth/two-factor', tag: TAG, auth: 'user', summary: 'Whether two-factor sign-in is on',
      responses: { 200: { description: 'Status', schema: TwoFactorStatus } },
    },
    async ({ req }) => ({ ...(await twoFactor.status(req.user!.id)), stepUpUntil: stepUpUntil(req, nowMs())?.toISOString() ?? null }),
  );

  api.route(
    {
      method: 'post', path: '/api/auth/two-factor/setup', tag: TAG, auth: 'user', summary: 'Start setting up two-factor sign-in',
      description: 'Proposes a new secret for an authenticator app (as a QR code of `uri`, or typed); it takes effect once POST /api/auth/two-factor/enable confirms a code from it.',
      before: [ctx.limits.auth],
      responses: { 200: { description: 'The secret', schema: TwoFactorSetup }, ...errorResponses({ 409: 'two_factor_already_on' }) },
    },
    ({ req }) => twoFactor.begin(req.user!.id, req.user!.email),
  );

  api.route(
    {
      method: 'post', path: '/api/auth/two-factor/enable', tag: TAG, auth: 'user', body: TwoFactorCodeRequest, summary: 'Turn two-factor sign-in on',
      description: 'With a code from the secret of the set-up. Answers the ten recovery codes, shown this once; the owner is mailed.',
      before: [ctx.limits.auth],
      responses: { 200: { description: 'On', schema: RecoveryCodes }, ...errorResponses({ 400: 'invalid_two_factor_code', 409: 'two_factor_not_started, two_factor_already_on' }) },
    },
    async ({ req, body }) => {
      const recoveryCodes = await twoFactor.enable(req.user!.id, body.code);
      req.session.secondFactorAt = nowMs();
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.two_factor_enabled', actor: 'account' }, req);
      return { recoveryCodes };
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/two-factor/recovery-codes', tag: TAG, auth: 'user', summary: 'New recovery codes',
      description: 'Ten new codes; the old ones stop working. Needs step-up.',
      before: [ctx.limits.auth, ctx.requireStepUp],
      responses: { 200: { description: 'The new codes, shown this once', schema: RecoveryCodes }, ...errorResponses({ 403: 'step_up_required', 409: 'two_factor_off' }) },
    },
    async ({ req }) => {
      const recoveryCodes = await twoFactor.newRecoveryCodes(req.user!.id);
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.recovery_codes_regenerated', actor: 'account', details: { count: recoveryCodes.length } }, req);
      return { recoveryCodes };
    },
  );

  api.route(
    {
      method: 'delete', path: '/api/auth/two-factor', tag: TAG, auth: 'user', summary: 'Turn two-factor sign-in off',
      description: 'Needs step-up. The secret and recovery codes are deleted and the owner is mailed.',
      before: [ctx.limits.auth, ctx.requireStepUp],
      responses: { 204: { description: 'Off' }, ...errorResponses({ 403: 'step_up_required' }) },
    },
    async ({ req, res }) => {
      await twoFactor.disable(req.user!.id);
      await ctx.audit.record({ accountId: req.user!.id, type: 'auth.two_factor_disabled', actor: 'account' }, req);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/login/two-factor', tag: TAG, auth: 'session', body: TwoFactorCodeRequest, summary: 'Finish signing in with a two-factor code',
      description: `After POST /api/auth/login answered 202: a code from the authenticator app or a recovery code, within 5 minutes; ${CODES_PER_SIGN_IN} tries, then the password is asked again.`,
      before: [ctx.limits.auth],
      responses: {
        200: { description: 'The user; the session cookie is set.', schema: User },
        ...errorResponses({ 400: 'invalid_two_factor_code', 401: 'sign_in_again: no password entered in the last 5 minutes, or too many wrong codes', 429: 'two_factor_throttled' }),
      },
    },
    async ({ req, res, body }) => {
      const pending = req.session.pendingSignIn;
      const signInAgain = () => unauthorized('sign_in_again', 'Sign in again with your email and password, then enter a code.');
      if (!pending || nowMs() - pending.at > PENDING_SIGN_IN_MS) throw signInAgain();
      const user = await ctx.auth.findById(pending.userId);
      if (!user) throw signInAgain();
      try {
        await twoFactor.verify(user.id, body.code);
      } catch (error) {
        pending.tries += 1;
        if (pending.tries >= CODES_PER_SIGN_IN) delete req.session.pendingSignIn;
        recordFailedSignIn(ctx, req, { userId: user.id });
        throw error;
      }
      delete req.session.pendingSignIn;
      await finishSignIn(ctx, req, res, user, { known: pending.known, secondFactor: true, at: twoFactor.now() });
      return toUserResponse(user);
    },
  );

  api.route(
    {
      method: 'post', path: '/api/auth/step-up', tag: TAG, auth: 'user', body: TwoFactorCodeRequest, summary: 'Confirm it is you for sensitive actions',
      description: 'A code from the authenticator app or a recovery code: sensitive actions are then allowed in this session for 10 minutes.',
      before: [ctx.limits.auth],
      responses: { 200: { description: 'Confirmed', schema: TwoFactorStatus }, ...errorResponses({ 400: 'invalid_two_factor_code', 429: 'two_factor_throttled' }) },
    },
    async ({ req, body }) => {
      await twoFactor.verify(req.user!.id, body.code);
      req.session.secondFactorAt = nowMs();
      return { ...(await twoFactor.status(req.user!.id)), stepUpUntil: stepUpUntil(req, nowMs())?.toISOString() ?? null };
    },
  );
}
