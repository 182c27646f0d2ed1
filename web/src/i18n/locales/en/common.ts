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
} as const;
