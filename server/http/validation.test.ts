import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { validate } from './validation.ts';

const Schema = z.strictObject({
  name: z.string({ message: 'Name is required' }),
  count: z.number(),
  nested: z.strictObject({ flag: z.boolean() }).optional(),
});

function failure(value: unknown): AppError {
  try {
    validate(Schema, value, 'body');
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation error');
}

describe('validate', () => {
  it('says a missing field is required, naming it', () => {
    expect(failure({ name: 'x' })).toMatchObject({ status: 400, code: 'validation_error', param: 'count', message: "'count' is required." });
  });

  it('keeps the contract’s own wording', () => {
    expect(failure({ count: 1 }).message).toBe("'name': Name is required");
  });

  it('names the field of a wrong type with what was expected', () => {
    expect(failure({ name: 'x', count: 'one' })).toMatchObject({ param: 'count', message: "'count': Invalid input: expected number, received string" });
  });

  it('names an unknown field, also inside nested objects', () => {
    expect(failure({ name: 'x', count: 1, contxt: 'a' })).toMatchObject({ param: 'contxt', message: "Unknown field 'contxt': remove it or check the spelling." });
    expect(failure({ name: 'x', count: 1, nested: { flag: true, extra: 1 } })).toMatchObject({ param: 'nested.extra' });
  });

  it('lists every issue in details', () => {
    expect(failure({}).details).toHaveLength(2);
  });

  it('prefixes path parameters with their part', () => {
    try {
      validate(z.strictObject({ id: z.coerce.number().int() }), { id: 'abc' }, 'params');
    } catch (error) {
      expect((error as AppError).param).toBe('params.id');
    }
  });
});
