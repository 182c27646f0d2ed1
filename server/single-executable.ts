/**
 * Where the server's files are when it runs as the single executable (README.md "Self-hosting").
 *
 * From source nothing here runs: every module finds its files next to itself with import.meta.url.
 * The executable's build (scripts/build-binary.ts) rewrites those import.meta.url and
 * import.meta.dirname uses into seaFileUrl('<the module's path in the repository>') and
 * seaDirname(...), and packs the files they point at (web build, wasm, migrations, the worker
 * script, the better-sqlite3 addon, Swagger UI) as one asset in the repository's own layout. On the
 * first call that pack is extracted to a private cache folder, and every path resolves under it, so
 * the modules keep their relative paths unchanged.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

/** The asset names inside the executable. */
export const PACK_ASSET = 'root.pack.gz';
export const BUILD_ASSET = 'build.json';
const COMPLETE = '.complete';

export interface PackFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

export interface BuildInfo {
  version: string;
  /** A digest of the pack: a new build extracts to a new folder. */
  id: string;
}

/** Pack format: u32 length of a JSON index [{ path, size }], the index, then the files back to back; gzipped. */
export function writePack(files: PackFile[]): { pack: Buffer; id: string } {
  const index = Buffer.from(JSON.stringify(files.map((f) => ({ path: f.path, size: f.bytes.length }))));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(index.length);
  const raw = Buffer.concat([head, index, ...files.map((f) => f.bytes)]);
  return { pack: gzipSync(raw, { level: 9 }), id: createHash('sha256').update(raw).digest('hex').slice(0, 16) };
}

export function readPack(pack: Uint8Array): PackFile[] {
  const raw = gunzipSync(pack);
  const indexLength = raw.readUInt32BE(0);
  const index = JSON.parse(raw.subarray(4, 4 + indexLength).toString('utf8')) as { path: string; size: number }[];
  let offset = 4 + indexLength;
  return index.map(({ path, size }) => {
    const bytes = raw.subarray(offset, offset + size);
    offset += size;
    return { path, bytes };
  });
}

/** The folder builds are cached in: $XDG_CACHE_HOME/pq-platform, else ~/.cache/pq-platform. */
export function cacheBase(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && xdg.startsWith('/')) return join(xdg, 'pq-platform');
  const home = env.HOME || homedir();
  if (home && home !== '/') return join(home, '.cache', 'pq-platform');
  return join(tmpdir(), `pq-platform-${process.getuid?.() ?? 'user'}`);
}

/**
 * The extracted files run as this process (the addon, the worker script): a folder anybody else
 * could write to would let them run code as us.
 */
function checkPrivate(dir: string): void {
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if ((uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} is not a private folder of this user: remove it, or set XDG_CACHE_HOME to a folder of your own.`);
  }
}

/**
 * Extracts the pack to base/<version>-<id>/ unless a complete extraction is there already, and
 * returns that folder. Files go to a temporary folder first, renamed into place when complete, so a
 * start interrupted half-way or two starts at once never leave a partial folder in use.
 */
export function extractPack(pack: Uint8Array, build: BuildInfo, base: string): string {
  mkdirSync(base, { recursive: true, mode: 0o700 });
  checkPrivate(base);
  const target = join(base, `${build.version}-${build.id}`);
  if (existsSync(join(target, COMPLETE))) {
    checkPrivate(target);
    return target;
  }
  const staging = mkdtempSync(join(base, '.extracting-'));
  try {
    for (const file of readPack(pack)) {
      const path = resolve(staging, file.path);
      if (!path.startsWith(staging + sep)) throw new Error(`pack entry outside its folder: ${file.path}`);
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, file.bytes, { mode: 0o600 });
    }
    writeFileSync(join(staging, COMPLETE), `${build.version} ${build.id}\n`, { mode: 0o600 });
    chmodSync(staging, 0o700);
    if (existsSync(target)) rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another start of the same build finished first: use its folder.
    if (existsSync(join(target, COMPLETE))) return target;
    throw error;
  }
  return target;
}

let root: string | undefined;

/** The extracted root of this executable (extracting on first use). */
export function seaRoot(): string {
  if (root !== undefined) return root;
  // node:sea exists only in Node 20.12+ and answers only inside an executable; this runs only there.
  const sea = createRequire(pathToFileURL(process.execPath))('node:sea') as typeof import('node:sea');
  const build = JSON.parse(sea.getAsset(BUILD_ASSET, 'utf8')) as BuildInfo;
  root = extractPack(new Uint8Array(sea.getAsset(PACK_ASSET)), build, cacheBase());
  return root;
}

/** For tests: resolve under this folder instead of extracting. */
export function setSeaRoot(dir: string | undefined): void {
  root = dir;
}

/** What import.meta.url is for the module at `modulePath` (repository-relative). */
export function seaFileUrl(modulePath: string): string {
  return pathToFileURL(join(seaRoot(), modulePath)).href;
}

/** What import.meta.dirname is for that module. */
export function seaDirname(modulePath: string): string {
  return dirname(join(seaRoot(), modulePath));
}

/** Loads a native addon packed at `modulePath`, as the `bindings` package would from node_modules. */
export function loadSeaAddon(modulePath: string): unknown {
  const module = { exports: {} };
  process.dlopen(module, join(seaRoot(), modulePath));
  return module.exports;
}

/** The repository-relative path of an absolute file, for the build. */
export function repoPath(rootDir: string, file: string): string {
  return relative(rootDir, file).split(sep).join('/');
}
