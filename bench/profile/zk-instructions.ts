/**
 * `npx esbuild bench/profile/zk-instructions.ts --bundle --platform=node --format=esm
 *   --outfile=/tmp/zk-driver.mjs`, then `valgrind --tool=callgrind node --single-threaded
 *   --no-liftoff /tmp/zk-driver.mjs <op> <calls> [wasm]`: runs one zk-FIDNA operation (balance_proof,
 * m = 2) `calls` times on fixed inputs, so that instruction counts (repeatable on a loaded machine,
 * unlike time) can be taken per call as (Ir(n + 4) - Ir(4)) / n, as ./secp256k1-instructions.ts
 * does. batch16 is one verifyBatch of 16 distinct proofs; the proofs are made before the count.
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../engine/src/index.ts';

const [op = 'verify', callsArg = '0', wasmPath] = process.argv.slice(2);
const calls = Number(callsArg);
const bytes = wasmPath ? new Uint8Array(readFileSync(wasmPath)) : undefined;
const zk = (await loadEngine(bytes)).zkFidna;
const rng = (b: number) => new Uint8Array(32).fill(b);
const request = (i: number) => ({ circuitType: 'balance_proof' as const, secretValue: 650000n + BigInt(i), balanceValue: 21930000n, rng: rng(i + 1) });
const items = Array.from({ length: 16 }, (_, i) => {
  const made = zk.prove(request(i));
  return { proof: made.proof, publicInput: made.publicInput };
});
const run: Record<string, (i: number) => unknown> = {
  prove: (i) => zk.prove(request(i & 15)),
  verify: (i) => zk.verify(items[i & 15]!),
  batch16: () => zk.verifyBatch(items),
};
const call = run[op];
if (call === undefined || !(calls >= 0)) throw new RangeError(`usage: zk-instructions.ts <${Object.keys(run).join('|')}> <calls> [wasm]`);
for (let i = 0; i < calls; i++) call(i);
