/**
 * A cursor over a wasm binary for tests that read its sections (the boundary and release-export
 * tests): single bytes, LEB128 unsigned integers and length-prefixed UTF-8 names, as the
 * WebAssembly binary format encodes them. It starts past the magic number and the version.
 */
export class WasmCursor {
  at = 8;

  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  byte(): number {
    return this.bytes[this.at++]!;
  }

  u32(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  }

  name(): string {
    const length = this.u32();
    this.at += length;
    return new TextDecoder().decode(this.bytes.subarray(this.at - length, this.at));
  }
}
