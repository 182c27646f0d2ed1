/** Loads the engine's WebAssembly module in Node or a browser and wraps its IO buffer. */

/** The raw exports of engine/assembly/index.ts. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  ioPtr(): number;
  ioSize(): number;
  spongePtr(): number;
  spongeSize(): number;
  keccakInit(rate: number, ds: number): void;
  keccakAbsorb(len: number): void;
  keccakSqueeze(len: number): void;
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
  /** ML-KEM: `level` is 512, 768 or 1024; see engine/assembly/hpke_exports.ts for the IO layout. */
  mlkemKeygen(level: number): number;
  mlkemEncaps(level: number): number;
  mlkemDecaps(level: number): number;
  mlkemDecapsSeed(level: number): number;
  mlkemCheckEk(level: number): number;
  mlkemCheckDk(level: number): number;
  /** HKDF-SHA256, ChaCha20, Poly1305 and the AEAD; IO layout in engine/assembly/hpke_exports.ts. */
  hkdfExtract(saltLen: number, ikmLen: number): void;
  /** 1, or 0 when len exceeds 8160. */
  hkdfExpand(prkLen: number, infoLen: number, len: number): number;
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
  /** 1 when the tag in IO[0..16) is authentic, else 0. */
  aeadOpenCheck(): number;
  aeadOpenXor(len: number): void;
  aeadEnd(): void;
  /** secp256k1 ECDSA and BIP-340; IO layout in engine/assembly/secp256k1_exports.ts. 1 ok/valid, 0 not. */
  secp256k1PublicKey(compressed: number): number;
  secp256k1EcdsaSign(extraLen: number): number;
  secp256k1EcdsaVerify(pkLen: number, lowS: number): number;
  secp256k1SchnorrPublicKey(): number;
  secp256k1SchnorrSignBegin(): number;
  secp256k1SchnorrAbsorb(len: number): void;
  secp256k1SchnorrSignNonce(): number;
  secp256k1SchnorrSignFinish(): void;
  secp256k1SchnorrVerifyBegin(): number;
  secp256k1SchnorrVerifyFinish(): number;
  /** zk-FIDNA; IO layout in engine/assembly/zkfidna/exports.ts. zkProve returns the proof length or < 0. */
  zkProve(circuit: number, ctxLen: number): number;
  /** Verdict bits: 1 structure, 2 circuit, 4 range-proof equation, 8 kernel. */
  zkVerify(len: number): number;
  zkChallengeCount(): number;
  zkProofSize(circuit: number, ctxLen: number): number;
  zkGeneratorDigest(): void;
  zkGenerator(index: number): number;
  zkHashToCurve(msgLen: number, dstLen: number, mode: number): number;
  [name: string]: unknown;
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

/** Copies bytes in and out of the IO buffer. Views are made per call: memory may be replaced on growth. */
export class Io {
  readonly base: number;
  readonly size: number;
  constructor(readonly wasm: EngineExports) {
    this.base = wasm.ioPtr();
    this.size = wasm.ioSize();
  }

  write(data: Uint8Array, offset = 0): void {
    new Uint8Array(this.wasm.memory.buffer, this.base + offset, data.length).set(data);
  }

  /** Zeroes IO[offset, offset + length): inputs such as secret keys do not wait for the next call. */
  clear(offset: number, length: number): void {
    new Uint8Array(this.wasm.memory.buffer, this.base + offset, length).fill(0);
  }

  read(offset: number, length: number): Uint8Array {
    return new Uint8Array(this.wasm.memory.buffer, this.base + offset, length).slice();
  }

  /** Copies `length` bytes at an absolute address (a state region) out of wasm memory. */
  readAt(address: number, length: number): Uint8Array {
    return new Uint8Array(this.wasm.memory.buffer, address, length).slice();
  }

  writeAt(address: number, data: Uint8Array): void {
    new Uint8Array(this.wasm.memory.buffer, address, data.length).set(data);
  }
}
