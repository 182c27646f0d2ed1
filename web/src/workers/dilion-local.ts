/**
 * The server's no-uid Dilion (shared/dilion.ts), run on this device: FIPS 204 ML-DSA-65 over
 * M = 0x00 ‖ UTF-8(message) with context "dilion/v1|" + sid, answering in the server's response shapes
 * so the demo shows and sends either side's results the same way.
 *
 * The key pair is per tab: a random 32-byte seed drawn here, never sent anywhere. Like the server's
 * engine worker, each signature re-derives the key from the seed (so no expanded secret key outlives
 * its call) and `engineMs` times keygen + sign, the same work the server reports as generationTime.
 */
import type { Engine } from '../../../engine/src/index.ts';
import { DILION, dilionContextOf, dilionMessage, MAX_CONTEXT_BYTES, MAX_SID_BYTES, signatureViews } from '../../../shared/dilion.ts';
import { fromBase64, toBase64, toHex } from './bytes.ts';

export interface LocalDilionSignResult {
  algorithm: 'dilion';
  parameterSet: 'ML-DSA-65';
  signature: { encoded: string; c: number[]; z: number[] };
  publicKey: string;
  keyId: string;
  context: string;
  pidCipher: 'N/A';
  timestamp: string;
  /** Engine time of keygen-from-seed + sign, in ms. */
  engineMs: number;
}

export interface LocalDilionVerifyResult {
  valid: boolean;
  algorithm: 'dilion';
  parameterSet: 'ML-DSA-65';
  context: string;
  pidCipher: 'N/A';
  timestamp: string;
  /** Engine time of verify, in ms. */
  engineMs: number;
}

/** The same checks and sentences as the server's Dilion routes, so both sides refuse alike. */
function context(sid: string | undefined) {
  const ctx = dilionContextOf(sid || DILION.defaultSid);
  if (ctx.bytes.length > MAX_CONTEXT_BYTES) {
    throw new Error(`sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`);
  }
  return ctx;
}

function requireMessage(message: string): void {
  if (typeof message !== 'string' || message.length === 0) throw new Error('Message is required');
}

function decodeExact(base64: string, length: number, param: string, what: string): Uint8Array {
  const bytes = fromBase64(base64, param);
  if (bytes.length !== length) throw new Error(`${param} must be ${what} of ${length} bytes (got ${bytes.length}).`);
  return bytes;
}

export function createLocalDilion(engine: Engine, seed = crypto.getRandomValues(new Uint8Array(32))) {
  const mlDsa = engine.mlDsa65;
  const shake256 = (data: Uint8Array, outLen: number) => engine.shake256(data, outLen);
  const publicKeyBytes = mlDsa.keygen(seed).publicKey;
  const publicKey = toBase64(publicKeyBytes);
  // A recognisable id that says where the key lives, derived from the public key only.
  const keyId = `browser_${toHex(engine.sha3_256(publicKeyBytes)).slice(0, 16)}`;

  return {
    publicKey,
    keyId,

    sign(message: string, sid?: string): LocalDilionSignResult {
      requireMessage(message);
      const ctx = context(sid);
      const m = dilionMessage(message);
      const start = performance.now();
      const { secretKey } = mlDsa.keygen(seed);
      const signature = mlDsa.sign(m, secretKey, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      secretKey.fill(0);
      return {
        algorithm: DILION.algorithm,
        parameterSet: DILION.parameterSet,
        signature: { encoded: toBase64(signature), ...signatureViews(signature, shake256) },
        publicKey,
        keyId,
        context: ctx.text,
        pidCipher: DILION.noPidCipher,
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },

    /** Verifies any Dilion signature (made here or by the server) against the given public key. */
    verify(message: string, signature: string | { encoded: string }, publicKeyBase64: string, sid?: string): LocalDilionVerifyResult {
      requireMessage(message);
      const ctx = context(sid);
      const encoded = typeof signature === 'string' ? signature : signature.encoded;
      const sig = decodeExact(encoded, DILION.signatureLength, 'signature', 'an ML-DSA-65 signature');
      const pk = decodeExact(publicKeyBase64, DILION.publicKeyLength, 'publicKey', 'an ML-DSA-65 public key');
      const m = dilionMessage(message);
      const start = performance.now();
      const valid = mlDsa.verify(pk, m, sig, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      return {
        valid,
        algorithm: DILION.algorithm,
        parameterSet: DILION.parameterSet,
        context: ctx.text,
        pidCipher: DILION.noPidCipher,
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },
  };
}

export type LocalDilion = ReturnType<typeof createLocalDilion>;
