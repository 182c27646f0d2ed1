/** Texts shared by every page: the navigation, the footer, the language switch, loading and errors. */
export default {
  brand: 'PQ Platform',
  nav: {
    main: 'Main',
    home: 'Home',
    demo: 'Demo',
    tech: 'Technology',
    apiDocs: 'API Docs',
    contact: 'Contact',
    dashboard: 'Dashboard',
    login: 'Login',
    logout: 'Logout',
    menu: 'Menu',
    mobile: 'Mobile',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  language: {
    label: 'Language',
    en: 'English',
    ko: '한국어',
  },
  loading: 'Loading',
  skipToContent: 'Skip to main content',
  footer: {
    label: 'Footer',
    tagline: 'Post-quantum signatures and proofs as an API.',
    documentation: 'Documentation',
    terms: 'Terms',
    privacy: 'Privacy',
    copyright: '© {{year}} PQ Platform. All rights reserved.',
  },
  /** The Copy button: `{{action}}` is Copy or Copied, `{{what}}` what it copies ("Copy API key"). */
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    named: '{{action}} {{what}}',
  },
  password: {
    show: 'Show',
    hide: 'Hide',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
  },
  /** The toasts' region for screen readers; Radix puts the key (F8) in place of {hotkey}. */
  notifications: 'Notifications ({hotkey})',
  close: 'Close',
  /** Under each chart: its figures as a table (docs/decisions/027-accessibility.md). */
  chartFigures: 'Show the figures as a table',
} as const;
