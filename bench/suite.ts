/**
 * What a benchmark suite is: a named async function that measures through the shared budget and
 * progress indicator and prints its tables. Suites know nothing about argv or the terminal.
 */
import type { ScaleOut } from './cli.ts';
import type { Budget } from './measure.ts';
import type { Progress } from './progress.ts';

export interface SuiteContext {
  /** The time budget for every measurement (standard, or short with --quick). */
  budget: Budget;
  /** True under --quick: a suite may also shrink its inputs, not only its budgets. */
  quick: boolean;
  /** True under --soak: the load suite's long run that watches the server's memory. */
  soak: boolean;
  /** Set by `--db postgres`: the http suite's scale-out run instead of its usual one. */
  scaleOut?: ScaleOut;
  progress: Progress;
  /** Prints one block of results to stdout (clearing the progress line first). */
  print(text: string): void;
}

export interface Suite {
  /** What `npm run bench -- <name>` selects. */
  name: string;
  /** One line for `--help`. */
  description: string;
  run(ctx: SuiteContext): Promise<void>;
}
