/** Reads the official test vectors committed in engine/vectors (sources and licences in its README). */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../vectors');

export function vectorPath(...parts: string[]): string {
  return resolve(root, ...parts);
}

export function readJson<T = any>(...parts: string[]): T {
  return JSON.parse(readFileSync(vectorPath(...parts), 'utf8')) as T;
}

export interface AcvpCase {
  group: Record<string, any>;
  test: Record<string, any>;
  expected: Record<string, any>;
}

/** Every case of an ACVP folder: prompt inputs joined with the expected results by tcId. */
export function acvpCases(folder: string): AcvpCase[] {
  const prompt = readJson('acvp', folder, 'prompt.json');
  const results = readJson('acvp', folder, 'expectedResults.json');
  const expected = new Map<number, Record<string, any>>();
  for (const group of results.testGroups) for (const t of group.tests) expected.set(t.tcId, t);
  const cases: AcvpCase[] = [];
  for (const group of prompt.testGroups) {
    for (const test of group.tests) {
      const e = expected.get(test.tcId);
      if (!e) throw new Error(`${folder}: no expected result for tcId ${test.tcId}`);
      cases.push({ group, test, expected: e });
    }
  }
  return cases;
}
