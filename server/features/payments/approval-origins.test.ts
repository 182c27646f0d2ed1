/**
 * Where a checkout's approval page may be (docs/decisions/035): PayPal's own pages in live and
 * sandbox mode, the emulator's beside its REST API when PAYPAL_API_BASE points sandbox mode at
 * `paypal-emulator`, and the app's own pages (null) in local mode.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, PAYPAL_HOSTS } from '../../config.ts';
import { approvalOriginsOf } from './payments.service.ts';

const credentials = { clientId: 'id', clientSecret: 'secret', webhookId: 'hook' };

describe('approvalOriginsOf', () => {
  it('takes only PayPal’s pages in live and sandbox mode', () => {
    expect(approvalOriginsOf({ mode: 'live', paypal: { apiBase: PAYPAL_HOSTS.live, ...credentials } })).toEqual(['https://www.paypal.com']);
    expect(approvalOriginsOf({ mode: 'sandbox', paypal: { apiBase: PAYPAL_HOSTS.sandbox, ...credentials } })).toEqual(['https://www.sandbox.paypal.com']);
  });

  it('takes the emulator’s pages too in sandbox mode pointed at it by PAYPAL_API_BASE', () => {
    const env = { PAYMENTS: 'sandbox', PAYPAL_API_BASE: 'http://127.0.0.1:5055/paypal-sandbox', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook' };
    expect(approvalOriginsOf(loadConfig(env).payments)).toEqual(['https://www.sandbox.paypal.com', 'http://127.0.0.1:5055']);
  });

  it('leaves local mode to the app’s own pages, and off to none', () => {
    expect(approvalOriginsOf({ mode: 'local', paypal: null })).toBeNull();
    expect(approvalOriginsOf({ mode: 'off', paypal: null })).toBeNull();
  });
});
