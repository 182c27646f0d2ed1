/**
 * Dilion without a privacy identifier (docs/crypto/dilion.md §3): FIPS 204 ML-DSA-65,
 * pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid). Any FIPS 204
 * verifier checks the signature from the response's fields alone.
 *
 * The server's side of shared/dilion.ts: a context that is too long becomes a 400, and views sent
 * back with a signature are checked against its encoding, decoded by the same wasm engine.
 */
import { loadEngine } from '../../../engine/src/index.ts';
import { badRequest } from '../../errors.ts';
import {
  dilionContextOf,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  signatureViews as signatureViewsWith,
  type SignatureViews,
} from '../../../shared/dilion.ts';

// The construction lives in shared/ so the web demo's in-browser signer uses the very same code.
export { DILION, dilionMessage, MAX_SID_BYTES } from '../../../shared/dilion.ts';
export type { SignatureViews } from '../../../shared/dilion.ts';

// Decoding views takes microseconds, so the main thread keeps its own engine instance for it.
const engine = await loadEngine();

/** The context string for a service id, or a 400 naming `sid` when it would exceed 255 bytes. */
export function dilionContext(sid: string): { text: string; bytes: Uint8Array } {
  const context = dilionContextOf(sid);
  if (context.bytes.length > MAX_CONTEXT_BYTES) {
    throw badRequest('context_too_long', `sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`, 'sid');
  }
  return context;
}

export const signatureViews = (signature: Uint8Array): SignatureViews => signatureViewsWith(signature, engine.mlDsa65);

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Views sent back with a signature must be the ones its encoding gives (docs/crypto/dilion.md §3.6). */
export function checkViews(signature: Uint8Array, sent: Partial<SignatureViews>): void {
  if (sent.c === undefined && sent.z === undefined) return;
  const views = signatureViews(signature);
  if (sent.c !== undefined && !sameNumbers(sent.c, views.c)) {
    throw badRequest('signature_view_mismatch', 'signature.c does not match signature.encoded: send the encoded signature alone, or its unmodified views.', 'signature.c');
  }
  if (sent.z !== undefined && !sameNumbers(sent.z, views.z)) {
    throw badRequest('signature_view_mismatch', 'signature.z does not match signature.encoded: send the encoded signature alone, or its unmodified views.', 'signature.z');
  }
}
