/** Shapes shared by every part of the API contract (docs/api.md §2). */
import { z } from 'zod';

export const ErrorResponse = z
  .object({
    message: z.string().meta({ description: 'A sentence saying what to fix.' }),
    code: z.string().meta({ description: 'snake_case error code', example: 'validation_error' }),
    param: z.string().optional().meta({ description: 'The first failing field, as a dotted path.' }),
    details: z.unknown().optional().meta({ description: 'All validation issues, for validation_error.' }),
    requestId: z.string(),
  })
  .meta({ id: 'Error' });

/** Standard, padded base64 (RFC 4648 §4), as every byte string in JSON is. */
export const Base64 = z
  .string()
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
    message: 'must be standard padded base64 (RFC 4648)',
  })
  .meta({ description: 'Standard padded base64 (RFC 4648)', format: 'byte' });

export const Timestamp = z.string().meta({ description: 'ISO 8601 date-time (UTC)', format: 'date-time' });

/** A request's optional choice of one of the caller's signing keys; `description` says which kind. */
export const SigningKeyChoice = (description: string) => z.string().min(1).max(64).optional().meta({ description });

export const Ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

export const IdParams = z.strictObject({
  id: z.coerce.number({ message: 'must be a number' }).int().positive().meta({ description: 'Numeric id' }),
});

/** The largest page any list endpoint returns. */
export const MAX_PAGE = 100;

/**
 * A page of a list, newest first: `limit` items (1 to 100, default 100) with ids below `before`.
 * A full page carries the header X-Next-Cursor: pass it back as `before` for the next one.
 */
export const PageQuery = z.strictObject({
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(MAX_PAGE, { message: `must be at most ${MAX_PAGE}` })
    .default(MAX_PAGE)
    .meta({ description: `Items per page, 1 to ${MAX_PAGE} (default ${MAX_PAGE}).` }),
  before: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .positive({ message: 'must be positive' })
    .optional()
    .meta({ description: 'Cursor: only items older than this id (the X-Next-Cursor of the previous page).' }),
});

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Retrying a POST with the same key within 24 h returns the first response without a second charge.' }),
});
