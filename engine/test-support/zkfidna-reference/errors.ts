/**
 * Typed errors of the reference, so tests can tell a refused request (what the API maps to a 4xx)
 * from a bug.
 */
export type ZkRefErrorCode =
  | 'invalid_input'        // wrong type, length or shape of an argument
  | 'value_out_of_range'   // a value that is not a u64, or X < 1
  | 'statement_false'      // nothing true to prove (X outside [min, max], Y < X for custom): 422
  | 'retry_randomness'     // the rng met an identity point or a zero challenge (probability ~2^-256)
  | 'decode';              // a proof that cannot be parsed

export class ZkRefError extends Error {
  constructor(
    readonly code: ZkRefErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ZkRefError';
  }
}
