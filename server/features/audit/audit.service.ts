/**
 * The audit log (docs/decisions/055-audit-log.md): what features call when a key or the account
 * changes, `ctx.audit.record({ accountId, type, actor, subject?, details? }, req?)`, and the reads
 * behind GET /api/v1/audit-events. The request gives the client's address and the request id
 * (server/http/request-log.ts). A record is written after what it records took effect, and awaited,
 * but a failure to write it is logged rather than thrown: the action is done, and an error would
 * make the client retry it.
 */
import type { Request } from 'express';
import type { AuditActorKind, AuditEventType } from '../../../shared/audit.ts';
import type { Logger } from '../../logger.ts';
import { canonicalJson, type DetailValue } from './audit-chain.ts';
import type { AuditEventRow, AuditPage, AuditRepository } from './audit.repository.ts';

/** Who acted: the account (its session), one of its API keys by its pk_… id, the server, or the operator. */
export type AuditActor = Exclude<AuditActorKind, 'api_key'> | { apiKey: string };

export interface AuditRecord {
  accountId: string;
  type: AuditEventType;
  actor: AuditActor;
  /** What it is about: a key's id, a purchase's id. */
  subject?: string | number;
  /** Small facts, never a secret (canonicalJson refuses keys that name one). */
  details?: Record<string, DetailValue>;
}

export class AuditLog {
  constructor(
    private readonly repository: AuditRepository,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Appends the event to the account's chain; undefined when the account is gone or it could not be written. */
  async record(event: AuditRecord, req?: Request): Promise<AuditEventRow | undefined> {
    // Outside the try: a detail that names a secret is the caller's bug, and fails loudly.
    const details = canonicalJson(event.details ?? {});
    try {
      const actor = typeof event.actor === 'string' ? { actorKind: event.actor, actorId: null } : { actorKind: 'api_key', actorId: event.actor.apiKey };
      return await this.repository.append({
        userId: event.accountId,
        type: event.type,
        ...actor,
        createdAt: this.now().getTime(),
        clientAddress: req?.ip ?? null,
        requestId: req?.id ?? null,
        subject: event.subject === undefined ? null : String(event.subject),
        details,
      });
    } catch (error) {
      this.logger.error({ err: error, userId: event.accountId, auditEvent: event.type }, 'an audit event could not be recorded');
      return undefined;
    }
  }

  /** The account's events, newest first. */
  list(userId: string, page: AuditPage): Promise<AuditEventRow[]> {
    return this.repository.list(userId, page);
  }
}
