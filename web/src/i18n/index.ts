/**
 * The web app's languages (docs/decisions/041): i18next with react-i18next, English bundled as the
 * fallback, Korean loaded when chosen. The language is the one the visitor chose in the footer
 * (remembered in localStorage), else the first of the browser's languages we have, else English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en/index.ts';

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'pq.language';

const isLanguage = (value: string | null | undefined): value is Language => (LANGUAGES as readonly string[]).includes(value ?? '');

/** The stored choice if it is one we have, else the first browser language (its primary subtag) we have, else English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  // No advertisement in visitors' consoles or the test output.
  showSupportNotice: false,
  // A key no catalogue has is a bug: say so where browser tests look (their console-error checks).
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => console.error(`Missing text ${namespace}:${key} (${languages.join(', ')})`),
});

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, object> }>> = {
  ko: () => import('./locales/ko/index.ts'),
};

async function load(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const { default: catalogues } = await loaders[language]();
  for (const [namespace, texts] of Object.entries(catalogues)) i18n.addResourceBundle(language, namespace, texts);
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Switches the page to `language`, loading its texts first, and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  await load(language);
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** At start, before the first render: the language detectLanguage picks. */
export async function startLanguage(): Promise<void> {
  const language = detectLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null, globalThis.navigator?.languages ?? []);
  await load(language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');
