/**
 * An account's signed-in sessions (docs/api.md §12; docs/decisions/037): listed with when they
 * began and were last seen, the browser and the address, and ended one at a time, all but the
 * current one, or all (a password reset or change). A session is named to its owner by a digest of
 * its id, never the id itself, which is the cookie's secret.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { SessionsRepository } from './sessions.repository.ts';

/** lastSeenAt is kept to the minute: saving the session on every request would add a write to each. */
const LAST_SEEN_GRANULARITY_MS = 60_000;
const USER_AGENT_MAX = 200;

export interface SessionView {
  id: string;
  signedInAt: string | null;
  lastSeenAt: string | null;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** What the session list shows of one: a digest of the session id, which cannot be turned back into the cookie. */
export const publicSessionId = (sid: string) => createHash('sha256').update(`session:${sid}`).digest('base64url').slice(0, 22);

/** Stamps what the session list shows: call right after signing in. */
export function describeSession(req: Request, now = Date.now()): void {
  req.session.userAgent = (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX) || undefined;
  req.session.ip = req.ip;
  req.session.lastSeenAt = now;
}

/** Signs this request's session out: passport's user, the stored session and its cookie. */
export async function signOut(req: Request, res: Response, cookieName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
  await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  res.clearCookie(cookieName, { path: '/' });
}

/** Moves a signed-in session's lastSeenAt forward, at most once a minute. */
export function recordSessionUse(now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    if (req.user && (req.session.lastSeenAt === undefined || now() - req.session.lastSeenAt >= LAST_SEEN_GRANULARITY_MS)) {
      req.session.lastSeenAt = now();
      req.session.ip = req.ip;
    }
    next();
  };
}

export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: string, currentSid: string): Promise<SessionView[]> {
    return (await this.sessions.sessionsOf(userId, this.now())).map(({ sid, data }) => {
      const s = JSON.parse(data) as { signedInAt?: number; lastSeenAt?: number; userAgent?: string; ip?: string };
      const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
      return { id: publicSessionId(sid), signedInAt: iso(s.signedInAt), lastSeenAt: iso(s.lastSeenAt), userAgent: s.userAgent ?? null, ip: s.ip ?? null, current: sid === currentSid };
    });
  }

  /** Ends one of the account's sessions by its public id; false when it has none by that id. */
  async end(userId: string, publicId: string): Promise<boolean> {
    const found = (await this.sessions.sessionsOf(userId, 0)).find(({ sid }) => publicSessionId(sid) === publicId);
    return found !== undefined && (await this.sessions.endSession(userId, found.sid));
  }

  /** Ends every session of the account but `keepSid` (pass '' to end them all); how many ended. */
  endOthers(userId: string, keepSid: string): Promise<number> {
    return this.sessions.endSessionsExcept(userId, keepSid);
  }
}
