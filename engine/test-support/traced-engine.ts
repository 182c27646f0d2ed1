/**
 * The engine's TypeScript API over a build instrumented by instruction-trace.ts, with the trace
 * its calls leave (docs/crypto/constant-time.md §2). The API objects are engine/src's own, built
 * on this instance's exports as engine/src/index.ts builds them, so an operation traced here runs
 * the same host code and the same wasm calls as in the product.
 */
import { chacha20Poly1305Api, type ChaCha20Poly1305 } from '../src/chacha20poly1305.ts';
import { hkdfApi } from '../src/hkdf.ts';
import { hpkeApi, type Hpke } from '../src/hpke.ts';
import { mlDsaApi, type MlDsa, type MlDsaLevel } from '../src/mldsa.ts';
import { mlKemApi, type MlKem, type MlKemLevel } from '../src/mlkem.ts';
import { secp256k1Api, type Secp256k1 } from '../src/secp256k1.ts';
import { sha2Api, type Sha2Api } from '../src/sha2.ts';
import { sha3Api } from '../src/sha3.ts';
import { Io, type EngineExports } from '../src/wasm.ts';
import { zkFidnaApi, type ZkFidna } from '../src/zkfidna.ts';
import { instrument, TRACE_GLOBALS, type TraceGlobal, type TraceOptions } from './instruction-trace.ts';

/** What a stretch of execution did: its instruction and memory-access counts, and hashes of its branches and addresses. */
export interface Trace {
  instructions: number;
  path: string;
  accesses: number;
  addresses: string;
}

export interface TracedInstance<E> {
  wasm: E;
  /** Runs fn; returns the trace it left, cut at each mark: one segment, and one more per mark passed. */
  trace(fn: () => void): Trace[];
}

/** The operations constant-time.test.ts traces, from engine/src. */
export interface TracedApi {
  mlDsa: Record<MlDsaLevel, MlDsa>;
  mlKem: Record<MlKemLevel, MlKem>;
  sha2: Sha2Api;
  chacha20poly1305: ChaCha20Poly1305;
  hpke: Hpke;
  secp256k1: Secp256k1;
  zkFidna: ZkFidna;
}

/** Instruments `wasm` and instantiates it with its counters; E declares its exports. */
export async function traced<E>(wasm: Uint8Array, options: TraceOptions = {}): Promise<TracedInstance<E>> {
  const counters = Object.fromEntries(TRACE_GLOBALS.map((g) => [g, new WebAssembly.Global({ value: 'i64', mutable: true }, 0n)])) as Record<TraceGlobal, WebAssembly.Global>;
  let segments: Trace[] = [];
  const cut = () => {
    const value = (g: TraceGlobal) => BigInt.asUintN(64, counters[g].value as bigint);
    const hex = (g: TraceGlobal) => value(g).toString(16).padStart(16, '0');
    segments.push({ instructions: Number(value('instructions')), path: hex('path'), accesses: Number(value('accesses')), addresses: hex('addresses') });
    for (const g of TRACE_GLOBALS) counters[g].value = 0n;
  };
  const { instance } = await WebAssembly.instantiate(instrument(wasm, options) as BufferSource, {
    env: {
      abort(_message: number, _file: number, line: number, column: number) {
        throw new Error(`engine abort at ${line}:${column}`);
      },
    },
    ct: { ...counters, mark: cut },
  });
  return {
    wasm: instance.exports as unknown as E,
    trace(fn) {
      for (const g of TRACE_GLOBALS) counters[g].value = 0n;
      segments = [];
      fn();
      cut();
      return segments;
    },
  };
}

/** engine/src's API objects on a traced instance, composed as engine/src/index.ts composes them. */
export function tracedApi({ wasm }: TracedInstance<EngineExports>): TracedApi {
  const io = new Io(wasm);
  const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
  const mlDsa = { 44: mlDsaApi(wasm, io, hashes, 44), 65: mlDsaApi(wasm, io, hashes, 65), 87: mlDsaApi(wasm, io, hashes, 87) };
  const mlKem = { 512: mlKemApi(wasm, io, 512), 768: mlKemApi(wasm, io, 768), 1024: mlKemApi(wasm, io, 1024) };
  const chacha20poly1305 = chacha20Poly1305Api(wasm, io);
  return {
    mlDsa,
    mlKem,
    sha2: hashes,
    chacha20poly1305,
    hpke: hpkeApi(mlKem[768], hkdfApi(wasm, io, hashes), chacha20poly1305),
    secp256k1: secp256k1Api(wasm, io),
    zkFidna: zkFidnaApi(wasm, io, mlDsa[65], hashes.shake256),
  };
}
