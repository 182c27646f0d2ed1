/**
 * QES2's request checks and demo views on the server (docs/crypto/qes2.md §8). The views are
 * derived in shared/qes2.ts, the code the browser's worker runs too; here they are bound to
 * node:crypto's SHA-512 and the main thread's engine (createApp passes it in), and their refusals
 * become 400s.
 */
import { createHash } from 'node:crypto';
import {
  qes2ContextOf,
  qes2ContextTooLong,
  qes2ViewProblem,
  qes2Views,
  QES2_MAX_CONTEXT_BYTES,
  type Qes2Hashes,
  type Qes2Mode,
  type Qes2Views,
  type SentQes2Views,
} from '../../../shared/qes2.ts';
import type { SignatureDecoder } from '../../../shared/dilion.ts';
import { badRequest } from '../../errors.ts';

/** The application context's bytes (it goes into M'), or a 400 naming `context` over 255 bytes. */
export function qes2Context(context: string | undefined): { text: string; bytes: Uint8Array } {
  const ctx = qes2ContextOf(context);
  if (ctx.bytes.length > QES2_MAX_CONTEXT_BYTES) throw badRequest('context_too_long', qes2ContextTooLong(ctx.bytes), 'context');
  return ctx;
}

export interface Qes2ViewsOnServer {
  /** The demo views of a 3,373-byte signature over `message`. */
  views(mode: Qes2Mode, signature: Uint8Array, message: string): Qes2Views;
  /** A signature object sent back to verify must be of this route's mode and carry its bytes' views. */
  check(mode: Qes2Mode, signature: Uint8Array, sent: SentQes2Views): void;
}

export function createQes2Views(mlDsa65: SignatureDecoder): Qes2ViewsOnServer {
  const hashes: Qes2Hashes = { mlDsa65, sha512: (data) => createHash('sha512').update(data).digest() };
  return {
    views: (mode, signature, message) => qes2Views(mode, signature, message, hashes),
    check(mode, signature, sent) {
      const problem = qes2ViewProblem(mode, signature, sent, mlDsa65);
      if (problem) throw badRequest(problem.code, problem.message, problem.field);
    },
  };
}
