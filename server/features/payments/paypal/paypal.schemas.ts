/**
 * The parts of PayPal's REST shapes this app sends and reads (Orders v2, OAuth2, webhooks), as zod
 * schemas: responses are parsed, never trusted as typed. Unknown fields pass through, since PayPal
 * adds fields over time (docs/api.md §14.4).
 */
import { z } from 'zod';
import type { WebhookEvent, WebhookHeaders } from '../../../contract/payments.ts';

export const Money = z.looseObject({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
});

export const Link = z.looseObject({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const Capture = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']),
  amount: Money,
  custom_id: z.string().optional(),
  final_capture: z.boolean().optional(),
  links: z.array(Link).optional(),
});

export const PurchaseUnit = z.looseObject({
  reference_id: z.string().optional(),
  custom_id: z.string().optional(),
  amount: Money.optional(),
  payments: z.looseObject({ captures: z.array(Capture).optional() }).optional(),
});

export const Order = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  intent: z.string().optional(),
  purchase_units: z.array(PurchaseUnit).optional(),
  links: z.array(Link).optional(),
});

/** PayPal's error body on the REST APIs (the OAuth2 endpoint uses `error` / `error_description`). */
export const ErrorBody = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional(), description: z.string().optional(), field: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const VerifyResponse = z.looseObject({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

export { WebhookEvent, WebhookHeaders } from '../../../contract/payments.ts';

export type PaypalOrder = z.infer<typeof Order>;
export type PaypalCapture = z.infer<typeof Capture>;
export type PaypalWebhookEvent = z.infer<typeof WebhookEvent>;
export type PaypalWebhookHeaders = z.infer<typeof WebhookHeaders>;

/** Integer cents as PayPal's decimal string ("19900" -> "199.00"). */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string as integer cents, without floating point ("199.5" -> 19950). */
export function valueToCents(value: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`not a money value: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
