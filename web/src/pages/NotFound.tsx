/**
 * Catch-all route (docs/product.md §2.13): tells a visitor the page does not exist and where to go
 * instead. The hint about the router is for the developer running a development build only; a
 * visitor of the built site never sees it.
 */
import { Link, useLocation } from 'wouter';

const PLACES = [
  { href: '/tech', label: 'Technology', text: 'how the cryptography works' },
  { href: '/api-docs', label: 'API Docs', text: 'endpoints and code samples' },
  { href: '/demo', label: 'Demo', text: 'sign, verify and prove in your browser' },
] as const;

export default function NotFound() {
  const [location] = useLocation();
  return (
    <div className="container section">
      <div className="card not-found">
        <div className="eyebrow">Error 404</div>
        <h1>Page not found</h1>
        <p className="muted">
          There is no page at <code>{location}</code>. The link may be old or mistyped. You may find what you were looking for here:
        </p>
        <ul className="not-found-places">
          {PLACES.map((p) => (
            <li key={p.href}>
              <Link href={p.href}>{p.label}</Link>: {p.text}
            </li>
          ))}
        </ul>
        <Link href="/" className="btn btn-primary">
          Back to home
        </Link>
        {import.meta.env.DEV && (
          <p className="muted not-found-dev" data-testid="not-found-dev-hint">
            Development build: routes are declared in <code>web/src/App.tsx</code>; add the page there if it should exist.
          </p>
        )}
      </div>
    </div>
  );
}
