import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/tech.ts';

export default {
  title: '기술',
  header: {
    title: '암호 기술의 작동 방식',
    lead: '표준 알고리즘을 신중하게 조합했습니다. 실제 크기와 한계를 있는 그대로 밝힙니다.',
  },
  sections: {
    specs: { title: '사양', lead: '수치는 실제로 제공하는 파라미터 세트 기준입니다. 크기는 표준과 자체 인코딩에서, 시간은 자체 측정에서 가져왔습니다.' },
    composition: { title: '구성', lead: '엔진이 무엇으로 이루어져 있고, 각 제품 알고리즘이 그 위에 어떻게 조립되는지 설명합니다.' },
    flow: { title: '프로토콜 흐름', lead: '각 연산이 수행하는 단계를 순서대로 보여 줍니다. API 문서에서는 같은 흐름을 HTTP 호출로 보여 줍니다.' },
    privacy: { title: 'Dilion 프라이버시 식별자', lead: '하나의 서비스를 위해 사용자 ID를 위탁(에스크로)합니다. 이것이 무엇을 숨기고 무엇을 숨기지 못하는지 정확히 밝힙니다.' },
    standards: { title: '표준과 논문', lead: '1차 자료입니다. 요청 형식은 <docs>API 문서</docs>를 참고하세요.' },
  },
  standards: {
    fips204: 'ML-DSA: Dilion과 QES2의 기반인 격자 기반 서명',
    fips203: 'ML-KEM: 프라이버시 식별자에 쓰이는 키 캡슐화',
    rfc9180: 'HPKE: 사용자 ID를 암호화하는 하이브리드 공개키 암호화',
    bip340: 'secp256k1용 Schnorr 서명(Taproot)',
    rfc6979: '결정론적 ECDSA 논스',
    composite: 'QES2가 따르는 복합 서명 구성',
    bulletproofs: '신뢰 설정(trusted setup) 없는 짧은 범위 증명',
    rfc9380: '곡선으로의 해싱: zk-FIDNA 생성원 도출에 사용',
  },
  specs: {
    dilion: {
      subtitle: '서비스에 바인딩된 ML-DSA-65(FIPS 204)',
      level: { label: '보안 수준', value: 'NIST 레벨 3', note: '카테고리 3, Module-LWE / Module-SIS' },
      publicKey: { label: '공개키', value: '1,952바이트' },
      signature: { label: '서명', value: '3,309바이트' },
      withUid: { label: '사용자 ID 포함 시', value: '4,509바이트', note: 'σ + C1 1,088 + C2 80 + 서비스 키 ID 32' },
      secretKey: { label: '비밀키', value: '32바이트 시드', note: '사용 시 4,032 B로 확장, 저장 시 암호화' },
      context: { label: '컨텍스트', note: '뒤에 서비스 ID(sid)가 붙음' },
      speed: { label: '속도(자체 엔진)', value: '서명 ≈ 0.22 ms, 검증 0.07 ms', note: 'vCPU 2개, Node 20, <code>bench/README.md</code>에서 측정' },
      footer: '헤지드(hedged) 난수를 쓰는 순수 ML-DSA이므로, FIPS 204를 구현한 어떤 라이브러리로도 Dilion 서명을 검증할 수 있습니다.',
    },
    qes2: {
      title: 'QES2 하이브리드',
      subtitle: 'ML-DSA-65 + secp256k1(ECDSA 또는 BIP-340 Schnorr)',
      compatibility: { label: '호환성', value: 'ECDSA 및 Schnorr(BIP-340)', note: 'secp256k1 부분은 Bitcoin·Taproot 도구가 검증하는 서명과 같음' },
      signature: { label: '서명', value: '3,373바이트', note: 'ML-DSA-65 3,309 + secp256k1 64' },
      overhead: { label: '크기 증가', value: '+64바이트(+1.9 %)', note: 'ML-DSA-65 단독 대비' },
      signTime: { label: '서명 시간', note: 'ECDSA · Schnorr, 시드에서 시작하는 ML-DSA-65 서명 대비' },
      verifyTime: {
        label: '검증 시간',
        note: '두 부분 모두 검증, <code>npm run bench -- secp256k1</code>로 공유 vCPU 2개에서 측정(<code>bench/README.md</code>)',
      },
      publicKey: { label: '공개키', value: '1,985 B(ECDSA) · 1,984 B(Schnorr)' },
      verification: { label: '검증 방식', value: '항상 두 부분 모두' },
      footer: 'IETF 복합 서명 초안과 같은 방식으로 구성하되 자체 레이블을 씁니다. secp256k1은 해당 초안에 없으므로 QES2는 IETF 식별자를 주장하지 않습니다.',
    },
    zk: {
      subtitle: 'secp256k1 위의 Bulletproofs, ML-DSA-65 서명으로 보증',
      proofSize: {
        label: '증명 크기',
        value: '826 · 809 · 923바이트',
        note: 'balance_proof · range_proof · custom, 빈 컨텍스트 기준(컨텍스트가 있으면 그 길이만큼 증가), 3,309 B ML-DSA-65 보증 서명 제외',
      },
      setup: { label: '설정', value: '투명(Transparent)', note: '신뢰 설정 불필요: 모든 생성원을 공개 문자열에서 곡선으로 해싱해 도출(RFC 9380)' },
      range: { label: '범위', value: '64비트 값 2개를 묶어 증명' },
      hiding: { label: '은닉성', value: '완전 은닉', note: 'Pedersen 커밋먼트: 계산 능력에 제한이 없는 양자 공격자에게도 금액이 드러나지 않음' },
      soundness: { label: '건전성', value: 'secp256k1 이산로그', note: '양자 내성 아님' },
      attestation: { label: '보증 서명', value: 'ML-DSA-65, 양자 내성', note: '증명 바이트에 서명, 컨텍스트 <code>zk-fidna/v1</code>, 검증자가 필수로 요구 가능' },
      speed: {
        label: '속도(자체 엔진)',
        value: '증명 생성 ≈ 23.1 ms, 검증 3.89 ms',
        note: 'Node에서 balance_proof, <code>npm run bench -- zk</code>로 공유 vCPU 2개에서 측정(<code>bench/README.md</code>)',
      },
      footer:
        '분명히 밝힙니다. 이산로그를 푸는 양자 컴퓨터는 범위 증명을 위조할 수 있습니다. ML-DSA-65 보증 서명을 요구하는 검증자는 서명자가 보증하지 않은 위조 증명을 여전히 걸러낼 수 있으며, 금액은 어떤 경우에도 유출되지 않습니다.',
    },
  },
  composition: {
    engine: {
      title: '하나의 엔진, 소수의 암호 프리미티브',
      modules:
        '모든 연산은 AssemblyScript로 컴파일한 하나의 WebAssembly 모듈에서 실행됩니다. 여기에는 Keccak(SHA3, SHAKE), SHA-2와 HMAC, ML-DSA(FIPS 204), ML-KEM(FIPS 203), ECDSA와 BIP-340을 포함한 secp256k1 연산, 그리고 RFC 9380 곡선 해싱을 쓰는 zk-FIDNA의 Bulletproofs가 들어 있습니다. 같은 모듈이 서버와 브라우저에서 모두 실행되므로, 어디에서 만든 서명이든 바이트 단위까지 같은 알고리즘입니다.',
      randomness:
        '엔진은 난수를 직접 생성하지 않고, 호스트가 <code>crypto.getRandomValues</code>로 얻은 난수를 전달받습니다. 덕분에 모든 연산을 입력값으로 재현할 수 있고 공식 테스트 벡터로 검증할 수 있습니다. 비밀값을 다루는 코드는 비밀값에 따라 달라지는 분기나 메모리 인덱스 없이 작성했습니다. 다만 WebAssembly 엔진이 이 성질을 유지한다고 보장하지는 않으므로, 상수 시간 실행은 증명된 보장이 아니라 최선의 노력입니다.',
    },
    algorithms: {
      title: '알고리즘 구성 방식',
      dilion:
        '<b>Dilion</b>은 서비스마다 컨텍스트 문자열을 두는 ML-DSA-65입니다. 프라이버시 식별자는 사용자 ID의 HPKE 암호문(ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305)을 더해 서명 대상 메시지에 바인딩합니다.',
      qes2: '<b>QES2</b>는 ML-DSA-65와 secp256k1 서명이 하나로 결합된 메시지에 함께 서명하게 합니다. 따라서 이를 깨려면 두 서명을 모두 깨야 합니다.',
      zk: '<b>zk-FIDNA</b>는 Pedersen 커밋먼트로 금액을 커밋하고, 묶음(aggregated) Bulletproofs 범위 증명으로 명제를 증명한 뒤, 증명 전체에 ML-DSA-65로 서명합니다.',
    },
  },
  flows: {
    dilion: {
      title: 'Dilion: 서명과 검증',
      context: '컨텍스트 <code>dilion/v1|</code> + sid를 만듭니다(기본값 <code>default</code>).',
      seal: '사용자 ID가 있으면 64바이트 또는 256바이트로 패딩한 뒤, 서명자의 키와 메시지를 연관 데이터로 묶어 서비스의 ML-KEM-768 키로 HPKE 봉인합니다. 결과는 C1(1,088 B)과 C2(80 또는 272 B)입니다.',
      message: '메시지 M = <code>0x00</code> ‖ UTF-8(message)를 만듭니다. 사용자 ID가 있으면 M = <code>0x01</code> ‖ 서비스 키 ID ‖ C1 ‖ len(C2) ‖ C2 ‖ message입니다.',
      sign: '그 컨텍스트로 M에 ML-DSA-65 서명을 하며, 새로 생성한 32바이트 난수로 헤지(hedge)합니다.',
      verify: '검증자는 M과 컨텍스트를 다시 만든 뒤, FIPS 204를 구현한 어떤 검증기로든 공개키를 써서 검증합니다. 서비스나 해당 서명의 <code>pidOpening</code>을 가진 사람은 사용자 ID도 확인합니다.',
    },
    qes2: {
      title: 'QES2: 서명과 검증',
      combine: 'M′ = <code>CompositeAlgorithmSignatures2025</code> ‖ label ‖ len(ctx) ‖ ctx ‖ SHA-512(message).',
      mldsa: 'ML-DSA-65가 레이블을 컨텍스트로 삼아 M′에 서명합니다.',
      secp: 'secp256k1이 SHA-256(M′)에 서명합니다: ECDSA(RFC 6979, low-S) 또는 BIP-340 Schnorr.',
      result: '서명은 두 서명을 이어 붙인 것입니다(3,373 B). 검증자는 두 부분이 모두 검증될 때만 받아들입니다.',
    },
    zk: {
      title: 'zk-FIDNA: 증명 생성과 검증',
      commit: '비밀 금액 X와 잔액 Y를 새 블라인딩 값 r로 커밋합니다: C = v·B + r·G(데모는 기본적으로 이 과정을 브라우저에서 수행합니다).',
      derive: '범위를 확인할 값을 도출합니다. “잔액이 금액을 충당함”이면 X − 1과 Y − X, “충당하지 못함”이면 Y와 X − Y − 1입니다.',
      prove: '묶음 Bulletproof 하나로 두 값이 모두 [0, 2⁶⁴)에 있음을 증명합니다. 챌린지는 SHAKE256 트랜스크립트에서 얻습니다.',
      sign: '증명 바이트에 ML-DSA-65로 서명합니다. 검증자는 278개 항의 다중 스칼라 곱셈 한 번으로 증명을 확인한 뒤 서명을 확인합니다.',
    },
  },
  privacy: {
    protects: {
      badge: '보호하는 것',
      userId:
        '<b>서비스를 제외한 모든 사람에게서 사용자 ID를 보호합니다.</b> 사용자 ID는 sid가 가리키는 서비스의 ML-KEM-768 키로 HPKE(RFC 9180) 암호화되며, 그 키를 가진 쪽만 읽을 수 있습니다. 검증자는 여전히 서명을 검증할 수 있고, 서명에 해당 서비스용 ID가 들어 있다는 사실을 확인할 수 있습니다.',
      length: '<b>ID 길이는 구간 단위까지만 드러납니다.</b> ID는 고정 길이 64바이트(63바이트 이하 ID) 또는 256바이트(255바이트 이하)로 패딩되므로, C2로는 두 크기 중 어느 쪽을 썼는지만 알 수 있습니다.',
      lifting:
        '<b>암호문을 옮겨 붙이거나 변조하는 것을 막습니다.</b> 암호문의 연관 데이터는 서명자 공개키와 메시지의 해시이고, 암호문 자체도 서명됩니다. 다른 서명자의 서명이나 다른 메시지로 옮기면 복호화되지 않으며, C1, C2나 키 ID를 바꾸면 서명이 깨집니다.',
      disclosure:
        '<b>서명 하나 단위로 공개할 수 있습니다.</b> 서명자는 요청 시 32바이트 <code>pidOpening</code>(암호화에 쓴 난수)을 받습니다. 이를 받은 사람은 그 서명 하나의 ID만 확인할 수 있고, 다른 서명의 ID는 확인할 수 없습니다.',
    },
    exposes: {
      badge: '보호하지 않는 것',
      signer: '<b>서명자가 누구인지는 숨기지 않습니다.</b> 서명자의 공개키는 공개되어 있고 모든 서명은 그 키로 검증됩니다. 그룹 서명이나 링 서명이 아닙니다.',
      service:
        '<b>서비스에는 ID가 드러납니다.</b> 서비스는 자신에게 향한 모든 서명의 ID를 알 수 있고, 한 사용자의 서명을 모두 연결할 수 있습니다. 서비스에 대해서는 연결 불가능성(unlinkability)이 없습니다. <code>pidOpening</code>을 받은 사람도 해당 서명의 ID를 알게 됩니다.',
      metadata:
        '<b>메타데이터는 숨기지 않습니다.</b> ML-KEM-768 기반 HPKE는 IND-CCA 안전하므로 암호문은 크기 구간 외에 ID에 대해 아무것도 드러내지 않습니다. 하지만 sid, 서비스 키 ID, 서명자, 메시지, 서명 시각은 모두 평문으로 노출됩니다.',
      platform:
        '<b>플랫폼이 대신 서명하면 플랫폼에 ID가 전달됩니다.</b> 서버 측 서명 호출은 요청에 담긴 ID를 받습니다(연산 기록에는 남기지 않습니다). 이것이 중요하다면 직접 관리하는 환경에서 서명하세요.',
    },
    sizes: {
      title: '사용자 ID를 포함한 서명의 크기',
      signature: '서명 σ(ML-DSA-65)',
      c1: 'C1: ML-KEM-768 암호문(HPKE enc)',
      c2: 'C2: 패딩된 사용자 ID + 16바이트 태그',
      c2Note: '64–255바이트 ID는 272',
      keyId: '서비스 키 ID(키의 SHA3-256)',
      total: '서명된 메시지당 합계',
      totalNote: '공개키(1,952바이트)를 함께 보내면 그만큼 추가',
    },
    note: '사용자 ID가 없으면 아무것도 암호화하지 않습니다. M은 <code>0x00</code>으로 시작하고 <code>pidCipher</code>는 <code>"N/A"</code>입니다. ML-DSA-65와 ML-KEM-768은 모두 NIST 카테고리 3입니다.',
  },
  testPlans: {
    eyebrow: '테스트 페이지',
    title: '요금제 테스트',
    signedIn: '로그인되어 있습니다. 스타터나 프로를 누르면 PayPal 결제 창(800x600)이 열리고, 결과는 대시보드의 결제 탭에 표시됩니다.',
    signedOut: '로그인과 요금제 구매 흐름을 확인하는 테스트 페이지입니다. 버튼을 누르면 안내 메시지가 표시된 뒤 로그인 페이지로 이동합니다.',
    loginTest: '로그인 테스트',
    paymentTest: '결제 테스트',
    alerts: {
      loginRequired: '로그인이 필요합니다. 로그인 페이지로 이동합니다.',
      loginTest: '로그인 테스트를 시작합니다. 로그인 페이지로 이동합니다.',
      paymentTest: '결제 테스트를 위해 먼저 로그인해 주세요.',
    },
    checkoutFailed: '결제를 시작하지 못했습니다.',
    popular: '인기',
    plans: {
      free: {
        name: '무료',
        calls: 'API 호출 100회 (총)',
        cta: '무료로 시작하기',
      },
      starter: {
        name: '스타터',
        period: '/월',
        calls: '월 10,000회 (10K) API 호출',
        cta: '스타터 구매하기',
      },
      pro: {
        name: '프로',
        period: '/월',
        calls: '월 100,000회 (100K) API 호출',
        cta: '프로 구매하기',
      },
    },
    features: {
      totalAllowance: '총 {{calls}}회 API 호출, 이후 호출은 거부됩니다',
      everyAlgorithm: '모든 알고리즘: {{algorithms}}',
      keys: '최대 25개의 API 키와 25개의 서명 키',
      support: '문의 양식을 통한 지원',
      monthlyAllowance: '월 {{calls}}회 API 호출',
      overage: '이후 호출당 {{price}}, 역월 단위로 청구',
      spendingLimit: '직접 설정하는 월 지출 한도(처음에는 요금제 가격)',
      algorithmsAndKeys: '모든 알고리즘, 요금제 키, 최대 25개의 API 키와 25개의 서명 키',
      paypal: 'PayPal로 한 달 단위 결제, PDF 영수증 제공',
    },
  },
} satisfies Catalogue<typeof en>;
