/**
 * `npx tsx bench/profile/lattice-kernels.ts [rounds]`: the lattice engine's inner kernels timed
 * alone (decisions 076 and 077): the scalar and two-way Keccak-f[1600], ExpandA's and ExpandS's
 * rejection steps on one squeezed block, and ML-DSA's forward and inverse NTT. A module that
 * imports the engine's own functions and exports a loop over each is compiled into bench/.profile/
 * (gitignored) with the engine's flags, so the figures are the engine's code under this Node's V8,
 * and can be taken again when V8 changes. Each kernel runs `rounds` times (default 7) for about
 * 50 ms; the median is printed in ns per call.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = join(ROOT, 'bench/.profile');

/** AssemblyScript source of the probe module; paths are relative to bench/.profile/. */
const SOURCE = `
import { keccakF1600 } from '../../engine/assembly/keccak';
import { keccakF1600x2 } from '../../engine/assembly/keccak_x2';
import { rejEtaBlock, rejUniformBlock } from '../../engine/assembly/mldsa/sample';
import { invNttToMont, ntt } from '../../engine/assembly/mldsa/ntt';
import { setLevel } from '../../engine/assembly/mldsa/params';

const STATE: usize = memory.data(400, 16);
const BLOCK: usize = memory.data(256, 16);
const POLY: usize = memory.data(2048, 16);

/** A pseudo-random block, so that the samplers take their usual paths. */
export function fillBlock(seed: i32): void {
  let x = <u32>seed | 1;
  for (let i: usize = 0; i < 256; i++) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    store<u8>(BLOCK + i, <u8>x);
  }
}
export function keccak(n: i32): void { for (let i = 0; i < n; i++) keccakF1600(STATE); }
export function keccakX2(n: i32): void { for (let i = 0; i < n; i++) keccakF1600x2(STATE); }
export function rejectA(n: i32): i32 { let s = 0; for (let i = 0; i < n; i++) s += rejUniformBlock(POLY, 0, BLOCK); return s; }
export function rejectS(n: i32, level: i32): i32 {
  setLevel(level);
  let s = 0;
  for (let i = 0; i < n; i++) s += rejEtaBlock(POLY, 0, BLOCK, 136);
  return s;
}
export function forward(n: i32): void { for (let i = 0; i < n; i++) { memory.fill(POLY, 0, 1024); ntt(POLY); } }
export function inverse(n: i32): void { for (let i = 0; i < n; i++) { memory.fill(POLY, 0, 1024); invNttToMont(POLY); } }
`;

interface Kernels {
  fillBlock(seed: number): void;
  keccak(n: number): void;
  keccakX2(n: number): void;
  rejectA(n: number): number;
  rejectS(n: number, level: number): number;
  forward(n: number): void;
  inverse(n: number): void;
}

async function build(): Promise<Kernels> {
  mkdirSync(WORK, { recursive: true });
  const src = join(WORK, 'lattice-kernels.ts'), out = join(WORK, 'lattice-kernels.wasm');
  writeFileSync(src, SOURCE);
  execFileSync(join(ROOT, 'node_modules/.bin/asc'), [src, '-O3', '--converge', '--runtime', 'stub', '--enable', 'simd', '--noAssert', '-o', out], { cwd: ROOT, stdio: 'inherit' });
  const { instance } = await WebAssembly.instantiate(readFileSync(out), { env: { abort: () => { throw new Error('abort'); } } });
  return instance.exports as unknown as Kernels;
}

/** ns per call of f(n), median of `rounds` runs of about 50 ms each. */
function time(f: (n: number) => unknown, rounds: number): number {
  let n = 64;
  for (let t = 0; t < 50; n *= 2) {
    const start = performance.now();
    f(n);
    t = performance.now() - start;
  }
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    f(n);
    runs.push(((performance.now() - start) * 1e6) / n);
  }
  return runs.sort((a, b) => a - b)[rounds >> 1]!;
}

const rounds = Number(process.argv[2] ?? 7);
if (!(rounds >= 1)) throw new RangeError('usage: lattice-kernels.ts [rounds >= 1]');
const k = await build();
k.fillBlock(7);
const rows: [string, number][] = [
  ['Keccak-f[1600], scalar (one state)', time((n) => k.keccak(n), rounds)],
  ['Keccak-f[1600], two-way (two states)', time((n) => k.keccakX2(n), rounds)],
  ["ExpandA's rejection step, one SHAKE128 block", time((n) => k.rejectA(n), rounds)],
  ["ExpandS's rejection step, one SHAKE256 block, eta 4", time((n) => k.rejectS(n, 65), rounds)],
  ["ExpandS's rejection step, one SHAKE256 block, eta 2", time((n) => k.rejectS(n, 44), rounds)],
  ['ML-DSA NTT', time((n) => k.forward(n), rounds)],
  ['ML-DSA inverse NTT', time((n) => k.inverse(n), rounds)],
];
console.log(`lattice kernels, Node ${process.version}, medians of ${rounds} runs`);
for (const [name, ns] of rows) console.log(`${ns.toFixed(1).padStart(8)} ns  ${name}`);
