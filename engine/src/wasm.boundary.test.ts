/**
 * The wasm boundary is checked mechanically: EngineExports (wasm.ts) declares exactly the functions
 * the built module exports, with the same parameters and results, EngineTestExports
 * (engine/test-support/test-build.ts) does the same for the test build's hooks, and the IO offsets
 * come from engine/assembly/layout.ts alone, on both sides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as layout from '../assembly/layout.ts';
import { instantiate } from './wasm.ts';
import { WasmCursor } from '../test-support/wasm-cursor.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** A function's parameter and result types as TypeScript spells them: 'number', 'bigint', 'void'. */
interface Signature {
  params: string[];
  result: string;
}

const TS_OF: Record<number, string> = { 0x7f: 'number', 0x7e: 'bigint', 0x7d: 'number', 0x7c: 'number' };

/** The function exports of a wasm binary with their signatures, read from its type, import, function and export sections. */
function wasmSignatures(bytes: Uint8Array): Map<string, Signature> {
  const c = new WasmCursor(bytes);
  const valtypes = () => Array.from({ length: c.u32() }, () => TS_OF[c.byte()] ?? `type 0x${c.bytes[c.at - 1]!.toString(16)}`);
  const limits = () => {
    const flags = c.byte();
    c.u32();
    if (flags & 1) c.u32();
  };
  const types: Signature[] = [];
  const functionTypes: number[] = [];
  const exports = new Map<string, Signature>();
  while (!c.done) {
    const id = c.byte();
    const size = c.u32();
    const end = c.at + size;
    if (id === 1) {
      for (let n = c.u32(); n > 0; n--) {
        c.at++; // 0x60, the function type's tag
        const params = valtypes();
        const results = valtypes();
        types.push({ params, result: results[0] ?? 'void' });
      }
    } else if (id === 2) {
      for (let n = c.u32(); n > 0; n--) {
        c.name();
        c.name();
        const kind = c.byte();
        if (kind === 0) functionTypes.push(c.u32());
        // A table (element type, then limits), a memory (limits) or a global (type, mutability).
        if (kind === 1) c.at++;
        if (kind === 1 || kind === 2) limits();
        if (kind === 3) c.at += 2;
      }
    } else if (id === 3) {
      for (let n = c.u32(); n > 0; n--) functionTypes.push(c.u32());
    } else if (id === 7) {
      for (let n = c.u32(); n > 0; n--) {
        const exported = c.name();
        const kind = c.byte();
        const index = c.u32();
        if (kind === 0) exports.set(exported, types[functionTypes[index]!]!);
      }
    }
    c.at = end;
  }
  return exports;
}

/** The methods an interface declares (EngineExports in wasm.ts by default), read from the file's syntax tree (its type aliases resolved). */
function declaredSignatures(source: string, name = 'EngineExports'): { methods: Map<string, Signature>; properties: Map<string, string> } {
  const file = ts.createSourceFile('wasm.ts', source, ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, string>();
  let declaration: ts.InterfaceDeclaration | undefined;
  file.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type.getText(file));
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) declaration = node;
  });
  if (!declaration) throw new Error(`the file declares no ${name}`);
  const typeOf = (type: ts.TypeNode | undefined) => {
    const text = type?.getText(file) ?? 'missing';
    return aliases.get(text) ?? text;
  };
  const methods = new Map<string, Signature>();
  const properties = new Map<string, string>();
  for (const member of declaration.members) {
    const key = member.name?.getText(file) ?? `unnamed member at ${member.pos}`;
    if (ts.isMethodSignature(member)) methods.set(key, { params: member.parameters.map((p) => typeOf(p.type)), result: typeOf(member.type) });
    else if (ts.isPropertySignature(member)) properties.set(key, typeOf(member.type));
    else properties.set(key, `a ${ts.SyntaxKind[member.kind]}, not a method`);
  }
  return { methods, properties };
}

const release = new Uint8Array(readFileSync(new URL('engine/build/release.wasm', root)));
const built = wasmSignatures(release);
const declared = declaredSignatures(read('engine/src/wasm.ts'));

describe('EngineExports matches the built module', () => {
  it('reads every function the module exports, and only those', () => {
    const module = new WebAssembly.Module(release);
    const functions = WebAssembly.Module.exports(module).filter((e) => e.kind === 'function').map((e) => e.name);
    expect([...built.keys()].sort()).toEqual(functions.sort());
    // The boundary's size when the test hooks moved to the test build: guards the reader above
    // against reading nothing.
    expect(built.size).toBeGreaterThanOrEqual(71);
  });

  it('declares every exported function with its parameter count and types', () => {
    const wrong = [...built].flatMap(([name, actual]) => {
      const mine = declared.methods.get(name);
      if (!mine) return [`${name}: exported, not declared`];
      return JSON.stringify(mine) === JSON.stringify(actual) ? [] : [`${name}: declared ${JSON.stringify(mine)}, built ${JSON.stringify(actual)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('declares nothing the module lacks, and the memory as a memory', () => {
    expect([...declared.methods.keys()].filter((name) => !built.has(name))).toEqual([]);
    expect(Object.fromEntries(declared.properties)).toEqual({ memory: 'WebAssembly.Memory' });
    const memory = WebAssembly.Module.exports(new WebAssembly.Module(release)).find((e) => e.name === 'memory');
    expect(memory?.kind).toBe('memory');
  });

  it('catches a mismatch: the reader sees a missing parameter', () => {
    const altered = read('engine/src/wasm.ts').replace('mldsaSign(level: number, messageLen: number): number;', 'mldsaSign(level: number): number;');
    expect(declaredSignatures(altered).methods.get('mldsaSign')).not.toEqual(built.get('mldsaSign'));
  });
});

describe('EngineTestExports matches the test build', () => {
  const testBuild = wasmSignatures(new Uint8Array(readFileSync(new URL('engine/build/test.wasm', root))));
  const hooks = declaredSignatures(read('engine/test-support/test-build.ts'), 'EngineTestExports');

  it('exports what the release build exports, with the same types, plus the declared hooks', () => {
    const extra = [...testBuild.keys()].filter((name) => !built.has(name));
    expect(extra.sort()).toEqual([...hooks.methods.keys()].sort());
    expect([...built].filter(([name, signature]) => JSON.stringify(testBuild.get(name)) !== JSON.stringify(signature))).toEqual([]);
    expect(hooks.methods.size).toBeGreaterThanOrEqual(6);
  });

  it('declares every hook with its parameter count and types', () => {
    const wrong = [...hooks.methods].filter(([name, mine]) => JSON.stringify(mine) !== JSON.stringify(testBuild.get(name)));
    expect(wrong.map(([name]) => name)).toEqual([]);
  });
});

describe('the IO layout is stated once, in engine/assembly/layout.ts', () => {
  it('has the IO size the module reports, and every offset inside the buffer', async () => {
    const wasm = await instantiate(release);
    expect(wasm.ioSize()).toBe(layout.IO_SIZE);
    const offsets = Object.entries(layout).filter(([name]) => /^(MLDSA|MLKEM|CHACHA|SECP|ZK)_/.test(name));
    expect(offsets.filter(([, value]) => !Number.isInteger(value) || value < 0 || value >= layout.IO_SIZE)).toEqual([]);
  });

  it('is the only place the AssemblyScript exports take offsets from', () => {
    const files = [
      'index.ts',
      'test-entry.ts',
      'io.ts',
      ...readdirSync(new URL('engine/assembly/', root)).filter((f) => f.endsWith('_exports.ts')),
      'zkfidna/exports.ts',
      'zkfidna/test_exports.ts',
    ];
    const own = /const (\w+): usize = \d+;|IO \+ [1-9]\d*/g;
    expect(files.flatMap((f) => [...read(`engine/assembly/${f}`).matchAll(own)].map((m) => `${f}: ${m[0]}`))).toEqual([]);
    expect('const PROOF: usize = 1024;'.match(own)).not.toBeNull();
  });

  it('is the only place the TypeScript side takes offsets from', () => {
    const modules = ['engine/src/', 'engine/test-support/'].flatMap((dir) =>
      readdirSync(new URL(dir, root))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => dir + f),
    );
    expect(modules).toContain('engine/test-support/h2c-trace.ts');
    expect(modules.flatMap((f) => ownOffsets(f, read(f)))).toEqual([]);
    expect(ownOffsets('bad.ts', 'const PROOF = 1024;\nio.write(proof, PROOF);\nio.read(16384, 64);\nio.clear(0, 32);')).toEqual([
      'bad.ts: io.write(proof, PROOF)',
      'bad.ts: io.read(16384, 64)',
    ]);
  });
});

/**
 * IO offsets a module writes itself: an io.write, io.read or io.clear whose offset is a number
 * other than 0 or uses a numeric constant of the module's own (rather than one from layout.ts).
 */
function ownOffsets(name: string, source: string): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const numeric = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer && ts.isNumericLiteral(d.initializer)) numeric.add(d.name.text);
    }
  }
  const found: string[] = [];
  const uses = (node: ts.Node): boolean =>
    (ts.isNumericLiteral(node) && node.parent.kind !== ts.SyntaxKind.BinaryExpression && Number(node.text) !== 0) ||
    (ts.isIdentifier(node) && numeric.has(node.text)) ||
    ts.forEachChild(node, uses) === true;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText(file) === 'io') {
      const method = node.expression.name.text;
      const offset = method === 'write' ? node.arguments[1] : method === 'read' || method === 'clear' ? node.arguments[0] : undefined;
      if (offset && uses(offset)) found.push(`${name}: ${node.getText(file)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
