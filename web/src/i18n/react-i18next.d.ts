/** Typed keys (docs/decisions/041): `t('nav.home')` fails type-checking when the English catalogue has no such key. */
import 'i18next';
import type en from './locales/en/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
