/**
 * QES2's composite signature checked offline, exactly as POST /api/v1/crypto/qes2/{mode}/verify
 * checks it (server/engine/qes2-tasks.ts → engine.qes2[mode].verifyHalves): the ML-DSA-65 half and
 * the secp256k1 half (ECDSA or BIP-340 by mode) over the application context and UTF-8(message),
 * both required (docs/crypto/qes2.md). The answer says which half failed.
 *
 * Not checked: that the public key is the signer's you expect, unless you pass `publicKey`.
 */
import { QES2_SIGNATURE_LENGTH } from '../../../shared/qes2.ts';
import { verificationEngine } from './engine.ts';
import { base64Bytes, checked, invalid, Malformed, utf8, type Verdict } from './verdict.ts';

const MODES = { 'qes2-ecdsa': 'ecdsa', 'qes2-schnorr': 'schnorr' } as const;

/** The parts of a QES2 sign answer the check reads. */
export interface Qes2Signed {
  algorithm: keyof typeof MODES;
  signature: string | { encoded: string };
  /** The ML-DSA-65 key followed by the secp256k1 key, base64. */
  publicKey: string;
  /** The application context, as signed ("" when none). */
  context?: string;
}

export interface Qes2Expectation {
  message: string;
  /** The context the signature must carry; default: the answer's. */
  context?: string;
  /** The composite public key (base64) the signature must be under; default: the answer's. */
  publicKey?: string;
}

export interface Qes2Verdict extends Verdict {
  /** Each half's result, when the signature could be read. */
  details?: { mlDsaValid: boolean; secp256k1Valid: boolean };
}

export function verifyQes2(signed: Qes2Signed, expected: Qes2Expectation): Promise<Qes2Verdict> {
  return checked(async () => {
    const mode = MODES[signed?.algorithm];
    if (mode === undefined) throw new Malformed(`algorithm must be ${Object.keys(MODES).join(' or ')}`);
    const context = signed.context ?? '';
    if (expected.context !== undefined && expected.context !== context) return invalid(`the signature's context is "${context}", not "${expected.context}"`);
    if (expected.publicKey !== undefined && expected.publicKey !== signed.publicKey) return invalid('the signature is under another public key than the one expected');
    const encoded = typeof signed.signature === 'string' ? signed.signature : signed.signature?.encoded;
    const signature = base64Bytes(encoded, 'signature', QES2_SIGNATURE_LENGTH);
    const engine = await verificationEngine();
    const composite = engine.qes2[mode];
    const publicKey = base64Bytes(signed.publicKey, 'publicKey', composite.publicKeyLength);
    const halves = composite.verifyHalves(publicKey, utf8(expected.message), signature, { context: utf8(context) });
    const details = { mlDsaValid: halves.mlDsa, secp256k1Valid: halves.secp256k1 };
    if (halves.mlDsa && halves.secp256k1) return { valid: true, details };
    const failed = [!halves.mlDsa && 'ML-DSA-65', !halves.secp256k1 && 'secp256k1'].filter(Boolean).join(' and ');
    return { ...invalid(`the ${failed} half does not verify for this message, context and public key`), details };
  });
}
