import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/dashboard.ts';
import overview from './dashboard/overview.ts';
import keys from './dashboard/keys.ts';
import billing from './dashboard/billing.ts';
import account from './dashboard/account.ts';
import inspector from './dashboard/inspector.ts';
import audit from './dashboard/audit.ts';

export default {
  title: '대시보드',
  shared: {
    loading: '불러오는 중',
    loadingEllipsis: '불러오는 중…',
    error: '오류',
    cancel: '취소',
    saving: '저장 중...',
    creating: '만드는 중...',
    sending: '보내는 중...',
    checking: '확인 중...',
    noAnswer: '응답 없음',
    active: '활성',
    inactive: '비활성',
    disabled: '비활성',
  },
  ...overview,
  ...keys,
  ...billing,
  ...account,
  ...inspector,
  ...audit,
} satisfies Catalogue<typeof en>;
