import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/demo.ts';
import tabs from './demo/tabs.ts';
import benchmark from './demo/benchmark.ts';

export default {
  title: '대화형 데모',
  page: {
    heading: '양자 내성 암호를 지금 바로 체험하세요',
    lead: 'Dilion과 QES2로 서명하고 검증하며, zk-FIDNA로 증명을 생성해 보세요. 플랫폼 서버에서도, 지금 이 브라우저에서도 실행하고 양쪽의 성능을 측정할 수 있습니다. 계정은 필요 없습니다.',
    tabs: '데모',
    operations: '암호 연산',
    benchmark: '성능 벤치마크',
    loading: '불러오는 중',
    algorithms: '알고리즘',
  },
  where: {
    server: '서버에서',
    browser: '이 브라우저에서',
  },
  mode: {
    label: '연산 실행 위치',
    runOn: '실행 위치',
    proveOn: 'zk-FIDNA 증명 위치',
    server: '서버',
    browser: '이 브라우저',
    help: {
      signatures: {
        server: '각 연산은 플랫폼의 데모 API를 호출하며, 이 세션의 데모 키로 서명되고 내 기록에 남습니다.',
        browser:
          '같은 WebAssembly 엔진이 이 탭의 Web Worker에서 실행됩니다. 키 쌍은 이 브라우저에서 만들어지며 어떤 비밀 정보도 기기 밖으로 나가지 않습니다. 서버로 다시 전환해 검증하지 않는 한 연산은 서버로 전송되지 않습니다.',
      },
      zk: {
        server:
          '데모 API가 X와 Y를 받아 증명을 생성하고, 이 세션의 ML-DSA-65 키로 증명에 보증 서명을 합니다. 오프닝 값은 사용자에게만 돌려주고 기록에는 증명과 공개 입력만 남깁니다. 영지식은 검증자에게 금액을 숨길 뿐, 증명을 생성하는 쪽에는 숨기지 않습니다.',
        browser:
          '서버를 선택하지 않으면 zk-FIDNA는 이 브라우저에서 증명합니다. Web Worker의 WebAssembly 엔진이 이곳에서 X와 Y에 커밋하고, 이 탭에서 만든 ML-DSA-65 키로 증명에 보증 서명을 합니다. X와 Y는 기기 밖으로 나가지 않으며, 증명과 공개 입력도 서버에서 검증할 때만 전송됩니다.',
      },
    },
    keyName: {
      signatures: 'Dilion 키',
      zk: '보증 서명 키',
    },
    ready: '엔진 준비 완료 · {{keyName}} {{keyId}}',
    failed: '엔진을 불러오지 못했습니다: {{message}}',
    loading: '엔진을 불러오는 중…',
    noSimd: '이 브라우저는 WebAssembly SIMD를 지원하지 않아 엔진을 실행할 수 없습니다. 연산은 서버에서 실행됩니다. 브라우저 쪽 실행은 최신 브라우저(Chrome 또는 Edge 91 이상, Firefox 89 이상, Safari 16.4 이상)를 사용하세요.',
    zkOwn: '이 선택은 zk-FIDNA에만 적용됩니다. 서명 탭은 각자의 선택을 유지합니다.',
  },
  output: {
    empty: '아직 결과가 없습니다.',
    result: '검증 결과',
    notVerified: '아직 검증하지 않았습니다.',
  },
  format: {
    none: '없음',
    more: '[{{head}}, … 외 {{rest}}개]',
    bytes: '{{value}} ({{bytes}}바이트)',
  },
  networkError: '네트워크 오류',
  ...tabs,
  benchmark,
} satisfies Catalogue<typeof en>;
