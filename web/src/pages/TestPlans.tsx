/**
 * /test (docs/product.md §2.11): the Korean-language plan test page. Signed out, its buttons alert in
 * Korean and then send the browser to /api/login (the server redirects that to /login). Signed in,
 * Starter and Pro open the same PayPal checkout as the dashboard's Billing tab, and the outcome is
 * shown there. Free is 100 calls in total (docs/api.md §14.1), which the card says.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import '../styles/marketing.css';
import { PlanCard } from './home/PlanCard.tsx';
import { dollars, planOf } from '../../../shared/plans.ts';
import { useAuth } from '../hooks/useAuth.ts';
import { errorMessage } from '../lib/api.ts';
import { dashboardAddress, startCheckout, usePaymentMessages } from '../lib/checkout.ts';
import type { Plan } from './home/plans.ts';

const LOGIN_ALERT = '로그인이 필요합니다. 로그인 페이지로 이동합니다.';

function goToLogin(message = LOGIN_ALERT) {
  window.alert(message);
  window.location.href = '/api/login';
}

/** The plans in Korean; names and prices come from shared/plans.ts. */
const PLANS: Plan[] = [
  { id: 'free', name: '무료', price: dollars(planOf('free').priceCents), period: '', calls: 'API 호출 100회 (총)', features: ['기본 PQC 알고리즘', '이메일 지원', '커뮤니티 이용'], cta: '무료로 시작하기', popular: false },
  { id: 'starter', name: '스타터', price: dollars(planOf('starter').priceCents), period: '/월', calls: '월 10,000회 (10K) API 호출', features: ['모든 PQC 알고리즘', '우선 지원', '고급 분석'], cta: '스타터 구매하기', popular: true },
  { id: 'pro', name: '프로', price: dollars(planOf('pro').priceCents), period: '/월', calls: '월 100,000회 (100K) API 호출', features: ['엔터프라이즈 알고리즘', '24/7 지원', 'SLA 보장'], cta: '프로 구매하기', popular: true },
];

export default function TestPlans() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePaymentMessages((message) => navigate(dashboardAddress(message)));

  const choose = async (plan: Plan['id']) => {
    if (!user) return goToLogin();
    if (plan !== 'starter' && plan !== 'pro') return navigate('/dashboard?tab=billing');
    setBusy(plan);
    setError(null);
    try {
      await startCheckout({ plan });
    } catch (e) {
      setError(errorMessage(e, '결제를 시작하지 못했습니다.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container" lang="ko">
      <header className="page-header">
        <div className="eyebrow">테스트 페이지</div>
        <h1>요금제 테스트</h1>
        <p>
          {user
            ? '로그인되어 있습니다. 스타터나 프로를 누르면 PayPal 결제 창(800x600)이 열리고, 결과는 대시보드의 결제 탭에 표시됩니다.'
            : '로그인과 요금제 구매 흐름을 확인하는 테스트 페이지입니다. 버튼을 누르면 안내 메시지가 표시된 뒤 로그인 페이지로 이동합니다.'}
        </p>
        <div className="row" style={{ justifyContent: 'center', marginTop: 22 }}>
          <button type="button" className="btn btn-primary" onClick={() => goToLogin('로그인 테스트를 시작합니다. 로그인 페이지로 이동합니다.')}>
            로그인 테스트
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => (user ? navigate('/dashboard?tab=billing') : goToLogin('결제 테스트를 위해 먼저 로그인해 주세요.'))}>
            결제 테스트
          </button>
        </div>
        {error && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            {error}
          </div>
        )}
      </header>
      <div className="grid grid-3" style={{ paddingBottom: 72 }}>
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} badge="인기" testId={`test-plan-${plan.id}`} busy={busy === plan.id} onChoose={() => void choose(plan.id)} />
        ))}
      </div>
    </div>
  );
}
