/**
 * Loads the engine's WebAssembly module in Node or a browser and wraps its IO buffer.
 *
 * The boundary is stated once. engine/assembly/layout.ts holds the IO offsets and the return codes
 * and is imported by both sides; EngineExports below declares every export of
 * engine/assembly/index.ts, and wasm.boundary.test.ts fails when a declaration and the built module
 * disagree on a name, a parameter count or a type. The test hooks are not among them: only the test
 * build (engine/build/test.wasm) has them, declared in engine/test-support/test-build.ts
 * (docs/decisions/043-engine-test-build-and-constant-time-code.md).
 *
 * Return convention (the codes are in layout.ts and re-exported here):
 * - an export that answers yes or no returns OK (1), or INVALID (0) for a well-formed input that
 *   fails, such as a signature that does not verify or a secret key outside its range;
 * - an export that returns a quantity (a length, a count, verdict bits) returns it, never negative;
 * - both return a negative code for an error: ERR_ARGUMENT (-1) for an argument outside the
 *   export's domain, ERR_RETRY (-2) when the randomness passed in met a failure of probability
 *   about 2^-256, ERR_REJECTED (-3) when a quantity export's input is unusable;
 * - void exports have no error outcome and trust the lengths passed (at most the IO size).
 * The host checks every argument before calling, so ERR_ARGUMENT means a bug on this side.
 */
import { EngineError } from './errors.ts';
import { NO_SIMD_MESSAGE, wasmSimdSupported } from './wasm-simd.ts';

export { ERR_ARGUMENT, ERR_REJECTED, ERR_RETRY, INVALID, OK } from '../assembly/layout.ts';

/** Status: OK or INVALID, or a negative error code. */
type Status = number;

/** The exports of engine/assembly/index.ts, with the IO layout of each in engine/assembly/layout.ts. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  /** Address and size of the IO buffer. */
  ioPtr(): number;
  ioSize(): number;

  /** Keccak: the host's sponge (address and size), reset with a rate in bytes and a domain suffix. */
  spongePtr(): number;
  spongeSize(): number;
  keccakInit(rate: number, ds: number): void;
  keccakAbsorb(len: number): void;
  keccakSqueeze(len: number): void;

  /** SHA-2 and HMAC: the host's states, absorbing from IO[0..len), output at 0. */
  sha256StatePtr(): number;
  sha256StateSize(): number;
  /** 1 selects SHA-224, 0 SHA-256. */
  sha256Begin(is224: number): void;
  sha256Absorb(len: number): void;
  sha256Output(): void;
  sha512StatePtr(): number;
  sha512StateSize(): number;
  /** 0 SHA-512, 1 SHA-384, 2 SHA-512/224, 3 SHA-512/256. */
  sha512Begin(variant: number): void;
  sha512Absorb(len: number): void;
  sha512Output(): void;
  hmacSha256StatePtr(): number;
  hmacSha256StateSize(): number;
  hmacSha256Begin(keyLen: number): void;
  hmacSha256Absorb(len: number): void;
  hmacSha256Output(): void;
  hmacSha256(keyLen: number, msgLen: number): void;
  hmacSha512StatePtr(): number;
  hmacSha512StateSize(): number;
  hmacSha512Begin(keyLen: number): void;
  hmacSha512Absorb(len: number): void;
  hmacSha512Output(): void;
  hmacSha512(keyLen: number, msgLen: number): void;

  /** ML-DSA, `level` 44, 65 or 87 (MLDSA_* offsets). */
  mldsaKeygen(level: number): Status;
  /**
   * From mu at MLDSA_MU (messageLen -1) or M' at MLDSA_MESSAGE: the number of attempts (at least
   * 1), or ERR_REJECTED for a corrupt key.
   */
  mldsaSign(level: number, messageLen: number): number;
  mldsaVerify(level: number, messageLen: number): Status;
  /** The number of hint bits, or ERR_REJECTED for a malformed hint encoding. */
  mldsaDecode(level: number): number;
  /** The byte length of the views' JSON members written at MLDSA_OUT_JSON, or ERR_ARGUMENT. */
  mldsaDecodeJson(level: number): number;

  /** ML-KEM, `level` 512, 768 or 1024 (MLKEM_* offsets); INVALID when a key fails its FIPS 203 check. */
  mlkemKeygen(level: number): Status;
  mlkemEncaps(level: number): Status;
  mlkemDecaps(level: number): Status;
  mlkemDecapsSeed(level: number): Status;
  mlkemCheckEk(level: number): Status;
  mlkemCheckDk(level: number): Status;

  /** HKDF-SHA256: inputs back to back from 0, output at 0; expand gives ERR_ARGUMENT beyond 8160 bytes. */
  hkdfExtract(saltLen: number, ikmLen: number): void;
  hkdfExpand(prkLen: number, infoLen: number, len: number): Status;
  /** ChaCha20, Poly1305 and the AEAD: key at CHACHA_KEY, nonce at CHACHA_NONCE, text in place at 0. */
  chacha20Begin(counter: number): void;
  chacha20Xor(len: number): void;
  chacha20End(): void;
  poly1305Begin(): void;
  poly1305Absorb(len: number): void;
  poly1305Output(): void;
  aeadBegin(): void;
  aeadAbsorbAad(len: number): void;
  aeadSealChunk(len: number): void;
  aeadSealTag(): void;
  aeadOpenAbsorb(len: number): void;
  /** OK when the tag at 0 is authentic. */
  aeadOpenCheck(): Status;
  aeadOpenXor(len: number): void;
  aeadEnd(): void;

  /** secp256k1 ECDSA and BIP-340 (SECP_* offsets); INVALID for a key or signature that is not valid. */
  secp256k1PublicKey(compressed: number): Status;
  secp256k1EcdsaSign(extraLen: number): Status;
  secp256k1EcdsaVerify(pkLen: number, lowS: number): Status;
  secp256k1SchnorrPublicKey(): Status;
  secp256k1SchnorrSignBegin(): Status;
  secp256k1SchnorrAbsorb(len: number): void;
  /** ERR_RETRY when the nonce is zero: sign again with another aux. */
  secp256k1SchnorrSignNonce(): Status;
  secp256k1SchnorrSignFinish(): void;
  secp256k1SchnorrVerifyBegin(): Status;
  secp256k1SchnorrVerifyFinish(): Status;

  /** zk-FIDNA (ZK_* offsets): the proof length, ERR_REJECTED for a false statement, ERR_RETRY for a new rng. */
  zkProve(circuit: number, ctxLen: number): number;
  /** Verdict bits: 1 structure, 2 circuit, 4 range-proof equation, 8 kernel; ERR_ARGUMENT for a length over ZK_PROOF_MAX. */
  zkVerify(len: number): number;
  zkChallengeCount(): number;
  zkProofSize(circuit: number, ctxLen: number): number;
  zkGeneratorDigest(): void;
  /** Batch verification: the seed at ZK_BATCH_SEED; zkBatchAdd's proof at ZK_PROOF. */
  zkBatchBegin(): void;
  /** zkVerify's verdict bits but 4, which zkBatchFinish judges, plus 16 for "in the batch"; ERR_ARGUMENT outside a batch, when full, or for a length over ZK_PROOF_MAX. */
  zkBatchAdd(len: number): number;
  /** OK when every proof added with bit 16 holds, INVALID when one does not; ERR_ARGUMENT without zkBatchBegin. */
  zkBatchFinish(): Status;
}

/** Where the module's bytes come from: raw bytes, a URL, or (default) the build next to this file. */
export type WasmSource = BufferSource | URL | string;

async function fetchBytes(source: URL): Promise<BufferSource> {
  if (source.protocol === 'file:') {
    const fs = await import(/* @vite-ignore */ 'node:fs/promises');
    return fs.readFile(source);
  }
  const response = await fetch(source);
  if (!response.ok) throw new Error(`cannot load the engine from ${source}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

export async function instantiate(source?: WasmSource): Promise<EngineExports> {
  if (!wasmSimdSupported()) throw new EngineError('wasm_simd_unsupported', NO_SIMD_MESSAGE);
  let bytes: BufferSource;
  if (source === undefined) bytes = await fetchBytes(new URL('../build/release.wasm', import.meta.url));
  else if (source instanceof URL) bytes = await fetchBytes(source);
  else if (typeof source === 'string') bytes = await fetchBytes(new URL(source, globalThis.location?.href));
  else bytes = source;
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: {
      abort(_message: number, _file: number, line: number, column: number) {
        throw new Error(`engine abort at ${line}:${column}`);
      },
    },
  });
  return instance.exports as unknown as EngineExports;
}

const TEXT = new TextDecoder();

/**
 * Copies bytes in and out of the IO buffer through one view of all of wasm memory, made again when
 * a memory growth has detached it (its length is then 0): a view per copy cost more than the copy
 * for the lattice operations' few kilobytes.
 */
export class Io {
  readonly base: number;
  readonly size: number;
  private all: Uint8Array;
  constructor(readonly wasm: EngineExports) {
    this.base = wasm.ioPtr();
    this.size = wasm.ioSize();
    this.all = new Uint8Array(wasm.memory.buffer);
  }

  private memory(): Uint8Array {
    if (this.all.length === 0) this.all = new Uint8Array(this.wasm.memory.buffer);
    return this.all;
  }

  write(data: Uint8Array, offset = 0): void {
    this.memory().set(data, this.base + offset);
  }

  /** Zeroes IO[offset, offset + length): inputs such as secret keys do not wait for the next call. */
  clear(offset: number, length: number): void {
    this.memory().fill(0, this.base + offset, this.base + offset + length);
  }

  /** A live view of IO[offset, offset + length), to fill in place; valid until the next export call. */
  view(offset: number, length: number): Uint8Array {
    return this.memory().subarray(this.base + offset, this.base + offset + length);
  }

  read(offset: number, length: number): Uint8Array {
    return this.memory().slice(this.base + offset, this.base + offset + length);
  }

  /** IO[offset, offset + length) as text (the engine writes ASCII there). */
  readText(offset: number, length: number): string {
    return TEXT.decode(new Uint8Array(this.wasm.memory.buffer, this.base + offset, length));
  }

  /** Copies `length` bytes at an absolute address (a state region) out of wasm memory. */
  readAt(address: number, length: number): Uint8Array {
    return new Uint8Array(this.wasm.memory.buffer, address, length).slice();
  }

  writeAt(address: number, data: Uint8Array): void {
    new Uint8Array(this.wasm.memory.buffer, address, data.length).set(data);
  }
}
