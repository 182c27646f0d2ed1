/**
 * Step-up (docs/decisions/039): in an account with two-factor sign-in, sensitive actions (rotating a
 * key, giving an API key manage (docs/decisions/057), buying or renewing a plan, deleting the
 * account, turning two-factor off, new recovery codes) need a code entered in this session within
 * the last STEP_UP_WINDOW_MS: at sign-in, or through POST /api/auth/step-up. A stolen session cookie alone cannot do them. API-key routes are governed
 * by the keys' own restrictions instead.
 */
import type { Request, RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

export const STEP_UP_WINDOW_MS = 10 * 60_000;

/** Until when this session may do sensitive actions without a new code; null when it needs one now. */
export function stepUpUntil(req: Request, now = Date.now()): Date | null {
  const at = req.session.secondFactorAt;
  return at !== undefined && now - at < STEP_UP_WINDOW_MS ? new Date(at + STEP_UP_WINDOW_MS) : null;
}

export function requireStepUp(now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    if (!req.user || req.user.totpEnabledAt === null || stepUpUntil(req, now()) !== null) return next();
    next(new AppError(403, 'step_up_required', 'Confirm it is you: enter a code from your authenticator app (POST /api/auth/step-up), then try again.'));
  };
}
