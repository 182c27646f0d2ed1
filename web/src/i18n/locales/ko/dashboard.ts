import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/dashboard.ts';

export default {
  title: '대시보드',
} satisfies Catalogue<typeof en>;
