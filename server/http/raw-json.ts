/**
 * JSON text made elsewhere, put into an answer as it is. A Dilion signature's views are 1,536
 * numbers; the engine worker that made the signature writes them as JSON, where they cost the main
 * thread nothing (serializing them here cost ~50 µs per answer: docs/decisions/029-fast-lane.md).
 *
 * stringifyJson() splices each RawJson's text in place of a marker that carries a random per-process
 * nonce, so no string a caller sends can pose as one. Any other JSON.stringify of a RawJson (a log
 * line, a test) gets its parsed value, so it serializes the same everywhere.
 */
import { randomBytes } from 'node:crypto';

const NONCE = randomBytes(12).toString('hex');
/** How JSON.stringify writes a marker's start: a quote, the escaped NUL, the nonce; the text's index follows, then a quote. */
const MARK = `"\\u0000${NONCE}`;
/** The texts met by the stringifyJson() running now (JSON.stringify is synchronous: one at a time). */
let spliced: string[] | null = null;

export class RawJson<T> {
  /** The value's type, for the compiler only. */
  declare readonly type?: T;

  /** `text` must be valid JSON for a T: it is sent as it is. */
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (spliced === null) return JSON.parse(this.text);
    spliced.push(this.text);
    return `\u0000${NONCE}${spliced.length - 1}`;
  }
}

/**
 * A whole answer written straight as UTF-8 from pieces of JSON text, for one sent on every call: a
 * Dilion signature's answer is 17 KB, and stringifying, splicing and encoding it took 24-31 µs
 * where writing its pieces takes 10-13 (docs/decisions/032). The pieces must join into valid JSON
 * for a T: quote any text that may need escaping with JSON.stringify.
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

/** A JSON answer's bytes: a JsonBytes as written, anything else through stringifyJson. */
export function jsonBytesOf(value: unknown): Buffer {
  return value instanceof JsonBytes ? value.bytes : Buffer.from(stringifyJson(value), 'utf8');
}

/** T where any value may come as a RawJson of itself, and the whole as a JsonBytes. */
export type Wire<T> = T | RawJson<T> | JsonBytes<T> | (T extends readonly unknown[] ? never : T extends object ? { [K in keyof T]: Wire<T[K]> } : never);

/** An object made of members already serialized (`"a":1`, `"b":[2]`, or several joined by commas). */
export function rawObject<T>(...members: string[]): RawJson<T> {
  return new RawJson<T>(`{${members.join(',')}}`);
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

/** JSON.stringify, with every RawJson's text in its place. */
export function stringifyJson(value: unknown): string {
  const texts: string[] = [];
  spliced = texts;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    spliced = null;
  }
  if (texts.length === 0) return text;
  // JSON.stringify meets the RawJsons in document order, so their markers appear in that order.
  let out = '';
  let from = 0;
  for (let i = 0; i < texts.length; i++) {
    const at = text.indexOf(MARK, from);
    const end = text.indexOf('"', at + MARK.length);
    if (at < 0 || text.slice(at + MARK.length, end) !== String(i)) throw new Error('a RawJson marker is missing from the serialized text');
    out += text.slice(from, at) + texts[i];
    from = end + 1;
  }
  return out + text.slice(from);
}
