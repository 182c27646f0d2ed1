import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheBase, extractPack, readPack, seaDirname, seaFileUrl, setSeaRoot, writePack } from './single-executable.ts';

let base: string;
afterEach(() => {
  setSeaRoot(undefined);
  if (base) rmSync(base, { recursive: true, force: true });
});

const files = [
  { path: 'package.json', bytes: Buffer.from('{"version":"1.2.3"}') },
  { path: 'db/migrations/0000_init.sql', bytes: Buffer.from('CREATE TABLE t (a);') },
  { path: 'engine/build/release.wasm', bytes: Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]) },
];

describe('the executable pack', () => {
  it('reads back the files it was written with, and names a build by its content', () => {
    const { pack, id } = writePack(files);
    expect(readPack(pack).map((f) => [f.path, Buffer.from(f.bytes).toString('hex')])).toEqual(files.map((f) => [f.path, f.bytes.toString('hex')]));
    expect(writePack(files).id).toBe(id);
    expect(writePack([...files.slice(0, 2), { path: files[2]!.path, bytes: Buffer.from([1]) }]).id).not.toBe(id);
  });

  it('extracts once into a private <version>-<id> folder and reuses it afterwards', () => {
    base = mkdtempSync(join(tmpdir(), 'pq-paths-'));
    const { pack, id } = writePack(files);
    const root = extractPack(pack, { version: '1.2.3', id }, join(base, 'cache'));
    expect(root).toBe(join(base, 'cache', `1.2.3-${id}`));
    expect(readFileSync(join(root, 'db/migrations/0000_init.sql'), 'utf8')).toBe('CREATE TABLE t (a);');
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'package.json')).mode & 0o777).toBe(0o600);
    // A second start finds the complete folder and does not write it again.
    writeFileSync(join(root, 'package.json'), 'left alone');
    expect(extractPack(pack, { version: '1.2.3', id }, join(base, 'cache'))).toBe(root);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe('left alone');
    expect(readdirSync(join(base, 'cache'))).toEqual([`1.2.3-${id}`]);
  });

  it('replaces a folder an interrupted extraction left incomplete', () => {
    base = mkdtempSync(join(tmpdir(), 'pq-paths-'));
    const { pack, id } = writePack(files);
    const partial = join(base, `1.2.3-${id}`);
    mkdirSync(partial, { mode: 0o700 });
    writeFileSync(join(partial, 'package.json'), 'half');
    const root = extractPack(pack, { version: '1.2.3', id }, base);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe('{"version":"1.2.3"}');
  });

  it('refuses a cache folder others can write to, and entries that leave the folder', () => {
    base = mkdtempSync(join(tmpdir(), 'pq-paths-'));
    const { pack, id } = writePack(files);
    chmodSync(base, 0o777);
    expect(() => extractPack(pack, { version: '1', id }, base)).toThrow(/not a private folder/);
    chmodSync(base, 0o700);
    const evil = writePack([{ path: '../escaped.txt', bytes: Buffer.from('x') }]);
    expect(() => extractPack(evil.pack, { version: '1', id: evil.id }, join(base, 'inner'))).toThrow(/outside its folder/);
    expect(existsSync(join(base, 'escaped.txt'))).toBe(false);
  });

  it('caches under XDG_CACHE_HOME, else ~/.cache', () => {
    expect(cacheBase({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/a' })).toBe('/x/cache/pq-platform');
    expect(cacheBase({ XDG_CACHE_HOME: 'relative', HOME: '/home/a' })).toBe('/home/a/.cache/pq-platform');
    expect(cacheBase({ HOME: '/home/a' })).toBe('/home/a/.cache/pq-platform');
  });

  it('resolves a module path under the root as import.meta.url and import.meta.dirname would', () => {
    setSeaRoot('/opt/pq root');
    expect(fileURLToPath(seaFileUrl('server/engine/pool.ts'))).toBe('/opt/pq root/server/engine/pool.ts');
    expect(seaFileUrl('db/connection.ts')).toBe('file:///opt/pq%20root/db/connection.ts');
    expect(seaDirname('server/web/static.ts')).toBe('/opt/pq root/server/web');
  });
});
