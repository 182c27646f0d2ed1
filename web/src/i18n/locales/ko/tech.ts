import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/tech.ts';

export default {
  title: '기술',
} satisfies Catalogue<typeof en>;
