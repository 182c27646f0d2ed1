/**
 * The shared table printer and the number formats every suite uses in it, so all suites' output
 * reads the same. Plain text with aligned columns: it stays readable in a terminal, in CI logs and
 * pasted into a Markdown code block.
 */

export interface Column {
  header: string;
  /** Numbers read best right-aligned; labels left-aligned (the default). */
  align?: 'left' | 'right';
}

/** A row of cells, or a line of text that spans the table (e.g. why a group of rows is missing). */
export type Row = string[] | { note: string };

export interface Table {
  title: string;
  columns: Column[];
  rows: Row[];
}

const GAP = '  ';

export function formatTable(table: Table): string {
  const { columns, rows } = table;
  const widths = columns.map((c) => c.header.length);
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    if (row.length !== columns.length) throw new Error(`row has ${row.length} cells, table "${table.title}" has ${columns.length} columns`);
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i], cell.length)));
  }
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (columns[i].align === 'right' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join(GAP)
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join(GAP);
  const body = rows.map((row) => (Array.isArray(row) ? line(row) : `  (${row.note})`));
  return [table.title, '', line(columns.map((c) => c.header)), rule, ...body].join('\n');
}

/** Ops/s with three significant figures at least, never in exponent notation. */
export function formatRate(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** How many times faster the first figure is than the second: "5.21x" (below 1: slower). */
export function formatRatio(ours: number, theirs: number): string {
  if (!(theirs > 0) || !Number.isFinite(ours)) return 'n/a';
  const ratio = ours / theirs;
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

/** The rounds' spread as "±3%", so a reader can tell a real difference from noise. */
export function formatSpread(spread: number): string {
  return `±${Math.round(spread * 100)}%`;
}

/** A figure with its noise: "1,234 ±2%". */
export function formatFigure(value: number, spread: number): string {
  return `${formatRate(value)} ${formatSpread(spread)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
