/**
 * Every string of a JSON request body must be well-formed Unicode. JSON allows `"\ud800"`, a lone
 * UTF-16 surrogate, but UTF-8 has no encoding for one: TextEncoder writes U+FFFD in its place, so
 * two different messages would be signed as the same bytes and one signature would verify for
 * both. Such a body is refused with a 400 naming the field, before any route runs.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';

/** A surrogate code point: in a `u` regex a pair reads as one astral code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The path (`message`, `items[2].text`) of the first string or key that is not well-formed, or undefined. */
export function malformedTextPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return path || '(the body)';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, `${path}[${i}]`]));
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return at;
      stack.push([child, at]);
    }
  }
  return undefined;
}

/** Refuses a parsed body holding a lone surrogate (run after express.json and the depth limit). */
export const wellFormedText: RequestHandler = (req, _res, next) => {
  const path = req.body !== null && typeof req.body === 'object' ? malformedTextPath(req.body) : undefined;
  if (path === undefined) return next();
  next(new AppError(400, 'malformed_unicode', `${path} holds a lone UTF-16 surrogate (such as \\ud800), which has no UTF-8 encoding: send well-formed Unicode text.`, path));
};
