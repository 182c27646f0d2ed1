/**
 * The little Markdown that docs/product.md §11 and §12 are written in, read into blocks for the
 * Privacy and Terms pages (ProductSection.tsx):
 * headings, paragraphs and bullet lists (a bullet's wrapped lines indented), with **bold** and
 * `code` inline. Anything else reads as text: the page shows the document, it does not run it.
 */
export type Inline = { kind: 'text' | 'bold' | 'code'; text: string };
export type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] };

/** The section that starts with the `## ` heading whose title contains `title`, up to the next `## `. */
export function sectionOf(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## ') && l.includes(title));
  if (start < 0) throw new Error(`no section "${title}"`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

export function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push({ kind: 'text', text: text.slice(at, m.index) });
    out.push(m[1] !== undefined ? { kind: 'bold', text: m[1] } : { kind: 'code', text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

export function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let items: string[] | null = null;
  const close = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: inlines(paragraph.join(' ')) });
    if (items) blocks.push({ kind: 'list', items: items.map(inlines) });
    paragraph = [];
    items = null;
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3}) (?:\d+\.\s*)?(.*)$/.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 1 : 2, text: heading[2]! });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) close();
      (items ??= []).push(line.slice(2).trim());
    } else if (items && /^\s+\S/.test(line)) {
      items[items.length - 1] += ` ${line.trim()}`;
    } else if (line.trim() === '') {
      close();
    } else {
      if (items) close();
      paragraph.push(line.trim());
    }
  }
  close();
  return blocks;
}
