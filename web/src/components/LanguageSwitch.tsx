/** The footer's language choice (docs/decisions/041): each language named in itself, the choice remembered. */
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n/index.ts';

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <label className="language-switch">
      <span>{t('language.label')}</span>
      <select value={currentLanguage()} onChange={(e) => void setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
