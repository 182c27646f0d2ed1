/**
 * The shape every language's catalogue must have: the English catalogue's keys, nested the same
 * way, each a string (docs/decisions/041). A Korean catalogue declared `satisfies Catalogue<typeof en>`
 * fails type-checking when it misses a key or adds one; catalogues.test.ts checks the same at run
 * time, and that each translation keeps its {{placeholders}}.
 */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** Every key of a nested catalogue as a dotted path, with its text. */
export function flatten(catalogue: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

/** The {{name}} placeholders of a text, sorted, each once. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}
