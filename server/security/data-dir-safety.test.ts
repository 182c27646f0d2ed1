import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertDataDirSafe, unsafeOwnership } from './data-dir-safety.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'pq-safety-')));

describe('the data folder check', () => {
  it('passes a folder and key of this user that only they can write, and a folder not made yet', () => {
    const data = fresh();
    writeFileSync(join(data, 'master.key'), 'k', { mode: 0o600 });
    expect(() => assertDataDirSafe(data, join(data, 'master.key'))).not.toThrow();
    expect(() => assertDataDirSafe(join(data, 'new'), join(data, 'new', 'master.key'))).not.toThrow();
  });

  it('stops on a world-writable DATA_DIR or master.key, saying how to fix it', () => {
    const data = fresh();
    chmodSync(data, 0o777);
    expect(() => assertDataDirSafe(data, join(data, 'master.key'))).toThrow(`Refusing to start: ${data} is writable by every user of this machine: run chmod o-w ${data}.`);
    chmodSync(data, 0o700);
    writeFileSync(join(data, 'master.key'), 'k');
    chmodSync(join(data, 'master.key'), 0o666);
    expect(() => assertDataDirSafe(data, join(data, 'master.key'))).toThrow(/master\.key is writable by every user/);
  });

  it("stops on a folder another user owns (checked as that other user's server would be)", () => {
    const data = fresh();
    const other = (process.getuid?.() ?? 1000) + 1;
    expect(unsafeOwnership(data, other)).toMatch(new RegExp(`belongs to another user \\(uid \\d+; this server runs as uid ${other}\\)`));
    expect(() => assertDataDirSafe(data, join(data, 'master.key'), other)).toThrow(/belongs to another user/);
  });
});
