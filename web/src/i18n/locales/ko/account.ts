import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/account.ts';

export default {
  title: '계정',
} satisfies Catalogue<typeof en>;
