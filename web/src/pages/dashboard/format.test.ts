import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { browserName, callsOfLimit, day, mask, milliseconds, money, monthLabel, operationStatus, planDescription, planTitle, price, usagePercent } from './format.ts';

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

describe('price', () => {
  it('shows a plan price in dollars, with cents only when there are some', () => {
    expect(price(19_900)).toBe('$199');
    expect(price(0)).toBe('$0');
    expect(price(1)).toBe('$0.01');
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

describe('in Korean (docs/decisions/041)', () => {
  beforeAll(() => setLanguage('ko'));
  afterAll(() => setLanguage('en'));

  it('names plans and allowances in Korean, with Korean number and money formats', () => {
    expect(planTitle('pro')).toBe('Pro 플랜');
    expect(planDescription('free')).toBe('총 100회 API 호출');
    expect(planDescription('starter')).toBe('월 10,000회 호출');
    expect(callsOfLimit(1234, null)).toBe('1,234 (한도 없음)');
    expect(money(19_900)).toBe('US$199.00');
    expect(price(19_900)).toBe('US$199');
  });

  it('writes statuses, months, days and browsers the Korean way', () => {
    expect(operationStatus({ operation: 'verify', success: false })).toBe('⚠️ 유효하지 않은 서명');
    expect(operationStatus({ operation: 'sign', success: true })).toBe('✅ 성공');
    expect(monthLabel('2026-11')).toBe('2026년 11월');
    expect(day('2026-12-20T23:00:00Z')).toBe('2026. 12. 20.');
    expect(milliseconds(3.14159)).toBe('3.14 ms');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Linux의 Chrome');
  });
});
