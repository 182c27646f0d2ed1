/** The account's audit log (docs/api.md §16; docs/decisions/055-audit-log.md). */
import { z } from 'zod';
import { AUDIT_ACTOR_KINDS, AUDIT_EVENT_TYPES } from '../../shared/audit.ts';
import { PageQuery, Timestamp } from './common.ts';

export const AuditEventType = z.enum(AUDIT_EVENT_TYPES).meta({ id: 'AuditEventType' });

export const AuditEventsQuery = z
  .strictObject({
    ...PageQuery.shape,
    before: PageQuery.shape.before.meta({ description: 'Cursor: only events with a lower seq (the X-Next-Cursor of the previous page).' }),
    type: z.enum(AUDIT_EVENT_TYPES, { message: `must be an audit event type: ${AUDIT_EVENT_TYPES.join(', ')}` }).optional().meta({ description: 'Only events of this type.' }),
  })
  .meta({ id: 'AuditEventsQuery' });

const Hex256 = z.string().regex(/^[0-9a-f]{64}$/);

export const AuditEvent = z
  .object({
    seq: z.number().int().meta({ description: 'The event’s number in your account’s chain, from 1' }),
    type: AuditEventType,
    actor: z.object({
      kind: z.enum(AUDIT_ACTOR_KINDS).meta({ description: 'account: your signed-in session; api_key: one of your API keys; system: the server; operator: the server’s operator' }),
      apiKey: z.string().nullable().meta({ description: 'The pk_… identifier, when an API key acted' }),
    }),
    createdAt: Timestamp,
    clientAddress: z.string().nullable().meta({ description: 'The network address the request came from, when a request caused it' }),
    requestId: z.string().nullable().meta({ description: 'The request’s X-Request-Id' }),
    subject: z.string().nullable().meta({ description: 'What it is about: a key id, an API key id, a purchase id' }),
    details: z.record(z.string(), z.unknown()).meta({ description: 'Small facts about the event; never a secret' }),
    prevHash: Hex256.meta({ description: 'SHA-256 of the event before it (64 zeros for the first)' }),
    hash: Hex256.meta({ description: 'SHA-256 over this event’s fields and prevHash (docs/decisions/055-audit-log.md)' }),
  })
  .meta({ id: 'AuditEvent' });

export const AuditEventList = z.array(AuditEvent).meta({ id: 'AuditEventList' });
