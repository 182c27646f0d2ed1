/** Request-scoped shapes added to Express's Request by our middleware. */
import type { KeyOperation, users } from '../db/schema.ts';
import type { HistoryKeeps } from '../shared/history.ts';

/** The signed-in user as passport restores it from the session (never the password digest or a TOTP secret). */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordDigest' | 'emailVerificationNonce' | 'totpSecret' | 'totpPending'>;

/** Who a public API call is made as, after x-api-key / x-api-secret authentication. */
export interface ApiCaller {
  userId: string;
  /** The pk_… identifier used. */
  keyValue: string;
  /** Personal, or issued with a purchase; both draw on the account's one allowance. */
  kind: 'personal' | 'plan';
  /** A plan key's purchase, whose call totals it adds to. */
  purchaseId: number | null;
  /** The operations the key may call; null: every metered one, never manage (docs/decisions/057). */
  allowedOperations: readonly KeyOperation[] | null;
  /** What the account's history keeps of the call's message (docs/decisions/038). */
  historyKeeps: HistoryKeeps;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
    interface Request {
      apiCaller?: ApiCaller;
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    /** Set on a visitor's first demo call so the anonymous session is saved and keeps its demo key. */
    demo?: boolean;
    /** When the user signed in (ms since the epoch): the absolute lifetime counts from here. */
    signedInAt?: number;
    /** What the account's session list shows (server/features/auth/sessions.service.ts). */
    lastSeenAt?: number;
    userAgent?: string;
    ip?: string;
    /** The password was right; a two-factor code is awaited (server/features/auth/sign-in.ts). */
    pendingSignIn?: { userId: string; at: number; tries: number; known: boolean };
    /** When a two-factor code was last entered in this session: sensitive actions need one within the step-up window. */
    secondFactorAt?: number;
  }
}
