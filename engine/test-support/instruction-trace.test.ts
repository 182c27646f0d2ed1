/**
 * The trace instrumentation (instruction-trace.ts, docs/crypto/constant-time.md §2) on small
 * modules written here in the WebAssembly text format: it counts what runs, and it tells apart
 * what a constant-time check must tell apart: a branch on a secret, even one whose arms are
 * equally long, and a memory address computed from a secret. The masked form of the same
 * functions leaves one trace for every secret.
 */
import binaryen from 'binaryen';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitWithNames, instrument } from './instruction-trace.ts';
import { traced, type TracedInstance } from './traced-engine.ts';

/** The binary of a module in the text format, with its function names. */
const wasmOf = (wat: string): Uint8Array => {
  const module = binaryen.parseText(wat);
  try {
    return emitWithNames(module);
  } finally {
    module.dispose();
  }
};

const SECRET_DEPENDENT = wasmOf(`(module
  (memory (export "memory") 1)
  (func (export "count") (param $n i32) (local $i i32)
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))
  ;; Extra work when the secret's low bit is set.
  (func (export "branch") (param $s i32) (result i32)
    (if (i32.and (local.get $s) (i32.const 1)) (then (local.set $s (i32.mul (local.get $s) (i32.const 3)))))
    (local.get $s))
  ;; Two arms of the same length: the same count either way, not the same path.
  (func (export "balanced") (param $s i32) (result i32)
    (if (result i32) (i32.and (local.get $s) (i32.const 1)) (then (i32.add (local.get $s) (i32.const 3))) (else (i32.sub (local.get $s) (i32.const 3)))))
  ;; A table lookup at a secret index.
  (func (export "lookup") (param $s i32) (result i32)
    (i32.load (i32.shl (i32.and (local.get $s) (i32.const 15)) (i32.const 2))))
  ;; The constant-time form: both values computed, one kept by a mask.
  (func (export "masked") (param $s i32) (result i32) (local $mask i32)
    (local.set $mask (i32.sub (i32.const 0) (i32.and (local.get $s) (i32.const 1))))
    (i32.or (i32.and (local.get $mask) (i32.mul (local.get $s) (i32.const 3))) (i32.and (i32.xor (local.get $mask) (i32.const -1)) (local.get $s))))
  ;; A public helper with a data-dependent loop, and attempts cut by marks.
  (func $helper (param $n i32) (result i32)
    (loop $again (local.set $n (i32.shr_u (local.get $n) (i32.const 1))) (br_if $again (local.get $n)))
    (i32.const 7))
  (func (export "callsHelper") (param $s i32) (result i32) (call $helper (local.get $s)))
  (func $attempt (param $k i32) (drop (i32.mul (local.get $k) (local.get $k))))
  (func (export "attempts") (param $k i32)
    (loop $next (call $attempt (local.get $k)) (local.set $k (i32.sub (local.get $k) (i32.const 1))) (br_if $next (local.get $k)))))`);

interface Exports {
  count(n: number): void;
  branch(s: number): number;
  balanced(s: number): number;
  lookup(s: number): number;
  masked(s: number): number;
  callsHelper(s: number): number;
  attempts(k: number): void;
}

const SECRETS = [0, 1, 2, 3, 0x10, 0xff];

describe('the trace of an instrumented module', () => {
  let plain: TracedInstance<Exports>;
  beforeAll(async () => {
    plain = await traced<Exports>(SECRET_DEPENDENT);
  });
  const traces = (fn: (s: number) => unknown) => SECRETS.map((s) => plain.trace(() => fn(s))[0]!);

  it('counts every executed instruction: a loop of n rounds runs 7 + 10 n expressions', () => {
    // Per round: the body block, br_if, i32.ge_u and its two local.gets, local.set, i32.add, its
    // local.get and i32.const, br. Once: the outer block, the loop, and the final test (5).
    expect([0, 1, 2, 5].map((n) => plain.trace(() => plain.wasm.count(n))[0]!.instructions)).toEqual([7, 17, 27, 57]);
  });

  it('differs between secrets when the code branches on a secret bit', () => {
    const counts = new Set(traces((s) => plain.wasm.branch(s)).map((t) => t.instructions));
    expect(counts.size).toBe(2);
  });

  it('differs by its path when both arms of a secret branch are equally long', () => {
    const all = traces((s) => plain.wasm.balanced(s));
    expect(new Set(all.map((t) => t.instructions)).size).toBe(1);
    expect(new Set(all.map((t) => t.path)).size).toBe(2);
  });

  it('differs by its addresses when a load is indexed by a secret', () => {
    const all = traces((s) => plain.wasm.lookup(s));
    expect(new Set(all.map((t) => `${t.instructions} ${t.path} ${t.accesses}`)).size).toBe(1);
    expect(new Set(all.map((t) => t.addresses)).size).toBe(new Set(SECRETS.map((s) => s & 15)).size);
  });

  it('is the same for every secret when the code selects by a mask instead', () => {
    expect(SECRETS.map((s) => plain.wasm.masked(s))).toEqual(SECRETS.map((s) => plain.wasm.branch(s)));
    expect(new Set(traces((s) => plain.wasm.masked(s)).map((t) => JSON.stringify(t))).size).toBe(1);
  });
});

describe('the instrumentation options', () => {
  it('leave no trace of a call to a function declared public, and keep its result', async () => {
    // The text parser names a function as written, without its '$'.
    const declassified = await traced<Exports>(SECRET_DEPENDENT, { publicCalls: ['helper'] });
    const run = (instance: TracedInstance<Exports>) => SECRETS.map((s) => JSON.stringify(instance.trace(() => expect(instance.wasm.callsHelper(s)).toBe(7))));
    expect(new Set(run(declassified)).size).toBe(1);
    expect(new Set(run(await traced<Exports>(SECRET_DEPENDENT))).size).toBeGreaterThan(1);
  });

  it('cut the trace at each entry of a marked function', async () => {
    const marked = await traced<Exports>(SECRET_DEPENDENT, { marks: ['attempt'] });
    const segments = marked.trace(() => marked.wasm.attempts(3));
    expect(segments).toHaveLength(4);
    expect(new Set(segments.slice(1, 3).map((s) => JSON.stringify(s))).size).toBe(1);
  });

  it('refuse a function name the module does not define', () => {
    expect(() => instrument(SECRET_DEPENDENT, { publicCalls: ['absent'] })).toThrow(/defines no function absent/);
  });

  it('refuse code whose control leaves an expression halfway, where the count would be wrong', () => {
    const early = wasmOf('(module (func (export "f") (result i32) (i32.add (i32.const 1) (block (result i32) (return (i32.const 2))))))');
    expect(() => instrument(early)).toThrow(/control leaves an expression/);
  });
});
