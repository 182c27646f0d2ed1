import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { ACCOUNT_TOASTS, PAYMENT_TOASTS, readQuery } from './paymentToasts.ts';

describe('readQuery', () => {
  it('opens Billing for tab=billing and asks for the address to be reset', () => {
    expect(readQuery('?tab=billing')).toEqual({ tab: 'billing', toast: null, reset: true });
  });

  it('announces a captured payment as complete, saying what was paid for: a plan, a renewal, overage', () => {
    expect(readQuery('?tab=billing&payment=success&captured=true&kind=plan').toast).toBe(PAYMENT_TOASTS.captured.plan);
    const renewal = readQuery('?payment=success&captured=true&kind=renewal').toast!;
    expect([renewal.title, renewal.description]).toEqual(['Payment complete', 'Your plan is renewed for another month; the receipt is on the Billing tab.']);
    expect(readQuery('?payment=success&captured=true&kind=overage').toast!.description).toMatch(/^Your overage is paid/);
    for (const toast of Object.values(PAYMENT_TOASTS.captured)) expect(toast.description).not.toMatch(/upgrad/i);
  });

  it('announces an uncaptured success as still processing', () => {
    expect(readQuery('?payment=success').toast).toBe(PAYMENT_TOASTS.processing);
    expect(readQuery('?payment=success&captured=false').toast!.title).toBe('Payment processing');
  });

  it('announces a cancelled or failed payment with a destructive toast saying nothing was charged', () => {
    expect(readQuery('?payment=cancelled').toast).toEqual({ title: 'Payment cancelled', description: 'Nothing was charged, and nothing changed.', variant: 'destructive' });
    expect(readQuery('?tab=billing&payment=failed')).toEqual({ tab: 'billing', toast: PAYMENT_TOASTS.failed, reset: true });
    expect(PAYMENT_TOASTS.failed).toMatchObject({ title: 'Payment failed', variant: 'destructive' });
    expect(PAYMENT_TOASTS.failed.description).toContain('nothing was charged');
  });

  it('speaks plain English when the page is in English', () => {
    const all = JSON.stringify(PAYMENT_TOASTS);
    expect(all).toMatch(/^[\x20-\x7e’]*$/);
  });

  it('ignores unknown tabs and payment states, and leaves a bare address alone', () => {
    expect(readQuery('?tab=secret&payment=maybe')).toEqual({ tab: null, toast: null, reset: true });
    expect(readQuery('')).toEqual({ tab: null, toast: null, reset: false });
  });

  it('reads the verification link and Google linking outcomes', () => {
    expect(readQuery('?verified=1')).toEqual({ tab: null, toast: ACCOUNT_TOASTS.verified, reset: true });
    expect(readQuery('?verified=0&reason=verification_link_expired').toast).toBe(ACCOUNT_TOASTS.notVerified);
    expect(readQuery('?google=linked').toast).toBe(ACCOUNT_TOASTS.googleLinked);
    expect(readQuery('?google=in_use').toast).toBe(ACCOUNT_TOASTS.googleInUse);
    expect(readQuery('?google=other').toast).toBeNull();
  });
});

describe('readQuery in Korean (docs/decisions/041)', () => {
  beforeAll(() => setLanguage('ko'));
  afterAll(() => setLanguage('en'));

  it('announces each payment outcome in Korean, the same toast each time', () => {
    expect(readQuery('?payment=cancelled').toast).toEqual({ title: '결제 취소', description: '청구된 금액이 없으며, 변경된 것도 없습니다.', variant: 'destructive' });
    expect(readQuery('?payment=failed').toast).toBe(PAYMENT_TOASTS.failed);
    expect(readQuery('?payment=success&captured=true&kind=renewal').toast).toMatchObject({ title: '결제 완료', description: '플랜이 한 달 연장되었습니다. 영수증은 결제 탭에 있습니다.' });
    expect(readQuery('?payment=success').toast!.title).toBe('결제 처리 중');
  });

  it('announces the verification and Google outcomes in Korean', () => {
    expect(readQuery('?verified=1').toast).toEqual({ title: '이메일 인증 완료', description: '감사합니다. 이메일이 인증되었습니다.', variant: 'success' });
    expect(readQuery('?google=in_use').toast!.title).toBe('Google 계정 연결 실패');
  });
});
