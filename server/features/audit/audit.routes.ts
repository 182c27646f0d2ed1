/** The account's audit log, newest first (docs/api.md §16; docs/decisions/055-audit-log.md). */
import type { z } from 'zod';
import { AuditEventList, AuditEventsQuery, type AuditEvent } from '../../contract/audit.ts';
import type { AppContext } from '../../context.ts';
import { accountIdOf } from '../../http/account-auth.ts';
import type { AuditEventRow } from './audit.repository.ts';

export function toAuditEvent(row: AuditEventRow): z.infer<typeof AuditEvent> {
  return {
    seq: row.seq,
    type: row.type as z.infer<typeof AuditEvent>['type'],
    actor: { kind: row.actorKind as z.infer<typeof AuditEvent>['actor']['kind'], apiKey: row.actorId },
    createdAt: row.createdAt.toISOString(),
    clientAddress: row.clientAddress,
    requestId: row.requestId,
    subject: row.subject,
    details: JSON.parse(row.details) as Record<string, unknown>,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export function auditRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'get', path: '/api/v1/audit-events', tag: 'Audit log', auth: 'account', query: AuditEventsQuery,
      summary: 'Your account’s audit log, newest first',
      description:
        'Sign-ins, credential changes, API key and signing key events, plan changes, exports and deletion, each chained to ' +
        'the one before it by SHA-256. A full page sets X-Next-Cursor: pass it back as `before`. A signed-in session or a ' +
        'management API key (docs/decisions/057), so a security team can pull the log into its own store.',
      responses: { 200: { description: 'A page of events; a full page sets X-Next-Cursor', schema: AuditEventList } },
    },
    async ({ req, res, query }) => {
      const rows = await ctx.audit.list(accountIdOf(req), { limit: query.limit, ...(query.before !== undefined ? { before: query.before } : {}), ...(query.type ? { type: query.type } : {}) });
      if (rows.length === query.limit) res.setHeader('X-Next-Cursor', String(rows[rows.length - 1]!.seq));
      return rows.map(toAuditEvent);
    },
  );
}
