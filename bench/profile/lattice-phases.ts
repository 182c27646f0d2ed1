/**
 * `npx tsx bench/profile/lattice-phases.ts [seconds]`: where ML-DSA-65 and ML-KEM-768 spend
 * their time in our engine, phase by phase (decision 061), as shares of V8's samples.
 *
 * The release build inlines most phases into the operations, so the profile is taken on a build
 * of the same source with names kept and every function of engine/assembly/mldsa and mlkem kept
 * out of line: asc at -O0, then Binaryen's wasm-opt `--no-inline=engine/assembly/ml* -O3`, into
 * bench/.profile/ (gitignored). Each operation runs for `seconds` (default 4) under the inspector's
 * sampler (100 µs) with two keys alternating, so the ExpandA / matrix cache never hits; samples are
 * attributed by ./phases.ts. Shares hold on a loaded machine; the C side of the comparison in
 * bench/README.md was profiled with perf under the same rules.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, type Engine } from '../../engine/src/index.ts';
import { phaseShares, stacksOf, type CpuProfile, type Scheme } from './phases.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORK = join(ROOT, 'bench/.profile');

function buildProfilingWasm(): Uint8Array<ArrayBuffer> {
  mkdirSync(WORK, { recursive: true });
  const plain = join(WORK, 'o0.wasm');
  const out = join(WORK, 'phases.wasm');
  const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
  execFileSync(bin('asc'), ['engine/assembly/index.ts', '--runtime', 'stub', '--enable', 'simd', '--noAssert', '-O0', '--debug', '-o', plain], { cwd: ROOT, stdio: 'inherit' });
  const features = ['--enable-simd', '--enable-bulk-memory', '--enable-sign-ext', '--enable-mutable-globals', '--enable-nontrapping-float-to-int'];
  execFileSync(bin('wasm-opt'), [plain, '-g', ...features, '--no-inline=engine/assembly/ml*', '-O3', '-O3', '-o', out], { cwd: ROOT, stdio: 'inherit' });
  return new Uint8Array(readFileSync(out)) as Uint8Array<ArrayBuffer>;
}

interface Op {
  scheme: Scheme;
  label: string;
  /** The engine/src method whose samples count. */
  inside: string;
  call: () => unknown;
}

function operations(engine: Engine): Op[] {
  const dsa = engine.mlDsa65, kem = engine.mlKem768;
  const message = new Uint8Array(32).fill(7);
  const dsaKeys = [dsa.keygen(), dsa.keygen()];
  const sigs = dsaKeys.map((k) => dsa.sign(message, k.secretKey));
  const kemKeys = [kem.keygen(), kem.keygen()];
  const cts = kemKeys.map((k) => kem.encapsulate(k.publicKey).cipherText);
  let i = 0;
  const next = () => (i = (i + 1) & 1);
  return [
    { scheme: 'mldsa', label: 'ML-DSA-65 keygen', inside: 'keygen', call: () => dsa.keygen() },
    { scheme: 'mldsa', label: 'ML-DSA-65 sign', inside: 'sign', call: () => dsa.sign(message, dsaKeys[next()].secretKey) },
    { scheme: 'mldsa', label: 'ML-DSA-65 verify', inside: 'verify', call: () => dsa.verify(dsaKeys[next()].publicKey, message, sigs[i]) },
    { scheme: 'mlkem', label: 'ML-KEM-768 keygen', inside: 'keygen', call: () => kem.keygen() },
    { scheme: 'mlkem', label: 'ML-KEM-768 encaps', inside: 'encapsulate', call: () => kem.encapsulate(kemKeys[next()].publicKey) },
    { scheme: 'mlkem', label: 'ML-KEM-768 decaps', inside: 'decapsulate', call: () => kem.decapsulate(cts[next()], kemKeys[i].secretKey) },
  ];
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 4);
  if (!(seconds > 0)) throw new RangeError('usage: lattice-phases.ts [seconds > 0]');
  const engine = await loadEngine(buildProfilingWasm());
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (const op of operations(engine)) {
    for (let w = 0; w < 200; w++) op.call();
    await session.post('Profiler.start');
    const start = performance.now();
    let calls = 0;
    while (performance.now() - start < seconds * 1000) {
      for (let k = 0; k < 20; k++) op.call();
      calls += 20;
    }
    const elapsed = performance.now() - start;
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    const stacks = stacksOf(profile, op.inside);
    console.log(`\n${op.label}: ${((elapsed * 1000) / calls).toFixed(0)} µs per call (profiled build), ${stacks.length} samples`);
    for (const [phase, share] of phaseShares(stacks, op.scheme)) console.log(`  ${share.toFixed(1).padStart(5)}%  ${phase}`);
  }
  session.disconnect();
}

await main();
