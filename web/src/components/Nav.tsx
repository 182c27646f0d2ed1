/** Sticky navigation with active-route highlight and a slide-in mobile menu that closes on navigation. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../hooks/useAuth.ts';
import { apiRequest } from '../lib/api.ts';

const LINKS = [
  { href: '/', label: 'nav.home' },
  { href: '/demo', label: 'nav.demo' },
  { href: '/tech', label: 'nav.tech' },
  { href: '/api-docs', label: 'nav.apiDocs' },
  { href: '/contact', label: 'nav.contact' },
] as const;

/** POST /api/logout (a GET from a link elsewhere cannot sign anyone out), then a fresh load of / with nothing cached. */
async function signOut(onNavigate?: () => void) {
  onNavigate?.();
  try {
    await apiRequest('POST', '/api/logout');
  } finally {
    window.location.assign('/');
  }
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { isAuthenticated } = useAuth();
  const item = (href: string, label: string) => (
    <Link key={href} href={href} className="nav-link" aria-current={location === href ? 'page' : undefined} onClick={onNavigate}>
      {label}
    </Link>
  );
  return (
    <>
      {LINKS.map((l) => item(l.href, t(l.label)))}
      {isAuthenticated ? (
        <>
          {item('/dashboard', t('nav.dashboard'))}
          <button type="button" className="nav-link" onClick={() => void signOut(onNavigate)}>
            {t('nav.logout')}
          </button>
        </>
      ) : (
        item('/login', t('nav.login'))
      )}
    </>
  );
}

export function Nav() {
  const { t } = useTranslation();
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
            {t('brand')}
          </Link>
          <nav className="nav-links" aria-label={t('nav.main')}>
            <NavLinks />
          </nav>
          <button ref={toggle} type="button" className="btn btn-ghost nav-toggle" aria-label={t('nav.openMenu')} aria-expanded={open} onClick={() => setOpen(true)}>
            ☰
          </button>
        </div>
      </header>
      {open && <div className="mobile-backdrop" onClick={close} />}
      {/* Outside the header: its backdrop-filter would make it the containing block of these fixed layers.
          The layer clips, so the closed menu waits off-screen without widening the page. */}
      <div className="mobile-layer">
        <nav className="mobile-menu" data-open={open} aria-label={t('nav.mobile')} aria-hidden={!open} inert={!open}>
          <div className="row">
            <span className="brand">
              <span className="brand-mark" aria-hidden>
                PQ
              </span>
              {t('nav.menu')}
            </span>
            <span className="spacer" />
            <button type="button" className="btn btn-ghost" aria-label={t('nav.closeMenu')} onClick={close}>
              ×
            </button>
          </div>
          <NavLinks onNavigate={() => setOpen(false)} />
        </nav>
      </div>
    </>
  );
}
