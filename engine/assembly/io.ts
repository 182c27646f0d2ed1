/**
 * The one buffer the host and the engine exchange bytes through. Every exported function reads its
 * inputs from fixed offsets of this region (engine/assembly/layout.ts) and writes its outputs back
 * into it, so a call never allocates and wasm memory stays flat however many calls are made.
 */
import { IO_SIZE } from './layout';

export { IO_SIZE };

/** Address of the exchange buffer. */
export const IO: usize = memory.data(IO_SIZE, 16);
