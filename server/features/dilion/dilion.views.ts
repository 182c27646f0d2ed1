/**
 * Dilion's request checks and demo views on the server (docs/crypto/dilion.md §3.6, §4.1): a sid
 * that would make the context too long, a pidCipher of the wrong size, and views sent back with a
 * signature are the caller's mistakes (400s). The views are decoded by the main thread's engine
 * (microseconds), which createApp passes in.
 */
import {
  dilionContextOf,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  pidCipherFromJson,
  signatureViews,
  type PidCipherJson,
  type PidCipherParts,
  type SignatureDecoder,
  type SignatureViews,
} from '../../../shared/dilion.ts';
import { badRequest } from '../../errors.ts';

/** The context string for a service id, or a 400 naming `sid` when it would exceed 255 bytes. */
export function dilionContext(sid: string): { text: string; bytes: Uint8Array } {
  const context = dilionContextOf(sid);
  if (context.bytes.length > MAX_CONTEXT_BYTES) {
    throw badRequest('context_too_long', `sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`, 'sid');
  }
  return context;
}

/** A pidCipher's bytes, or a 400 naming the field that is the wrong size. */
export function parsePidCipher(json: PidCipherJson, param: string): PidCipherParts {
  const parsed = pidCipherFromJson(json, param);
  if ('problem' in parsed) throw badRequest(parsed.problem.code, parsed.problem.message, parsed.problem.param);
  return parsed.value;
}

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export interface DilionViews {
  views(signature: Uint8Array): SignatureViews;
  /** Views sent back with a signature must be the ones its encoding gives. */
  check(signature: Uint8Array, sent: Partial<SignatureViews>): void;
}

export function createDilionViews(mlDsa65: SignatureDecoder): DilionViews {
  const views = (signature: Uint8Array) => signatureViews(signature, mlDsa65);
  return {
    views,
    check(signature, sent) {
      if (sent.c === undefined && sent.z === undefined) return;
      const mine = views(signature);
      for (const name of ['c', 'z'] as const) {
        const given = sent[name];
        if (given !== undefined && !sameNumbers(given, mine[name])) {
          throw badRequest('signature_view_mismatch', `signature.${name} does not match signature.encoded: send the encoded signature alone, or its unmodified views.`, `signature.${name}`);
        }
      }
    },
  };
}
