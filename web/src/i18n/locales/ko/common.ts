import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/common.ts';

export default {
  brand: 'PQ Platform',
  nav: {
    main: '주 메뉴',
    home: '홈',
    demo: '데모',
    tech: '기술',
    apiDocs: 'API 문서',
    contact: '문의',
    dashboard: '대시보드',
    login: '로그인',
    logout: '로그아웃',
    menu: '메뉴',
    mobile: '모바일 메뉴',
    openMenu: '메뉴 열기',
    closeMenu: '메뉴 닫기',
  },
  language: {
    label: '언어',
    en: 'English',
    ko: '한국어',
  },
  loading: '불러오는 중',
  skipToContent: '본문으로 바로 가기',
  footer: {
    label: '바닥글',
    tagline: '양자 내성 서명과 증명을 API로 제공합니다.',
    documentation: '문서',
    terms: '이용약관',
    privacy: '개인정보 처리방침',
    copyright: '© {{year}} PQ Platform. 모든 권리 보유.',
  },
  copy: {
    copy: '복사',
    copied: '복사됨',
    named: '{{what}} {{action}}',
  },
  password: {
    show: '표시',
    hide: '숨기기',
    showLabel: '비밀번호 표시',
    hideLabel: '비밀번호 숨기기',
  },
  notifications: '알림 ({hotkey})',
  close: '닫기',
  /** Under each chart: its figures as a table (docs/decisions/027-accessibility.md). */
  chartFigures: '수치를 표로 보기',
} satisfies Catalogue<typeof en>;
