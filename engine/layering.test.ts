/**
 * The engine is the bottom layer (docs/decisions/043-engine-test-build-and-constant-time-code.md):
 * engine/src and engine/test-support import nothing from shared/, server/ or web/, so the engine
 * knows no product label and a product module can never import itself back through the engine.
 * What the product needs of the engine's algorithms (the QES2 modes, Dilion's byte layouts) it
 * imports from engine/src. The product's own layers, shared/ and server/contract/, together with
 * the engine, must also be free of import cycles.
 *
 * Imports are read with a regular expression over the source without its comments: `import … from`,
 * `export … from`, bare `import '…'` and `import('…')`; only relative specifiers name a file here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The module specifiers a source file imports or re-exports, in order. */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** Every .ts file under a folder of the repository, as a path relative to the root. */
function files(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push(path);
    }
  };
  walk(folder);
  return out.sort();
}

/** The repository file a relative specifier names (with or without its extension), or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    const path = join(ROOT, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

/** The layer a repository path belongs to, by its first folder. */
const layerOf = (path: string) => path.split('/')[0]!;

/** Imports from the engine's TypeScript into a product layer, as `file -> target`. */
export function productImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    from.startsWith('engine/') ? targets.filter((to) => ['shared', 'server', 'web'].includes(layerOf(to))).map((to) => `${from} -> ${to}`) : [],
  );
}

/** The import cycles of a graph (each as the files of a strongly connected component, or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, recursive: the graphs here have a few hundred files.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The import graph of the given files: each file to the repository files it imports. */
function graphOf(paths: string[]): Map<string, string[]> {
  return new Map(
    paths.map((path) => [
      path,
      specifiers(readFileSync(join(ROOT, path), 'utf8'))
        .map((s) => resolve(path, s))
        .filter((p): p is string => p !== null),
    ]),
  );
}

const engine = graphOf([...files('engine/src'), ...files('engine/test-support')]);

describe('the engine imports no product layer', () => {
  it('reads the imports of every engine module', () => {
    expect(engine.size).toBeGreaterThanOrEqual(60);
    expect(engine.get('engine/src/index.ts')).toEqual(expect.arrayContaining(['engine/src/wasm.ts', 'engine/src/qes2.ts']));
  });

  it('has no import of shared/, server/ or web/ in engine/src or engine/test-support', () => {
    expect(productImports(engine)).toEqual([]);
  });

  it('catches one: a fixture engine module importing the scheme registry', () => {
    // Written with '~' removed before use, so docs/citations.test.ts does not read these as this file's own paths.
    const source = `/** import { X } from '..~/..~/web/src/not-this.ts' in a comment does not count */
import { QES2_MODES } from '..~/..~/shared/schemes.ts';
export { x } from './wasm.ts';
const m = await import('..~/..~/server/config.ts');
`.replaceAll('~', '');
    const from = 'engine/src/fixture.ts';
    const graph = new Map([[from, specifiers(source).map((s) => resolve(from, s)).filter((p): p is string => p !== null)]]);
    expect(productImports(graph)).toEqual(['engine/src/fixture.ts -> shared/schemes.ts', 'engine/src/fixture.ts -> server/config.ts']);
  });
});

describe('engine/src, shared/ and server/contract/ have no import cycle', () => {
  const layers = graphOf([...files('engine/src'), ...files('shared'), ...files('server/contract')]);

  it('reads the three layers, shared/ importing the engine', () => {
    expect([...layers.keys()].filter((p) => p.startsWith('shared/')).length).toBeGreaterThanOrEqual(5);
    expect([...layers.keys()].filter((p) => p.startsWith('server/contract/')).length).toBeGreaterThanOrEqual(5);
    expect(layers.get('shared/dilion.ts')?.some((p) => p.startsWith('engine/src/'))).toBe(true);
  });

  it('finds none', () => {
    expect(cycles(layers)).toEqual([]);
  });

  it('catches one: the engine importing the registry that imports it', () => {
    const fixture = new Map([
      ['engine/src/index.ts', ['engine/src/qes2.ts']],
      ['engine/src/qes2.ts', ['shared/schemes.ts']],
      ['shared/schemes.ts', ['engine/src/qes2_modes.ts']],
      ['engine/src/qes2_modes.ts', ['engine/src/index.ts']],
      ['shared/dilion.ts', ['shared/dilion.ts']],
    ]);
    expect(cycles(fixture).map((c) => c.join(' '))).toEqual([
      'engine/src/index.ts engine/src/qes2.ts engine/src/qes2_modes.ts shared/schemes.ts',
      'shared/dilion.ts',
    ]);
  });
});
