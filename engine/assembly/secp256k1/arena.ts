/**
 * Memory past the module's initial size for large buffers that only some callers need (zk-FIDNA's
 * generator tables and vectors): reserved on first use by growing memory, never released, so
 * memory grows once and then stays flat. Nothing else in the engine grows or allocates memory
 * (docs/decisions/001), so the new pages belong to these buffers alone.
 */

let next: usize = 0;
let end: usize = 0;

/** Returns `bytes` bytes of zeroed memory, 16-byte aligned, reserved for the rest of the run. */
export function reserve(bytes: usize): usize {
  const size = (bytes + 15) & ~<usize>15;
  if (next + size > end) {
    const pages = <i32>((size + 0xffff) >> 16);
    const before = memory.grow(pages);
    if (before < 0) unreachable();
    next = <usize>before << 16;
    end = next + (<usize>pages << 16);
  }
  const at = next;
  next += size;
  return at;
}
