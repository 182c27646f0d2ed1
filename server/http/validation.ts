/** Turns zod issues into the API's 400 `validation_error`, naming the first failing field. */
import type { z } from 'zod';
import { AppError } from '../errors.ts';

function describe(issue: z.core.$ZodIssue, param: string): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `'${k}'`).join(', ');
    return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}${param ? ` in '${param}'` : ''}: remove ${issue.keys.length > 1 ? 'them' : 'it'} or check the spelling.`;
  }
  // zod's default text for a missing field is about types; say plainly that it is required,
  // unless the contract gave its own words (the product's 'Name is required', ..., docs/product.md §5).
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `'${param}' is required.`;
  }
  const where = param ? `'${param}': ` : '';
  return `${where}${issue.message}`;
}

/** Parses `value` with `schema`, or throws a 400 whose `param` prefix says which part of the request failed. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'params' | 'query'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = [...issue.path];
  if (issue.code === 'unrecognized_keys') path.push(issue.keys[0]!);
  const param = path.map(String).join('.');
  const message = describe(issue, issue.code === 'unrecognized_keys' ? issue.path.map(String).join('.') : param);
  const details = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code, message: i.message }));
  const fullParam = part === 'body' ? param || undefined : param ? `${part}.${param}` : part;
  throw new AppError(400, 'validation_error', message, fullParam, details);
}
