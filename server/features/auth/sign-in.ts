/**
 * Signing a browser in, once its owner proved who they are (docs/decisions/037, 039): the password,
 * then, for an account with two-factor sign-in, a code. Between the two the session holds only a
 * pending sign-in (the account, when, how many codes were tried), which signs nobody in.
 */
import type { Request, Response } from 'express';
import type { AppContext } from '../../context.ts';
import { stampSignIn } from '../../http/session-lifetime.ts';
import { cookieValue, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS } from '../../security/device-cookie.ts';
import type { SessionUser } from '../../types.ts';
import { describeSession } from './sessions.service.ts';

/** An account this young is being signed in to by the sign-up form: no new-browser mail then. */
const NEW_ACCOUNT_QUIET_MS = 10 * 60_000;
/** How long the code may take after the password. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
/** Codes tried per password entered; then the password is asked again. */
export const CODES_PER_SIGN_IN = 5;

/**
 * Starts a logged-in session (passport regenerates the session id first, so a planted id is useless)
 * and marks this browser as one the account's owner uses (the device cookie, docs/decisions/037).
 */
async function logIn(ctx: AppContext, req: Request, res: Response, user: SessionUser): Promise<void> {
  await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
  stampSignIn(req);
  describeSession(req);
  res.cookie(DEVICE_COOKIE, ctx.auth.devices.issue(user.id), {
    httpOnly: true, sameSite: 'lax', secure: ctx.config.env === 'production' && req.secure, maxAge: DEVICE_COOKIE_MAX_AGE_MS, path: '/api/auth',
  });
}

/** Whether this browser signed in to the account before (it holds the account's device cookie). */
export const knownBrowser = (ctx: AppContext, req: Request, userId: string) => ctx.auth.devices.verify(cookieValue(req.headers.cookie, DEVICE_COOKIE), userId) !== null;

/**
 * Signs in a user whose every factor was checked. `secondFactor`: a code was entered, which also
 * opens the step-up window. A browser the account never used gets its owner a mail.
 */
export async function finishSignIn(
  ctx: AppContext, req: Request, res: Response, user: SessionUser,
  { known, secondFactor, at: now = new Date() }: { known: boolean; secondFactor: boolean; at?: Date },
): Promise<void> {
  await logIn(ctx, req, res, user);
  if (secondFactor) req.session.secondFactorAt = now.getTime();
  await ctx.audit.record({ accountId: user.id, type: 'auth.sign_in', actor: 'account', details: { secondFactor, newBrowser: !known } }, req);
  if (!known && now.getTime() - user.createdAt.getTime() > NEW_ACCOUNT_QUIET_MS) {
    void ctx.accountNotices.newSignIn(user, { userAgent: req.get('user-agent'), ip: req.ip, at: now });
  }
}

/** The password was right and the account asks for a code: the session waits for it, signed out. */
export function awaitSecondFactor(req: Request, user: SessionUser, known: boolean, at: Date): void {
  req.session.pendingSignIn = { userId: user.id, at: at.getTime(), tries: 0, known };
}

/**
 * A refused password for an address that has an account goes in that account's audit log. Not
 * awaited: the answer must take as long whether or not the address has an account (docs/decisions/037).
 */
export function recordFailedSignIn(ctx: AppContext, req: Request, attempt: { email: string } | { userId: string }): void {
  // After this turn, so that the refusal is on its way before the look-up and the append run.
  setImmediate(() => {
    void (async () => {
      const userId = 'userId' in attempt ? attempt.userId : (await ctx.storage.accounts.findByEmail(attempt.email))?.user.id;
      if (userId === undefined) return;
      await ctx.audit.record({ accountId: userId, type: 'auth.sign_in_failed', actor: 'anonymous', details: { factor: 'userId' in attempt ? 'two_factor' : 'password' } }, req);
    })().catch((error: unknown) => ctx.logger.error({ err: error }, 'a failed sign-in could not be recorded'));
  });
}
