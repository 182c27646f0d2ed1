import { describe, expect, it } from 'vitest';
import { dashboardAddress, isPaymentMessage, paymentFromQuery } from './checkout.ts';

describe('the PayPal window’s report', () => {
  it('reads the return page’s query: captured, processing, cancelled, failed', () => {
    expect(paymentFromQuery('?payment=success&captured=true&kind=renewal&purchase=12')).toEqual({ type: 'pq-payment', payment: 'success', captured: true, kind: 'renewal', purchase: 12 });
    expect(paymentFromQuery('?payment=success&captured=true&kind=overage&purchase=12')).toMatchObject({ kind: 'overage' });
    expect(paymentFromQuery('?payment=success&captured=true&kind=gift&purchase=12')).toMatchObject({ kind: 'plan' });
    expect(paymentFromQuery('?payment=success&purchase=12')).toMatchObject({ payment: 'success', captured: false });
    expect(paymentFromQuery('?payment=cancelled&captured=true&purchase=3')).toMatchObject({ payment: 'cancelled', captured: false });
    expect(paymentFromQuery('?payment=failed&purchase=x')).toMatchObject({ payment: 'failed', purchase: null });
  });

  it('is nothing for an address without a known outcome', () => {
    expect(paymentFromQuery('')).toBeNull();
    expect(paymentFromQuery('?payment=maybe')).toBeNull();
  });

  it('accepts only well-formed messages, since any page of the origin could post one', () => {
    expect(isPaymentMessage({ type: 'pq-payment', payment: 'success', captured: true, kind: 'plan', purchase: 1 })).toBe(true);
    expect(isPaymentMessage({ type: 'pq-payment', payment: 'success', captured: true, kind: 'gift', purchase: 1 })).toBe(false);
    expect(isPaymentMessage({ type: 'pq-payment', payment: 'refund', captured: true })).toBe(false);
    expect(isPaymentMessage({ type: 'other', payment: 'success', captured: true })).toBe(false);
    expect(isPaymentMessage('payment=success')).toBe(false);
    expect(isPaymentMessage(null)).toBe(false);
  });

  it('sends the dashboard to Billing with the toast’s query', () => {
    expect(dashboardAddress({ type: 'pq-payment', payment: 'success', captured: true, kind: 'renewal', purchase: 1 })).toBe('/dashboard?tab=billing&payment=success&captured=true&kind=renewal');
    expect(dashboardAddress({ type: 'pq-payment', payment: 'cancelled', captured: false, kind: 'plan', purchase: null })).toBe('/dashboard?tab=billing&payment=cancelled&kind=plan');
  });
});
