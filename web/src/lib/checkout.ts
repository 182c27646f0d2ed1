/**
 * Paying through PayPal from the browser (docs/product.md §2.10; decision 026): the approval window
 * is opened on the click itself (800x600, so no popup blocker steps in), then sent to the order's
 * approval URL once the server has created it. The app's /payment/return page, where PayPal sends
 * that window back, reports the outcome to this page and closes.
 */
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { Checkout } from '../../../server/contract/payments.ts';
import { apiRequest } from './api.ts';

export const CHECKOUT_WINDOW = 'pq-paypal-checkout';
/** For a return page whose opener link was cut (a cross-origin hop can sever it). */
export const PAYMENT_CHANNEL = 'pq-payments';

export type CheckoutRequest = { plan: 'starter' | 'pro' } | { overage: true };
export type PaymentResult = 'success' | 'cancelled' | 'failed';

/** What was paid for: a plan, a renewal of the plan running, or the overage owed. */
export type PaymentKind = 'plan' | 'renewal' | 'overage';

export interface PaymentMessage {
  type: 'pq-payment';
  payment: PaymentResult;
  captured: boolean;
  kind: PaymentKind;
  purchase: number | null;
}

/** A payment outcome from a query string (?payment=success&captured=true&kind=plan&purchase=12), if it is one. */
export function paymentFromQuery(search: string): PaymentMessage | null {
  const params = new URLSearchParams(search);
  const payment = params.get('payment');
  if (payment !== 'success' && payment !== 'cancelled' && payment !== 'failed') return null;
  const purchase = Number(params.get('purchase'));
  const kind = params.get('kind');
  return {
    type: 'pq-payment', payment, captured: payment === 'success' && params.get('captured') === 'true',
    kind: kind === 'renewal' || kind === 'overage' ? kind : 'plan', purchase: Number.isSafeInteger(purchase) && purchase > 0 ? purchase : null,
  };
}

export function isPaymentMessage(data: unknown): data is PaymentMessage {
  const m = data as Partial<PaymentMessage> | null;
  return (
    !!m && m.type === 'pq-payment' && (m.payment === 'success' || m.payment === 'cancelled' || m.payment === 'failed') && typeof m.captured === 'boolean' &&
    (m.kind === 'plan' || m.kind === 'renewal' || m.kind === 'overage')
  );
}

/** The dashboard address that shows a payment's toast on the Billing tab. */
export function dashboardAddress(m: PaymentMessage): string {
  return `/dashboard?tab=billing&payment=${m.payment}${m.captured ? '&captured=true' : ''}&kind=${m.kind}`;
}

/**
 * Opens the approval window, creates the order, and points the window at PayPal (or this page, if
 * popups are blocked). Returns the window, or null when this page itself went to PayPal.
 */
export async function startCheckout(request: CheckoutRequest): Promise<Window | null> {
  const left = Math.max(0, window.screenX + (window.outerWidth - 800) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - 600) / 2);
  const popup = window.open('', CHECKOUT_WINDOW, `popup=yes,width=800,height=600,left=${left},top=${top}`);
  if (popup) popup.document.title = 'PayPal';
  try {
    const checkout =
      'plan' in request
        ? await apiRequest<z.infer<typeof Checkout>>('POST', '/api/payments/orders', { plan: request.plan })
        : await apiRequest<z.infer<typeof Checkout>>('POST', '/api/payments/overage-orders', {});
    if (popup && !popup.closed) {
      popup.location.href = checkout.approveUrl;
      popup.focus();
      return popup;
    }
    window.location.assign(checkout.approveUrl);
    return null;
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/** Calls `onClosed` once `popup` is closed (by the payer, or by itself after reporting). */
export function watchClosed(popup: Window, onClosed: () => void): () => void {
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, 1000);
  return () => window.clearInterval(timer);
}

/** Calls `onPayment` when the approval window reports back (once per outcome, however it arrives). */
export function usePaymentMessages(onPayment: (message: PaymentMessage) => void): void {
  const handler = useRef(onPayment);
  useEffect(() => {
    handler.current = onPayment;
  });
  useEffect(() => {
    let last = '';
    const deliver = (data: unknown) => {
      if (!isPaymentMessage(data)) return;
      const key = `${data.purchase}:${data.payment}:${data.captured}`;
      if (key === last) return;
      last = key;
      handler.current(data);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) deliver(event.data);
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENT_CHANNEL) : null;
    if (channel) channel.onmessage = (event) => deliver(event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, []);
}
