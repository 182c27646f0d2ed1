/**
 * `npx esbuild bench/profile/secp256k1-instructions.ts --bundle --platform=node --format=esm
 *   --outfile=/tmp/secp-driver.mjs`, then `valgrind --tool=callgrind node --single-threaded
 *   --no-liftoff /tmp/secp-driver.mjs <op> <calls> [wasm]`: runs one secp256k1 operation `calls`
 * times on fixed inputs, so that instruction counts (repeatable on a loaded machine, unlike time)
 * can be taken per operation as (Ir(n + 4) - Ir(4)) / n, as ./lattice-instructions.ts does.
 * `load` with 0 calls measures instantiation (the fixed-base table's build) against `none`.
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../engine/src/index.ts';
import { instantiate } from '../../engine/src/wasm.ts';

const [op = 'ecdsaSign', callsArg = '0', wasmPath] = process.argv.slice(2);
const calls = Number(callsArg);
const bytes = wasmPath ? new Uint8Array(readFileSync(wasmPath)) : undefined;
if (op === 'instantiate') {
  for (let i = 0; i < calls; i++) await instantiate(bytes);
  process.exit(0);
}
if (op === 'rawKeygen') {
  // k*G with the least host work: the export straight on a key left in the IO buffer.
  const wasm = await instantiate(bytes);
  const io = new Uint8Array(wasm.memory.buffer, wasm.ioPtr(), 32);
  for (let i = 0; i < calls; i++) {
    io.fill(1 + (i & 1));
    wasm.secp256k1PublicKey(1);
  }
  process.exit(0);
}
const engine = await loadEngine(bytes);
const secp = engine.secp256k1;
const seed = (b: number, n = 32) => new Uint8Array(n).fill(b);
const keys = [seed(1), seed(2)];
const digests = [seed(7), seed(8)];
const ecdsaKeys = keys.map((k) => secp.getPublicKey(k));
const ecdsaSigs = keys.map((k, i) => secp.ecdsaSign(digests[i]!, k));
const xOnlyKeys = keys.map((k) => secp.schnorrGetPublicKey(k));
const schnorrSigs = keys.map((k, i) => secp.schnorrSign(digests[i]!, k, seed(3)));
const run: Record<string, (i: number) => unknown> = {
  keygen: (i) => secp.getPublicKey(keys[i & 1]!),
  ecdsaSign: (i) => secp.ecdsaSign(seed(i & 255), keys[i & 1]!),
  schnorrSign: (i) => secp.schnorrSign(seed(i & 255), keys[i & 1]!, seed(3)),
  ecdsaVerify: (i) => secp.ecdsaVerify(ecdsaKeys[i & 1]!, digests[i & 1]!, ecdsaSigs[i & 1]!),
  schnorrVerify: (i) => secp.schnorrVerify(xOnlyKeys[i & 1]!, digests[i & 1]!, schnorrSigs[i & 1]!),
  zkProve: (i) => engine.zkFidna.prove({ circuitType: 'range_proof', secretValue: 5n, balanceValue: 9n, rng: seed(i & 255) }),
};
const call = run[op];
if (call === undefined || !(calls >= 0)) throw new RangeError(`usage: secp256k1-instructions.ts <${[...Object.keys(run), 'instantiate', 'rawKeygen'].join('|')}> <calls> [wasm]`);
for (let i = 0; i < calls; i++) call(i);
