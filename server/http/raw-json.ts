/**
 * JSON text made elsewhere, sent as it is. A Dilion signature's views are 1,536 numbers; the engine
 * worker that made the signature writes them as JSON, where they cost the main thread nothing
 * (serializing them here cost ~50 µs per answer: docs/decisions/029-fast-lane.md), and the answer
 * around them is written straight as bytes (JsonBytes, docs/decisions/044).
 */

/**
 * A whole answer written straight as UTF-8 from pieces of JSON text, for one sent on every call: a
 * Dilion signature's answer is 17 KB, and stringifying, splicing and encoding it took 24-31 µs
 * where writing its pieces takes 10-13 (docs/decisions/044). The pieces must join into valid JSON
 * for a T: quote any text that may need escaping with JSON.stringify (jsonMember).
 */
export class JsonBytes<T> {
  /** The value's type, for the compiler only. */
  declare readonly type?: T;
  readonly bytes: Buffer;

  constructor(pieces: readonly string[]) {
    let length = 0;
    for (const piece of pieces) length += Buffer.byteLength(piece, 'utf8');
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of pieces) at += bytes.write(piece, at, 'utf8');
    this.bytes = bytes;
  }

  /** Anywhere else (a log line, a test), its parsed value. */
  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

/** A JSON answer's bytes: a JsonBytes as written, anything else through JSON.stringify. */
export function jsonBytesOf(value: unknown): Buffer {
  return value instanceof JsonBytes ? value.bytes : Buffer.from(JSON.stringify(value), 'utf8');
}

/** One member, `"name":<JSON of value>`. */
export function jsonMember(name: string, value: unknown): string {
  return `${JSON.stringify(name)}:${JSON.stringify(value)}`;
}

/**
 * One member whose value is base64 (or hex) text: written as it is, since those alphabets hold no
 * character JSON escapes. JSON.stringify would scan a signature's 4,412 characters for them (4 µs).
 */
export function base64Member(name: string, base64: string): string {
  return `"${name}":"${base64}"`;
}
