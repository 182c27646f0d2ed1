import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand, USAGE } from './cli.ts';
import { output, removeTempDirs, tempDir } from './test-support.ts';

afterEach(removeTempDirs);

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out = output();
  const err = output();
  const code = await runCommand(argv, { env, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

describe('the command line', () => {
  it('prints its usage for help and --help', async () => {
    expect(await run(['help'])).toEqual({ code: 0, out: USAGE, err: '' });
    expect((await run(['backup', '--help'])).out).toBe(USAGE);
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
});
