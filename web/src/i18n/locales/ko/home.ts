import type { Catalogue } from '../../catalogue.ts';
import type en from '../en/home.ts';

export default {
  title: 'API로 제공하는 양자내성 암호',
} satisfies Catalogue<typeof en>;
