/** Sticky navigation with active-route highlight and a slide-in mobile menu that closes on navigation. */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../hooks/useAuth.ts';

const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/demo', label: 'Demo' },
  { href: '/tech', label: 'Technology' },
  { href: '/api-docs', label: 'API Docs' },
  { href: '/contact', label: 'Contact' },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const { isAuthenticated } = useAuth();
  const item = (href: string, label: string) => (
    <Link key={href} href={href} className="nav-link" aria-current={location === href ? 'page' : undefined} onClick={onNavigate}>
      {label}
    </Link>
  );
  return (
    <>
      {LINKS.map((l) => item(l.href, l.label))}
      {isAuthenticated ? (
        <>
          {item('/dashboard', 'Dashboard')}
          {/* A full navigation: the server destroys the session and redirects to /. */}
          <a href="/api/logout" className="nav-link" onClick={onNavigate}>
            Logout
          </a>
        </>
      ) : (
        item('/login', 'Login')
      )}
    </>
  );
}

export function Nav() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location]);
  // Closed by hand (×, Escape, the backdrop), focus goes back to the button that opened the menu.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <header className="nav">
        <div className="container nav-inner">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden>
              PQ
            </span>
            PQ Platform
          </Link>
          <nav className="nav-links" aria-label="Main">
            <NavLinks />
          </nav>
          <button ref={toggle} type="button" className="btn btn-ghost nav-toggle" aria-label="Open menu" aria-expanded={open} onClick={() => setOpen(true)}>
            ☰
          </button>
        </div>
      </header>
      {open && <div className="mobile-backdrop" onClick={close} />}
      {/* Outside the header: its backdrop-filter would make it the containing block of these fixed layers.
          The layer clips, so the closed menu waits off-screen without widening the page. */}
      <div className="mobile-layer">
        <nav className="mobile-menu" data-open={open} aria-label="Mobile" aria-hidden={!open} inert={!open}>
          <div className="row">
            <span className="brand">
              <span className="brand-mark" aria-hidden>
                PQ
              </span>
              Menu
            </span>
            <span className="spacer" />
            <button type="button" className="btn btn-ghost" aria-label="Close menu" onClick={close}>
              ×
            </button>
          </div>
          <NavLinks onNavigate={() => setOpen(false)} />
        </nav>
      </div>
    </>
  );
}
