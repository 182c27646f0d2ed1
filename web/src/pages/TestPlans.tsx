/**
 * /test (docs/product.md §2.11): the Korean-language plan test page. Its buttons alert in Korean and then send
 * the browser to /api/login (the server redirects that to /login). Free is 100 calls in total
 * (docs/api.md §14.1), which the card says, rather than the prototype's "per month".
 */
import '../styles/marketing.css';
import { PlanCard } from './home/PlanCard.tsx';
import { dollars, planOf } from '../../../shared/plans.ts';
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
  return (
    <div className="container" lang="ko">
      <header className="page-header">
        <div className="eyebrow">테스트 페이지</div>
        <h1>요금제 테스트</h1>
        <p>로그인과 요금제 구매 흐름을 확인하는 테스트 페이지입니다. 버튼을 누르면 안내 메시지가 표시된 뒤 로그인 페이지로 이동합니다.</p>
        <div className="row" style={{ justifyContent: 'center', marginTop: 22 }}>
          <button type="button" className="btn btn-primary" onClick={() => goToLogin('로그인 테스트를 시작합니다. 로그인 페이지로 이동합니다.')}>
            로그인 테스트
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => goToLogin('결제 테스트를 위해 먼저 로그인해 주세요.')}>
            결제 테스트
          </button>
        </div>
      </header>
      <div className="grid grid-3" style={{ paddingBottom: 72 }}>
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} badge="인기" testId={`test-plan-${plan.id}`} onChoose={() => goToLogin()} />
        ))}
      </div>
    </div>
  );
}
