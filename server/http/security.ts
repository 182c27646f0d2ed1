/**
 * Browser-facing protections: helmet with an enforced CSP that still lets the engine's wasm and its
 * Web Worker run ('wasm-unsafe-eval', worker-src 'self' blob:), and the Origin check that stops CSRF
 * on cookie-authenticated writes (docs/api.md §3.3, §11).
 */
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { forbidden } from '../errors.ts';

/**
 * HSTS and upgrade-insecure-requests only in production, and only on requests that came over HTTPS
 * (directly, or through a proxy trusted with TRUST_PROXY): on http://localhost they would break
 * the site, which `npm start` serves in production mode.
 *
 * helmet decides the headers; they depend on nothing in the request, so they are taken from one
 * run of its middleware and then set from that list. helmet's chain of a dozen middlewares per
 * request cost about 3 % of the main thread's time per API call (docs/decisions/010).
 */
export function securityHeaders(production: boolean): RequestHandler {
  const plain = headersOf(helmetFor(false));
  const secure = production ? headersOf(helmetFor(true)) : plain;
  return (req, res, next) => {
    for (const [name, value] of req.secure ? secure : plain) res.setHeader(name, value);
    next();
  };
}

/** The headers a request-independent middleware sets, recorded from one run against a stand-in response. */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({ method: 'GET', headers: {} } as never, res as never, () => (done = true));
  if (!done) throw new Error('the security header middleware did not finish synchronously');
  return [...headers];
}

function helmetFor(production: boolean): RequestHandler {
  return helmet({
    strictTransportSecurity: production,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    // The PayPal approval popup must be able to message its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a same-origin Origin (or Sec-Fetch-Site: same-origin) on non-GET requests that a
 * browser could send with our session cookie. Requests that carry no cookie and no Origin (curl,
 * server-to-server) have no ambient authority to abuse and pass.
 */
export function originCheck(extraOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(extraOrigins);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin !== undefined) {
      if (origin === own || allowed.has(origin)) return next();
      return next(forbidden('cross_origin_request', `Requests from origin ${origin} are not allowed: call the API from this site, or use an API key.`));
    }
    const site = req.get('sec-fetch-site');
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return next();
      return next(forbidden('cross_origin_request', 'Cross-site requests are not allowed: call the API from this site, or use an API key.'));
    }
    if (req.get('cookie') === undefined) return next();
    return next(forbidden('origin_required', 'Cookie-authenticated requests must send an Origin header matching this site.'));
  };
}

/**
 * Whether a GET came from a page of this site: `Sec-Fetch-Site: same-origin`, or, from a browser
 * too old to send it, a Referer of this origin (or a public one). A same-site page on another
 * subdomain, another site's link, or a request with neither header does not count. For the few GETs
 * that change state (GET /api/logout), which a link elsewhere must not trigger.
 */
export function fromThisSite(req: Request, extraOrigins: readonly string[]): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const referer = req.get('referer');
  if (referer === undefined) return false;
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return false;
  }
  return origin === `${req.protocol}://${req.get('host')}` || extraOrigins.includes(origin);
}
