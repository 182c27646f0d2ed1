/**
 * What an offline check answers: `valid`, and when it is false a `reason` in words (never thrown:
 * a malformed answer is an invalid one). Byte strings are read as the API writes them, standard
 * padded base64 (docs/api.md §2.1), strictly: a relying party should not accept what the API
 * would never have sent.
 */
export interface Verdict {
  valid: boolean;
  /** Why the check failed; absent when valid. */
  reason?: string;
}

export const invalid = (reason: string): Verdict & { valid: false } => ({ valid: false, reason });

/** A malformed field: its name and what was wrong, as an exception local to a check. */
export class Malformed extends Error {}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of `text`, which must be standard padded base64 of `length` bytes when one is given. */
export function base64Bytes(text: unknown, field: string, length?: number): Uint8Array {
  if (typeof text !== 'string' || !BASE64.test(text)) throw new Malformed(`${field} is not standard padded base64`);
  const binary = atob(text);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (length !== undefined && bytes.length !== length) throw new Malformed(`${field} must be ${length} bytes (got ${bytes.length})`);
  return bytes;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * Runs a check, turning a malformed field or an engine's refusal of an argument (a length, an
 * option) into an invalid verdict with its message, so the caller never sees an engine error.
 */
export async function checked<V extends Verdict>(check: () => Promise<V>): Promise<V | (Verdict & { valid: false })> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof Malformed) return invalid(error.message);
    if ((error as Error)?.name === 'EngineError') return invalid(`the engine refused an argument: ${(error as Error).message}`);
    throw error;
  }
}
