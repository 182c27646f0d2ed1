/**
 * `npx esbuild bench/profile/lattice-instructions.ts --bundle --platform=node --format=esm
 *   --outfile=/tmp/driver.mjs`, then `valgrind --tool=callgrind node --single-threaded --no-liftoff
 *   /tmp/driver.mjs <op> <calls> [wasm]`: runs one lattice operation `calls` times on fixed inputs,
 * so that instruction counts (repeatable on a loaded machine, unlike time) can be taken per
 * operation as (Ir(n + 4) - Ir(4)) / n: four calls first, so both runs compile the same code. V8
 * compiles on the main thread (--single-threaded) with TurboFan only (--no-liftoff). Two keys
 * alternate, so the ExpandA / matrix cache and the dk check miss (as in ./lattice-phases.ts),
 * except in the *OneKey operations. mldsaNtt, mldsaInvNtt, mlkemNtt and mlkemInvNtt run the
 * transforms alone through the test build's hooks (pass engine/build/test.wasm).
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../engine/src/index.ts';
import { instantiate } from '../../engine/src/wasm.ts';
import type { EngineTestExports } from '../../engine/test-support/test-build.ts';

const [op = 'sign', callsArg = '0', wasmPath] = process.argv.slice(2);
const calls = Number(callsArg);
const bytes = () => (wasmPath ? new Uint8Array(readFileSync(wasmPath)) : undefined);

/** The transforms alone, through the test build's hooks (pass test.wasm): one call is 32 polynomials of zeros. */
const TRANSFORMS = ['mldsaNtt', 'mldsaInvNtt', 'mlkemNtt', 'mlkemInvNtt'] as const;
if ((TRANSFORMS as readonly string[]).includes(op)) {
  const wasm = (await instantiate(bytes())) as EngineTestExports;
  const hook = {
    mldsaNtt: wasm.arithTestMldsaNtt, mldsaInvNtt: wasm.arithTestMldsaInvNtt,
    mlkemNtt: wasm.arithTestMlkemNtt, mlkemInvNtt: wasm.arithTestMlkemInvNtt,
  }[op as (typeof TRANSFORMS)[number]];
  for (let i = 0; i < calls; i++) hook(32);
  process.exit(0);
}
const engine = await loadEngine(bytes());
const dsa = engine.mlDsa65, kem = engine.mlKem768;
const seed = (b: number, n = 32) => new Uint8Array(n).fill(b);
const message = seed(7);
const dsaKeys = [dsa.keygen(seed(1)), dsa.keygen(seed(2))];
const sigs = dsaKeys.map((k) => dsa.signInternal(message, k.secretKey, { random: false }));
const kemKeys = [kem.keygen(seed(3, 64)), kem.keygen(seed(4, 64))];
const cts = kemKeys.map((k) => kem.encapsulate(k.publicKey, seed(5)).cipherText);
const run: Record<string, (i: number) => unknown> = {
  keygen: (i) => dsa.keygen(seed(i & 1)),
  sign: (i) => dsa.signInternal(message, dsaKeys[i & 1]!.secretKey, { random: false }),
  verify: (i) => dsa.verifyInternal(dsaKeys[i & 1]!.publicKey, message, sigs[i & 1]!),
  kemKeygen: (i) => kem.keygen(seed(i & 1, 64)),
  encaps: (i) => kem.encapsulate(kemKeys[i & 1]!.publicKey, seed(6)),
  decaps: (i) => kem.decapsulate(cts[i & 1]!, kemKeys[i & 1]!.secretKey),
  /** One key: the matrix cache and the remembered H(ek) check hit. */
  decapsOneKey: () => kem.decapsulate(cts[0]!, kemKeys[0]!.secretKey),
  signOneKey: () => dsa.signInternal(message, dsaKeys[0]!.secretKey, { random: false }),
};
const call = run[op];
if (call === undefined || !(calls >= 0)) throw new RangeError(`usage: lattice-instructions.ts <${[...Object.keys(run), ...TRANSFORMS].join('|')}> <calls> [wasm]`);
for (let i = 0; i < calls; i++) call(i);
