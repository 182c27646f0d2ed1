/**
 * QES2_ECDSA and QES2_Schnorr (docs/crypto/qes2.md), run on this device with the engine's own
 * composite and shared/qes2.ts's views, answering in the server's demo response shapes so the demo
 * shows and sends either side's results the same way, and a signature made here verifies there.
 *
 * One key pair per mode for the tab: a random 64-byte seed (ML-DSA-65 seed ‖ secp256k1 scalar) drawn
 * here and never sent anywhere. Like the server's engine worker, each signature re-derives the key
 * from the seed, and `engineMs` times that sign, the same work the server reports as generationTime.
 */
import type { z } from 'zod';
import type { Engine, Qes2 } from '../../../engine/src/index.ts';
import type { Qes2SignResponse, Qes2VerifyResponse } from '../../../server/contract/qes2.ts';
import {
  QES2_BY_MODE,
  QES2_MODES,
  qes2ContextOf,
  qes2ContextTooLong,
  qes2ViewProblem,
  qes2Views,
  QES2_MAX_CONTEXT_BYTES,
  QES2_SEED_LENGTH,
  QES2_SIGNATURE_LENGTH,
  type Qes2Hashes,
  type Qes2Mode,
  type SentQes2Views,
} from '../../../shared/qes2.ts';
import { fromBase64, toBase64, toHex } from '../../../shared/bytes.ts';

export type { Qes2Mode } from '../../../shared/qes2.ts';

/** Results made here have the server's shape, plus the engine time of the work in ms. */
export type Qes2Signed = z.infer<typeof Qes2SignResponse> & { engineMs?: number };
export type Qes2Verified = z.infer<typeof Qes2VerifyResponse> & { engineMs?: number };

/** A signature as verify accepts it: the base64 bytes, or the sign response's whole signature object. */
export type Qes2SignatureInput = string | ({ encoded: string } & SentQes2Views);

/** The same checks and sentences as the server's QES2 routes, so both sides refuse alike. */
function context(text: string | undefined) {
  const ctx = qes2ContextOf(text);
  if (ctx.bytes.length > QES2_MAX_CONTEXT_BYTES) throw new Error(qes2ContextTooLong(ctx.bytes));
  return ctx;
}

function requireMessage(message: string): void {
  if (typeof message !== 'string' || message.length === 0) throw new Error('Message is required');
}

/** A 64-byte seed whose scalar half is in [1, n): a random one is redrawn in the negligible case it is not. */
function keyFromRandomSeed(scheme: Qes2, random: () => Uint8Array) {
  for (;;) {
    const seed = random();
    try {
      return { seed, publicKey: scheme.keygen(seed).publicKey };
    } catch {
      seed.fill(0);
    }
  }
}

export function createLocalQes2(engine: Engine, random = () => crypto.getRandomValues(new Uint8Array(QES2_SEED_LENGTH))) {
  const schemes = engine.qes2;
  const hashes: Qes2Hashes = { mlDsa65: engine.mlDsa65, sha512: (data) => engine.sha512(data) };
  const utf8 = new TextEncoder();
  const keys = new Map<Qes2Mode, { seed: Uint8Array; publicKey: string; keyId: string }>();

  /** The mode's key pair, made on first use so a visitor who never opens a QES2 tab pays nothing. */
  const keyOf = (mode: Qes2Mode) => {
    let key = keys.get(mode);
    if (!key) {
      const { seed, publicKey } = keyFromRandomSeed(schemes[mode], random);
      // A recognisable id that says where the key lives, derived from the public key only.
      key = { seed, publicKey: toBase64(publicKey), keyId: `browser_${mode}_${toHex(engine.sha3_256(publicKey)).slice(0, 16)}` };
      keys.set(mode, key);
    }
    return key;
  };

  const modeOf = (mode: string): Qes2Mode => {
    const known = QES2_MODES.find((m) => m === mode);
    if (!known) throw new Error(`mode must be one of ${QES2_MODES.map((m) => `"${m}"`).join(', ')} (got "${mode}").`);
    return known;
  };

  return {
    publicKey: (mode: Qes2Mode) => keyOf(modeOf(mode)).publicKey,

    sign(mode: Qes2Mode, message: string, ctxText?: string): Qes2Signed & { engineMs: number } {
      const m = modeOf(mode);
      requireMessage(message);
      const ctx = context(ctxText);
      const key = keyOf(m);
      const start = performance.now();
      const signature = schemes[m].sign(utf8.encode(message), key.seed, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      return {
        algorithm: QES2_BY_MODE[m].id,
        label: QES2_BY_MODE[m].compositeLabel,
        signature: { encoded: toBase64(signature), ...qes2Views(m, signature, message, hashes) },
        publicKey: key.publicKey,
        keyId: key.keyId,
        // The browser's key never rotates: always its first version.
        keyVersion: 1,
        context: ctx.text,
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },

    /** Verifies any QES2 signature of this mode, made here or by the server; each half gets its own verdict. */
    verify(mode: Qes2Mode, message: string, signature: Qes2SignatureInput, publicKeyBase64: string, ctxText?: string): Qes2Verified & { engineMs: number } {
      const m = modeOf(mode);
      requireMessage(message);
      const ctx = context(ctxText);
      const byString = typeof signature === 'string';
      const param = byString ? 'signature' : 'signature.encoded';
      const sig = fromBase64(byString ? signature : signature.encoded, param);
      if (sig.length !== QES2_SIGNATURE_LENGTH) throw new Error(`${param} must be a QES2 signature of ${QES2_SIGNATURE_LENGTH} bytes (got ${sig.length}).`);
      if (!byString) {
        const problem = qes2ViewProblem(m, sig, signature, hashes.mlDsa65);
        if (problem) throw new Error(problem.message);
      }
      const pk = fromBase64(publicKeyBase64, 'publicKey');
      const { modeName: name, sizes } = QES2_BY_MODE[m];
      const publicKeyLength = sizes.publicKey;
      if (pk.length !== publicKeyLength) throw new Error(`publicKey must be a QES2 ${name} public key of ${publicKeyLength} bytes (got ${pk.length}).`);
      const start = performance.now();
      const halves = schemes[m].verifyHalves(pk, utf8.encode(message), sig, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      return {
        valid: halves.mlDsa && halves.secp256k1,
        algorithm: QES2_BY_MODE[m].id,
        context: ctx.text,
        details: { mlDsaValid: halves.mlDsa, secp256k1Valid: halves.secp256k1 },
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },
  };
}

export type LocalQes2 = ReturnType<typeof createLocalQes2>;
