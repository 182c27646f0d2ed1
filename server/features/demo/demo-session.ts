/**
 * Who owns an anonymous demo call, and what it may leave on the server (docs/api.md §6).
 * - A browser asks for a demo session first (POST /api/demo/session): its cookie then names one
 *   session, with one demo key per algorithm and a history, that ends an hour after its last call.
 * - A client that keeps no cookie (a script) would otherwise start a new session, a new key and a
 *   new history with every call: its calls share one owner per client address and hour instead.
 * - Each anonymous owner keeps its last DEMO_HISTORY_KEPT operations.
 * A signed-in visitor's session keeps its own lifetime, and its demo operations belong to the account.
 */
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import type { RecordWrites } from '../operations/operations.repository.ts';
import type { DemoSessionsRepository } from './demo-session.repository.ts';

export const DEMO_IDLE_MS = 60 * 60 * 1000;
export const DEMO_HISTORY_KEPT = 20;
const HOUR_MS = 60 * 60 * 1000;

/** The owners of cookieless demo calls: one per client address and hour, kept as a session row so housekeeping purges it like any session. */
export class AddressOwners {
  constructor(
    private readonly sessions: DemoSessionsRepository,
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** The owner id of `address` in this hour: an HMAC, so the address itself is not stored. */
  async ownerOf(address: string): Promise<string> {
    const hour = Math.floor(this.now() / HOUR_MS);
    const sid = `address-${createHmac('sha256', this.secret).update(`${address}|${hour}`).digest('base64url').slice(0, 32)}`;
    // Its keys and history go an hour after its hour ends.
    await this.sessions.keepAddressOwner(sid, (hour + 2) * HOUR_MS);
    return sid;
  }
}

/** Starts (or keeps) this browser's demo session: kept by express-session from now on, for an hour after each call. */
export function keepDemoSession(req: Request): string {
  req.session.demo = true;
  if (!req.user) req.session.cookie.maxAge = DEMO_IDLE_MS;
  return req.sessionID;
}

/** The owner of this demo call: the browser's demo session, the signed-in visitor's session, or the address's owner for the hour. */
export async function demoSessionOf(req: Request): Promise<string> {
  if (req.user || req.session.demo === true) return keepDemoSession(req);
  return (req.app.locals.addressOwners as AddressOwners).ownerOf(req.ip ?? 'unknown');
}

/**
 * What the commit adding an anonymous owner's demo record writes with it: the trim of its history
 * to the newest DEMO_HISTORY_KEPT rows (operations.repository.ts); nothing for a signed-in visitor.
 */
export function demoHistoryWrites(demoSessionId: string, userId: string | null): RecordWrites | undefined {
  if (userId !== null) return undefined;
  return { demoHistoryTrim: { demoSessionId, keep: DEMO_HISTORY_KEPT } };
}
