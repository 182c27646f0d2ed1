/** Runs one suite with the shared budget and progress indicator, writing results to `out`. */
import { describeCode, describeMachine } from './machine.ts';
import type { ScaleOut } from './cli.ts';
import { QUICK, STANDARD } from './measure.ts';
import { createProgress, type Progress } from './progress.ts';
import { SUITES } from './suites/index.ts';

export interface RunOptions {
  quick?: boolean;
  soak?: boolean;
  scaleOut?: ScaleOut;
  progress?: Progress;
  out?: (text: string) => void;
}

export async function runSuite(name: string, options: RunOptions = {}): Promise<void> {
  const entry = SUITES[name];
  if (!entry) throw new Error(`unknown suite "${name}"`);
  const quick = options.quick ?? false;
  const progress = options.progress ?? createProgress();
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const print = (text: string) => {
    progress.clear();
    out(`${text}\n`);
  };
  const code = describeCode();
  print(`Benchmark suite "${name}"${options.soak ? ' (--soak)' : ''}${options.scaleOut ? ` (--db postgres --instances ${options.scaleOut.instances.join(',')})` : ''}${quick ? ' (--quick: rough figures)' : ''}\n${describeMachine()}${code ? `\n${code}` : ''}`);
  const suite = await entry.load();
  const started = performance.now();
  try {
    await suite.run({ budget: quick ? QUICK : STANDARD, quick, soak: options.soak ?? false, ...(options.scaleOut ? { scaleOut: options.scaleOut } : {}), progress, print });
  } finally {
    progress.clear();
  }
  out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
