/**
 * A request to a declared path with a method none of its routes serve: 405 method_not_allowed with
 * an Allow header naming the methods that are served there (HEAD with GET, and OPTIONS), instead of
 * the 404 of an unknown path. OPTIONS is answered 204 with the same Allow: the API has no CORS
 * handling (browsers call it from its own origin), so nothing else answers it.
 */
import express, { type RequestHandler, type Router } from 'express';
import { AppError } from '../errors.ts';

/** One pattern per shape: /api/keys/:id and /api/keys/:keyId are the same path. */
export const pathShape = (path: string) => path.replace(/:\w+/g, ':p');

/** The Allow header's value for these route methods (lower-case, as routes declare them). */
export function allowOf(methods: Iterable<string>): string {
  const allowed = new Set(['OPTIONS']);
  for (const method of methods) {
    allowed.add(method.toUpperCase());
    if (method === 'get') allowed.add('HEAD');
  }
  return [...allowed].sort().join(', ');
}

/**
 * A router to mount at `mount` after every route: each declared path shape it matches adds its
 * methods, and the last handler answers 405 (or OPTIONS' 204) if any did; an unknown path passes on.
 */
export function methodNotAllowed(mount: string, methodsByShape: ReadonlyMap<string, ReadonlySet<string>>): Router {
  const router = express.Router();
  const allowed = new WeakMap<object, Set<string>>();
  for (const [shape, methods] of methodsByShape) {
    const collect: RequestHandler = (req, _res, next) => {
      const set = allowed.get(req) ?? new Set<string>();
      for (const method of methods) set.add(method);
      allowed.set(req, set);
      next();
    };
    router.all(shape.slice(mount.length), collect);
  }
  router.use((req, res, next) => {
    const methods = allowed.get(req);
    if (!methods) return next();
    const allow = allowOf(methods);
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allow);
      res.status(204).end();
      return;
    }
    next(new AppError(405, 'method_not_allowed', `${req.method} is not served at ${req.baseUrl}${req.path}: use ${allow}.`, undefined, undefined, { Allow: allow }));
  });
  return router;
}
