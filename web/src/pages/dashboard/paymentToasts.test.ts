import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOASTS, PAYMENT_TOASTS, readQuery } from './paymentToasts.ts';

describe('readQuery', () => {
  it('opens Billing for tab=billing and asks for the address to be reset', () => {
    expect(readQuery('?tab=billing')).toEqual({ tab: 'billing', toast: null, reset: true });
  });

  it('announces a captured payment as complete with the plan upgraded', () => {
    const { toast } = readQuery('?tab=billing&payment=success&captured=true');
    expect(toast).toBe(PAYMENT_TOASTS.captured);
    expect(toast!.title).toBe('결제 완료');
    expect(toast!.description).toContain('플랜이 업그레이드되었습니다');
  });

  it('announces an uncaptured success as still processing', () => {
    expect(readQuery('?payment=success').toast).toBe(PAYMENT_TOASTS.processing);
    expect(readQuery('?payment=success&captured=false').toast!.title).toBe('결제 처리 중');
  });

  it('announces a cancelled payment with a destructive toast', () => {
    expect(readQuery('?payment=cancelled').toast).toEqual({ title: '결제 취소', description: '결제가 취소되었습니다. 플랜은 바뀌지 않았습니다.', variant: 'destructive' });
  });

  it('announces a failed payment with a destructive toast saying nothing was charged', () => {
    expect(readQuery('?tab=billing&payment=failed')).toEqual({ tab: 'billing', toast: PAYMENT_TOASTS.failed, reset: true });
    expect(PAYMENT_TOASTS.failed).toMatchObject({ title: '결제 실패', variant: 'destructive' });
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
