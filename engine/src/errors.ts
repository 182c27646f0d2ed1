/** Machine-readable reasons an engine call was refused. */
export type EngineErrorCode =
  | 'invalid_argument'
  | 'invalid_option'
  | 'invalid_length'
  | 'invalid_seed_length'
  | 'invalid_random_length'
  | 'invalid_key'
  | 'invalid_signature_length'
  | 'invalid_signature'
  | 'invalid_mu_length'
  | 'invalid_ciphertext_length'
  | 'invalid_nonce_length'
  | 'context_too_long'
  | 'unsupported_hash'
  | 'invalid_value'
  | 'value_out_of_range'
  | 'invalid_bounds'
  | 'invalid_circuit'
  | 'invalid_proof'
  | 'engine_failure'
  | 'wasm_simd_unsupported';

/** Thrown for every input the engine refuses; `param` names the offending argument. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Checks that `value` is a Uint8Array, optionally of an exact length. */
export function bytes(value: unknown, param: string, length?: number, code: EngineErrorCode = 'invalid_length'): Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new EngineError('invalid_argument', `${param} must be a Uint8Array, got ${describe(value)}`, param);
  }
  if (length !== undefined && value.length !== length) {
    throw new EngineError(code, `${param} must be ${length} bytes, got ${value.length}`, param);
  }
  return value;
}

/** Rejects option keys the function does not know (a misspelt `contxt` must not be ignored). */
export function options<T extends object>(value: unknown, allowed: readonly string[], param = 'options'): Partial<T> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EngineError('invalid_option', `${param} must be an object, got ${describe(value)}`, param);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const list = allowed.length ? allowed.join(', ') : 'none';
      throw new EngineError('invalid_option', `unknown option ${param}.${key}; allowed: ${list}`, `${param}.${key}`);
    }
  }
  return value as Partial<T>;
}

/** Checks a non-negative integer (output lengths and the like). */
export function length(value: unknown, param: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new EngineError('invalid_argument', `${param} must be an integer from 0 to ${max}, got ${describe(value)}`, param);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  return typeof value;
}
