/**
 * Counters that many rows of one commit add to, written once per commit with their total: a
 * commit holding eight calls of one account then updates its monthly count once, not eight times
 * (docs/decisions/044). Each attempt at a commit gets a fresh one, so the sums of a rolled-back
 * attempt are dropped with it.
 */
export class CommitSums {
  private readonly sums = new Map<string, { total: number; write: (total: number) => void }>();

  /**
   * Adds `amount` to the counter named `key`; `write` stores a total for it, and the first one
   * given for a key is the one called: every caller must write the same counter for the same key.
   */
  add(key: string, amount: number, write: (total: number) => void): void {
    const sum = this.sums.get(key);
    if (sum) sum.total += amount;
    else this.sums.set(key, { total: amount, write });
  }

  /** Writes every counter's total, in the order the counters were first added to. */
  writeAll(): void {
    for (const { total, write } of this.sums.values()) write(total);
  }
}
