/**
 * What the zk-FIDNA tab shows of a proof and a verdict (docs/product.md §2.4, §9; docs/crypto/zk-fidna.md §7,
 * §12): the circuit's statement, each commitment by name, the challenges, the five response scalars,
 * the attestation, and every verify check. Previews follow the demo's rule: the first 5 list
 * elements, 16 or 32 characters of long strings.
 */
import type { ZkCircuit } from '../../../shared/zkfidna.ts';
import { base64Length, previewList, shorten } from './format.ts';
import type { OutputRow } from './Output.tsx';
import type { ZkProved, ZkVerified } from './operations.ts';

/** The public commitments in proof order (docs/crypto/zk-fidna.md §7). */
export const COMMITMENT_NAMES: Record<ZkCircuit, string[]> = {
  balance_proof: ['C_X', 'C_Y'],
  range_proof: ['C_X'],
  custom: ['C_Y (balance in)', 'C_P (payment X)', 'C_R (change Y − X)'],
};

/** What each circuit lets a verifier learn, said under the circuit select. */
export const CIRCUIT_HELP: Record<ZkCircuit, string> = {
  balance_proof: 'Proves whether Y ≥ X (result 1) or Y < X (result 0), revealing neither amount.',
  range_proof: 'Proves 1 ≤ X ≤ Y with Y as the public upper bound: Y is revealed, X is not.',
  custom: 'A confidential transfer: X paid out of Y with change Y − X, all three hidden; a BIP-340 kernel proves nothing was created.',
};

const RESPONSE_NAMES = ['t_x', 'τ_x', 'μ', 'a', 'b'];

/** Digits and exponent as a number input may hold them: 1e30, 2.5E+3 (at most 3 exponent digits, as a double's range). */
const EXPONENT = /^([0-9]+)(?:\.([0-9]*))?e\+?([0-9]{1,3})$/i;

/** The whole number that `text` writes, plainly or with an exponent, as its exact decimal digits; null when it writes none. */
function integerDigits(text: string): string | null {
  if (/^[0-9]+$/.test(text)) return text.replace(/^0+(?=.)/, '');
  const m = EXPONENT.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const shift = Number(m[3]) - fraction.length;
  return shift < 0 ? null : `${m[1]}${fraction}${'0'.repeat(shift)}`.replace(/^0+(?=.)/, '');
}

/**
 * A number input's text as an amount (docs/product.md §5): a number, or the exact decimal string of
 * a whole number beyond 2^53 (typed in digits or as 1e30), so that the prover judges the value that
 * was typed and names the maximum when it is too large; undefined when empty. Nothing is truncated:
 * 1.5 or "abc" (NaN) go to the prover, which refuses them with their own sentences (shared/zk-amount.ts).
 */
export function amountOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const digits = integerDigits(trimmed);
  if (digits !== null && !Number.isSafeInteger(Number(digits))) return digits;
  return Number(trimmed);
}

function statement(input: ZkProved['publicInput']): string {
  switch (input.circuitType) {
    case 'balance_proof':
      return `balance_proof · result ${input.result} (${input.result === 1 ? 'Y ≥ X' : 'Y < X'})`;
    case 'range_proof':
      return `range_proof · X in [${input.min}, ${input.max}] (public bounds)`;
    case 'custom':
      return 'custom · X paid out of Y, change Y − X';
  }
}

export function proofRows(r: ZkProved): OutputRow[] {
  const { proof, publicInput } = r;
  const names = COMMITMENT_NAMES[publicInput.circuitType];
  return [
    { label: 'Algorithm', value: `${r.algorithm} (Bulletproofs on ${proof.publicParameters.curve})` },
    { label: 'Statement', value: statement(publicInput) },
    ...proof.commitment.map((c, i) => ({ label: `Commitment ${names[i] ?? i + 1}`, value: shorten(c, 32) })),
    { label: 'Challenges', value: previewList(proof.challenge.map((c) => shorten(c, 16)), 5) },
    ...proof.response.map((v, i) => ({ label: `Response ${RESPONSE_NAMES[i] ?? i + 1}`, value: shorten(v, 32) })),
    { label: 'Proof', value: `${shorten(proof.encoded, 32)} (${base64Length(proof.encoded).toLocaleString('en-US')} bytes)` },
    { label: 'Attestation', value: `${proof.signature.algorithm} · ${base64Length(proof.signature.value).toLocaleString('en-US')} bytes` },
    { label: 'Key', value: r.keyId },
    { label: 'Parameters', value: `n = ${proof.publicParameters.n}, m = ${proof.publicParameters.m}, generators ${shorten(proof.publicParameters.generatorDigest, 16)}` },
    { label: 'Openings', value: `${r.openings.length} blinding${r.openings.length === 1 ? '' : 's'}, for you alone` },
    { label: 'Timestamp', value: r.timestamp },
  ];
}

const DETAIL_KEYS = ['structurallyValid', 'circuitValid', 'mathematicalCheck', 'positiveCheck', 'balanceCheck', 'signatureCheck'] as const;

/** Every check of a verdict: ✓ passed, ✗ failed, or not checked (no attestation was sent). */
export function detailRows(details: ZkVerified['details']): OutputRow[] {
  return DETAIL_KEYS.map((key) => {
    const v = details[key];
    return { label: key, value: v === null ? '— no attestation sent' : v ? '✓ passed' : '✗ failed' };
  });
}
