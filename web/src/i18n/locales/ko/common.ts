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
} satisfies Catalogue<typeof en>;
