/**
 * Catch-all route (docs/product.md §2.13): tells a visitor the page does not exist and where to go
 * instead. The hint about the router is for the developer running a development build only; a
 * visitor of the built site never sees it. Texts in the `pages` catalogue (docs/decisions/041).
 */
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

const PLACES = [
  { href: '/tech', text: 'places.tech' },
  { href: '/api-docs', text: 'places.apiDocs' },
  { href: '/demo', text: 'places.demo' },
] as const;

export default function NotFound() {
  const { t } = useTranslation('pages', { keyPrefix: 'notFound' });
  const [location] = useLocation();
  return (
    <div className="container section">
      <div className="card not-found">
        <div className="eyebrow">{t('eyebrow')}</div>
        <h1>{t('heading')}</h1>
        <p className="muted">
          <Trans t={t} i18nKey="text" components={{ path: <code>{location}</code> }} />
        </p>
        <ul className="not-found-places">
          {PLACES.map((p) => (
            <li key={p.href}>
              <Trans t={t} i18nKey={p.text} components={{ a: <Link href={p.href} /> }} />
            </li>
          ))}
        </ul>
        <Link href="/" className="btn btn-primary">
          {t('home')}
        </Link>
        {import.meta.env.DEV && (
          <p className="muted not-found-dev" data-testid="not-found-dev-hint">
            <Trans t={t} i18nKey="devHint" components={{ code: <code /> }} />
          </p>
        )}
      </div>
    </div>
  );
}
