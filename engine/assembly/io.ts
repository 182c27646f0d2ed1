/**
 * The one buffer the host and the engine exchange bytes through. Every exported function reads its
 * inputs from fixed offsets of this region and writes its outputs back into it, so a call never
 * allocates and wasm memory stays flat however many calls are made.
 */

/** Size of the exchange buffer in bytes (the host streams longer inputs through it in chunks). */
export const IO_SIZE: i32 = 65536;

/** Address of the exchange buffer. */
export const IO: usize = memory.data(IO_SIZE, 16);
