/**
 * Footer (docs/product.md §2.1): its API Docs link goes to /api-docs, where the API docs page is;
 * Terms to /terms (docs/product.md §12) and Privacy to /privacy (docs/product.md §11). The year is
 * the visitor's current one, never a year written into the build. The language switch is here, on
 * every page (docs/decisions/041).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container row">
        <div>
          <div className="brand">
            <span className="brand-mark" aria-hidden>
              PQ
            </span>
            {t('brand')}
          </div>
          <p className="muted" style={{ marginTop: 8 }}>{t('footer.tagline')}</p>
        </div>
        <span className="spacer" />
        <nav className="footer-links" aria-label={t('footer.label')}>
          <Link href="/demo">{t('nav.demo')}</Link>
          <Link href="/tech">{t('nav.tech')}</Link>
          <Link href="/api-docs">{t('nav.apiDocs')}</Link>
          <Link href="/contact">{t('nav.contact')}</Link>
          <a href="/api/docs">{t('footer.documentation')}</a>
          <Link href="/terms">{t('footer.terms')}</Link>
          <Link href="/privacy">{t('footer.privacy')}</Link>
        </nav>
      </div>
      <div className="container row" style={{ marginTop: 24 }}>
        {/* The year as digits only: no digit grouping, in either language. */}
        <span>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</span>
        <span className="spacer" />
        <LanguageSwitch />
      </div>
    </footer>
  );
}
