import { describe, expect, it } from 'vitest';
import { browserName, mask, money, monthLabel, operationStatus, planDescription, planTitle, usagePercent } from './format.ts';

describe('mask', () => {
  it('keeps the first 8 and last 4 characters of a key', () => {
    expect(mask('pk_AbCdEfGhIjKlMnOpQrStUvWx')).toBe('pk_AbCdE…UvWx');
  });

  it('hides a value too short to show both ends', () => {
    expect(mask('sk_123')).toBe('••••••');
  });
});

describe('money', () => {
  it('shows integer cents as dollars with two decimals', () => {
    expect(money(0)).toBe('$0.00');
    expect(money(1)).toBe('$0.01');
    expect(money(19_900)).toBe('$199.00');
    expect(money(123_456)).toBe('$1,234.56');
  });
});

describe('plans', () => {
  it('names each tier and its allowance as the Current Plan card shows them', () => {
    expect(planTitle('free')).toBe('Free Plan');
    expect(planTitle('pro')).toBe('Pro Plan');
    expect(planDescription('free')).toBe('100 total API calls');
    expect(planDescription('starter')).toBe('10,000 calls per month');
  });
});

describe('usagePercent', () => {
  it('is the share used, capped at a full bar past the limit', () => {
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('operationStatus', () => {
  it('calls a completed sign and a valid verify a success, and an invalid verify what it is', () => {
    expect(operationStatus({ operation: 'sign', success: true })).toBe('✅ Success');
    expect(operationStatus({ operation: 'verify', success: true })).toBe('✅ Success');
    expect(operationStatus({ operation: 'verify', success: false })).toBe('⚠️ Invalid signature');
  });
});

describe('monthLabel', () => {
  it('names a UTC month whatever the local time zone', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
  });
});

describe('browserName', () => {
  it('names the usual browsers and systems, and leaves anything else as it came', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(browserName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on macOS');
    expect(browserName('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
