import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/home.ts';

export default {
  hero: {
    eyebrow: '양자내성 암호 API',
    title: '<em>양자 컴퓨터 시대에도</em> 안전한 서명과 증명',
    lead:
      '웹, 블록체인, 애플리케이션을 위한 모듈형 툴킷입니다. NIST FIPS 204로 표준화된 격자 기반 서명과 ECDSA 및 Bitcoin Taproot와 호환되는 하이브리드 서명을 하나의 REST API, 하나의 WebAssembly 엔진으로 제공합니다. 금액을 드러내지 않는 영지식 잔액 증명도 지원합니다.',
    tryDemo: '데모 체험하기',
    getStarted: '시작하기',
    facts: {
      level: 'ML-DSA-65, NIST 보안 수준 3',
      live_one: '알고리즘 {{count}}종 제공',
      live_other: '알고리즘 {{count}}종 제공',
      kinds: '서명, 하이브리드, 영지식 증명',
      freeCalls: '무료 호출 {{calls}}회',
      noCard: '카드 등록 불필요',
    },
    example: 'API 호출 예시',
  },
  algorithms: {
    eyebrow: '알고리즘',
    heading: '네 가지 구성 요소, 하나의 엔진',
    intro: '제공 중인 모든 연산은 서버나 브라우저에서 WebAssembly 엔진으로 실제 표준 기반 암호를 실행합니다.',
    live: '제공 중',
    comingSoon: '출시 예정',
    cards: {
      dilion: {
        summary:
          'ML-DSA-65(FIPS 204) 기반의 격자 서명으로, 대상 서비스에 바인딩되며 어떤 FIPS 204 라이브러리로도 검증할 수 있습니다. 사용자 ID를 함께 보내면 서명에 프라이버시 식별자도 담깁니다. 이 식별자는 HPKE로 해당 서비스의 ML-KEM-768 키에 봉인한 ID이므로 그 서비스만 읽을 수 있습니다.',
        meta: 'ML-DSA-65 · 서명 3,309 B',
      },
      qes2Ecdsa: {
        summary:
          '하이브리드 서명입니다. ML-DSA-65와 secp256k1 기반 ECDSA가 같은 메시지에 서명하고 두 서명이 모두 검증되어야 하므로, 둘 중 하나만 안전해도 보안이 유지됩니다. 이미 ECDSA를 검증하는 시스템에 적합합니다.',
        meta: 'ML-DSA-65 + ECDSA · 3,373 B (+1.9 %)',
      },
      qes2Schnorr: {
        summary:
          '같은 하이브리드 구조에 Bitcoin Taproot가 쓰는 BIP-340 Schnorr 서명을 결합했습니다. 두 서명을 항상 함께 검증하므로, 양자 공격자가 위조할 수 있는 Schnorr 단독 검증 경로가 없습니다.',
        meta: 'ML-DSA-65 + BIP-340 · 3,373 B',
      },
      zkFidna: {
        summary:
          '잔액과 금액을 공개하지 않고도 잔액이 금액을 충당함을 보여 주는 영지식 잔액·범위 증명입니다. secp256k1 위의 Pedersen 커밋먼트와 Bulletproofs를 ML-DSA-65 서명으로 보증하며, 신뢰 설정(trusted setup)이 필요 없습니다. 데모는 브라우저에서 증명을 생성하므로 금액이 브라우저 밖으로 나가지 않습니다.',
        meta: 'Bulletproofs · 증명 826 B + 서명 3,309 B',
      },
    },
  },
  integration: {
    eyebrow: '통합 아키텍처',
    heading: '암호 기본 요소에서 실제 운영 체인까지',
    intro: '필요한 기능을 골라 API로 호출하고, 그 결과를 이미 운영 중인 원장에 연결하세요.',
    flow: '통합 흐름',
    step: '{{step}}단계',
    functions: {
      title: 'PQC 기능',
      dilion: { name: 'Dilion', detail: '서비스에 바인딩되는 ML-DSA-65 서명' },
      qes2: { name: 'QES2', detail: 'ML-DSA-65 + ECDSA 또는 Schnorr 하이브리드' },
      zkFidna: { name: 'zk-FIDNA', detail: '기밀 잔액·범위 증명' },
    },
    api: {
      title: 'API 제공',
      rest: { name: 'REST + JSON', detail: 'OpenAPI 3.1 문서와 5개 언어 예제 코드' },
      keys: { name: 'API 키', detail: 'x-api-key와 x-api-secret, 호출 단위 과금' },
      engine: { name: '어디서나 같은 엔진', detail: '서버나 브라우저에서 실행되는 WebAssembly' },
    },
    chains: {
      title: '블록체인 연결',
      taproot: { name: 'Bitcoin Taproot', detail: 'QES2_Schnorr의 BIP-340 서명' },
      ecdsa: { name: 'secp256k1 / ECDSA 체인', detail: 'QES2_ECDSA의 ECDSA 서명' },
      ledgers: { name: '기밀 원장', detail: 'CBDC 등에서 zk-FIDNA 증명으로 금액 은닉' },
    },
  },
  trustedBy: {
    eyebrow: '도입 사례',
    heading: '실제 가치를 다루는 파트너와 함께 만듭니다',
    caseBadge: '중앙은행 디지털화폐(CBDC) 프로젝트',
    caseTitle: '영지식 증명으로 기밀성을 지키는 CBDC 거래',
    caseText:
      '한 CBDC 시범 사업은 영지식 증명을 활용해, 금액을 숨긴 채로 모든 이체가 잔액으로 충당되는지 원장이 확인할 수 있게 합니다. zk-FIDNA는 양자 공격자에게도 아무것도 드러내지 않는 커밋먼트로 이를 구현합니다.',
    partners: {
      certificates: { name: '디지털 인증서 발급 기관', detail: '인증서 발급에 양자내성 서명 적용' },
      mpc: { name: 'MPC 솔루션 기업', detail: '하이브리드 서명을 적용한 다자간 계산(MPC) 지갑' },
      tls: { name: '양자내성 TLS 접근 제어', detail: '보호 대상 서비스 앞단의 ML-KEM 키 교환' },
    },
  },
  pricing: {
    eyebrow: '요금제',
    heading: '무료로 시작하고, 출시에 맞춰 확장하세요',
    intro: '모든 플랜이 같은 엔진을 호출합니다. 대시보드의 결제 탭에서 내 플랜, 사용량, 청구 내역을 확인할 수 있습니다.',
    popular: '인기',
    note:
      '유료 플랜은 월 제공량을 넘은 뒤에도 직접 설정한 지출 한도까지 호출당 {{price}}로 계속 이용할 수 있습니다. 가격은 미국 달러 기준입니다. 모든 플랜에 포함되는 내용과 어떤 플랜도 약속하지 않는 내용은 <a>서비스 약관</a>에서 확인하세요.',
    custom: '별도 협의',
    perMonth: '/월',
    calls: {
      total: '총 {{calls}}회 API 호출',
      monthly: '월 {{calls}}회 호출',
      unlimited: '무제한 호출',
    },
    cta: {
      free: '무료로 시작하기',
      starter: 'Starter로 업그레이드',
      pro: 'Pro로 업그레이드',
      enterprise: '영업팀에 문의하기',
    },
    features: {
      totalAllowance: '총 {{calls}}회 API 호출, 이후 호출은 거부됩니다',
      everyAlgorithm: '모든 알고리즘: {{algorithms}}',
      keys: '최대 25개의 API 키와 25개의 서명 키',
      support: '문의 양식을 통한 지원',
      monthlyAllowance: '월 {{calls}}회 API 호출',
      overage: '초과 호출은 호출당 {{price}}, 역월 단위로 청구',
      spendingLimit: '직접 설정하는 월 지출 한도(처음에는 플랜 가격)',
      algorithmsAndKeys: '모든 알고리즘, 플랜 키, 최대 25개의 API 키와 25개의 서명 키',
      paypal: 'PayPal로 한 달 단위 결제, PDF 영수증 제공',
      unlimitedCalls: '무제한 API 호출',
      contract: '계약으로 정하는 가격과 조건',
      selfHost: '또는 직접 호스팅: 자체 서버에서 실행 파일 하나로 운영',
      talkToUs: '문의 양식으로 상담하세요',
    },
  },
  closing: {
    heading: '지금 바로 서명을 양자 안전하게 바꾸세요',
    text: '계정을 만들고 API 키와 무료 호출 {{calls}}회를 받아, 몇 분 만에 첫 메시지에 서명해 보세요.',
    start: '무료 체험 시작하기',
    docs: 'API 문서 보기',
  },
} satisfies Catalogue<typeof en>;
