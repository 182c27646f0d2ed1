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
const MARKER = new RegExp(`"\\\\u0000${NONCE}(\\d+)"`, 'g');
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

/** T where any value may come as a RawJson of itself. */
export type Wire<T> = T | RawJson<T> | (T extends readonly unknown[] ? never : T extends object ? { [K in keyof T]: Wire<T[K]> } : never);

/** An object's JSON with more members already serialized (`"a":1,"b":[2]`) added at its end. */
export function withMembers<T>(value: object, members: string): RawJson<T> {
  const head = JSON.stringify(value);
  return new RawJson<T>(head.length === 2 ? `{${members}}` : `${head.slice(0, -1)},${members}}`);
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
  return texts.length === 0 ? text : text.replace(MARKER, (_, index: string) => texts[Number(index)]!);
}
