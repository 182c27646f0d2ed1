/**
 * Periodic purges, so that nothing an anonymous caller can make the server store outlives its use
 * (docs/api.md §6, §5.3): expired sessions; the demo signing keys, service keys and anonymous demo
 * operations of sessions that are gone; idempotency records past their 24 hours; contact messages
 * past 90 days and audit events past AUDIT_RETENTION_DAYS, their chains anchored (docs/product.md §11,
 * docs/decisions/055-audit-log.md). Anonymous rows also have global caps, so that many addresses
 * together cannot fill the disk either: past them the oldest anonymous sessions and demo operations
 * go first. Runs once at start and then every `everyMs`; each purge is one method of
 * HousekeepingRepository (housekeeping.repository.ts), safe to run in several instances at once.
 */
import { AUDIT_RETENTION_DAYS } from '../shared/audit.ts';
import type { AuditRepository } from './features/audit/audit.repository.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';
import { IDEMPOTENCY_TTL_MS } from './http/idempotency.ts';

export interface PurgeCounts {
  sessions: number;
  /** Anonymous sessions past ANONYMOUS_CAPS.sessions, oldest first (their keys and operations follow). */
  anonymousSessionsOverCap: number;
  /** Anonymous demo operations past ANONYMOUS_CAPS.operations, oldest first. */
  anonymousOperationsOverCap: number;
  demoSigningKeys: number;
  demoServiceKeys: number;
  demoOperations: number;
  idempotencyRecords: number;
  contactMessages: number;
  /** Audit events past their retention (0 when no audit log is given). */
  auditEvents: number;
  /** Managed keys rotated because their period elapsed, and destroyed because their deletion date passed (docs/decisions/056). */
  keysRotated: number;
  keysDestroyed: number;
  /** Key imports a day past their expiry, used or not. */
  keyImports: number;
}

/** How long a contact message that could not be mailed is kept for the operator to answer (docs/product.md §11). */
export const CONTACT_MESSAGE_TTL_MS = 90 * 86_400_000;

/** The most anonymous rows kept at once, across every visitor: a session holds one key per algorithm it used and its last 20 operations (docs/api.md §6). */
/** How long an audit event is kept (docs/product.md §11). */
export const AUDIT_EVENT_TTL_MS = AUDIT_RETENTION_DAYS * 86_400_000;

export const ANONYMOUS_CAPS = { sessions: 10_000, operations: 100_000 };

export type KeyLifecycleCounts = Pick<PurgeCounts, 'keysRotated' | 'keysDestroyed' | 'keyImports'>;

export interface HousekeepingOptions {
  /** Between runs (default 15 minutes). */
  everyMs?: number;
  /** The clock, ms since the epoch. */
  now?: () => number;
  caps?: typeof ANONYMOUS_CAPS;
  /** Rotates and destroys managed keys whose time came (KeyLifecycleService.housekeep); none: nothing to do. */
  keyLifecycle?: () => Promise<KeyLifecycleCounts>;
  /** Told when a periodic run fails (the database was unreachable, say); the next run tries again. */
  onError?: (error: unknown) => void;
  /** The audit log, whose events past their retention go (anchoring each chain at the last one removed). */
  audit?: Pick<AuditRepository, 'removeOlderThan'>;
}

export class Housekeeping {
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly caps: typeof ANONYMOUS_CAPS;
  private readonly audit: HousekeepingOptions['audit'];
  private readonly keyLifecycle: () => Promise<KeyLifecycleCounts>;

  constructor(
    private readonly repository: HousekeepingRepository,
    options: HousekeepingOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.caps = options.caps ?? ANONYMOUS_CAPS;
    this.audit = options.audit;
    this.keyLifecycle = options.keyLifecycle ?? (async () => ({ keysRotated: 0, keysDestroyed: 0, keyImports: 0 }));
    const onError = options.onError ?? (() => {});
    this.timer = setInterval(() => this.run().catch(onError), options.everyMs ?? 15 * 60 * 1000);
    this.timer.unref();
  }

  /** Every purge, one after the other, in this order: the sessions go first, so what they leave goes in the same run. */
  async run(): Promise<PurgeCounts> {
    const now = this.now();
    const r = this.repository;
    const sessions = await r.purgeExpiredSessions(now);
    const anonymousSessionsOverCap = await r.purgeAnonymousSessionsOverCap(this.caps.sessions);
    const demoSigningKeys = await r.purgeDemoSigningKeys();
    const demoServiceKeys = await r.purgeDemoServiceKeys();
    const demoOperations = await r.purgeDemoOperations();
    const anonymousOperationsOverCap = await r.purgeAnonymousOperationsOverCap(this.caps.operations);
    return {
      sessions,
      anonymousSessionsOverCap,
      demoSigningKeys,
      demoServiceKeys,
      demoOperations,
      anonymousOperationsOverCap,
      idempotencyRecords: await r.purgeIdempotencyRecords(now - IDEMPOTENCY_TTL_MS),
      contactMessages: await r.purgeContactMessages(now - CONTACT_MESSAGE_TTL_MS),
      auditEvents: this.audit ? await this.audit.removeOlderThan(now - AUDIT_EVENT_TTL_MS) : 0,
      ...(await this.keyLifecycle()),
    };
  }

  close(): void {
    clearInterval(this.timer);
  }
}
