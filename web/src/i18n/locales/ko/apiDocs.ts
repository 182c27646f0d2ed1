import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/apiDocs.ts';

export default {
  title: 'API 문서',
  header: {
    title: 'REST로 제공하는 양자 내성 암호',
    intro:
      'JSON으로 요청하고 JSON으로 응답받으며, API 키 쌍으로 인증합니다. 기본 URL은 <code>{{baseUrl}}</code>입니다. 기계가 읽을 수 있는 명세는 <openapi>OpenAPI 3.1</openapi>이며, <reference>대화형 레퍼런스</reference>에서 살펴볼 수 있습니다.',
  },
  summary: {
    endpoints_one: '엔드포인트 {{count}}개',
    endpoints_other: '엔드포인트 {{count}}개',
  },
  status: { live: '운영 중', comingSoon: '제공 예정' },
  tabs: {
    label: '알고리즘',
    dilion: { label: 'Dilion 서명', blurb: '서비스 ID에 바인딩된 ML-DSA-65(FIPS 204) 서명입니다.' },
    'qes2-ecdsa': { label: 'QES2 ECDSA', blurb: 'secp256k1 기반 ML-DSA-65 + ECDSA 하이브리드 서명으로, 두 부분을 모두 검증합니다.' },
    'qes2-schnorr': { label: 'QES2 Schnorr', blurb: 'Taproot 시스템을 위한 ML-DSA-65 + BIP-340 Schnorr 하이브리드 서명입니다.' },
    'zk-fidna': { label: 'zk-FIDNA 증명', blurb: '영지식 잔액 증명과 범위 증명(Bulletproofs)입니다.' },
    'ml-kem-768': { label: 'ML-KEM-768 암호화', blurb: '내 ML-KEM-768 키로 하는 HPKE(RFC 9180) 봉인·개봉, 데이터 키, 원시 캡슐화입니다.' },
  },
  panel: {
    comingSoon:
      '제공 예정: 이 서버는 아직 이 엔드포인트들을 제공하지 않습니다. 아래 요청 형식은 명세를 따르며 바뀔 수 있습니다. 배포되는 즉시 운영 중 배지가 표시됩니다.',
    samples: '코드 예제',
    language: '언어',
    fromFiles:
      '이 프로그램은 저장소의 <code>{{path}}</code>이며, CI에서 실제 서버를 상대로 빌드하고 실행합니다. Dilion으로 서명하고 검증한 뒤 zk-FIDNA로 증명하고 검증합니다. 환경 변수 <code>PQ_API_URL</code>, <code>PQ_API_KEY</code>, <code>PQ_API_SECRET</code>을 읽으니 설정한 뒤(아래는 이 서버의 URL과 키 쌍 자리표시자) 실행하세요.',
    shell: '셸',
  },
  codeBlock: { region: '{{title}} 코드' },
  endpoints: {
    heading: '엔드포인트',
    returns: '반환값',
    fields: {
      messageToSign: '서명할 텍스트(UTF-8).',
      messageSigned: '서명된 텍스트(UTF-8).',
      signature: '서명 응답의 signature.encoded(또는 signature 객체 전체).',
    },
    dilionSign: {
      summary: 'Dilion(ML-DSA-65)으로 메시지에 서명',
      sid: '서비스 ID입니다. FIPS 204 컨텍스트는 "dilion/v1|" + sid입니다. 기본값은 "default".',
      uid: '최종 사용자 ID(최대 255바이트)입니다. 서비스의 ML-KEM-768 키로 봉인되어 pidCipher로 서명에 바인딩됩니다.',
      keyId: '플랫폼이 관리하는 내 서명 키 중 하나입니다. 기본값은 내 기본 키입니다.',
      includePidOpening: 'uid와 함께 쓰면 pidOpening도 반환합니다. 이를 전달받은 사람은 이 서명의 uid를 확인할 수 있습니다.',
      returns: 'signature.encoded(3,309바이트, base64), publicKey(1,952바이트), context, keyId, pidCipher(C1, C2, serviceKeyId, suite, uid가 없으면 "N/A").',
    },
    dilionVerify: {
      summary: 'Dilion 서명 검증',
      publicKey: '서명자의 ML-DSA-65 공개키(base64).',
      sid: '서명할 때 사용한 서비스 ID입니다. 기본값은 "default".',
      uid: 'pidCipher와 대조할 최종 사용자 ID입니다(서비스 키 소유자이거나 pidOpening이 있을 때 확인).',
      pidCipher: '서명 응답의 pidCipher(또는 signature 객체 안의 값)입니다. uid가 없으면 "N/A"이거나 생략합니다.',
      pidOpening: '이 서명에 대한 서명자의 pidOpening으로, 서비스 키 없이 uid를 확인할 때 씁니다.',
      returns: 'valid와 details: signatureValid, identity(match, mismatch 또는 not_checked), serviceKeyId, context.',
    },
    qes2Sign: {
      summary: 'ML-DSA-65와 {{half}}로 하나의 결합 메시지에 서명',
      context: "M'에 바인딩되는 애플리케이션 컨텍스트(UTF-8, 최대 255바이트)입니다. 기본값은 빈 값입니다.",
      keyId: '내 {{keyAlgorithm}} 서명 키 중 하나입니다. 기본값은 내 기본 키입니다.',
      returns: 'signature(3,373바이트, base64: ML-DSA-65 ‖ secp256k1), publicKey, label, 그리고 데모용 뷰.',
    },
    qes2Verify: {
      summary: 'QES2 서명의 두 부분을 모두 검증',
      publicKey: '서명 응답의 복합 공개키입니다. 기본값은 keyId로 지정한 키, 없으면 이 모드의 내 기본 키입니다.',
      keyId: 'publicKey 대신 쓸 이 모드의 내 키(활성 상태)입니다. 그 공개키로 검증합니다.',
      keyVersion: 'keyId와 함께: 서명한 버전(서명 응답의 keyVersion)입니다. 기본값은 기본(primary) 버전입니다.',
      context: '서명할 때 사용한 컨텍스트입니다. 기본값은 빈 값입니다.',
      returns: 'valid: ML-DSA-65 부분과 secp256k1 부분이 모두 검증될 때만 true이며, details에서 어느 부분이 실패했는지 알려 줍니다.',
    },
    zkProve: {
      summary: '숨긴 금액에 관한 명제를 증명하고 ML-DSA-65로 보증',
      secretValue: '숨길 금액 X입니다. 1 이상의 정수로, JSON 숫자(최대 2^53 − 1) 또는 10진수 문자열(최대 2^64 − 1)로 보냅니다.',
      balanceValue: '숨길 잔액 Y입니다(0 이상, 형식은 같음). 자체 max를 지정한 range_proof를 제외하면 필수입니다.',
      circuitType: 'balance_proof(기본값): Y ≥ X인지(결과 1) 아닌지(결과 0), range_proof: min ≤ X ≤ max, custom: Y에서 X를 지불하고 거스름돈 Y − X.',
      min: 'range_proof: X의 공개 하한입니다. 기본값은 1.',
      max: 'range_proof: X의 공개 상한입니다. 기본값은 balanceValue이며, 이 경우 그 값이 공개됩니다.',
      context: '증명을 바인딩할 바이트(예: 거래 ID)로, base64, 최대 255바이트입니다. 기본값은 빈 값입니다.',
      keyId: '증명을 보증할 내 ML-DSA-65 서명 키 중 하나입니다. 기본값은 내 기본 키입니다.',
      returns:
        'proof(encoded: 빈 컨텍스트의 balance_proof 기준 826 B, 커밋먼트·챌린지·응답 스칼라 5개를 뷰로 제공, signature: 3,309 B ML-DSA-65 보증 서명과 그 공개키), publicInput(비밀 정보 없음), 그리고 나에게만 주는 openings(저장하지 않음).',
    },
    zkVerify: {
      summary: 'zk-FIDNA 증명과 그 보증 서명 검증',
      proof: 'prove 응답의 proof.encoded 또는 proof 객체 전체입니다(뷰가 일치해야 하며, 이 경우 서명도 함께 검증합니다).',
      publicInput: 'prove 응답의 publicInput입니다(result, circuitType, 있으면 min, max, context). 이것을 보내거나, publicSignals와 circuitType을 함께 보냅니다.',
      publicSignals: 'circuitType을 뺀 publicInput으로, 회로 정보를 따로 보관하는 호출자를 위한 것입니다.',
      circuitType: 'publicSignals와 함께 쓸 때: 증명의 회로.',
      returns: 'valid와 details: structurallyValid, circuitValid, mathematicalCheck, positiveCheck, balanceCheck, signatureCheck(보증 서명을 보내지 않았으면 null).',
    },
    zkVerifyBatch: {
      summary: 'zk-FIDNA 증명을 최대 64개까지 한 번에 검증(항목마다 verify 한 번으로 과금)',
      items: 'verify 요청 본문(proof와 publicInput, 또는 publicSignals와 circuitType) 1~64개로, 함께 검증합니다. 본문은 최대 1 MiB이며, Idempotency-Key 하나가 배치 전체에 적용됩니다.',
      returns: 'results: 항목마다 index와 valid, publicInput, details(잘못된 증명은 그 항목만 표시되고 나머지는 그대로 valid), 또는 과금 한도로 거절된 항목의 error(과금 없음); charged: 응답한 항목 수.',
    },
    kemFields: {
      plaintext: '암호화할 바이트(base64, 최대 4 KiB)입니다. 더 크면 데이터 키를 봉인하고 그 키로 암호화하세요.',
      aad: '연관 데이터(base64)입니다. 인증되지만 암호화되지는 않으며, 개봉할 때 같은 값이 필요합니다.',
      info: 'HPKE info(base64)입니다. 암호화를 맥락에 묶으며, 개봉할 때 같은 값이 필요합니다.',
      enc: 'seal 응답의 enc(1,088바이트, base64)입니다.',
      ciphertext: 'seal 응답의 ciphertext(base64)입니다.',
      kemCiphertext: 'encapsulate나 다른 FIPS 203 구현이 만든 ML-KEM-768 암호문(1,088바이트, base64)입니다.',
      keyVersion: '암호문이 만들어진 키 버전으로, 암호화 응답이 알려 준 값입니다. 기본값은 기본(primary) 버전이며, 키를 교체한 뒤에는 이전 버전을 지정하세요.',
    },
    kemSeal: {
      summary: '내 ML-KEM-768 키에 HPKE(ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305)로 암호화',
      returns: 'enc와 ciphertext(base64), 키 ID, HPKE 스위트입니다. 키 쌍이 있으면 어떤 RFC 9180 구현으로도 열 수 있습니다.',
    },
    kemOpen: {
      summary: '이 키에 봉인된 HPKE 암호문을 복호화(비밀 키는 서버 밖으로 나가지 않음)',
      returns: 'plaintext(base64)입니다. 열리지 않는 암호문은 400 decryption_failed이며 과금되지 않습니다.',
    },
    kemGenerateDataKey: {
      summary: 'KMS의 GenerateDataKey처럼 새 256비트 데이터 키를 평문과 봉인본으로 생성',
      returns: 'plaintext(키, base64)와 sealed { enc, ciphertext }입니다. sealed를 보관하고 open으로 키를 되찾으세요.',
    },
    kemEncapsulate: {
      summary: '이 키로 새 공유 비밀을 캡슐화(FIPS 203)',
      returns: 'ciphertext(1,088바이트)와 sharedSecret(32바이트), base64입니다.',
    },
    kemDecapsulate: {
      summary: '이 키로 ML-KEM-768 암호문을 역캡슐화(FIPS 203, 암묵적 거부)',
      returns: 'sharedSecret(32바이트, base64)입니다. 변조된 암호문은 오류 대신 다른 비밀을 줍니다.',
    },
  },
  client: {
    heading: '클라이언트와 CLI',
    intro:
      '저장소의 <code>client/</code> 패키지(<code>@pq-platform/client</code>)는 이 API의 OpenAPI 문서에서 생성한 타입 클라이언트입니다. 모든 POST에 <code>Idempotency-Key</code>를 붙이고, 네트워크 실패·5xx·속도 제한 429는 백오프로 재시도하며(월 허용량 초과는 재시도하지 않음), 오류에는 <code>code</code>, <code>param</code>, <code>requestId</code>가 담깁니다. <code>pq</code> 명령은 셸에서 서명, 검증, 증명을 합니다. 둘 다 <code>PQ_API_URL</code>, <code>PQ_API_KEY</code>, <code>PQ_API_SECRET</code>을 읽습니다.',
    library: 'TypeScript (Node.js 20 이상과 브라우저)',
    libraryNote:
      '저장소를 받은 뒤 <code>npm ci</code>로 설치됩니다. <code>verifyDilion</code>, <code>verifyQes2</code>, <code>verifyZkFidna</code>는 같은 WebAssembly 엔진으로 응답을 내 쪽에서 검증하며 API를 호출하지 않습니다.',
    cli: '명령줄',
    cliNote:
      '종료 코드는 유효한 서명이면 0, 유효하지 않으면 1, 사용법 오류나 API 오류면 2입니다. <code>pq sign --each --key kid_… *.pdf</code>는 여러 파일의 다이제스트를 일괄로 서명합니다. <code>pq usage</code>, <code>pq api-keys</code>, <code>pq signing-keys</code>에는 <code>manage</code> 작업이 있는 키가 필요합니다.',
  },
  keys: {
    heading: '관리형 키: 다이제스트 서명과 일괄 서명',
    intro:
      '내 서명 키(대시보드에 있는 <code>kid_…</code> ID) 중 하나로 클라우드 KMS처럼 서명합니다. 메시지 자체, 메시지의 다이제스트, ML-DSA라면 64바이트 µ에 서명하므로 문서를 내 시스템 밖으로 보낼 필요가 없습니다. 일괄 서명은 한 번의 호출로 최대 100개 항목에 서명하며, 응답한 항목만 각각 한 번의 호출로 과금됩니다.',
    fields: {
      message: 'Base64: 메시지(raw, 최대 64 KiB, 일괄 항목은 4 KiB), 64바이트 다이제스트 PH(M)(digest), 또는 µ = SHAKE256(tr ‖ M′, 64)(external-mu)입니다.',
      messageType: 'raw, digest, external-mu 중 하나입니다. ML-DSA 키는 세 가지 모두, QES2 키는 raw와 digest(SHA-512만)를 받습니다.',
      digestAlgorithm: 'digest와 함께: 다이제스트를 만든 해시인 sha512 또는 shake256(512비트 출력)입니다.',
      context: '컨텍스트 문자열, base64, 최대 255바이트이며 기본값은 비어 있습니다. external-mu와는 함께 쓸 수 없습니다.',
      signature: '검증할 서명(base64)으로, sign이 반환한 그대로입니다.',
      keyVersion: '서명한 키 버전으로, sign 응답이 알려 준 값입니다. 기본값은 기본(primary) 버전이며, 키를 교체한 뒤에는 이전 버전을 지정하세요.',
      items: '인덱스별로 응답하는 서명 본문(message, messageType, digestAlgorithm, context) 1~100개입니다.',
    },
    sign: {
      summary: '내 서명 키로 메시지, 다이제스트 또는 µ에 서명',
      returns: 'signature(base64), keyId, algorithm, messageType, 그리고 ML-DSA 키의 tr = SHAKE256(publicKey, 64)(QES2는 null)입니다.',
    },
    verify: {
      summary: '내 서명 키의 서명 검증',
      returns: 'valid(형식은 맞지만 검증되지 않는 서명이면 false), keyId, algorithm, messageType입니다.',
    },
    signBatch: {
      summary: '한 번의 호출로 최대 100개 항목에 서명(본문 최대 1 MiB)',
      returns: 'results: 인덱스마다 서명 또는 오류 { code, message }(usage_limit_reached, engine_unavailable 등), charged: 응답한 항목 수(각각 한 번의 호출), keyId, algorithm, tr입니다.',
    },
  },
  auth: {
    heading: '인증',
    intro:
      '모든 <code>/api/v1/crypto/…</code> 호출은 두 헤더에 키 쌍을 담아 보내며, 이 경로에서는 쿠키를 무시합니다. 가입하면 첫 번째 키가 만들어집니다. <dashboard>대시보드</dashboard>에서 키 목록을 보고, 키의 비밀값을 한 번만 확인하고, 키를 생성·교체·비활성화할 수 있습니다. <reference>대화형 레퍼런스</reference>의 “API keys” 엔드포인트로도 같은 작업을 할 수 있습니다. 비밀값은 비밀번호처럼 보관하세요.',
    headers: {
      apiKey: '키의 공개 식별자, pk_…',
      apiSecret: '키의 비밀값, sk_…(256비트). 브라우저 코드에 절대 넣지 마세요.',
      contentType: 'application/json. 바이트 문자열은 패딩을 포함한 표준 base64입니다.',
      idempotency: '선택 사항입니다. 24시간 안에 같은 키로 POST를 재시도하면 다시 과금하지 않고 첫 응답을 돌려줍니다.',
      metering: '사용량 집계',
      meteringText: '검증을 통과한 호출은 한 번씩 집계되며, 엔진 내부에서 실패한 호출은 환불됩니다.',
    },
    errors: {
      heading: '오류',
      intro:
        '실패 응답은 JSON입니다: <code>message</code>(무엇을 고쳐야 하는지 알려 주는 문장), <code>code</code>, <code>param</code>(400 오류에서 처음으로 실패한 필드), <code>details</code>(모든 검증 문제), <code>requestId</code>(<code>X-Request-Id</code> 헤더로도 전송).',
      validation: '필드가 없거나, 형식이 잘못되었거나, 알 수 없는 필드입니다(철자가 틀린 필드는 무시하지 않고 거부합니다).',
      key: '키 쌍이 없거나 둘 중 하나가 잘못되었습니다.',
      disabled: '키가 비활성화되었거나 키가 속한 요금제가 더 이상 활성 상태가 아닙니다.',
      usage: '요금제의 호출 횟수를 모두 사용했습니다(무료: 총 100회). 업그레이드하세요. 재시도해도 해결되지 않습니다.',
      rate: '한 주소에서 요청이 너무 많습니다(데모 및 로그인 경로). Retry-After에 적힌 초만큼 기다린 뒤 재시도하세요.',
      engine: '엔진에서 오류가 발생했습니다. 이 호출은 과금되지 않았습니다.',
      sample: '오류 응답',
    },
  },
} satisfies Catalogue<typeof en>;
