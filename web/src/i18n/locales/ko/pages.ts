import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/pages.ts';

export default {
  title: '페이지',
} satisfies Catalogue<typeof en>;
