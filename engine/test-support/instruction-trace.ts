/**
 * Instruments a WebAssembly module with binaryen.js (the Binaryen that AssemblyScript compiles
 * with) so that running it leaves a trace of what it executed: how many instructions, which way
 * every branch went, and every memory address it touched (docs/crypto/constant-time.md §2).
 *
 * Each function is cut into straight-line segments: a segment starts at the function's entry, at
 * each arm of an `if`, at each iteration of a loop's body, and after any statement that may leave
 * its block (a `br`, `br_if`, `br_table` or `return`, or a structure holding one). A segment runs
 * to its end whenever it starts, so the trace call put at its start adds its static number of
 * Binaryen expressions to `instructions` and its id to the `path` hash. Every load, store,
 * `memory.copy` and `memory.fill` passes its addresses (and a bulk operation its length) through
 * a function that counts them in `accesses` and hashes them into `addresses`. The four counters
 * are imported i64 globals, so the host reads and resets them.
 *
 * Two options serve operations whose traces legitimately vary:
 * - `publicCalls`: a call of one of these functions leaves no trace (the counters are saved before
 *   it and restored after), for functions whose inputs are public; the caller says why of each.
 * - `marks`: each entry of one of these functions calls the import `ct.mark` first, so the host
 *   can cut the trace there (one segment per attempt of a rejection loop, say).
 */
import binaryen from 'binaryen';

/** What the instrumented module imports, besides the original module's imports. */
export const TRACE_GLOBALS = ['instructions', 'path', 'accesses', 'addresses'] as const;
export type TraceGlobal = (typeof TRACE_GLOBALS)[number];

export interface TraceOptions {
  /** Functions (as the module's name section names them) whose calls leave no trace. */
  publicCalls?: readonly string[];
  /** Functions at whose every entry the module calls the import `ct.mark`. */
  marks?: readonly string[];
  /**
   * Run Binaryen's `flatten` pass first. An optimized module may branch out of the middle of an
   * expression, where a segment could not be counted exactly; flat code branches from statements
   * only. The count is then of the flat form's expressions.
   */
  flatten?: boolean;
}

type Ref = number;
type Addressed = { setPtr(e: Ref, c: Ref): void };

/**
 * The expression wrappers binaryen.js exports (Block, If, Call, ...) with the accessors used here;
 * its index.d.ts does not declare them.
 */
interface Accessors {
  Function: { setBody(f: Ref, body: Ref): void };
  Block: { getChildren(e: Ref): Ref[]; setChildren(e: Ref, c: Ref[]): void };
  If: { setIfTrue(e: Ref, c: Ref): void; setIfFalse(e: Ref, c: Ref): void };
  Loop: { setBody(e: Ref, c: Ref): void };
  Call: { setTarget(e: Ref, name: string): void };
  Const: { setValueI32(e: Ref, v: number): void };
  Load: Addressed;
  Store: Addressed;
  SIMDLoad: Addressed;
  SIMDLoadStoreLane: Addressed;
  MemoryCopy: { setDest(e: Ref, c: Ref): void; setSource(e: Ref, c: Ref): void; setSize(e: Ref, c: Ref): void };
  MemoryFill: { setDest(e: Ref, c: Ref): void; setSize(e: Ref, c: Ref): void };
}
const api = binaryen as unknown as Accessors;
const id = binaryen;

/** The child expressions of each kind of expression, by the field names of getExpressionInfo. */
const CHILDREN = new Map<number, readonly string[]>([
  [id.BlockId, ['children']],
  [id.IfId, ['condition', 'ifTrue', 'ifFalse']],
  [id.LoopId, ['body']],
  [id.BreakId, ['value', 'condition']],
  [id.SwitchId, ['value', 'condition']],
  [id.CallId, ['operands']],
  [id.CallIndirectId, ['target', 'operands']],
  [id.LocalGetId, []],
  [id.LocalSetId, ['value']],
  [id.GlobalGetId, []],
  [id.GlobalSetId, ['value']],
  [id.LoadId, ['ptr']],
  [id.StoreId, ['ptr', 'value']],
  [id.ConstId, []],
  [id.UnaryId, ['value']],
  [id.BinaryId, ['left', 'right']],
  [id.SelectId, ['ifTrue', 'ifFalse', 'condition']],
  [id.DropId, ['value']],
  [id.ReturnId, ['value']],
  [id.NopId, []],
  [id.UnreachableId, []],
  [id.MemorySizeId, []],
  [id.MemoryGrowId, ['delta']],
  [id.SIMDExtractId, ['vec']],
  [id.SIMDReplaceId, ['vec', 'value']],
  [id.SIMDShuffleId, ['left', 'right']],
  [id.SIMDTernaryId, ['a', 'b', 'c']],
  [id.SIMDShiftId, ['vec', 'shift']],
  [id.SIMDLoadId, ['ptr']],
  [id.SIMDLoadStoreLaneId, ['ptr', 'vec']],
  [id.MemoryCopyId, ['dest', 'source', 'size']],
  [id.MemoryFillId, ['dest', 'value', 'size']],
]);

/** The accesses with one address operand, `ptr`. */
const ADDRESSED = new Map<number, Addressed>([
  [id.LoadId, api.Load],
  [id.StoreId, api.Store],
  [id.SIMDLoadId, api.SIMDLoad],
  [id.SIMDLoadStoreLaneId, api.SIMDLoadStoreLane],
]);

const SEGMENT = '__ct_segment';
const ADDRESS = '__ct_address';
const MARK = '__ct_mark';
const RETURN = '\u0000return';

/** A segment's weight is known once the walk has passed it; its trace call's constant is patched then. */
interface Segment {
  weight: number;
  weightConst: Ref;
}

/** Returns the module with its trace instrumentation, as bytes to instantiate. */
export function instrument(wasm: Uint8Array, options: TraceOptions = {}): Uint8Array {
  // Every feature the input may use (SIMD, bulk memory, ...) is allowed; only those used are emitted.
  const module = binaryen.readBinaryWithFeatures(wasm, binaryen.Features.All);
  try {
    if (options.flatten) module.runPasses(['flatten']);
    const publicCalls = new Set(options.publicCalls ?? []);
    const marks = new Set(options.marks ?? []);
    const functions = definedFunctions(module);
    const names = new Set(functions.map((f) => binaryen.getFunctionInfo(f).name));
    const unknown = [...publicCalls, ...marks].filter((name) => !names.has(name));
    if (unknown.length > 0) throw new Error(`the module defines no function ${unknown.join(', ')}`);

    const segments: Segment[] = [];
    const escapes = new Map<Ref, ReadonlySet<string>>();
    const segment = (): [Segment, Ref] => {
      const seg = { weight: 0, weightConst: module.i32.const(0) };
      segments.push(seg);
      return [seg, module.call(SEGMENT, [module.i32.const(segments.length), seg.weightConst], binaryen.none)];
    };
    const address = (e: Ref) => module.call(ADDRESS, [e], binaryen.i32);

    /** The labels outside e that e may branch to, and RETURN if it may return. */
    const escaping = (e: Ref): ReadonlySet<string> => {
      let found = escapes.get(e);
      if (found) return found;
      const info = infoOf(e);
      const out = new Set<string>();
      for (const child of childrenOf(info)) for (const label of escaping(child)) out.add(label);
      if (info.id === id.BreakId) out.add(info.name);
      if (info.id === id.SwitchId) [...info.names, info.defaultName].forEach((n: string) => out.add(n));
      if (info.id === id.ReturnId || ((info.id === id.CallId || info.id === id.CallIndirectId) && info.isReturn)) out.add(RETURN);
      if ((info.id === id.BlockId || info.id === id.LoopId) && info.name) out.delete(info.name);
      found = out;
      escapes.set(e, found);
      return found;
    };

    /** Adds e to seg and instruments it; `statement` says whether control may leave from e's position. */
    const visit = (fn: string, e: Ref, seg: Segment, statement: boolean): void => {
      const info = infoOf(e);
      if (!statement && escaping(e).size > 0) throw new Error(`${fn}: control leaves an expression before its parent runs; the count would be wrong`);
      seg.weight++;
      switch (info.id) {
        case id.BlockId: {
          const out: Ref[] = [];
          let current = seg;
          let cut = false;
          for (const child of info.children as Ref[]) {
            if (cut) {
              const [next, call] = segment();
              out.push(call);
              current = next;
            }
            visit(fn, child, current, true);
            out.push(child);
            cut = escaping(child).size > 0;
          }
          api.Block.setChildren(e, out);
          return;
        }
        case id.IfId: {
          visit(fn, info.condition, seg, false);
          api.If.setIfTrue(e, arm(fn, info.ifTrue));
          if (info.ifFalse) api.If.setIfFalse(e, arm(fn, info.ifFalse));
          return;
        }
        case id.LoopId:
          api.Loop.setBody(e, arm(fn, info.body));
          return;
        case id.BreakId:
        case id.SwitchId:
        case id.ReturnId:
          for (const child of childrenOf(info)) visit(fn, child, seg, false);
          return;
      }
      if (!CHILDREN.has(info.id)) throw new Error(`${fn}: no trace rule for expression id ${info.id}`);
      for (const child of childrenOf(info)) visit(fn, child, seg, false);
      ADDRESSED.get(info.id)?.setPtr(e, address(info.ptr));
      switch (info.id) {
        case id.CallId:
          if (publicCalls.has(info.target)) api.Call.setTarget(e, `${info.target}$public`);
          return;
        case id.MemoryCopyId:
          api.MemoryCopy.setDest(e, address(info.dest));
          api.MemoryCopy.setSource(e, address(info.source));
          api.MemoryCopy.setSize(e, address(info.size));
          return;
        case id.MemoryFillId:
          api.MemoryFill.setDest(e, address(info.dest));
          api.MemoryFill.setSize(e, address(info.size));
          return;
      }
    };

    /** A region of its own (a function body, an if arm, a loop body): its segment's trace call, then it. */
    const arm = (fn: string, e: Ref): Ref => {
      const [seg, call] = segment();
      visit(fn, e, seg, true);
      return module.block(null, [call, e], binaryen.auto);
    };

    for (const f of functions) {
      const info = binaryen.getFunctionInfo(f);
      const body = arm(info.name, info.body);
      api.Function.setBody(f, marks.has(info.name) ? module.block(null, [module.call(MARK, [], binaryen.none), body], binaryen.auto) : body);
    }
    for (const seg of segments) api.Const.setValueI32(seg.weightConst, seg.weight);

    addRuntime(module, marks.size > 0);
    for (const name of publicCalls) addPublicWrapper(module, name);
    if (!module.validate()) throw new Error('the instrumented module does not validate');
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}

/** The module's binary with its function names, which binaryen.js emits only under a global switch (restored after). */
export function emitWithNames(module: binaryen.Module): Uint8Array {
  const debugInfo = binaryen.getDebugInfo();
  binaryen.setDebugInfo(true);
  try {
    return module.emitBinary();
  } finally {
    binaryen.setDebugInfo(debugInfo);
  }
}

/** getExpressionInfo, which binaryen.js lacks for the leaves (nop, unreachable, ...): their id alone. */
function infoOf(e: Ref): any {
  const kind = binaryen.getExpressionId(e);
  return CHILDREN.get(kind)?.length === 0 ? { id: kind } : binaryen.getExpressionInfo(e);
}

function childrenOf(info: any): Ref[] {
  const fields = CHILDREN.get(info.id) ?? [];
  return fields.flatMap((field) => (Array.isArray(info[field]) ? info[field] : [info[field]])).filter((child: Ref) => child !== 0);
}

function definedFunctions(module: binaryen.Module): number[] {
  const out: number[] = [];
  for (let i = 0; i < module.getNumFunctions(); i++) {
    const f = module.getFunctionByIndex(i);
    if (!binaryen.getFunctionInfo(f).module) out.push(f);
  }
  return out;
}

/** The imported counters, the segment and address functions, and the mark import. */
function addRuntime(module: binaryen.Module, withMark: boolean): void {
  for (const name of TRACE_GLOBALS) module.addGlobalImport(`__ct_${name}`, 'ct', name, binaryen.i64, true);
  const add = (name: string, by: Ref) => module.global.set(`__ct_${name}`, module.i64.add(module.global.get(`__ct_${name}`, binaryen.i64), by));
  // h = (h ^ x) * K, then h ^= h >> 29: every input bit reaches the high and the low bits.
  const mix = (name: string, x: Ref, tmp: number) =>
    module.block(null, [
      module.local.set(tmp, module.i64.mul(module.i64.xor(module.global.get(`__ct_${name}`, binaryen.i64), x), module.i64.const(0x9e3779b97f4a7c15n))),
      module.global.set(`__ct_${name}`, module.i64.xor(module.local.get(tmp, binaryen.i64), module.i64.shr_u(module.local.get(tmp, binaryen.i64), module.i64.const(29n)))),
    ]);
  const i32s = (n: number) => binaryen.createType(Array(n).fill(binaryen.i32));
  module.addFunction(SEGMENT, i32s(2), binaryen.none, [binaryen.i64], module.block(null, [
    add('instructions', module.i64.extend_u(module.local.get(1, binaryen.i32))),
    mix('path', module.i64.extend_u(module.local.get(0, binaryen.i32)), 2),
  ]));
  module.addFunction(ADDRESS, i32s(1), binaryen.i32, [binaryen.i64], module.block(null, [
    add('accesses', module.i64.const(1n)),
    mix('addresses', module.i64.extend_u(module.local.get(0, binaryen.i32)), 1),
    module.local.get(0, binaryen.i32),
  ], binaryen.i32));
  if (withMark) module.addFunctionImport(MARK, 'ct', 'mark', binaryen.none, binaryen.none);
}

/** `name$public`: calls name with the counters saved before and restored after. */
function addPublicWrapper(module: binaryen.Module, name: string): void {
  const info = binaryen.getFunctionInfo(module.getFunction(name));
  const params = binaryen.expandType(info.params);
  const saved = params.length;
  const result = saved + TRACE_GLOBALS.length;
  const call = module.call(name, params.map((type, i) => module.local.get(i, type)), info.results);
  const body: Ref[] = TRACE_GLOBALS.map((g, i) => module.local.set(saved + i, module.global.get(`__ct_${g}`, binaryen.i64)));
  body.push(info.results === binaryen.none ? call : module.local.set(result, call));
  body.push(...TRACE_GLOBALS.map((g, i) => module.global.set(`__ct_${g}`, module.local.get(saved + i, binaryen.i64))));
  if (info.results !== binaryen.none) body.push(module.local.get(result, info.results));
  const vars = [...TRACE_GLOBALS.map(() => binaryen.i64), ...(info.results === binaryen.none ? [] : [info.results])];
  module.addFunction(`${name}$public`, info.params, info.results, vars, module.block(null, body, info.results === binaryen.none ? binaryen.none : info.results));
}
