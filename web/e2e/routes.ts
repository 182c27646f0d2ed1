/**
 * Every page route of the app (web/src/App.tsx), and a path no route matches: the browser suites
 * that visit every page (pages.test.ts, a11y.test.ts) walk this one list, and routes.test.ts keeps
 * it equal to the app's routes.
 */
export const APP_ROUTES = [
  '/',
  '/demo',
  '/tech',
  '/api-docs',
  '/login',
  '/reset-password',
  '/history',
  '/test',
  '/dashboard',
  '/dashboard-old',
  '/dashboard-direct',
  '/dashboard-simple',
  '/dashboard-force',
  '/contact',
  '/privacy',
  '/terms',
  '/payment/return',
] as const;

/** A path no route matches: the 404 page. */
export const UNKNOWN_ROUTE = '/no/such/page';

/** Every route, then the 404 page. */
export const EVERY_PAGE = [...APP_ROUTES, UNKNOWN_ROUTE];
