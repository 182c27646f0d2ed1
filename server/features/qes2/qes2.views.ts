/**
 * QES2_ECDSA and QES2_Schnorr on the server (docs/crypto/qes2.md). The names, sizes and demo views
 * live in shared/qes2.ts, shared with the web demo's in-browser signer so both sides derive the same
 * views; this module binds them to node:crypto's hashes and turns their refusals into 400s.
 */
import { createHash } from 'node:crypto';
import {
  QES2 as SHARED_QES2,
  qes2ContextOf,
  qes2ContextTooLong,
  qes2ViewProblem,
  qes2Views as sharedViews,
  QES2_MAX_CONTEXT_BYTES,
  type Qes2Hashes,
  type Qes2Views,
  type SentQes2Views,
} from '../../../shared/qes2.ts';
import { loadEngine } from '../../../engine/src/index.ts';
import { badRequest } from '../../errors.ts';
import type { Qes2Mode } from '../../engine/protocol.ts';
import type { Qes2Algorithm } from '../signing-keys/signing-keys.service.ts';

export type { Qes2Mode } from '../../engine/protocol.ts';
export { QES2_MAX_CONTEXT_BYTES, QES2_MODES, QES2_SIGNATURE_LENGTH, qes2Steps } from '../../../shared/qes2.ts';
export type { Qes2Views, SentQes2Views } from '../../../shared/qes2.ts';

/** The shared table, with keyAlgorithm typed as the signing-key service's algorithm names. */
export const QES2 = SHARED_QES2 as {
  [M in Qes2Mode]: Omit<(typeof SHARED_QES2)[M], 'keyAlgorithm'> & { keyAlgorithm: Qes2Algorithm };
};

// The engine decodes the ML-DSA half's c and z (microseconds, so on the main thread).
const engine = await loadEngine();
const hashes: Qes2Hashes = {
  mlDsa65: engine.mlDsa65,
  sha512: (data) => createHash('sha512').update(data).digest(),
};

/** The application context's bytes (it goes into M'), or a 400 naming `context` over 255 bytes. */
export function qes2Context(context: string | undefined): { text: string; bytes: Uint8Array } {
  const ctx = qes2ContextOf(context);
  if (ctx.bytes.length > QES2_MAX_CONTEXT_BYTES) throw badRequest('context_too_long', qes2ContextTooLong(ctx.bytes), 'context');
  return ctx;
}

/** The demo views of a 3,373-byte signature over `message`. */
export const qes2Views = (mode: Qes2Mode, signature: Uint8Array, message: string): Qes2Views => sharedViews(mode, signature, message, hashes);

/** A signature object sent back to verify must be of this route's mode and carry its bytes' views. */
export function checkQes2Views(mode: Qes2Mode, signature: Uint8Array, sent: SentQes2Views): void {
  const problem = qes2ViewProblem(mode, signature, sent, hashes.mlDsa65);
  if (problem) throw badRequest(problem.code, problem.message, problem.field);
}
