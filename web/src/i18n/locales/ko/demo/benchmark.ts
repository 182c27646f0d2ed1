import type { Catalogue } from '../../../catalogue.ts';
import type en from '../../en/demo/benchmark.ts';

export default {
  algorithm: '알고리즘',
  count: '연산 횟수',
  start: '벤치마크 시작',
  noSimd: '이 브라우저는 WebAssembly SIMD를 지원하지 않아 벤치마크의 브라우저 쪽을 실행할 수 없습니다. 최신 브라우저(Chrome 또는 Edge 91 이상, Firefox 89 이상, Safari 16.4 이상)에서 이 페이지를 여세요.',
  stop: '테스트 중지',
  countError: '연산 횟수는 {{min}}에서 {{max}} 사이여야 합니다',
  method: {
    zk: '각 연산은 100~599 사이의 임의 비밀 값과 1,000~5,999 사이의 임의 잔액으로 balance_proof를 생성하고, ML-DSA-65 보증 서명과 함께 증명을 검증합니다. 이 작업을 이 브라우저(Web Worker의 wasm 엔진, 이 탭에서 만든 보증 서명 키 사용: 금액은 이곳에 남음)에서 한 번, 같은 방식으로 금액을 직접 고르는 서버에서 한 번 실행합니다. 실행 전에 워커가 시간을 재지 않는 명제 {{rounds}}개를 증명하고 검증하며, 첫 번째 명제에서 생성원 테이블을 만듭니다.',
    signatures:
      '각 연산은 “Benchmark test N”에 서명하고 그 결과를 검증합니다. 이 작업을 이 브라우저(Web Worker의 wasm 엔진, 이 탭에서 만든 키 사용)에서 한 번, 서버(이 세션의 데모 키 사용)에서 한 번 실행합니다. 실행 전에 워커가 시간을 재지 않는 메시지 {{rounds}}개에 서명하고 검증해, 오래 실행 중인 서버처럼 브라우저가 엔진을 최적화해 두도록 합니다.',
    server:
      '서버는 연산을 {{batch}}개씩 차례로 실행하며, 묶음마다 POST /api/demo/benchmark를 한 번 호출합니다. 이 호출에는 별도의 한도가 있어 벤치마크가 데모의 다른 호출 한도를 소모하지 않습니다. 브라우저 시간은 이 페이지가 측정한 실제 경과 시간이고, 서버 시간은 서버가 직접 측정한 시간이며 HTTP 시간은 따로 표시합니다. 엔진 시간은 워커와 서버의 응답에서 가져옵니다.',
  },
  progress: {
    running: '{{total}}개 중 {{done}}개 실행 중 (한쪽당 {{perSide}}개) · 마지막 연산: 브라우저 {{browser}}, 서버 {{server}}',
    label: '벤치마크 진행률',
    waiting: '{{seconds}} s 대기 중: 서버는 주소당 1분에 허용하는 벤치마크 호출 수를 제한합니다. 대기 시간은 어떤 측정 시간에도 포함되지 않습니다.',
    afterRun: '차트와 수치는 실행이 끝나면 표시됩니다. 실행 중에 그리면 측정 중인 연산이 느려지기 때문입니다.',
  },
  steps: {
    sign: '서명',
    prove: '증명',
    verify: '검증',
  },
  failed: '실패',
  errors: {
    signature: '서명 검증에 실패했습니다',
    proof: '증명 검증에 실패했습니다',
    notUnderstood: '서버의 벤치마크 응답을 해석할 수 없습니다',
  },
  stats: {
    labels: {
      size: '평균 크기',
      generation: '생성 시간',
      verification: '검증 시간',
      average: '평균 시간',
      perSecond: '초당 연산 수',
      min: '최소 시간',
      max: '최대 시간',
    },
    inBrowser: '이 브라우저',
    onServer: '서버',
    browser: '브라우저:',
    server: '서버:',
  },
  beforeRun: {
    signatureSize: '서명 크기',
    proofSize: '빈 컨텍스트의 balance_proof 크기',
    publicKey: '공개 키는 {{size}}',
    attestation: 'ML-DSA-65 보증 서명 {{size}}가 별도로 함께 전송됨',
    stored_one:
      '실행 전: 시간은 저장된 서버 연산 {{operations}}건에 대한 서버 엔진의 평균입니다. 크기는 {{label}}의 정확한 {{what}}입니다({{beside}}). 최소·최대 시간은 실행해야 알 수 있습니다. 벤치마크를 시작해 측정하세요.',
    stored_other:
      '실행 전: 시간은 저장된 서버 연산 {{operations}}건에 대한 서버 엔진의 평균입니다. 크기는 {{label}}의 정확한 {{what}}입니다({{beside}}). 최소·최대 시간은 실행해야 알 수 있습니다. 벤치마크를 시작해 측정하세요.',
    none: '실행 전: 아직 저장된 서버 연산이 없어 시간은 표시하지 않습니다. 크기는 {{label}}의 정확한 {{what}}입니다({{beside}}). 최소·최대 시간은 실행해야 알 수 있습니다. 벤치마크를 시작해 측정하세요.',
  },
  compare: {
    work: {
      dilion: {
        title: 'Dilion 서명',
        what: '시드에서 키를 유도하고 헤지드 ML-DSA-65 서명을 한 번 생성하는 엔진 시간이며, 실행 전체의 중앙값입니다.',
        hint: '브라우저 성능을 측정하려면 Dilion 벤치마크를 실행하세요.',
      },
      zk: {
        title: 'zk-FIDNA 증명',
        what: '시드에서 키를 유도하고 balance_proof 하나(64비트 범위 증명 두 개를 집계)와 그 ML-DSA-65 보증 서명을 생성하는 엔진 시간이며, 실행 전체의 중앙값입니다.',
        hint: '브라우저 성능을 측정하려면 zk-FIDNA 벤치마크를 실행하세요.',
      },
    },
    engineTitle: '{{work}}: 이 브라우저와 Node 비교',
    inBrowser: '이 브라우저 (Web Worker의 wasm)',
    node: 'Node (서버의 엔진)',
    ratio: '비율 (목표 ≤ {{target}}×)',
    within: '목표 이내',
    above: '목표 초과',
    nodeSource: 'Node: {{source}}.',
    noNode: '아직 서버 수치가 없습니다.',
    runAll_one: '이번 실행의 서버 {{step}} 단계 {{count}}개에 대해 서버가 응답한 엔진 시간의 중앙값',
    runAll_other: '이번 실행의 서버 {{step}} 단계 {{count}}개에 대해 서버가 응답한 엔진 시간의 중앙값',
    runSome_one: '이번 실행의 서버 {{step}} 단계 {{count}}개 중 {{timed}}개에 대해 서버가 응답한 엔진 시간의 중앙값',
    runSome_other: '이번 실행의 서버 {{step}} 단계 {{count}}개 중 {{timed}}개에 대해 서버가 응답한 엔진 시간의 중앙값',
    stored: '저장된 {{label}} 연산 {{operations}}건의 평균 엔진 시간 (GET /api/crypto/performance)',
    perOperation: '연산당 시간 (각 쪽에서 측정)',
    browserWorker: '브라우저 워커 ({{step}} + 검증)',
    server: '서버 ({{step}} + 검증)',
    serverOverBrowser: '서버 ÷ 브라우저',
    averages:
      '성공한 연산의 평균입니다. 브라우저는 이 페이지가 측정한 워커와의 메시지 두 번, 서버는 두 단계에 걸린 서버 자체 시간(엔진 풀과 연산 기록 포함)이며 네트워크 시간은 빠져 있습니다. 네트워크 시간은 “서버 시간의 구성”에서 따로 보여 줍니다.',
  },
  charts: {
    browser: '이 브라우저',
    browserSubtitle: 'Web Worker, wasm 엔진: 단계별 ms',
    server: '서버',
    serverSubtitle: '서버 자체 시간 (POST /api/demo/benchmark): 단계별 ms',
    empty: '아직 연산이 없습니다.',
    axis: '연산',
    tooltip: '연산 {{index}}',
    caption: '{{title}}: 각 연산의 단계별 ms',
    operation: '연산',
    stepMs: '{{step}} (ms)',
  },
  results: {
    heading: '결과',
    stopped: '중간에 중지됨',
    lead: '총 시간은 각 연산 자체 시간의 합입니다. 브라우저는 이 페이지가 측정한 워커 시간, 서버는 서버가 직접 측정한 시간입니다. 일시 중지, HTTP, 호출 한도로 인한 대기 시간은 포함되지 않습니다.',
    browser: '브라우저 (Web Worker)',
    server: '서버 (데모 API)',
    totalOperations: '총 연산 수',
    totalTime: '총 시간',
    successRate: '성공률',
    buckets: {
      fast: '빠름 (<200ms)',
      normal: '보통 (200-500ms)',
      slow: '느림 (>500ms)',
      failed: '실패',
    },
  },
  split: {
    heading: '서버 시간의 구성',
    noSuccess: '성공한 서버 연산이 없어 나눌 서버 시간이 없습니다.',
    noEngine: '서버 응답에 엔진 시간이 없어 여기서 서버 시간을 나눌 수 없습니다.',
    caption: '서버의 단계별 중앙값(ms): 서버 시간, 그중 엔진 시간, 나머지',
    step: '단계',
    server: '서버',
    engine: '엔진',
    rest: '나머지',
    noEngineRow: '응답에 엔진 시간 없음',
    explain:
      '서버: 단계를 넘겨받은 때부터 기록이 커밋될 때까지 서버 자체 시간, 엔진: 그중 엔진 워커가 쓴 시간, 나머지: 그 차이(워커에 작업을 넘기고 돌려받는 시간, 키 봉인 해제, 기록 작성).',
    sameSize: '성공한 연산 {{succeeded}}개 중 응답에 해당 시간이 있는 {{timed}}개의 중앙값입니다.',
    differentSize: '성공한 연산 {{succeeded}}개 중 응답에 해당 시간이 있는 연산의 중앙값입니다: {{step}} {{signTimed}}개, 검증 {{verifyTimed}}개.',
    http_one:
      '서버 연산 {{operations}}개를 POST /api/demo/benchmark 호출 {{count}}번으로 실행했습니다. 이 페이지가 측정한 호출당 왕복 시간은 서버 자체 시간보다 중앙값 기준 <perCall>{{perCall}}</perCall> 더 걸렸습니다(네트워크, HTTP, JSON). 연산당 약 <perOperation>{{perOperation}}</perOperation>이며, 위의 시간에는 포함되지 않습니다.',
    http_other:
      '서버 연산 {{operations}}개를 POST /api/demo/benchmark 호출 {{count}}번으로 실행했습니다. 이 페이지가 측정한 호출당 왕복 시간은 서버 자체 시간보다 중앙값 기준 <perCall>{{perCall}}</perCall> 더 걸렸습니다(네트워크, HTTP, JSON). 연산당 약 <perOperation>{{perOperation}}</perOperation>이며, 위의 시간에는 포함되지 않습니다.',
  },
} satisfies Catalogue<typeof en>;
