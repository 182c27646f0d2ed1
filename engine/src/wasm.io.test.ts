/** Io keeps one view of wasm memory (wasm.ts): it must follow the memory when a growth replaces the buffer. */
import { describe, expect, it } from 'vitest';
import { instantiate, Io } from './wasm.ts';

describe('Io', () => {
  it('writes, reads, views and clears through the memory that is current after a growth detached the old buffer', async () => {
    const wasm = await instantiate();
    const io = new Io(wasm);
    io.write(Uint8Array.of(1, 2, 3), 5);
    expect(io.read(5, 3)).toEqual(Uint8Array.of(1, 2, 3));
    const before = wasm.memory.buffer;
    wasm.memory.grow(1);
    expect(before.byteLength).toBe(0);
    // The bytes survive the growth and Io sees them in the new buffer.
    expect(io.read(5, 3)).toEqual(Uint8Array.of(1, 2, 3));
    io.write(Uint8Array.of(9, 8), 6);
    const inMemory = new Uint8Array(wasm.memory.buffer, wasm.ioPtr() + 5, 3);
    expect(inMemory).toEqual(Uint8Array.of(1, 9, 8));
    const view = io.view(5, 3);
    expect(view.buffer).toBe(wasm.memory.buffer);
    view[0] = 7;
    expect(inMemory[0]).toBe(7);
    io.clear(5, 3);
    expect(inMemory).toEqual(new Uint8Array(3));
  });
});
