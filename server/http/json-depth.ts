/**
 * A bound on how deeply a JSON request body nests. JSON.parse takes any depth, but code that later
 * walks the value recursively (zod, JSON.stringify, a call to PayPal with the event as received) can
 * overflow its stack; no request of this API nests more than a few levels (a PayPal webhook event,
 * the deepest, about 7), so anything past MAX_JSON_DEPTH is refused with a 400 before any route runs.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';

export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value (a scalar is 0, `[]` or `{}` is 1), counted without recursion up to `limit + 1`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, level]);
    }
  }
  return deepest;
}

/** Refuses a parsed body nested deeper than MAX_JSON_DEPTH (run after express.json). */
export const jsonDepthLimit: RequestHandler = (req, _res, next) => {
  if (req.body === null || typeof req.body !== 'object' || jsonDepth(req.body) <= MAX_JSON_DEPTH) return next();
  next(new AppError(400, 'json_too_deep', `The request body nests deeper than ${MAX_JSON_DEPTH} levels: no request of this API needs more; send a flatter JSON value.`));
};
