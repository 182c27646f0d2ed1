import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/apiDocs.ts';

export default {
  title: 'API 문서',
} satisfies Catalogue<typeof en>;
