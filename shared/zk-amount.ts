/**
 * A zk-FIDNA amount (secret X, balance Y) as both provers read it, the server's contract
 * (server/contract/zkfidna.ts) and the browser's worker (web/src/workers/zkfidna-local.ts): a JSON
 * integer up to 2^53 − 1, or a decimal string up to 2^64 − 1 (docs/crypto/zk-fidna.md §12). Each
 * refusal is the one sentence that is true of the value, so both sides say the same (docs/product.md §5).
 * The check names its fault by a code too, so the page can say the same sentence in the reader's
 * language while the API's own message stays English (docs/decisions/041).
 */

/** 2^64 − 1, the largest amount a proof covers. */
export const ZK_MAX_AMOUNT = (1n << 64n) - 1n;

/** The amounts a prove request takes, each with the sentence for a value below its minimum. */
export const ZK_AMOUNTS = {
  secretValue: { what: 'Secret value', minimum: 1n, below: 'must be a positive number' },
  balanceValue: { what: 'Balance value', minimum: 0n, below: 'must be non-negative' },
} as const;
export type ZkAmountName = keyof typeof ZK_AMOUNTS;

/** What is wrong with an amount, one code per sentence. */
export type ZkAmountFault = 'required' | 'not_a_number' | 'not_whole' | 'digits_only' | 'below_minimum' | 'above_maximum' | 'unsafe_number';

const DIGITS = /^[0-9]+$/;

/** Why `value` is not a valid amount, as a code, or null when it is one. */
export function zkAmountFault(value: unknown, name: ZkAmountName): ZkAmountFault | null {
  const { minimum } = ZK_AMOUNTS[name];
  if (value === undefined) return 'required';
  let exact: bigint;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'not_a_number';
    if (!Number.isInteger(value)) return 'not_whole';
    exact = BigInt(value);
  } else if (typeof value === 'string') {
    const negative = value.startsWith('-') && DIGITS.test(value.slice(1));
    if (!DIGITS.test(value) && !negative) {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isNaN(number)) return 'not_a_number';
      if (!Number.isInteger(number)) return 'not_whole';
      return 'digits_only';
    }
    exact = BigInt(value);
  } else {
    return 'not_a_number';
  }
  if (exact < minimum) return 'below_minimum';
  if (exact > ZK_MAX_AMOUNT) return 'above_maximum';
  // A JSON number past 2^53 − 1 may already have lost digits on its way here.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return 'unsafe_number';
  return null;
}

/** A fault of amount `name` as the API's English sentence. */
export function zkAmountSentence(fault: ZkAmountFault, name: ZkAmountName): string {
  const { what, below } = ZK_AMOUNTS[name];
  switch (fault) {
    case 'required':
      return `${what} is required`;
    case 'not_a_number':
      return `${what} must be a number`;
    case 'not_whole':
      return `${what} must be a whole number`;
    case 'digits_only':
      return `${what} must be written with the digits 0 to 9 only when sent as a string`;
    case 'below_minimum':
      return `${what} ${below}`;
    case 'above_maximum':
      return `${what} must be at most ${ZK_MAX_AMOUNT} (2^64 − 1)`;
    case 'unsafe_number':
      return `${what} above ${Number.MAX_SAFE_INTEGER} (2^53 − 1) must be sent as a decimal string`;
  }
}

/** Why `value` is not a valid amount `name`, as the sentence the demo shows, or null when it is one. */
export function zkAmountProblem(value: unknown, name: ZkAmountName): string | null {
  const fault = zkAmountFault(value, name);
  return fault && zkAmountSentence(fault, name);
}
