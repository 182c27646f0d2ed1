/**
 * What the zk-FIDNA tab shows of a proof and a verdict (docs/product.md §2.4, §9; docs/crypto/zk-fidna.md §7,
 * §12): the circuit's statement, each commitment by name, the challenges, the five response scalars,
 * the attestation, and every verify check. Previews follow the demo's rule: the first 5 list
 * elements, 16 or 32 characters of long strings. Texts are read when shown, in the page's language
 * (docs/decisions/041); API field names, circuit ids and notation stay as they are.
 */
import type { ZkCircuit } from '../../../shared/zkfidna.ts';
import { formatNumber } from '../i18n/format.ts';
import { i18n } from '../i18n/index.ts';
import { base64Length, previewList, shorten, withBytes } from './format.ts';
import type { OutputRow } from './Output.tsx';
import type { ZkProved, ZkVerified } from './operations.ts';

/** The public commitments in proof order (docs/crypto/zk-fidna.md §7). */
export function commitmentNames(circuit: ZkCircuit): string[] {
  switch (circuit) {
    case 'balance_proof':
      return ['C_X', 'C_Y'];
    case 'range_proof':
      return ['C_X'];
    case 'custom':
      return [i18n.t('demo:zk.commitments.balanceIn'), i18n.t('demo:zk.commitments.payment'), i18n.t('demo:zk.commitments.change')];
  }
}

/** What each circuit lets a verifier learn, said under the circuit select. */
export const circuitHelp = (circuit: ZkCircuit) => i18n.t(`demo:zk.help.${circuit}`);

/** The circuit select's options. */
export const circuitLabel = (circuit: ZkCircuit) => i18n.t(`demo:zk.circuits.${circuit}`);

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

/** The public input's statement; the bounds are the prover's exact decimal strings. */
function statement(input: ZkProved['publicInput']): string {
  switch (input.circuitType) {
    case 'balance_proof':
      return i18n.t('demo:zk.statement.balance_proof', { result: String(input.result), relation: input.result === 1 ? 'Y ≥ X' : 'Y < X' });
    case 'range_proof':
      return i18n.t('demo:zk.statement.range_proof', { min: String(input.min), max: String(input.max) });
    case 'custom':
      return i18n.t('demo:zk.statement.custom');
  }
}

type RowKey = 'statement' | 'commitment' | 'challenges' | 'response' | 'proof' | 'attestation' | 'parameters' | 'openings';

/** A row's label; commitments and responses are named by their symbol. */
function rowLabel(key: RowKey, name?: string | number): string {
  return key === 'commitment' || key === 'response' ? i18n.t(`demo:zk.rows.${key}`, { name: String(name) }) : i18n.t(`demo:zk.rows.${key}`);
}

export function proofRows(r: ZkProved): OutputRow[] {
  const { proof, publicInput } = r;
  const names = commitmentNames(publicInput.circuitType);
  return [
    { label: i18n.t('demo:op.rows.algorithm'), value: i18n.t('demo:zk.values.algorithm', { algorithm: r.algorithm, curve: proof.publicParameters.curve }) },
    { label: rowLabel('statement'), value: statement(publicInput) },
    ...proof.commitment.map((c, i) => ({ label: rowLabel('commitment', names[i] ?? i + 1), value: shorten(c, 32) })),
    { label: rowLabel('challenges'), value: previewList(proof.challenge.map((c) => shorten(c, 16)), 5) },
    ...proof.response.map((v, i) => ({ label: rowLabel('response', RESPONSE_NAMES[i] ?? i + 1), value: shorten(v, 32) })),
    { label: rowLabel('proof'), value: withBytes(shorten(proof.encoded, 32), base64Length(proof.encoded)) },
    {
      label: rowLabel('attestation'),
      value: i18n.t('demo:zk.values.attestation', { algorithm: proof.signature.algorithm, bytes: formatNumber(base64Length(proof.signature.value)) }),
    },
    { label: i18n.t('demo:op.rows.key'), value: r.keyId },
    {
      label: rowLabel('parameters'),
      value: i18n.t('demo:zk.values.parameters', { n: String(proof.publicParameters.n), m: String(proof.publicParameters.m), digest: shorten(proof.publicParameters.generatorDigest, 16) }),
    },
    { label: rowLabel('openings'), value: i18n.t('demo:zk.values.openings', { count: r.openings.length }) },
    { label: i18n.t('demo:op.rows.timestamp'), value: r.timestamp },
  ];
}

const DETAIL_KEYS = ['structurallyValid', 'circuitValid', 'mathematicalCheck', 'positiveCheck', 'balanceCheck', 'signatureCheck'] as const;

/** Every check of a verdict: ✓ passed, ✗ failed, or not checked (no attestation was sent). */
export function detailRows(details: ZkVerified['details']): OutputRow[] {
  return DETAIL_KEYS.map((key) => {
    const v = details[key];
    return { label: key, value: i18n.t(v === null ? 'demo:zk.check.notSent' : v ? 'demo:zk.check.passed' : 'demo:zk.check.failed') };
  });
}
