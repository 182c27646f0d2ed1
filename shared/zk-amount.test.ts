import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZK_MAX_AMOUNT, zkAmountProblem } from './zk-amount.ts';

describe('a zk-FIDNA amount (docs/product.md §5)', () => {
  it('accepts every whole number from the minimum to 2^64 − 1 as digits, and safe ones as JSON numbers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: ZK_MAX_AMOUNT }), (n) => {
        expect(zkAmountProblem(n.toString(), 'secretValue')).toBeNull();
        if (n <= BigInt(Number.MAX_SAFE_INTEGER)) expect(zkAmountProblem(Number(n), 'secretValue')).toBeNull();
      }),
    );
    expect(zkAmountProblem(0, 'balanceValue')).toBeNull();
  });

  it('names the one fault of each refused value', () => {
    const cases: [unknown, string][] = [
      [undefined, 'Secret value is required'],
      [Number.NaN, 'Secret value must be a number'],
      [true, 'Secret value must be a number'],
      ['', 'Secret value must be a number'],
      [0.5, 'Secret value must be a whole number'],
      ['2.5', 'Secret value must be a whole number'],
      [0, 'Secret value must be a positive number'],
      ['-7', 'Secret value must be a positive number'],
      [ZK_MAX_AMOUNT + 1n, 'Secret value must be a number'],
      [(ZK_MAX_AMOUNT + 1n).toString(), 'Secret value must be at most 18446744073709551615 (2^64 − 1)'],
      [1e30, 'Secret value must be at most 18446744073709551615 (2^64 − 1)'],
      [2 ** 53, 'Secret value above 9007199254740991 (2^53 − 1) must be sent as a decimal string'],
      [' 5', 'Secret value must be written with the digits 0 to 9 only when sent as a string'],
    ];
    for (const [value, sentence] of cases) expect(zkAmountProblem(value, 'secretValue'), String(value)).toBe(sentence);
    expect(zkAmountProblem(-1, 'balanceValue')).toBe('Balance value must be non-negative');
  });
});
