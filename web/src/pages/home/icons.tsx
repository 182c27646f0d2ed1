/** Small stroke icons drawn inline (no icon font or library, so the home page stays light). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

export const LatticeIcon = () => (
  <Icon>
    <circle cx="5" cy="5" r="1.6" /><circle cx="12" cy="5" r="1.6" /><circle cx="19" cy="5" r="1.6" />
    <circle cx="5" cy="12" r="1.6" /><circle cx="12" cy="12" r="1.6" /><circle cx="19" cy="12" r="1.6" />
    <circle cx="5" cy="19" r="1.6" /><circle cx="12" cy="19" r="1.6" /><circle cx="19" cy="19" r="1.6" />
    <path d="M5 5l14 14M12 5l7 7M5 12l7 7" />
  </Icon>
);

export const HybridIcon = () => (
  <Icon>
    <circle cx="9" cy="12" r="6" /><circle cx="15" cy="12" r="6" />
  </Icon>
);

export const KeyIcon = () => (
  <Icon>
    <circle cx="8" cy="15" r="4" /><path d="M11 12l8-8M16 7l3 3M14 9l2 2" />
  </Icon>
);

export const ProofIcon = () => (
  <Icon>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" /><path d="M9 12l2 2 4-4" />
  </Icon>
);

export const BankIcon = () => (
  <Icon>
    <path d="M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18" />
  </Icon>
);

export const CertificateIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="13" rx="2" /><path d="M7 9h10M7 12h6" /><path d="M15 17v4l2-1 2 1v-4" />
  </Icon>
);

export const SharesIcon = () => (
  <Icon>
    <circle cx="12" cy="5" r="2.5" /><circle cx="5" cy="18" r="2.5" /><circle cx="19" cy="18" r="2.5" /><path d="M10.5 7.2L6.5 15.8M13.5 7.2l4 8.6M7.5 18h9" />
  </Icon>
);

export const LockIcon = () => (
  <Icon>
    <rect x="5" y="11" width="14" height="10" rx="2" /><path d="M8 11V7a4 4 0 018 0v4" />
  </Icon>
);

export const ArrowIcon = () => (
  <svg viewBox="0 0 40 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M2 12h34M28 5l8 7-8 7" />
  </svg>
);
