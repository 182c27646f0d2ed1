/**
 * The constant-time check (docs/crypto/constant-time.md): each secret-key operation runs on the
 * instrumented debug build (engine/test-support/instruction-trace.ts) over several secrets of the
 * same public shape, through engine/src's own API, and must leave the same trace every time: the
 * same number of executed instructions, the same branch path and the same sequence of memory
 * addresses. Those whose public inputs can be held fixed run on the release-optimised test build
 * too, and so does the constant-time MSM. Secrets are derived from fixed labels, so a failure
 * reproduces.
 *
 * Where a standard lets a quantity leak, the test says what and compares the rest: PUBLIC lists the
 * functions whose calls leave no trace because their inputs are public (docs/crypto/constant-time.md
 * §3), and ML-DSA signing is cut into attempts at ExpandMask (docs/crypto/constant-time.md §4).
 */
import binaryen from 'binaryen';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MlDsaLevel } from './mldsa.ts';
import type { MlKemLevel } from './mlkem.ts';
import { Io, type EngineExports } from './wasm.ts';
import { ZK_MSM_OUT } from '../assembly/layout.ts';
import { toBytes32 } from '../test-support/bytes.ts';
import type { EngineTestExports } from '../test-support/test-build.ts';
import { emitWithNames, type TraceOptions } from '../test-support/instruction-trace.ts';
import { traced, tracedApi, type Trace, type TracedApi, type TracedInstance } from '../test-support/traced-engine.ts';

const build = (name: string) => new Uint8Array(readFileSync(new URL(`../build/${name}.wasm`, import.meta.url)));

/** Functions whose calls leave no trace, each with why what it reads is public (docs/crypto/constant-time.md §3). */
const PUBLIC: Record<string, string> = {
  'mldsa/sample/expandA': 'ExpandA reads rho, which the public key holds',
  'mldsa/sample/rejBoundedPoly':
    "RejBoundedPoly's rejections show which half-bytes of SHAKE256(rho') were dropped, which says nothing of the coefficients kept",
  'mldsa/sample/expandSLastBesideHash': 'keygen samples the last row of s2 beside the first blocks of tr\'s hash: how many permutations it takes past those follows the dropped half-bytes only, as rejBoundedPoly\'s count does',
  'mldsa/challenge/challengePositions': 'SampleInBall\'s stream half skips the bytes of SHAKE256(c~) above each step\'s bound: the bytes kept are uniform up to it whatever was skipped, so which were skipped says nothing of c (placeChallenge, which places them, is traced)',
  'mldsa/hints/encodeHints': 'it encodes the hint, which the signature holds',
  'mlkem/sample/expandMatrix': 'the matrix A is a function of rho, and H(ek) (hashed beside it, or remembered) of ek, which the encapsulation key is',
  'mlkem/odd_entry/oddEntryStart': 'it seeds SHAKE128 with rho, which the encapsulation key holds, for the matrix entry expandMatrix left out',
  'mlkem/odd_entry/oddEntryStep': "it samples that entry from rho's SHAKE128 stream, as expandMatrix does",
  'mlkem/kem/checkDecapsulationKey': 'it reads ek and H(ek), the public parts of dk; whether ek is the one hashed last is public too',
  'zkfidna/ipp/ippProve': 'the inner-product argument only compresses l and r, which the range proof could send in the clear (Bulletproofs, section 4.2)',
};
/** ML-DSA signing starts each attempt with ExpandMask: the trace is cut there. */
const ATTEMPT = 'engine/assembly/mldsa/mask/maskAttempt';

/** count byte strings, the same for every run: SHAKE256 of the label and the index. */
const secrets = (label: string, count: number, length = 32) =>
  Array.from({ length: count }, (_, i) => new Uint8Array(createHash('shake256', { outputLength: length }).update(`${label} ${i}`).digest()));

/** An instrumented build and engine/src's API on it. */
interface Build {
  instance: TracedInstance<EngineExports>;
  api: TracedApi;
}

async function load(wasm: Uint8Array, options: TraceOptions): Promise<Build> {
  const instance = await traced<EngineExports>(wasm, options);
  return { instance, api: tracedApi(instance) };
}

/** The trace of op on each input, after one run untraced (lazy tables of public data fill then). */
function tracesOf<T>({ instance }: Build, inputs: readonly T[], op: (input: T) => unknown): Trace[][] {
  op(inputs[0]!);
  return inputs.map((input) => instance.trace(() => op(input)));
}

/** Asserts that op leaves one trace for every input. */
function expectOneTrace<T>(b: Build, inputs: readonly T[], op: (input: T) => unknown): void {
  const [first, ...rest] = tracesOf(b, inputs, op);
  for (const trace of rest) expect(trace).toEqual(first);
  expect(first![0]!.instructions).toBeGreaterThan(0);
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const LEVELS_DSA: MlDsaLevel[] = [44, 65, 87];
const LEVELS_KEM: MlKemLevel[] = [512, 768, 1024];

/** Decapsulation of a valid and a tampered ciphertext under each of `keys` key pairs: one trace. */
function checkDecapsulation(b: Build, level: MlKemLevel, keys: number): void {
  const kem = b.api.mlKem[level];
  const ms = secrets(`ML-KEM-${level} decaps m`, 4);
  const pairs = secrets(`ML-KEM-${level} decaps`, keys, 64).map((seed) => kem.keygen(seed));
  const cases = ms.flatMap((m, i) => {
    const { publicKey, secretKey } = pairs[i % keys]!;
    const { cipherText, sharedSecret } = kem.encapsulate(publicKey, m);
    const tampered = cipherText.slice();
    tampered[(i * 97) % tampered.length]! ^= 1 << i;
    return [{ cipherText, secretKey, expected: sharedSecret, valid: true }, { cipherText: tampered, secretKey, expected: sharedSecret, valid: false }];
  });
  for (const c of cases) expect(hex(kem.decapsulate(c.cipherText, c.secretKey)) === hex(c.expected)).toBe(c.valid);
  expectOneTrace(b, cases, (c) => kem.decapsulate(c.cipherText, c.secretKey));
}

/** HPKE seal and open to each of `recipients` keys with a fresh encapsulation each time: one trace each. */
function checkHpke(b: Build, recipients: number): void {
  const seeds = secrets('HPKE recipient', recipients, 64).map((seed) => ({ seed, publicKey: b.api.mlKem[768].keygen(seed).publicKey }));
  const plaintext = new Uint8Array(100).fill(7);
  const cases = secrets('HPKE m', 4).map((random, i) => ({ ...seeds[i % recipients]!, random }));
  const sealed = cases.map((c) => ({ ...c, ...b.api.hpke.seal(c.publicKey, plaintext, { random: c.random }) }));
  expectOneTrace(b, cases, (c) => b.api.hpke.seal(c.publicKey, plaintext, { random: c.random }));
  expectOneTrace(b, sealed, (s) => expect(b.api.hpke.open(s.seed, s.enc, s.cipherText)).toEqual(plaintext));
}

function checkHmac(b: Build): void {
  const message = new Uint8Array(200).fill(1);
  expectOneTrace(b, secrets('HMAC key', 6), (key) => b.api.sha2.hmacSha256(key, message));
  expectOneTrace(b, secrets('HMAC key', 6), (key) => b.api.sha2.hmacSha512(key, message));
}

function checkAead(b: Build): void {
  const aead = b.api.chacha20poly1305;
  const plaintext = new Uint8Array(300).fill(3);
  const nonces = secrets('AEAD nonce', 6, 12);
  const cases = secrets('AEAD key', 6).map((key, i) => ({ key, nonce: nonces[i]! }));
  const sealed = cases.map((c) => ({ ...c, cipherText: aead.seal(c.key, c.nonce, plaintext) }));
  expectOneTrace(b, cases, (c) => aead.seal(c.key, c.nonce, plaintext));
  expectOneTrace(b, sealed, (s) => expect(aead.open(s.key, s.nonce, s.cipherText)).toEqual(plaintext));
  // A forged tag is refused after the same work wherever it differs from the true one.
  const forged = sealed.map((s, i) => {
    const cipherText = s.cipherText.slice();
    cipherText[plaintext.length + ((i * 3) % 16)]! ^= 0x80;
    return { ...s, cipherText };
  });
  expectOneTrace(b, forged, (s) => expect(aead.open(s.key, s.nonce, s.cipherText)).toBeNull());
}

function checkSecp256k1Signing(b: Build): void {
  const secp = b.api.secp256k1;
  const [digests, auxes] = [secrets('digest', 6), secrets('aux', 6)];
  const cases = secrets('secp256k1 key', 6).map((seed, i) => ({ ...secp.keygen(seed), digest: digests[i]!, aux: auxes[i]! }));
  // Keys of both parities of y, for which BIP-340 does and does not negate the key (these six also
  // take both sides of ECDSA's low-S normalisation and of BIP-340's nonce negation).
  expect(new Set(cases.map((c) => c.publicKey[0])).size).toBe(2);
  expectOneTrace(b, cases, (c) => secp.ecdsaSign(c.digest, c.secretKey));
  expectOneTrace(b, cases, (c) => secp.schnorrSign(c.digest, c.secretKey, c.aux));
  // k * G alone (uncompressed: no parity byte to choose), with keys at its recoding's edges too.
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const edges = [1n, 2n, n - 1n, n - 2n, 1n << 255n, (1n << 256n) - n].map(toBytes32);
  expectOneTrace(b, [...cases.map((c) => c.secretKey), ...edges], (sk) => secp.getPublicKey(sk, { compressed: false }));
}

/** ML-DSA signing's traces under four keys and twelve messages: docs/crypto/constant-time.md §4's two rules. */
function checkMlDsaSign(debug: Build, level: (typeof LEVELS_DSA)[number]): void {
  const dsa = debug.api.mlDsa[level];
  const keys = secrets(`ML-DSA-${level} sign key`, 4).map((seed) => dsa.keygen(seed).secretKey);
  const randoms = secrets(`ML-DSA-${level} rnd`, 12);
  const runs = secrets(`ML-DSA-${level} message`, 12).map((message, i) => ({ sk: keys[i % 4]!, message, random: randoms[i]! }));
  const traces = tracesOf(debug, runs, (r) => dsa.sign(r.message, r.sk, { random: r.random }));
  // Segment 0 runs before the first attempt: the same for all.
  for (const t of traces) expect(t[0]).toEqual(traces[0]![0]);
  // The last is the accepted attempt and the output. Which Keccak state makes which mask
  // polynomial depends on the attempt's index (docs/crypto/constant-time.md §4), so signings
  // that took the same number of attempts must end alike.
  const byAttempts = new Map<number, Trace[][]>();
  for (const t of traces) byAttempts.set(t.length, [...(byAttempts.get(t.length) ?? []), t]);
  for (const group of byAttempts.values()) for (const t of group) expect(t.at(-1)).toEqual(group[0]!.at(-1));
  expect([...byAttempts.values()].some((group) => group.length > 1)).toBe(true);
  // A rejected attempt shows where it was rejected: attempts of the same index that stopped
  // after the same number of instructions took the same path over the same addresses.
  const rejected = traces.flatMap((t) => t.slice(1, -1).map((r, i) => ({ ...r, index: i })));
  const byCount = new Map<string, Set<string>>();
  for (const r of rejected) {
    const key = `${r.index} ${r.instructions}`;
    byCount.set(key, (byCount.get(key) ?? new Set()).add(`${r.path} ${r.addresses} ${r.accesses}`));
  }
  expect([...byCount.values()].filter((shapes) => shapes.size > 1)).toEqual([]);
  expect(byCount.size).toBeLessThan(rejected.length);
}

describe('in the instrumented debug build, every secret of the same public shape leaves the same trace', () => {
  let debug: Build;
  beforeAll(async () => {
    debug = await load(build('debug'), { publicCalls: Object.keys(PUBLIC).map((f) => `engine/assembly/${f}`), marks: [ATTEMPT] });
  });

  it.each(LEVELS_DSA)('gives ML-DSA-%i keygen the same trace for every seed', (level) => {
    expectOneTrace(debug, secrets(`ML-DSA-${level} keygen`, 6), (seed) => debug.api.mlDsa[level].keygen(seed));
  });

  it.each(LEVELS_DSA)('gives ML-DSA-%i sign the same trace for every secret key, apart from its rejected attempts', (level) => checkMlDsaSign(debug, level));

  it.each(LEVELS_KEM)('gives ML-KEM-%i keygen and encapsulation the same trace for every seed and message', (level) => {
    const kem = debug.api.mlKem[level];
    expectOneTrace(debug, secrets(`ML-KEM-${level} keygen`, 6, 64), (seed) => kem.keygen(seed));
    const keys = secrets(`ML-KEM-${level} encaps key`, 3, 64).map((seed) => kem.keygen(seed).publicKey);
    expectOneTrace(debug, secrets(`ML-KEM-${level} m`, 6).map((m, i) => ({ pk: keys[i % 3]!, m })), ({ pk, m }) => kem.encapsulate(pk, m));
  });

  it.each(LEVELS_KEM)('gives ML-KEM-%i decapsulation one trace for valid and tampered ciphertexts (implicit rejection)', (level) => {
    checkDecapsulation(debug, level, 4);
  });

  it('gives HPKE seal and open the same trace for every key and encapsulation', () => checkHpke(debug, 4));
  it('gives HMAC-SHA256 and HMAC-SHA512 the same trace for every key', () => checkHmac(debug));
  it('gives ChaCha20-Poly1305 seal and open the same trace for every key, and every forged tag one trace', () => checkAead(debug));
  it('gives ECDSA sign, BIP-340 sign and k * G (public keys) the same trace for every secret key', () => checkSecp256k1Signing(debug));

  it.each([
    ['balance_proof', 'Y >= X', (v: bigint) => ({ circuitType: 'balance_proof' as const, secretValue: v, balanceValue: v * 3n })],
    ['balance_proof', 'Y < X', (v: bigint) => ({ circuitType: 'balance_proof' as const, secretValue: v * 3n, balanceValue: v })],
    ['range_proof', 'min <= X <= max', (v: bigint) => ({ circuitType: 'range_proof' as const, secretValue: v, min: 1n, max: 1n << 40n })],
    ['custom', 'X paid from Y', (v: bigint) => ({ circuitType: 'custom' as const, secretValue: v, balanceValue: v + 12345n })],
  ])('gives the zk-FIDNA prover (%s, %s) the same trace for every secret value and blinding', (_circuit, _statement, opts) => {
    const rngs = secrets('zk-FIDNA rng', 3);
    const inputs = secrets('zk-FIDNA values', 3, 4).map((b, i) => ({ ...opts(BigInt(Buffer.from(b).readUInt32LE()) + 1n), rng: rngs[i]! }));
    expectOneTrace(debug, inputs, (o) => debug.api.zkFidna.prove(o));
  });

  it('fails where the engine is variable time on purpose: ECDSA verify, all of whose inputs are public', () => {
    const secp = debug.api.secp256k1;
    const digests = secrets('verify digest', 4);
    const cases = secrets('verify key', 4).map((seed, i) => {
      const { secretKey, publicKey } = secp.keygen(seed);
      return { publicKey, digest: digests[i]!, signature: secp.ecdsaSign(digests[i]!, secretKey) };
    });
    const traces = tracesOf(debug, cases, (c) => expect(secp.ecdsaVerify(c.publicKey, c.digest, c.signature)).toBe(true));
    expect(new Set(traces.map((t) => JSON.stringify(t))).size).toBe(cases.length);
  });

  it('fails when a branch on a secret is planted in the engine: `if (flag)` in the field conditional move feCmov', async () => {
    const planted = await load(plantBranch(build('debug'), 'engine/assembly/secp256k1/field/feCmov'), {});
    expect(() => checkSecp256k1Signing(planted)).toThrow(/expected/);
  });

  it('fails when a read at an address set by c is planted in SampleInBall: c[signs mod 256] in placeChallenge', async () => {
    const wasm = plant(build('debug'), 'engine/assembly/mldsa/challenge/placeChallenge', (m) =>
      m.drop(m.i32.load(0, 4, m.i32.add(m.local.get(0, binaryen.i32), m.i32.and(m.i32.wrap(m.local.get(1, binaryen.i64)), m.i32.const(0x3fc))))));
    const planted = await load(wasm, { publicCalls: Object.keys(PUBLIC).map((f) => `engine/assembly/${f}`), marks: [ATTEMPT] });
    expect(() => checkMlDsaSign(planted, 65)).toThrow(/expected/);
  });
});

/** The module with `if (param 2) drop(i32.load(param 0))` first in fn: the shape of a secret-dependent branch. */
function plantBranch(wasm: Uint8Array, fn: string): Uint8Array {
  return plant(wasm, fn, (m) => m.if(m.local.get(2, binaryen.i32), m.drop(m.i32.load(0, 4, m.local.get(0, binaryen.i32)))));
}

/** The module with `leak` put first in fn. */
function plant(wasm: Uint8Array, fn: string, leak: (m: binaryen.Module) => binaryen.ExpressionRef): Uint8Array {
  const module = binaryen.readBinaryWithFeatures(wasm, binaryen.Features.All);
  try {
    const info = binaryen.getFunctionInfo(module.getFunction(fn));
    const planted = leak(module);
    module.removeFunction(fn);
    module.addFunction(fn, info.params, info.results, info.vars, module.block(null, [planted, info.body]));
    // The trace's public calls and marks are found by name.
    return emitWithNames(module);
  } finally {
    module.dispose();
  }
}

describe('in the release-optimised test build, every secret leaves the same trace where no public input varies', () => {
  let release: Build;
  beforeAll(async () => {
    release = await load(build('test'), { flatten: true });
  });

  it('gives ML-KEM-768 decapsulation one trace under one key for valid and tampered ciphertexts', () => checkDecapsulation(release, 768, 1));
  it('gives HPKE seal and open the same trace for every encapsulation to one key', () => checkHpke(release, 1));
  it('gives HMAC-SHA256 and HMAC-SHA512 the same trace for every key', () => checkHmac(release));
  it('gives ChaCha20-Poly1305 seal and open the same trace for every key, and every forged tag one trace', () => checkAead(release));
  it('gives ECDSA sign, BIP-340 sign and k * G (public keys) the same trace for every secret key', () => checkSecp256k1Signing(release));

  /** The traces of zkTestMsm over the bases G_0..G_7 with each set of eight scalars. */
  const msmTraces = (ct: number) => {
    const wasm = release.instance.wasm as EngineTestExports;
    const io = new Io(wasm);
    const scalars = secrets('MSM scalars', 4, 8 * 32);
    const run = (s: Uint8Array) => {
      const terms = new Uint8Array(8 * 36);
      for (let i = 0; i < 8; i++) {
        new DataView(terms.buffer).setUint32(36 * i, i, true);
        terms.set(s.subarray(32 * i, 32 * i + 32), 36 * i + 4);
      }
      io.write(terms);
      expect(wasm.zkTestMsm(8, ct)).toBe(1);
      return hex(io.read(ZK_MSM_OUT, 64));
    };
    expect(new Set(scalars.map(run)).size).toBe(scalars.length);
    return scalars.map((s) => JSON.stringify(release.instance.trace(() => run(s))));
  };

  it('gives the constant-time MSM of zkTestMsm (msm_ct) one trace for every set of secret scalars', () => {
    expect(new Set(msmTraces(1)).size).toBe(1);
  });

  it('fails on the variable-time MSM of zkTestMsm (msmWideVar): a different trace for each set of scalars', () => {
    expect(new Set(msmTraces(0)).size).toBe(4);
  });
});
