import { Database } from '../../db/sqlite-driver.ts';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../test-support.ts';
import { backup } from './backup.ts';
import { openApp, output, removeTempDirs, tempDir } from './test-support.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  removeTempDirs();
});

describe('backup', () => {
  it('copies the database of a running server, writes made just before included, into a private file', async () => {
    app = await openApp();
    const { user } = await signUp(app);
    const file = join(tempDir(), 'copy.db');
    const printed = output();
    await backup(app.config, file, printed.out);
    // The server goes on writing afterwards; the copy is the state when it was taken.
    await signUp(app);

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT id FROM users').all()).toEqual([{ id: user.id }]);
    copy.close();
    expect(printed.text()).toMatch(/Backed up .* migrations\)/);
    expect(printed.text()).toContain(app.config.masterKeyFile);
  });

  it('never overwrites a file, and says when there is no database', async () => {
    app = await openApp();
    const existing = join(tempDir(), 'taken.db');
    writeFileSync(existing, 'mine');
    await expect(backup(app.config, existing, () => {})).rejects.toThrow(/never overwrites/);
    await expect(backup(app.config, app.config.databaseFile, () => {})).rejects.toThrow(/overwrite the database itself/);
    const empty = { ...app.config, databaseFile: join(tempDir(), 'none.db') };
    await expect(backup(empty, join(tempDir(), 'x.db'), () => {})).rejects.toThrow(/no database at/);
  });
});
