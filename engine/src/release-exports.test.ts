/**
 * The shipped module has no test hook (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 * engine/build/release.wasm, the module the server and the browser load, exports exactly the
 * interface engine/src/wasm.ts states (EngineExports) and nothing named for tests; the
 * zero-challenge switch is not even compiled into it. The test build (engine/build/test.wasm)
 * exports the same plus the hooks, so the split is real.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import type { ZkFidnaProof } from './index.ts';
import { mlDsaApi } from './mldsa.ts';
import { sha2Api } from './sha2.ts';
import { sha3Api } from './sha3.ts';
import { instantiate } from './wasm.ts';
import { instantiateTestBuild } from '../test-support/test-build.ts';
import { zkFidnaApi } from './zkfidna.ts';
import { WasmCursor } from '../test-support/wasm-cursor.ts';

const file = (path: string) => new URL(`../${path}`, import.meta.url);
const bytesOf = (build: string) => new Uint8Array(readFileSync(file(`build/${build}.wasm`)));
const exportsOf = (build: string) => WebAssembly.Module.exports(new WebAssembly.Module(bytesOf(build))).map((e) => e.name);

/** The member names of an interface, read from the file's syntax tree. */
function members(path: string, name: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(file(path), 'utf8'), ts.ScriptTarget.Latest, true);
  const found = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`${path} declares no ${name}`);
  return found.members.map((m) => m.name!.getText(source));
}

/** Function and global names from a module's "name" custom section (debug builds carry one). */
function debugNames(bytes: Uint8Array): { functions: string[]; globals: string[] } {
  const c = new WasmCursor(bytes);
  const names = { functions: [] as string[], globals: [] as string[] };
  while (!c.done) {
    const id = c.byte();
    const end = c.u32() + c.at;
    if (id === 0 && c.name() === 'name') {
      while (c.at < end) {
        const kind = c.byte();
        const stop = c.u32() + c.at;
        const list = kind === 1 ? names.functions : kind === 7 ? names.globals : null;
        for (let n = list ? c.u32() : 0; n > 0; n--) {
          c.u32(); // the function's or global's index
          list!.push(c.name());
        }
        c.at = stop;
      }
    }
    c.at = end;
  }
  return names;
}

const release = exportsOf('release');
const hooks = members('test-support/test-build.ts', 'EngineTestExports');

describe('the release module', () => {
  it('exports nothing whose name says test, and neither does the debug build', () => {
    expect(release.filter((name) => /test/i.test(name))).toEqual([]);
    expect(exportsOf('debug').filter((name) => /test/i.test(name))).toEqual([]);
    // The rule can fail: the test build's hooks break it.
    expect(exportsOf('test').filter((name) => /test/i.test(name)).length).toBeGreaterThanOrEqual(6);
  });

  it('exports exactly the interface engine/src/wasm.ts declares, and no hook EngineTestExports declares', () => {
    expect([...release].sort()).toEqual(members('src/wasm.ts', 'EngineExports').sort());
    expect(release.filter((name) => hooks.includes(name))).toEqual([]);
  });

  it('has no zero-challenge switch: the debug build of the same source names no such state or code', () => {
    // The debug build is compiled from the same entry with the same switches as the release build,
    // unoptimized and with names, so what its name section lacks the frontend never emitted.
    const names = debugNames(bytesOf('debug'));
    expect(names.functions.some((n) => n.endsWith('zkfidna/transcript/trChallenge'))).toBe(true);
    expect(names.globals.some((n) => n.endsWith('zkfidna/transcript/T'))).toBe(true);
    const switches = [...names.functions, ...names.globals].filter((n) => /forceZero|ForceZero|transcript\/drawn|test_exports/.test(n));
    expect(switches).toEqual([]);
  });
});

describe('the test build', () => {
  it('exports the release module and the hooks, every one named for tests', () => {
    const test = exportsOf('test');
    expect(test.filter((name) => !release.includes(name)).sort()).toEqual([...hooks].sort());
    expect(hooks.every((name) => /^(zk|arith)Test/.test(name))).toBe(true);
    expect(hooks).toContain('zkTestForceZeroChallenge');
  });

  describe('forcing a zero challenge', () => {
    let proof: ZkFidnaProof;
    beforeAll(() => {
      proof = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 5n, balanceValue: 9n });
    });

    it('makes the test build reject a valid proof; the release build has no way to', async () => {
      const { wasm, io } = await instantiateTestBuild();
      const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
      const zk = zkFidnaApi(wasm, io, mlDsaApi(wasm, io, hashes, 65), hashes.shake256);
      const check = () => zk.verify({ proof: proof.proof, publicInput: proof.publicInput }).valid;
      expect(check()).toBe(true);
      wasm.zkTestForceZeroChallenge(0);
      expect(check()).toBe(false);
      wasm.zkTestForceZeroChallenge(-1);
      expect(check()).toBe(true);

      const shipped = await instantiate(bytesOf('release'));
      expect(hooks.filter((name) => name in shipped)).toEqual([]);
    });
  });
});
