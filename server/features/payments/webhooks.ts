/**
 * PayPal's webhook (docs/api.md §14.4): verified through PayPal's verify-webhook-signature call
 * before anything is read, then applied through the same idempotent ledger as the return:
 * CHECKOUT.ORDER.APPROVED captures an order whose payer closed the window before returning;
 * PAYMENT.CAPTURE.COMPLETED / PENDING / DENIED settle a capture; PAYMENT.CAPTURE.REFUNDED and
 * REVERSED end the plan (its key stays, drawing on the account's plan). A bad signature is 400 and an unknown order 404: nothing changes.
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { WebhookAck } from '../../contract/payments.ts';
import { validate } from '../../http/validation.ts';
import type { PaymentsService } from './payments.service.ts';
import { PaypalError, type PaypalClient } from './paypal/paypal.client.ts';
import { Capture, WebhookEvent, WebhookHeaders } from './paypal/paypal.schemas.ts';

const unknownOrder = () => notFound('order_not_found', 'This webhook is about a PayPal order or capture that is not one of ours.');

/** The capture a refund (or reversal) belongs to: its `up` link ends in /captures/{id}. */
function capturedIdOf(resourceType: string | undefined, resource: Record<string, unknown>): string | undefined {
  const links = Array.isArray(resource.links) ? (resource.links as { rel?: unknown; href?: unknown }[]) : [];
  const up = links.find((l) => l.rel === 'up' && typeof l.href === 'string')?.href as string | undefined;
  const fromLink = up ? /\/captures\/([^/?#]+)$/.exec(up)?.[1] : undefined;
  return fromLink ?? (resourceType === 'capture' && typeof resource.id === 'string' ? resource.id : undefined);
}

export class PaypalWebhooks {
  constructor(
    private readonly payments: PaymentsService,
    private readonly paypal: PaypalClient,
    private readonly webhookId: string,
    private readonly logger: Logger,
  ) {}

  async handle(rawHeaders: Record<string, unknown>, body: unknown): Promise<z.infer<typeof WebhookAck>> {
    const signed = WebhookHeaders.safeParse(rawHeaders);
    if (!signed.success) {
      const name = String(signed.error.issues[0]!.path[0]);
      throw new AppError(400, 'webhook_headers_invalid', `The ${name.toUpperCase()} header is missing or malformed: PayPal signs every webhook with it.`, `headers.${name}`);
    }
    const headers = signed.data;
    const event = validate(WebhookEvent, body, 'body');
    let verified: boolean;
    try {
      // The event exactly as received: PayPal checks its signature over these bytes.
      verified = await this.paypal.verifyWebhookSignature(headers, body, this.webhookId);
    } catch (error) {
      if (error instanceof PaypalError && error.status >= 400 && error.status < 500 && error.status !== 401) verified = false;
      else throw new AppError(503, 'paypal_unavailable', 'The webhook could not be verified with PayPal just now: deliver it again later.');
    }
    if (!verified) {
      this.logger.warn({ webhookEvent: event.id, eventType: event.event_type }, 'payment: webhook signature refused');
      throw new AppError(400, 'webhook_signature_invalid', 'The webhook signature did not verify with PayPal: nothing was changed.');
    }
    const action = await this.apply(event);
    this.logger.info({ webhookEvent: event.id, eventType: event.event_type, action }, 'payment: webhook applied');
    return { received: true, action };
  }

  private async apply(event: z.infer<typeof WebhookEvent>): Promise<string> {
    const { resource } = event;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        if (typeof resource.id !== 'string') throw unknownOrder();
        const { outcome } = await this.payments.captureApproved(resource.id);
        return outcome;
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const capture = Capture.safeParse(resource);
        if (!capture.success) throw new AppError(400, 'validation_error', 'The capture in this webhook has an unexpected shape.', 'resource');
        const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
        const purchase = (typeof related === 'string' ? await this.payments.ledger.byOrder(related) : undefined) ?? (await this.payments.ledger.byCapture(capture.data.id));
        if (!purchase) throw unknownOrder();
        if (purchase.paypalCaptureId !== null && purchase.paypalCaptureId !== capture.data.id) throw unknownOrder();
        return this.payments.applyCapture(purchase, capture.data);
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const captureId = capturedIdOf(event.resource_type, resource);
        const purchase = captureId ? await this.payments.ledger.byCapture(captureId) : undefined;
        if (!purchase) throw unknownOrder();
        const changed = await this.payments.ledger.reverse(purchase.id, event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'reversed');
        return changed ? 'plan_ended' : 'unchanged';
      }
      default:
        return 'ignored';
    }
  }
}
