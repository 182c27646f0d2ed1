/**
 * verify(): decode, compare the header with publicInput, derive V_0, V_1 from the public
 * commitments, replay the transcript, then check the one aggregated equation (and the BIP-340
 * kernel for custom). Never throws on bad input: every rejection is a result with a reason.
 */
import { schnorr } from '@noble/curves/secp256k1.js';
import type { PublicInput, VerifyDetails, VerifyInput, VerifyResult } from './api-types.ts';
import { decodeProof, type ProofData } from './encoding.ts';
import { checkRangeEquation, replayRange } from './range-verifier.ts';
import { appendStatement, type Bounds, deriveV, kernelExcess, statementShapeOk } from './statements.ts';
import { Transcript } from './transcript.ts';

const REJECTED: VerifyDetails = {
  structurallyValid: false,
  circuitValid: false,
  mathematicalCheck: false,
  positiveCheck: false,
  balanceCheck: false,
};

const reject = (reason: string, details: Partial<VerifyDetails> = {}): VerifyResult => ({
  valid: false,
  details: { ...REJECTED, ...details },
  reason,
});

/** The bounds publicInput states, or 'malformed' when min/max are not both bigints (or only one is given). */
function publicBounds(pi: PublicInput): Bounds | undefined | 'malformed' {
  if (pi.min === undefined && pi.max === undefined) return undefined;
  if (typeof pi.min !== 'bigint' || typeof pi.max !== 'bigint') return 'malformed';
  return { min: pi.min, max: pi.max };
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

function headerMatches(p: ProofData, pi: PublicInput, bounds: Bounds | undefined): boolean {
  if (p.circuitType !== pi.circuitType || p.result !== pi.result) return false;
  if (!sameBytes(p.context, pi.context ?? new Uint8Array(0))) return false;
  if (!p.bounds || !bounds) return !p.bounds && !bounds;
  return p.bounds.min === bounds.min && p.bounds.max === bounds.max;
}

export function verify(input: VerifyInput): VerifyResult {
  const pi = input?.publicInput;
  if (!(input?.proof instanceof Uint8Array) || typeof pi !== 'object' || pi === null) return reject('bad_input');
  if (pi.context !== undefined && !(pi.context instanceof Uint8Array)) return reject('bad_input');
  const bounds = publicBounds(pi);
  if (bounds === 'malformed') return reject('bad_public_input');

  const decoded = decodeProof(input.proof);
  if (!decoded.ok) return reject(decoded.reason);
  const p = decoded.proof;
  const structurallyValid = headerMatches(p, pi, bounds);
  if (!structurallyValid) return reject('header_mismatch');

  // The header equals publicInput from here on, so the statement is the decoded one.
  if (!statementShapeOk(p)) return reject('bad_statement', { structurallyValid });
  const V = deriveV(p);
  if (!V) return reject('identity_v', { structurallyValid });
  const E = p.circuitType === 'custom' ? kernelExcess(p.commitments) : null;
  if (p.circuitType === 'custom' && !E) return reject('identity_kernel_excess', { structurallyValid });
  const circuitValid = true;

  const t = new Transcript();
  appendStatement(t, p);
  const challenges = replayRange(t, V, p.range);
  if (!challenges) return reject('zero_challenge', { structurallyValid, circuitValid });
  let kernelOk = true;
  if (E) kernelOk = schnorr.verify(p.kernel!, t.challengeBytes32('kernel'), schnorr.utils.pointToBytes(E));
  const c = t.challenge('batch');
  if (c === 0n) return reject('zero_challenge', { structurallyValid, circuitValid });

  const mathematicalCheck = checkRangeEquation(V, p.range, challenges, c);
  const details: VerifyDetails = {
    structurallyValid,
    circuitValid,
    mathematicalCheck,
    positiveCheck: mathematicalCheck,
    balanceCheck: mathematicalCheck && kernelOk,
  };
  const valid = Object.values(details).every(Boolean);
  if (valid) return { valid, details };
  return { valid, details, reason: mathematicalCheck ? 'bad_kernel' : 'equation_fails' };
}
