/**
 * An absolute lifetime for signed-in sessions (docs/api.md §12), besides the idle one the cookie and
 * the store enforce: a session kept alive by activity still ends `maxMs` after sign-in, so a stolen
 * cookie is not good forever. The sign-in time is stamped when the user signs in.
 */
import type { Request, RequestHandler } from 'express';

export const ABSOLUTE_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

/** Stamps the session with the sign-in time (call right after req.login). */
export function stampSignIn(req: Request, now = Date.now()): void {
  req.session.signedInAt = now;
}

export function absoluteSessionLifetime(maxMs = ABSOLUTE_SESSION_MS, now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt === undefined || now() - signedInAt < maxMs) return next();
    // Regenerate instead of destroy: the request goes on with a fresh, signed-out session.
    req.session.regenerate((err) => next(err));
  };
}
