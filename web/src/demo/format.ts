/** How the demo prints results (docs/product.md §9, "Output previews"): short previews of long lists and strings. */

/** The first `n` elements of a list, then how many more there are. */
export function previewList(list: readonly unknown[] | undefined, n: number): string {
  if (!list) return 'N/A';
  const head = list.slice(0, n).join(', ');
  const rest = list.length - n;
  return rest > 0 ? `[${head}, … ${rest.toLocaleString('en-US')} more]` : `[${head}]`;
}

/** A string cut to `n` characters with an ellipsis when longer. */
export function shorten(text: string | undefined | null, n: number): string {
  if (text == null) return 'N/A';
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

/** Milliseconds with precision that suits their size (sub-millisecond engine times keep two decimals). */
export function formatMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms).toLocaleString('en-US')} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '—';
  return `${Math.round(bytes).toLocaleString('en-US')} B`;
}

/** Bytes a base64 string encodes, without decoding it. */
export function base64Length(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
