import { Database } from '../../db/sqlite-driver.ts';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { onSqlite, type TestApp } from '../test-support.ts';
import { runCommand } from './cli.ts';
import { rotateMasterKey } from './rotate-master-key.ts';
import { expectServicesOpen, SEALED_REPORT, sealEverything, sqlOnSqlite } from './sealed-values.test-support.ts';
import { openApp, output, removeTempDirs } from './test-support.ts';

const seal = (t: TestApp) => sealEverything(t, sqlOnSqlite(t.database));

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  removeTempDirs();
});

describe('rotate-master-key', () => {
  it('re-seals every sealed secret so the services open them under the new key, and removes what the old key signed', async () => {
    app = await openApp();
    const sealed = await seal(app);
    const oldKey = readFileSync(app.config.masterKeyFile, 'utf8');
    await app.close();
    const { dir, config } = app;
    app = undefined;

    const printed = output();
    await rotateMasterKey(config, { now: new Date('2026-11-26T12:00:00Z') }, printed.out);
    expect(readFileSync(join(dir, 'master.key'), 'utf8')).not.toBe(oldKey);
    expect(existsSync(join(dir, 'master.key.new'))).toBe(false);
    expect(readFileSync(join(dir, 'master.key.2026-11-26'), 'utf8')).toBe(oldKey);
    expect(statSync(join(dir, 'master.key.2026-11-26')).mode & 0o777).toBe(0o600);
    expect(printed.text()).toContain(`The old key is kept in ${join(dir, 'master.key.2026-11-26')} (mode 0600)`);
    expect(printed.text()).toContain(`Re-sealed under the new master key: ${SEALED_REPORT}.`);
    expect(printed.text()).toMatch(/Removed 1 idempotency records and 2 sessions/);

    const after = onSqlite(await createApp({ config }));
    try {
      await expectServicesOpen(after, sealed);
      expect(after.database.sqlite.prepare('SELECT count(*) AS n FROM idempotency_records').get()).toEqual({ n: 0 });
      expect(after.database.sqlite.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    } finally {
      await after.close();
    }
  });

  it('refuses while the database is open elsewhere, and changes nothing', async () => {
    app = await openApp();
    await seal(app);
    const before = readFileSync(app.config.masterKeyFile, 'utf8');
    await expect(rotateMasterKey(app.config, {}, () => {})).rejects.toThrow(/is open in another process/);
    expect(readFileSync(app.config.masterKeyFile, 'utf8')).toBe(before);
    expect(existsSync(`${app.config.masterKeyFile}.new`)).toBe(false);
  });

  it('finishes a rotation that crashed after its commit, and discards one that crashed before', async () => {
    app = await openApp();
    const sealed = await seal(app);
    await app.close();
    const { dir, config } = app;
    app = undefined;
    const oldKey = readFileSync(config.masterKeyFile, 'utf8');
    await rotateMasterKey(config, {}, () => {});
    const newKey = readFileSync(config.masterKeyFile, 'utf8');
    // The state a crash between the commit and the rename leaves: old key file, new key beside it.
    renameSync(config.masterKeyFile, `${config.masterKeyFile}.new`);
    writeFileSync(config.masterKeyFile, oldKey);
    const serve = output();
    expect(await runCommand(['serve'], { env: { DATA_DIR: dir, PORT: '0' }, err: serve.out })).toBe(1);
    expect(serve.text()).toMatch(/rotation was interrupted/);

    const settled = output();
    await rotateMasterKey(config, {}, settled.out);
    expect(settled.text()).toMatch(/had committed/);
    expect(readFileSync(config.masterKeyFile, 'utf8')).toBe(newKey);

    // A new key that opens nothing: that rotation never committed, so it is dropped and a new one runs.
    writeFileSync(`${config.masterKeyFile}.new`, Buffer.alloc(32, 9).toString('base64'));
    const restarted = output();
    await rotateMasterKey(config, { now: new Date('2026-11-26T13:00:00Z') }, restarted.out);
    expect(restarted.text()).toMatch(/did not commit[\s\S]*1 signing-key seeds/);
    expect(readFileSync(config.masterKeyFile, 'utf8')).not.toBe(newKey);
    // Each replaced key kept once, however the rotation that replaced it ended.
    const kept = readdirSync(dir).filter((name) => name.startsWith('master.key.20')).sort();
    expect(kept).toHaveLength(2);
    expect(kept.map((name) => readFileSync(join(dir, name), 'utf8')).sort()).toEqual([oldKey, newKey].sort());
    const db = new Database(config.databaseFile, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM signing_keys').get()).toEqual({ n: 1 });
    db.close();
    expect(sealed.signingKey.id).toMatch(/^kid_/);
  });

  it('with MASTER_KEY, takes the new key from a file and refuses without one', async () => {
    app = await openApp({ masterKey: Buffer.alloc(32, 1).toString('hex') });
    const sealed = await seal(app);
    await app.close();
    const { dir, config } = app;
    app = undefined;
    await expect(rotateMasterKey(config, {}, () => {})).rejects.toThrow(/--new-key-file/);
    const keyFile = join(dir, 'next.key');
    writeFileSync(keyFile, Buffer.alloc(32, 2).toString('hex'));
    const printed = output();
    await rotateMasterKey(config, { newKeyFile: keyFile }, printed.out);
    expect(printed.text()).toMatch(/Set MASTER_KEY to the key in/);
    const after = await createApp({ config: { ...config, masterKey: Buffer.alloc(32, 2).toString('hex') } });
    try {
      await expectServicesOpen(after, sealed);
    } finally {
      await after.close();
    }
  });
});
