/**
 * How the demo prints results (docs/product.md §9, "Output previews"): short previews of long lists
 * and strings, times and sizes, with numbers in the reader's format (docs/decisions/041).
 */
import { formatNumber } from '../i18n/format.ts';
import { i18n } from '../i18n/index.ts';

/** The first `n` elements of a list, then how many more there are. */
export function previewList(list: readonly unknown[] | undefined, n: number): string {
  if (!list) return i18n.t('demo:format.none');
  const head = list.slice(0, n).join(', ');
  const rest = list.length - n;
  return rest > 0 ? i18n.t('demo:format.more', { head, rest: formatNumber(rest) }) : `[${head}]`;
}

/** A string cut to `n` characters with an ellipsis when longer. */
export function shorten(text: string | undefined | null, n: number): string {
  if (text == null) return i18n.t('demo:format.none');
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

const fixed = (x: number, digits: number) => formatNumber(x, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Milliseconds with precision that suits their size (sub-millisecond engine times keep two decimals). */
export function formatMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${fixed(ms, 2)} ms`;
  if (ms < 100) return `${fixed(ms, 1)} ms`;
  if (ms < 10_000) return `${formatNumber(Math.round(ms))} ms`;
  return `${fixed(ms / 1000, 1)} s`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '—';
  return `${formatNumber(Math.round(bytes))} B`;
}

/** A long value with its size: "AbC…xyz (3,309 bytes)". */
export function withBytes(value: string, bytes: number): string {
  return i18n.t('demo:format.bytes', { value, bytes: formatNumber(bytes) });
}

/** Bytes a base64 string encodes, without decoding it. */
export function base64Length(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
