/**
 * The engine's public API: `const engine = await loadEngine()` in Node, a browser or a worker.
 * Takes and returns Uint8Arrays, validates every argument, throws EngineError with a code.
 */
import { sha3Api, type Sha3Api } from './sha3.ts';
import { instantiate, Io, type EngineExports, type WasmSource } from './wasm.ts';

export { EngineError } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export type { Hash, Xof } from './hash.ts';
export type { Sha3FixedName, ShakeName } from './sha3.ts';
export type { WasmSource } from './wasm.ts';

export interface Engine extends Sha3Api {
  /** Current size of the engine's linear memory in bytes (flat across calls). */
  memoryBytes(): number;
}

function build(wasm: EngineExports): Engine {
  const io = new Io(wasm);
  return {
    ...sha3Api(wasm, io),
    memoryBytes: () => wasm.memory.buffer.byteLength,
  };
}

let shared: Promise<Engine> | undefined;

/**
 * Instantiates the engine. Without a source, one shared instance per JS realm is loaded from the
 * build next to this module; pass bytes or a URL to load a separate instance.
 */
export function loadEngine(source?: WasmSource): Promise<Engine> {
  if (source !== undefined) return instantiate(source).then(build);
  shared ??= instantiate().then(build);
  return shared;
}
