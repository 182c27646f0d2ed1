// The secp256k1 suite's own test: shapes and plumbing only, never performance (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('secp256k1 suite', () => {
  it('is selectable on the command line', () => {
    expect(parseCommand(['secp256k1', '--quick'])).toEqual({ kind: 'run', suite: 'secp256k1', quick: true });
  });

  it('runs end to end with --quick budgets: all three contenders, the targets line and both QES2 tables', async () => {
    const blocks: string[] = [];
    await runSuite('secp256k1', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    for (const op of ['public key \\(k\\*G\\)', 'ECDSA sign', 'ECDSA verify', 'BIP-340 sign', 'BIP-340 verify']) {
      expect(output).toMatch(new RegExp(`${op} +[0-9,.]+ ±\\d+% +[0-9,.]+ ±\\d+% +[0-9.]+x +[0-9,.]+ ±\\d+% +[0-9.]+x`));
    }
    expect(output).toMatch(/ECDSA sign [0-9.]+x \/ [0-9.]+x \((met|below)\)/);
    expect(output).toMatch(/sign vs ML-DSA-65 from an expanded key +[0-9,.]+ ±\d+% +[0-9,.]+ ±\d+% +[+-][0-9.]+%/);
    expect(output).toMatch(/verify +[0-9,.]+ ±\d+% +[0-9,.]+ ±\d+% +[+-][0-9.]+%/);
    expect(output).toMatch(/signature +3,309 B +3,373 B +3,373 B +\+64 B \(\+1\.9%\)/);
  });
});
