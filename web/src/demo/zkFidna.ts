/**
 * zk-FIDNA is designed but not built: the engine has no prover and the server no zk-FIDNA route.
 * Every place that offers it (the demo tab, the benchmark option, the API docs tab, the home and
 * Technology pages) reads this one flag, so the work that ships zk-FIDNA turns them on by setting
 * it to true. Typed as boolean so both branches stay type-checked.
 */
export const ZK_FIDNA_AVAILABLE: boolean = false;

/** What a visitor is told instead of a failing call. */
export const ZK_FIDNA_IN_DEVELOPMENT =
  'zk-FIDNA is in development: the prover is not built yet, so there is nothing to call. The inputs below show what it will take.';

/** Whether the demo can run an algorithm today (only zk-FIDNA waits for the flag). */
export const runnable = (algorithm: string): boolean => algorithm !== 'zk-fidna' || ZK_FIDNA_AVAILABLE;
