/**
 * 'Continue with Google': a full navigation to /api/auth/google when the server has Google
 * configured (GET /api/health says so), else disabled with a tooltip saying why (decision 009).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/Tooltip.tsx';

async function fetchGoogleEnabled(): Promise<boolean> {
  // /api/health answers 503 with the same body when some part is degraded; the field is still valid.
  const res = await fetch('/api/health', { credentials: 'include' });
  const body = (await res.json()) as { googleSignIn?: boolean };
  return body.googleSignIn === true;
}

const GoogleLogo = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 01-2.2 3.4v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.2z" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0012 23z" />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 010-4.2V7H2.1a11 11 0 000 10l3.7-2.9z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 002.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z" />
  </svg>
);

export function GoogleButton() {
  const { t } = useTranslation('account');
  const { data: enabled } = useQuery({ queryKey: ['/api/health', 'googleSignIn'], queryFn: fetchGoogleEnabled });
  if (enabled) {
    return (
      <a href="/api/auth/google" className="btn btn-secondary google-btn">
        <GoogleLogo />
        {t('google.button')}
      </a>
    );
  }
  const reason = enabled === false ? t('google.off') : t('google.checking');
  return (
    <Tooltip content={reason}>
      {/* A disabled button gets no pointer events, so the wrapper carries the tooltip and the focus. */}
      <span className="tooltip-anchor" tabIndex={0} aria-label={t('google.unavailable', { reason })}>
        <button type="button" className="btn btn-secondary google-btn" disabled>
          <GoogleLogo />
          {t('google.button')}
        </button>
      </span>
    </Tooltip>
  );
}
