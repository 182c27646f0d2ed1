/**
 * Dilion's signature checked offline, exactly as POST /api/v1/crypto/dilion/verify checks it
 * (server/engine/dilion-tasks.ts → engine.dilion.verify): ML-DSA-65 under the answer's public key,
 * context "dilion/v1|" + sid, over M = 0x00 ‖ UTF-8(message), or with a bound uid over the
 * pidCipher form M = 0x01 ‖ … (docs/crypto/dilion.md §3–4).
 *
 * Checked: the signature, the message, the service (sid) and the pidCipher's bytes, which M
 * includes. Not checked: whose uid the pidCipher holds (only the service's key or the pidOpening
 * opens it), and that the public key is the signer's you expect, unless you pass `publicKey`.
 */
import { DILION, pidCipherFromJson, type PidCipherJson } from '../../../shared/dilion.ts';
import { verificationEngine } from './engine.ts';
import { base64Bytes, checked, invalid, Malformed, type Verdict } from './verdict.ts';

/** The parts of a Dilion sign answer the check reads. */
export interface DilionSigned {
  signature: string | { encoded: string };
  publicKey: string;
  /** "dilion/v1|" + sid. */
  context: string;
  pidCipher?: PidCipherJson | 'N/A' | null;
}

export interface DilionExpectation {
  /** The message the relying party was given, as signed. */
  message: string;
  /** The service the signature must be for; default: the one the answer's context names. */
  sid?: string;
  /** The signer's ML-DSA-65 public key (base64) the signature must be under; default: the answer's. */
  publicKey?: string;
}

export function verifyDilion(signed: DilionSigned, expected: DilionExpectation): Promise<Verdict> {
  return checked(async () => {
    if (typeof signed?.context !== 'string' || !signed.context.startsWith(DILION.contextPrefix)) {
      throw new Malformed(`context must start with "${DILION.contextPrefix}"`);
    }
    const sid = signed.context.slice(DILION.contextPrefix.length);
    if (expected.sid !== undefined && expected.sid !== sid) return invalid(`the signature is for the service "${sid}", not "${expected.sid}"`);
    if (expected.publicKey !== undefined && expected.publicKey !== signed.publicKey) return invalid('the signature is under another public key than the one expected');
    const encoded = typeof signed.signature === 'string' ? signed.signature : signed.signature?.encoded;
    const signature = base64Bytes(encoded, 'signature', DILION.signatureLength);
    const publicKey = base64Bytes(signed.publicKey, 'publicKey', DILION.publicKeyLength);
    let pidCipher = null;
    if (signed.pidCipher !== undefined && signed.pidCipher !== null && signed.pidCipher !== DILION.noPidCipher) {
      const read = pidCipherFromJson(signed.pidCipher, 'pidCipher');
      if ('problem' in read) throw new Malformed(read.problem.message);
      pidCipher = { ...read.value, suite: 'HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305' as const };
    }
    const engine = await verificationEngine();
    const valid = engine.dilion.verify(publicKey, expected.message, signature, { sid, pidCipher });
    return valid ? { valid } : invalid('the ML-DSA-65 signature does not verify for this message, service and public key');
  });
}
