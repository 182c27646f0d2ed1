import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand, USAGE, versionText } from './cli.ts';
import { APP_VERSION } from '../version.ts';
import { output, removeTempDirs, tempDir } from './test-support.ts';

afterEach(removeTempDirs);

async function run(argv: string[], env: NodeJS.ProcessEnv = {}, envDir?: string) {
  const out = output();
  const err = output();
  const code = await runCommand(argv, { env, envDir, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

describe('the command line', () => {
  it('prints its usage for help and --help', async () => {
    expect(await run(['help'])).toEqual({ code: 0, out: USAGE, err: '' });
    expect((await run(['backup', '--help'])).out).toBe(USAGE);
  });

  it('prints the version and the Node.js it runs on, and why that runtime is unsupported past its end of life', async () => {
    expect(await run(['version'])).toEqual({ code: 0, out: versionText(process.version, new Date()), err: '' });
    expect(versionText('v24.21.0', new Date('2026-11-27T00:00:00Z'))).toBe(`pq-platform ${APP_VERSION} on node v24.21.0`);
    expect(versionText('v20.20.2', new Date('2026-11-27T00:00:00Z'))).toBe(
      `pq-platform ${APP_VERSION} on node v20.20.2 (Node.js 20 reached its end of life on 2026-04-30; use Node.js 24)`,
    );
    expect(await run(['version', 'extra'])).toMatchObject({ code: 2, err: expect.stringMatching(/^version takes no arguments/) });
  });

  it('refuses unknown commands, options and argument counts with exit code 2', async () => {
    expect(await run(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/^unknown command "frobnicate"/) });
    expect(await run(['backup'])).toMatchObject({ code: 2, err: expect.stringMatching(/^backup takes one file/) });
    expect(await run(['migrate', 'extra'])).toMatchObject({ code: 2, err: expect.stringMatching(/^migrate takes no arguments/) });
    expect(await run(['migrate', '--force'])).toMatchObject({ code: 2, err: expect.stringMatching(/^an option migrate does not take/) });
    expect(await run(['serve', '--verbose'])).toMatchObject({ code: 2, err: expect.stringMatching(/Unknown option '--verbose'/) });
  });

  it('stops with exit code 1 and the message on a configuration error or a refused command', async () => {
    expect(await run(['migrate'], { PORT: 'eighty' })).toMatchObject({ code: 1, err: expect.stringMatching(/^Invalid environment variable PORT/) });
    const dir = tempDir();
    expect(await run(['backup', join(dir, 'b.db')], { DATA_DIR: dir })).toMatchObject({ code: 1, err: expect.stringMatching(/^There is no database/) });
  });

  it('migrates a new data folder, then finds it up to date', async () => {
    const dir = tempDir();
    const first = await run(['migrate'], { DATA_DIR: dir });
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/app\.db: applied (\d+) migrations \(\1 in all\)$/);
    expect(existsSync(join(dir, 'app.db'))).toBe(true);
    expect((await run(['migrate'], { DATA_DIR: dir })).out).toMatch(/app\.db: up to date \(\d+ migrations\)$/);
  });

  it('takes settings from .env and .env.local in its folder, the environment over both, and says where each came from', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.env'), '# copied from .env.example\nPORT=5203\nHOST=127.0.0.1\nLOG_LEVEL=warn\n');
    writeFileSync(join(dir, '.env.local'), 'LOG_LEVEL="debug"\n');
    const shown = await run(['config'], { DATA_DIR: dir, HOST: '::1' }, dir);
    expect(shown.code).toBe(0);
    const config = JSON.parse(shown.out) as { port: number; host: string; logLevel: string; dataDir: string; sources: Record<string, string> };
    expect(config).toMatchObject({ port: 5203, host: '::1', logLevel: 'debug', dataDir: dir });
    expect(config.sources).toMatchObject({ PORT: '.env', HOST: 'environment', LOG_LEVEL: '.env.local', DATA_DIR: 'environment', NODE_ENV: 'default', MASTER_KEY: 'default' });
  });

  it('reads no .env when it is not asked to, and stops on one that cannot be a settings file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.env'), 'PORT=5203\n');
    expect(JSON.parse((await run(['config'], { DATA_DIR: dir })).out)).toMatchObject({ port: 5000, sources: { PORT: 'default' } });
    expect(await run(['config'], { DATA_DIR: dir }, dir)).toMatchObject({ code: 0 });
    writeFileSync(join(dir, '.env'), 'PORT=eighty\n');
    expect(await run(['config'], { DATA_DIR: dir }, dir)).toMatchObject({ code: 1, err: expect.stringMatching(/^Invalid environment variable PORT/) });
    writeFileSync(join(dir, '.env'), `X=${'a'.repeat(70_000)}\n`);
    expect(await run(['config'], { DATA_DIR: dir }, dir)).toMatchObject({ code: 1, err: expect.stringMatching(/\.env is larger than 64 KiB/) });
    const other = tempDir();
    mkdirSync(join(other, '.env'));
    expect(await run(['config'], { DATA_DIR: other }, other)).toMatchObject({ code: 1, err: expect.stringMatching(/\.env is not a file/) });
  });
});
