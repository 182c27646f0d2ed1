/**
 * The client's core is fetch-only and runs in a browser: bundled for the browser, its entry chunk
 * imports nothing from node: and holds none of the engine, which is a chunk of its own loaded on
 * the first offline check (verify/engine.ts). The engine's one node: import (reading the .wasm from
 * a file: URL, engine/src/wasm.ts) is left to the runtime: a browser never takes that branch.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the client bundled for a browser', () => {
  it('keeps node: out of its core and the engine in a lazily loaded chunk', async () => {
    const result = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      splitting: true,
      write: false,
      outdir: '/virtual',
      external: ['node:fs/promises'],
      logLevel: 'silent',
    });
    const entry = result.outputFiles.find((file) => file.path === '/virtual/index.js')!;
    const chunks = result.outputFiles.filter((file) => file !== entry);
    expect(entry.text).not.toMatch(/from ["']node:|import\(["']node:/);
    expect(entry.text).not.toContain('mldsaKeygen');
    expect(entry.text).toMatch(/import\(["']\.\/[^"']+\.js["']\)/);
    const engineChunk = chunks.find((file) => file.text.includes('mldsaKeygen'));
    expect(engineChunk, 'the engine in a chunk of its own').toBeDefined();
  });
});
