import { Database } from '../../db/sqlite-driver.ts';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { backup } from './backup.ts';
import { restore } from './restore.ts';
import { openApp, output, removeTempDirs, tempDir } from './test-support.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  removeTempDirs();
});

const users = (file: string) => {
  const db = new Database(file, { readonly: true });
  const ids = (db.prepare('SELECT id FROM users ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  db.close();
  return ids;
};

/** A server with one account, backed up, then a second account made after the backup. */
async function serverWithBackup() {
  app = await openApp();
  const first = await signUp(app);
  const file = join(tempDir(), 'backup.db');
  await backup(app.config, file, () => {});
  const second = await signUp(app);
  return { file, first: first.user.id, firstEmail: first.email, second: second.user.id };
}

describe('restore', () => {
  it('refuses while a server has the database open, and brings the backup back once it stopped', async () => {
    const { file, first, firstEmail, second } = await serverWithBackup();
    await expect(restore(app!.config, file, { force: false }, () => {})).rejects.toThrow(/open in another process/);
    expect(users(app!.config.databaseFile).sort()).toEqual([first, second].sort());

    await app!.close();
    const { config } = app!;
    app = undefined;
    const printed = output();
    await restore(config, file, { force: false }, printed.out);
    expect(users(config.databaseFile)).toEqual([first]);
    expect(printed.text()).toMatch(/^Restored/);
    // The restored database serves: a new start opens it, and the account signs in.
    app = await openApp({}, config.dataDir);
    const login = await request(app.app).post('/api/auth/login').set('Origin', TEST_ORIGIN).send({ email: firstEmail, password: 'correct horse battery' });
    expect(login.status).toBe(200);
  });

  it('refuses a backup the current master key cannot open, unless forced', async () => {
    const { file, first } = await serverWithBackup();
    await app!.close();
    app = undefined;
    // Another server, with a master key of its own.
    const stranger = await openApp();
    const other = stranger.config;
    await stranger.close();
    await expect(restore(other, file, { force: false }, () => {})).rejects.toThrow(/current master key does not open/);
    await restore(other, file, { force: true }, () => {});
    expect(users(other.databaseFile)).toEqual([first]);
  });

  it('restores into a data folder with no database yet when the key is in place', async () => {
    const { file, first } = await serverWithBackup();
    const fresh = tempDir();
    copyFileSync(app!.config.masterKeyFile, join(fresh, 'master.key'));
    const config = { ...app!.config, dataDir: fresh, databaseFile: join(fresh, 'sub', 'app.db'), masterKeyFile: join(fresh, 'master.key') };
    await restore(config, file, { force: false }, () => {});
    expect(users(config.databaseFile)).toEqual([first]);
  });

  it('restores a backup that holds no sealed secret into a folder with no key yet', async () => {
    app = await openApp();
    const file = join(tempDir(), 'empty.db');
    await backup(app.config, file, () => {});
    const fresh = tempDir();
    const config = { ...app.config, dataDir: fresh, databaseFile: join(fresh, 'app.db'), masterKeyFile: join(fresh, 'master.key') };
    await restore(config, file, { force: false }, () => {});
    expect(users(config.databaseFile)).toEqual([]);
    expect(existsSync(config.masterKeyFile)).toBe(false);
  });

  it('refuses what is not a sound database of this version', async () => {
    const { file } = await serverWithBackup();
    const dir = tempDir();
    const config = app!.config;
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header');
    await expect(restore(config, text, { force: false }, () => {})).rejects.toThrow(/not a SQLite database/);
    const foreign = join(dir, 'foreign.db');
    new Database(foreign).exec('CREATE TABLE t (a)');
    await expect(restore(config, foreign, { force: false }, () => {})).rejects.toThrow(/no migrations table/);
    const newer = join(dir, 'newer.db');
    copyFileSync(file, newer);
    const db = new Database(newer);
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Date.now());
    db.close();
    await expect(restore(config, newer, { force: false }, () => {})).rejects.toThrow(/newer version/);
    await expect(restore(config, join(dir, 'missing.db'), { force: false }, () => {})).rejects.toThrow(/does not exist/);
    expect(existsSync(config.databaseFile)).toBe(true);
  });
});
