/**
 * Footer (docs/product.md §2.1): its API Docs link goes to /api-docs, where the API docs page is;
 * Terms to /terms (docs/product.md §12) and Privacy to /privacy (docs/product.md §11). The year is
 * the visitor's current one, never a year written into the build.
 */
import { Link } from 'wouter';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container row">
        <div>
          <div className="brand">
            <span className="brand-mark" aria-hidden>
              PQ
            </span>
            PQ Platform
          </div>
          <p className="muted" style={{ marginTop: 8 }}>Post-quantum signatures and proofs as an API.</p>
        </div>
        <span className="spacer" />
        <nav className="footer-links" aria-label="Footer">
          <Link href="/demo">Demo</Link>
          <Link href="/tech">Technology</Link>
          <Link href="/api-docs">API Docs</Link>
          <Link href="/contact">Contact</Link>
          <a href="/api/docs">Documentation</a>
          <Link href="/terms">Terms</Link>
          <Link href="/privacy">Privacy</Link>
        </nav>
      </div>
      <div className="container" style={{ marginTop: 24 }}>© {new Date().getFullYear()} PQ Platform. All rights reserved.</div>
    </footer>
  );
}
