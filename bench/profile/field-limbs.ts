/**
 * `npx tsx bench/profile/field-limbs.ts [rounds]`: secp256k1 field products in other limb
 * representations against engine/assembly/secp256k1/field.ts (10x26) and fieldsimd.ts (two
 * products in i64x2 lanes), decision 072. WebAssembly multiplies 64x64->64 only, so every
 * candidate builds its 512-bit product from 32x32->64 limb products:
 *
 * - `mulK`, `sqrK`: 10x26 with one level of Karatsuba (75 limb products instead of 100; the middle
 *   term from signed differences, exact in wrapping u64 arithmetic since every column of it is
 *   non-negative), reduced as field.ts reduces;
 * - `mul9`, `sqr9`: 9x29 (81 limb products); 2^261 = 2^37 + 0x7A20 (mod p) folds the high columns;
 *   a column of nine 58-bit products leaves inputs room for magnitude 2 only (9 (2.66 * 2^29)^2 <
 *   2^64), against 8 for 10x26;
 * - `mul9x2`, `sqr9x2`: 9x29, two products in u64 lanes, fieldsimd.ts's layout with nine limbs.
 *
 * The kernels are generated here into bench/.profile/ (gitignored), compiled with the engine's
 * flags, checked against BigInt on random and all-ones limbs at each representation's magnitude
 * bound, then timed as chains of dependent products in interleaved rounds (medians; ratios are
 * medians of the rounds' paired ratios). `--calls <kernel> <n>` only runs n products, for
 * callgrind's instruction counts: (Ir(n2) - Ir(n1)) / (n2 - n1) under
 * `node --single-threaded --no-liftoff`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = join(ROOT, 'bench/.profile');

/** Columns of a schoolbook product: column k as "x_i * y_j" terms. */
function columns(n: number, term: (i: number, j: number) => string | null): string[] {
  return Array.from({ length: 2 * n - 1 }, (_, k) => {
    const terms: string[] = [];
    for (let i = 0; i < n; i++) {
      const j = k - i;
      const t = j >= 0 && j < n ? term(i, j) : null;
      if (t !== null) terms.push(t);
    }
    return terms.join(' + ');
  });
}

const sum = (terms: string[]) => terms.reduce((acc, t) => (acc === '' ? t : `i64x2.add(${acc}, ${t})`), '');
const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n');

function karatsuba(): string {
  const load = (v: string) => lines(10, (i) => `const ${v}${i} = limb(${v}, ${i});`);
  const half = (x: (i: number) => string, y: (i: number) => string) =>
    Array.from({ length: 9 }, (_, k) => {
      const t: string[] = [];
      for (let i = 0; i < 5; i++) if (k - i >= 0 && k - i < 5) t.push(`${x(i)} * ${y(k - i)}`);
      return t.join(' + ');
    });
  const square = (x: (i: number) => string, twice: (i: number) => string) =>
    Array.from({ length: 9 }, (_, k) => {
      const t: string[] = [];
      for (let i = 0; i < 5; i++) {
        const j = k - i;
        if (j >= i && j < 5) t.push(i === j ? `${x(i)} * ${x(i)}` : `${twice(i)} * ${x(j)}`);
      }
      return t.join(' + ');
    });
  const combine = Array.from({ length: 19 }, (_, k) =>
    [k < 9 ? `l${k}` : '', k >= 5 && k < 14 ? `m${k - 5}` : '', k >= 10 ? `h${k - 10}` : ''].filter(Boolean).join(' + '),
  ).join(', ');
  return `
export function feMulK(r: usize, a: usize, b: usize): void {
${load('a')}
${load('b')}
${lines(5, (i) => `const da${i} = a${i} - a${i + 5}; const db${i} = b${i + 5} - b${i};`)}
${half((i) => `a${i}`, (j) => `b${j}`).map((e, k) => `const l${k} = ${e};`).join('\n')}
${half((i) => `a${i + 5}`, (j) => `b${j + 5}`).map((e, k) => `const h${k} = ${e};`).join('\n')}
${half((i) => `da${i}`, (j) => `db${j}`).map((e, k) => `const m${k} = l${k} + h${k} + ${e};`).join('\n')}
  reduce10(r, ${combine});
}
export function feSqrK(r: usize, a: usize): void {
${load('a')}
${lines(5, (i) => `const d${i} = a${i} - a${i + 5}; const e${i} = d${i} << 1; const x${i} = a${i} << 1; const y${i} = a${i + 5} << 1;`)}
${square((i) => `a${i}`, (i) => `x${i}`).map((e, k) => `const l${k} = ${e};`).join('\n')}
${square((i) => `a${i + 5}`, (i) => `y${i}`).map((e, k) => `const h${k} = ${e};`).join('\n')}
${square((i) => `d${i}`, (i) => `e${i}`).map((e, k) => `const m${k} = l${k} + h${k} - (${e});`).join('\n')}
  reduce10(r, ${combine});
}`;
}

/** field.ts's reduction, for the Karatsuba columns. */
const REDUCE10 = `
// @ts-ignore: decorator
@inline function reduce10(r: usize, ${lines(19, (k) => `c${k}: u64`).replace(/\n/g, ', ')}): void {
${lines(8, (k) => `c${k + 11} += c${k + 10} >> 26; c${k + 10} &= M26;`)}
  const c19 = c18 >> 26; c18 &= M26;
  c0 += c10 * 0x3d10 + (c19 << 10) * 0x3d10;
  c1 += (c10 << 10) + c11 * 0x3d10 + (c19 << 20);
${lines(7, (k) => `c${k + 2} += (c${k + 11} << 10) + c${k + 12} * 0x3d10;`)}
  c9 += (c18 << 10) + c19 * 0x3d10;
${lines(9, (k) => `c${k + 1} += c${k} >> 26; c${k} &= M26;`)}
  const top = c9 >> 22; c9 &= 0x3fffff;
  c0 += top * 0x3d1; c1 += top << 6;
  c1 += c0 >> 26; c0 &= M26; c2 += c1 >> 26; c1 &= M26;
${lines(10, (k) => `store<u32>(r, <u32>c${k}, ${4 * k});`)}
}`;

/** 9x29: high columns carried to 29 bits, each folded as c * 0x7A20 at k - 9 and c << 8 at k - 8. */
function nine(): string {
  const args = lines(17, (k) => `c${k}: u64`).replace(/\n/g, ', ');
  const reduce = `
// @ts-ignore: decorator
@inline function reduce9(r: usize, ${args}): void {
${lines(7, (k) => `c${k + 10} += c${k + 9} >> 29; c${k + 9} &= M29;`)}
  const c17 = c16 >> 29; c16 &= M29;
  c0 += c9 * 0x7a20 + (c17 << 8) * 0x7a20;
  c1 += (c9 << 8) + c10 * 0x7a20 + (c17 << 16);
${lines(7, (i) => `c${i + 2} += (c${i + 10} << 8) + ${i + 11 <= 16 ? `c${i + 11}` : 'c17'} * 0x7a20;`)}
${lines(8, (k) => `c${k + 1} += c${k} >> 29; c${k} &= M29;`)}
  const top = c8 >> 24; c8 &= 0xffffff;
  c0 += top * 977; c1 += top << 3;
  c1 += c0 >> 29; c0 &= M29; c2 += c1 >> 29; c1 &= M29;
${lines(9, (k) => `store<u32>(r, <u32>c${k}, ${4 * k});`)}
}`;
  const mul = columns(9, (i, j) => `a${i} * b${j}`);
  const sqr = columns(9, (i, j) => (j < i ? null : i === j ? `a${i} * a${i}` : `d${i} * a${j}`));
  return `${reduce}
export function feMul9(r: usize, a: usize, b: usize): void {
${lines(9, (i) => `const a${i} = limb(a, ${i}); const b${i} = limb(b, ${i});`)}
  reduce9(r, ${mul.join(',\n    ')});
}
export function feSqr9(r: usize, a: usize): void {
${lines(9, (i) => `const a${i} = limb(a, ${i}); const d${i} = a${i} << 1;`)}
  reduce9(r, ${sqr.join(',\n    ')});
}`;
}

/** 9x29 in two u64 lanes: x_i = (a_i, a2_i, a_i+1, a2_i+1), y_j = (b_j, b2_j, b_j-1, b2_j-1). */
function ninePairs(): string {
  const body = (square: boolean) => {
    const cols = Array.from({ length: 17 }, (_, k) => {
      const first = Math.max(0, k - 8);
      if (!square) {
        const last = Math.min(k, 8), terms: string[] = [];
        for (let i = first; i <= last; i += 2) terms.push(i + 1 <= last ? `pair(x${i}, y${k - i})` : `lo(x${i}, y${k - i})`);
        return sum(terms);
      }
      const last = Math.floor((k - 1) / 2), cross: string[] = [];
      for (let i = first; i <= last; i += 2) cross.push(i + 1 <= last ? `pair(x${i}, y${k - i})` : `lo(x${i}, y${k - i})`);
      const terms = cross.length > 0 ? [`i64x2.shl(${sum(cross)}, 1)`] : [];
      if (k % 2 === 0) terms.push(`lo(x${k / 2}, y${k / 2})`);
      return sum(terms);
    });
    return `${lines(9, (i) => `const x${i} = v128.load(XA, ${8 * i}); const y${i} = v128.load(YR, ${8 * (8 - i)});`)}
${cols.map((e, k) => `let c${k} = ${e};`).join('\n')}
  const m29 = i64x2.splat(0x1fffffff);
${lines(7, (k) => `c${k + 10} = carry(c${k + 9}, c${k + 10}); c${k + 9} = v128.and(c${k + 9}, m29);`)}
  const c17 = i64x2.shr_u(c16, 29); c16 = v128.and(c16, m29);
  c0 = i64x2.add(c0, i64x2.add(m7a20(c9), i64x2.mul(c17, i64x2.splat(0x7a2000))));
  c1 = i64x2.add(c1, i64x2.add(i64x2.add(i64x2.shl(c9, 8), m7a20(c10)), i64x2.shl(c17, 16)));
${lines(7, (i) => `c${i + 2} = i64x2.add(c${i + 2}, i64x2.add(i64x2.shl(c${i + 10}, 8), m7a20(${i + 11 <= 16 ? `c${i + 11}` : 'c17'})));`)}
${lines(8, (k) => `c${k + 1} = carry(c${k}, c${k + 1}); c${k} = v128.and(c${k}, m29);`)}
  const top = i64x2.shr_u(c8, 24); c8 = v128.and(c8, i64x2.splat(0xffffff));
  c0 = i64x2.add(c0, i64x2.add(i64x2.sub(i64x2.sub(i64x2.shl(top, 10), i64x2.shl(top, 5)), i64x2.shl(top, 4)), top));
  c1 = i64x2.add(c1, i64x2.shl(top, 3));
  c1 = carry(c0, c1); c0 = v128.and(c0, m29); c2 = carry(c1, c2); c1 = v128.and(c1, m29);
  const p01 = v128.shuffle<u32>(c0, c1, 0, 4, 2, 6), p23 = v128.shuffle<u32>(c2, c3, 0, 4, 2, 6);
  const p45 = v128.shuffle<u32>(c4, c5, 0, 4, 2, 6), p67 = v128.shuffle<u32>(c6, c7, 0, 4, 2, 6);
  v128.store(r, v128.shuffle<u32>(p01, p23, 0, 1, 4, 5)); v128.store(r2, v128.shuffle<u32>(p01, p23, 2, 3, 6, 7));
  v128.store(r, v128.shuffle<u32>(p45, p67, 0, 1, 4, 5), 16); v128.store(r2, v128.shuffle<u32>(p45, p67, 2, 3, 6, 7), 16);
  v128.store32_lane(r, c8, 0, 32); v128.store32_lane(r2, c8, 2, 32);`;
  };
  return `
const XA: usize = memory.data(96, 16);
const YR: usize = memory.data(96, 16);
// @ts-ignore: decorator
@inline function lo(x: v128, y: v128): v128 { return i64x2.extmul_low_i32x4_u(x, y); }
// @ts-ignore: decorator
@inline function pair(x: v128, y: v128): v128 { return i64x2.add(lo(x, y), i64x2.extmul_high_i32x4_u(x, y)); }
// @ts-ignore: decorator
@inline function carry(low: v128, high: v128): v128 { return i64x2.add(high, i64x2.shr_u(low, 29)); }
// @ts-ignore: decorator
@inline function m7a20(x: v128): v128 { return lo(v128.shuffle<u32>(x, x, 0, 2, 0, 2), i32x4.splat(0x7a20)); }
// @ts-ignore: decorator
@inline function interleave(a: usize, b: usize, a2: usize, b2: usize): void {
  let u = v128.load(a), w = v128.load(a2);
  v128.store(XA, v128.shuffle<u32>(u, w, 0, 4, 1, 5)); v128.store(XA, v128.shuffle<u32>(u, w, 2, 6, 3, 7), 16);
  u = v128.load(a, 16); w = v128.load(a2, 16);
  v128.store(XA, v128.shuffle<u32>(u, w, 0, 4, 1, 5), 32); v128.store(XA, v128.shuffle<u32>(u, w, 2, 6, 3, 7), 48);
  v128.store(XA, v128.shuffle<u32>(v128.load32_zero(a + 32), v128.load32_zero(a2 + 32), 0, 4, 1, 5), 64);
${lines(4, (i) => `  v128.store(YR, v128.shuffle<u32>(v128.load(b, ${28 - 8 * i}), v128.load(b2, ${28 - 8 * i}), 1, 5, 0, 4), ${16 * i});`)}
  v128.store(YR, v128.shuffle<u32>(v128.load32_zero(b), v128.load32_zero(b2), 0, 4, 1, 5), 64);
}
export function feMul9x2(r: usize, a: usize, b: usize, r2: usize, a2: usize, b2: usize): void {
  interleave(a, b, a2, b2);
${body(false)}
}
export function feSqr9x2(r: usize, a: usize, r2: usize, a2: usize): void {
  interleave(a, a, a2, a2);
${body(true)}
}`;
}

/**
 * Each kernel: `chain`, its call in a chain of dependent products on X (Y, Z the other operands);
 * `once`, one product of A and B (pairs: B and A as well) into O (and O2), for the check.
 */
const KERNELS: Record<string, { chain: string; once: string; limbs: 9 | 10; square: boolean; pair: boolean }> = {
  mul: { chain: 'feMul(X, X, Y)', once: 'feMul(O, A, B)', limbs: 10, square: false, pair: false },
  mulK: { chain: 'feMulK(X, X, Y)', once: 'feMulK(O, A, B)', limbs: 10, square: false, pair: false },
  mul9: { chain: 'feMul9(X, X, Y)', once: 'feMul9(O, A, B)', limbs: 9, square: false, pair: false },
  mul2: { chain: 'feMul2(X, X, Y, Z, Z, Y)', once: 'feMul2(O, A, B, O2, B, A)', limbs: 10, square: false, pair: true },
  mul9x2: { chain: 'feMul9x2(X, X, Y, Z, Z, Y)', once: 'feMul9x2(O, A, B, O2, B, A)', limbs: 9, square: false, pair: true },
  sqr: { chain: 'feSqr(X, X)', once: 'feSqr(O, A)', limbs: 10, square: true, pair: false },
  sqrK: { chain: 'feSqrK(X, X)', once: 'feSqrK(O, A)', limbs: 10, square: true, pair: false },
  sqr9: { chain: 'feSqr9(X, X)', once: 'feSqr9(O, A)', limbs: 9, square: true, pair: false },
  sqr2: { chain: 'feSqr2(X, X, Z, Z)', once: 'feSqr2(O, A, O2, B)', limbs: 10, square: true, pair: true },
  sqr9x2: { chain: 'feSqr9x2(X, X, Z, Z)', once: 'feSqr9x2(O, A, O2, B)', limbs: 9, square: true, pair: true },
};

function source(): string {
  return `import { feMul, feSqr } from '../../engine/assembly/secp256k1/field';
import { feMul2, feSqr2 } from '../../engine/assembly/secp256k1/fieldsimd';
const M26: u64 = 0x3ffffff;
const M29: u64 = 0x1fffffff;
// @ts-ignore: decorator
@inline function limb(a: usize, i: usize): u64 { return <u64>load<u32>(a + (i << 2)); }
${REDUCE10}
${karatsuba()}
${nine()}
${ninePairs()}
const A: usize = memory.data(64, 16);
const B: usize = memory.data(64, 16);
const O: usize = memory.data(64, 16);
const O2: usize = memory.data(64, 16);
const X: usize = A, Y: usize = B, Z: usize = O2;
export function slots(): usize { return A; }
${Object.entries(KERNELS).map(([name, k]) => `export function chain_${name}(n: i32): void { for (let i = 0; i < n; i++) ${k.chain}; }\nexport function once_${name}(): void { ${k.once}; }`).join('\n')}
`;
}

/** Compiles the kernels, unless `reuse` and a build is there (callgrind should not count asc). */
function build(reuse: boolean): WebAssembly.Exports {
  mkdirSync(WORK, { recursive: true });
  const src = join(WORK, 'field-limbs.ts'), out = join(WORK, 'field-limbs.wasm');
  if (!reuse || !existsSync(out)) {
    writeFileSync(src, source());
    execFileSync(join(ROOT, 'node_modules/.bin/asc'), [src, '-O3', '--converge', '--runtime', 'stub', '--enable', 'simd', '--noAssert', '-o', out], { cwd: ROOT, stdio: 'inherit' });
  }
  const module = new WebAssembly.Module(readFileSync(out));
  return new WebAssembly.Instance(module, { env: { abort: () => { throw new Error('abort'); } } }).exports;
}

const P = 2n ** 256n - 2n ** 32n - 977n;
const [flag, kernel, count] = process.argv.slice(2);
const exports = build(flag === '--calls');
const fn = (name: string) => exports[name] as (...args: number[]) => number;
const memory = exports.memory as WebAssembly.Memory;
const base = fn('slots')();
/** Offsets of A, B, O, O2 (64 bytes apart, as declared). */
const SLOT = { a: 0, b: 64, o: 128, o2: 192 };
const words = () => new Uint32Array(memory.buffer, base, 64);
const bitsOf = (limbs: number) => (limbs === 9 ? 29 : 26);
function write(slot: number, limbs: bigint[]) {
  words().fill(0, slot / 4, slot / 4 + 16);
  limbs.forEach((l, i) => (words()[slot / 4 + i] = Number(l)));
}
function read(slot: number, limbs: number): bigint {
  let v = 0n;
  for (let i = limbs - 1; i >= 0; i--) v = (v << BigInt(bitsOf(limbs))) + BigInt(words()[slot / 4 + i]!);
  return v;
}

/** Random (or all-ones) limbs at the representation's bound: magnitude 8 for 10x26, 2 for 9x29. */
function element(limbs: number, allOnes: boolean): bigint[] {
  return Array.from({ length: limbs }, (_, i) => {
    const width = limbs === 10 ? (i === 9 ? 26 : 30) : i === 8 ? 25 : 30;
    const max = (1n << BigInt(width)) - 1n;
    return allOnes ? max : BigInt(Math.floor(Math.random() * 2 ** 30)) & max;
  });
}

function check(name: string, spec: (typeof KERNELS)[string]) {
  for (let t = 0; t < 5000; t++) {
    const a = element(spec.limbs, t % 4 === 0), b = element(spec.limbs, t % 8 === 1);
    write(SLOT.a, a);
    write(SLOT.b, b);
    const av = read(SLOT.a, spec.limbs), bv = read(SLOT.b, spec.limbs);
    fn(`once_${name}`)();
    const want = spec.square ? [(av * av) % P, (bv * bv) % P] : [(av * bv) % P, (bv * av) % P];
    const got = [read(SLOT.o, spec.limbs) % P, ...(spec.pair ? [read(SLOT.o2, spec.limbs) % P] : [])];
    got.forEach((g, i) => {
      if (g !== want[i]) throw new Error(`${name}: wrong product for limbs ${a} and ${b}`);
    });
  }
}

if (flag === '--calls') {
  if (kernel === undefined || !(kernel in KERNELS)) throw new RangeError(`--calls takes one of ${Object.keys(KERNELS).join(', ')}`);
  write(SLOT.a, element(KERNELS[kernel]!.limbs, false));
  write(SLOT.b, element(KERNELS[kernel]!.limbs, false));
  fn(`chain_${kernel}`)(Number(count ?? 100_000));
  process.exit(0);
}
for (const [name, spec] of Object.entries(KERNELS)) check(name, spec);
const rounds = Number(flag ?? 15), n = 200_000;
const times: Record<string, number[]> = Object.fromEntries(Object.keys(KERNELS).map((k) => [k, []]));
for (let r = -1; r < rounds; r++) {
  for (const name of Object.keys(KERNELS)) {
    write(SLOT.a, element(KERNELS[name]!.limbs, false));
    const t0 = process.hrtime.bigint();
    fn(`chain_${name}`)(n);
    const ns = Number(process.hrtime.bigint() - t0) / n / (KERNELS[name]!.pair ? 2 : 1);
    if (r >= 0) times[name]!.push(ns);
  }
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1]!;
const against: Record<string, string> = { mulK: 'mul', mul9: 'mul', mul9x2: 'mul2', sqrK: 'sqr', sqr9: 'sqr', sqr9x2: 'sqr2', mul2: 'mul', sqr2: 'sqr' };
console.log(`field products, ns per product (pairs: half a call), ${rounds} interleaved rounds of ${n}; all kernels checked against BigInt`);
for (const name of Object.keys(KERNELS)) {
  const base = against[name];
  const ratio = base === undefined ? '' : `  ${median(times[name]!.map((t, i) => t / times[base]![i]!)).toFixed(3)} of ${base}`;
  console.log(`${name.padEnd(7)} ${median(times[name]!).toFixed(1).padStart(6)} ns${ratio}`);
}
