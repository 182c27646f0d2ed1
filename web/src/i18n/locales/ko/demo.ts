import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/demo.ts';

export default {
  title: '대화형 데모',
} satisfies Catalogue<typeof en>;
