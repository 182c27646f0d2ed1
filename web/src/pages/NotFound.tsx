/** Catch-all route: 404 with a hint for the developer who registered a route and forgot it. */
import { Link, useLocation } from 'wouter';

export default function NotFound() {
  const [location] = useLocation();
  return (
    <div className="container section">
      <div className="card" style={{ maxWidth: 560, margin: '0 auto' }}>
        <h1 style={{ fontSize: '1.9rem' }}>404 Page Not Found</h1>
        <p className="muted">
          Nothing lives at <code>{location}</code>. Did you forget to add the page to the router in <code>web/src/App.tsx</code>?
        </p>
        <Link href="/" className="btn btn-primary">
          Back to home
        </Link>
      </div>
    </div>
  );
}
