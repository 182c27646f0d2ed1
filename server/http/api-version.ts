/**
 * The API's versioned paths (docs/api-changelog.md, docs/decisions/052-versioned-api.md): every
 * route declared under /api/ without a version is served at its /api/v1 name too, which is the
 * canonical one; the unversioned path stays as a deprecated alias whose answers say so (RFC 9745's
 * Deprecation, and a Link to the successor). A route declared under /api/v1/ has no alias.
 */
import type { RequestHandler } from 'express';

const V1 = '/api/v1';

/**
 * Unversioned prefixes whose /api/v1 name differs: /api/keys manages API keys, and /api/v1/keys is
 * the managed (signing and KEM) keys' collection, so the API keys move to /api/v1/api-keys.
 */
const RENAMED: readonly (readonly [string, string])[] = [['/api/keys', `${V1}/api-keys`]];

/** When the unversioned paths were deprecated (2026-11-27T00:00:00Z), as RFC 9745's Date: @seconds. */
export const DEPRECATED_SINCE = '@1795737600';

/** The /api/v1 name of a path declared without a version; undefined for one under /api/v1 already, or outside /api. */
export function versionedPath(path: string): string | undefined {
  if (!path.startsWith('/api/') || path === V1 || path.startsWith(`${V1}/`)) return undefined;
  for (const [from, to] of RENAMED) {
    if (path === from || path.startsWith(`${from}/`)) return to + path.slice(from.length);
  }
  return V1 + path.slice('/api'.length);
}

/** A path segment as a URI may carry it inside a Link's <...>. */
const segment = (value: string) => encodeURIComponent(value);

/**
 * Marks an alias's answers, success or error, as deprecated, naming the same resource at its
 * /api/v1 path. The successor of a path with parameters is built from the request's values.
 */
export function deprecatedAlias(canonical: string): RequestHandler {
  const fixed = /:\w+/.test(canonical) ? undefined : `<${canonical}>; rel="successor-version"`;
  return (req, res, next) => {
    res.setHeader('Deprecation', DEPRECATED_SINCE);
    const link = fixed ?? `<${canonical.replace(/:(\w+)/g, (_, name: string) => segment(String(req.params?.[name] ?? '')))}>; rel="successor-version"`;
    res.setHeader('Link', link);
    next();
  };
}
