/**
 * Reads a duration out of a Server-Timing header (`engine;dur=0.412;desc="engine time", db;dur=2`).
 * The demo API puts its engine's time for the call there, so the benchmark can tell it from the
 * network's. A header that is missing or malformed gives undefined; nothing here throws.
 */

/** An HTTP token: metric and parameter names, and unquoted values. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A plain non-negative decimal; Number() alone would take '', '0x1f', '1e400' and 'Infinity'. */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** Splits on `separator` outside double quotes: a quoted desc may hold commas and semicolons. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '\\') {
      current += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/** A parameter value: a token, or a quoted string without its quotes and escapes. */
function valueOf(raw: string): string | undefined {
  if (!raw.startsWith('"')) return TOKEN.test(raw) ? raw : undefined;
  if (raw.length < 2 || !raw.endsWith('"')) return undefined;
  return raw.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** The `dur` of the first metric called `metric`, in ms; undefined when absent or not a duration. */
export function serverTimingDuration(header: string | null | undefined, metric: string): number | undefined {
  if (typeof header !== 'string') return undefined;
  for (const entry of splitOutsideQuotes(header, ',')) {
    const [name, ...params] = splitOutsideQuotes(entry, ';').map((p) => p.trim());
    if (name !== metric) continue;
    // The first dur counts, as browsers read it; a metric named twice is read at its first mention.
    const dur = params.find((p) => p.split('=')[0]!.trim().toLowerCase() === 'dur');
    if (dur === undefined) return undefined;
    const value = valueOf(dur.slice(dur.indexOf('=') + 1).trim());
    return value !== undefined && DECIMAL.test(value) ? Number(value) : undefined;
  }
  return undefined;
}

/** The server's engine time for a demo call, from its answer's Server-Timing header. */
export const engineMsOf = (header: string | null | undefined): number | undefined => serverTimingDuration(header, 'engine');
