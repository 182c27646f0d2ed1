import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../server/config.ts';
import { configReference, REFERENCE_FILE } from './config-reference.ts';

describe('docs/configuration.md', () => {
  it('is what scripts/config-reference.ts makes of the schema today (run it after changing server/config.ts)', () => {
    expect(readFileSync(REFERENCE_FILE, 'utf8')).toBe(configReference());
  });

  it('has one row per variable the server reads, with its default and values', () => {
    const rows = configReference().split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.split('`')[1])).toEqual(Object.keys(EnvSchema.shape));
    expect(rows.find((row) => row.startsWith('| `PORT`'))).toMatch(/^\| `PORT` \| `5000` \| integer 0–65535 \| /);
    expect(rows.find((row) => row.startsWith('| `PAYMENTS`'))).toMatch(/\| \(unset\) \| `local`, `sandbox`, `live`, `off` \|/);
    expect(rows.find((row) => row.startsWith('| `MASTER_KEY`'))).toMatch(/\| \(unset\) \| text \|/);
  });
});
