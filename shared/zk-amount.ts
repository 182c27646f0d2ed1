/**
 * A zk-FIDNA amount (secret X, balance Y) as both provers read it, the server's contract
 * (server/contract/zk-fidna.ts) and the browser's worker (web/src/workers/zkfidna-local.ts): a JSON
 * integer up to 2^53 − 1, or a decimal string up to 2^64 − 1 (docs/crypto/zk-fidna.md §12). Each
 * refusal is the one sentence that is true of the value, so both sides say the same (docs/product.md §5).
 */

/** 2^64 − 1, the largest amount a proof covers. */
export const ZK_MAX_AMOUNT = (1n << 64n) - 1n;

/** The amounts a prove request takes, each with the sentence for a value below its minimum. */
export const ZK_AMOUNTS = {
  secretValue: { what: 'Secret value', minimum: 1n, below: 'must be a positive number' },
  balanceValue: { what: 'Balance value', minimum: 0n, below: 'must be non-negative' },
} as const;
export type ZkAmountName = keyof typeof ZK_AMOUNTS;

const DIGITS = /^[0-9]+$/;

/** Why `value` is not a valid amount `name`, as the sentence the demo shows, or null when it is one. */
export function zkAmountProblem(value: unknown, name: ZkAmountName): string | null {
  const { what, minimum, below } = ZK_AMOUNTS[name];
  if (value === undefined) return `${what} is required`;
  let exact: bigint;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${what} must be a number`;
    if (!Number.isInteger(value)) return `${what} must be a whole number`;
    exact = BigInt(value);
  } else if (typeof value === 'string') {
    const negative = value.startsWith('-') && DIGITS.test(value.slice(1));
    if (!DIGITS.test(value) && !negative) {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isNaN(number)) return `${what} must be a number`;
      if (!Number.isInteger(number)) return `${what} must be a whole number`;
      return `${what} must be written with the digits 0 to 9 only when sent as a string`;
    }
    exact = BigInt(value);
  } else {
    return `${what} must be a number`;
  }
  if (exact < minimum) return `${what} ${below}`;
  if (exact > ZK_MAX_AMOUNT) return `${what} must be at most ${ZK_MAX_AMOUNT} (2^64 − 1)`;
  // A JSON number past 2^53 − 1 may already have lost digits on its way here.
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return `${what} above ${Number.MAX_SAFE_INTEGER} (2^53 − 1) must be sent as a decimal string`;
  return null;
}
