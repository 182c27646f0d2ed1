import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const contractDir = join(root, 'server/contract');
const contracts = readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Module specifiers a file imports at run time (`import type` and `export type` lines are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
    if (!m[2]) specs.push(m[3]!);
  }
  return specs;
}

/** Every file reachable from `start` through run-time imports, and any package it reaches. */
function reachable(start: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(start);
  return { files: [...files].map((f) => relative(root, f)), packages: [...packages] };
}

describe('the API contract (server/contract)', () => {
  it('imports only zod, shared/, itself and engine modules that import nothing, so the web app and the docs can load it anywhere', () => {
    expect(contracts.length).toBeGreaterThan(10);
    for (const file of contracts) {
      const { files, packages } = reachable(join(contractDir, file));
      expect(packages, file).toEqual(packages.length ? ['zod'] : []);
      for (const f of files) {
        // The engine's own format modules (QES2's modes, Dilion's byte layouts) are plain data that
        // shared/ takes from the engine (docs/decisions/043): allowed while they import nothing.
        if (f.startsWith('engine/src/')) expect(runtimeImports(join(root, f)), `${file} reaches ${f}, which imports`).toEqual([]);
        else expect(f, `${file} reaches ${f}`).toMatch(/^(server\/contract|shared)\//);
      }
    }
  });

  it('would refuse a module that reaches the engine or a server feature, as server/app.ts does', () => {
    expect(reachable(join(contractDir, 'dilion.ts')).files).toContain('shared/dilion.ts');
    const app = reachable(join(root, 'server/app.ts'));
    expect(app.files).toContain('engine/src/index.ts');
    expect(app.files.filter((f) => !/^(server\/contract|shared)\//.test(f)).length).toBeGreaterThan(20);
    expect(app.packages).toContain('express');
  });

  it('instantiates no WebAssembly when its schemas are imported', async () => {
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    for (const file of contracts) await import(join(contractDir, file));
    expect(instantiate).not.toHaveBeenCalled();
  });
});
