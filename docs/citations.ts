/**
 * Finds citations of documents a reader of this repository does not have: design documents that
 * live outside it, Markdown paths that resolve to nothing, `docs/<file>.md §N` sections that do
 * not exist, section signs with no document, and relative paths that leave the repository.
 * citations.test.ts runs it over every tracked file; the rules are kept apart from the file walk so
 * that synthetic text can prove each one fires.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** What the rules may ask about the repository; paths are relative to its root, with '/'. */
export interface Repo {
  isFile(path: string): boolean;
  exists(path: string): boolean;
  read(path: string): string;
  /** Names in docs/decisions/, for "decision NNN" references. */
  decisions(): string[];
}

// Written with escapes so that this file does not match its own rules.
const SECTION = '\\u00a7';
const REF = '\\d+(?:\\.\\d+)*(?:\\s*[\\u2013-]\\s*\\d+(?:\\.\\d+)*)?';
/** A document a section sign may follow: a Markdown path, or a standard that has its own sections. */
const SOURCE = "(?:[\\w./-]*[\\w-]\\.md|spec(?:ification)?|RFC\\s?\\d+|FIPS\\s?\\d+|(?:NIST\\s)?SP\\s?800-\\d+\\w*|draft-[\\w-]+|BIP-?\\d+)";
const SEPARATOR = '(?:\\s*(?:,|;|and|or|to|\\u2013|-)\\s*)';
const GROUP = new RegExp(`(${SOURCE})\`?\\s*${SECTION}\\s*(${REF}(?:${SEPARATOR}${SECTION}?\\s*${REF})*)`, 'gi');
const BARE = new RegExp(`${SECTION}\\s*(${REF}(?:${SEPARATOR}${SECTION}?\\s*${REF})*)`, 'g');

/** Names of the design documents that live outside the repository. */
const OUTSIDE_DOCUMENTS: [RegExp, string][] = [
  [/\bDESIGN\.md\b/g, 'the outside design document'],
  [/\bdesign\/(?:algorithms|composite)\b/g, 'an outside design document'],
  [/\bproduct[- ]spec\b/gi, 'the outside product specification'],
  [/\/work\/shared\b/g, 'a folder outside the repository'],
];

/** Ways of citing the product's original specification rather than docs/product.md; one alternation, so matches never overlap. */
const SPEC_CITATION = new RegExp(`\\bspec(?:ification)?\\s*${SECTION}|\\bthe\\s+spec\\b(?:\\s+says\\b)?|\\(spec\\)|\\bspec\\s+says\\b`, 'gi');

const URL = /\bhttps?:\/\/[^\s)>\]'"`]+/g;
const MARKDOWN_PATH = /[\w./-]*[\w-]\.md\b/g;
/** A shared/ folder reached through parent folders: outside the repository, where design documents and vectors used to be read from. */
const SHARED_PATH = /(?:\.\.\/)+shared(?:\/[\w.-]+)*\/?/g;
const DECISION = /\b(?:docs\/decisions\/|decisions?\s+)(\d{3})(?!\d)/g;
const HEADING = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/gm;

/** One line of text per file, with comment leaders dropped, so a citation may wrap across lines. */
function joined(text: string): { text: string; lineAt(offset: number): number } {
  const starts: number[] = [];
  let out = '';
  text.split('\n').forEach((raw, i) => {
    const line = i === 0 ? raw : raw.replace(/^\s*(?:\/\/+|\*(?!\/)|#+(?=\s)|<!--)?\s*/, '');
    if (i > 0) out += ' ';
    starts.push(out.length);
    out += line;
  });
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return { text: out, lineAt };
}

/** Section numbers a Markdown text defines with `## N.` or `### N.M` headings. */
export function sectionsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(HEADING)].map((m) => m[1]!));
}

/** "3, 5 and 7.2" or "3.3–3.5" as the section numbers it names. */
function sectionNumbers(list: string): string[] {
  return [...list.matchAll(/\d+(?:\.\d+)*/g)].map((m) => m[0]);
}

/** A path as written, resolved against the root and against the citing file's folder. */
function candidates(path: string, file: string): string[] {
  const fromFile = posix.normalize(posix.join(posix.dirname(file), path));
  return [posix.normalize(path), fromFile].filter((p) => !p.startsWith('../') && p !== '..' && !p.startsWith('/'));
}

export function scanText(file: string, source: string, repo: Repo): Problem[] {
  const { text, lineAt } = joined(source);
  const problems: Problem[] = [];
  const report = (offset: number, message: string) => problems.push({ file, line: lineAt(offset), message });
  const urls = [...text.matchAll(URL)].map((m) => [m.index, m.index + m[0].length] as const);
  const inUrl = (offset: number) => urls.some(([a, b]) => offset >= a && offset < b);
  const isMarkdown = file.endsWith('.md');

  for (const [pattern, what] of OUTSIDE_DOCUMENTS) {
    for (const m of text.matchAll(pattern)) {
      report(m.index, `cites ${what} ("${m[0]}"): cite docs/ instead (docs/README.md lists them)`);
    }
  }
  for (const m of text.matchAll(SPEC_CITATION)) {
    report(m.index, `cites the product's original specification ("${m[0]}"): cite docs/product.md \u00a7N`);
  }

  for (const m of text.matchAll(MARKDOWN_PATH)) {
    if (inUrl(m.index)) continue;
    if (!candidates(m[0], file).some((p) => repo.isFile(p))) report(m.index, `cites ${m[0]}, which is not a file in this repository`);
  }

  for (const m of text.matchAll(SHARED_PATH)) {
    const resolved = posix.normalize(posix.join(posix.dirname(file), m[0]));
    if (resolved.startsWith('../') || resolved === '..') report(m.index, `points outside the repository (${m[0]}): test vectors are in engine/vectors/`);
    else if (!repo.exists(resolved)) report(m.index, `cites ${m[0]}, which does not exist in this repository`);
  }

  for (const m of text.matchAll(DECISION)) {
    if (!repo.decisions().some((name) => name.startsWith(`${m[1]}-`))) report(m.index, `cites decision ${m[1]}, which is not in docs/decisions/`);
  }

  // Section signs: each must follow a document, and a Markdown document must have the section.
  const covered = new Set<number>();
  for (const m of text.matchAll(GROUP)) {
    const signAt = m.index + m[0].indexOf('\u00a7');
    for (let i = signAt; i < m.index + m[0].length; i++) covered.add(i);
    const doc = m[1]!;
    if (!doc.endsWith('.md')) continue;
    const target = candidates(doc, file).find((p) => repo.isFile(p));
    if (target === undefined) continue; // already reported as a missing file
    const sections = sectionsOf(repo.read(target));
    for (const n of sectionNumbers(m[2]!)) {
      if (!sections.has(n)) report(signAt, `cites ${doc} \u00a7${n}, but ${target} has no section ${n}`);
    }
  }
  for (const m of text.matchAll(BARE)) {
    if (covered.has(m.index)) continue;
    // Inside a Markdown document a bare section sign refers to that document itself.
    const own = isMarkdown ? sectionsOf(source) : new Set<string>();
    const missing = sectionNumbers(m[1]!).filter((n) => !own.has(n));
    if (missing.length > 0) {
      const where = isMarkdown ? `this document has no section ${missing.join(', ')}` : 'no document is named';
      report(m.index, `cites "${m[0].trim()}" without a document it resolves in (${where}): write docs/<file>.md \u00a7N`);
    }
  }
  return problems;
}

/** The repository on disk. */
export function diskRepo(root: string): Repo {
  const full = (p: string) => posix.join(root, p);
  let decisions: string[] | undefined;
  return {
    isFile: (p) => existsSync(full(p)) && statSync(full(p)).isFile(),
    exists: (p) => existsSync(full(p)),
    read: (p) => readFileSync(full(p), 'utf8'),
    decisions: () => (decisions ??= readdirSync(full('docs/decisions'))),
  };
}

/** Never scanned: official test vectors (data), the lock file, and what git ignores. */
const SKIPPED = /^(?:engine\/vectors\/|package-lock\.json$|node_modules\/|dist\/|data\/|coverage\/|test-results\/|screenshots\/|engine\/build\/|bench\/\.native\/|\.git\/)/;

/** Tracked files; in a copy without git (scripts/check-standalone.sh), every file on disk. */
export function trackedFiles(root: string): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\0').filter(Boolean);
  } catch {
    files = walk(root, '');
  }
  return files.filter((f) => !SKIPPED.test(f) && existsSync(posix.join(root, f)) && statSync(posix.join(root, f)).isFile());
}

function walk(root: string, dir: string): string[] {
  return readdirSync(posix.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    // A folder may be a link (scripts/check-standalone.sh links node_modules): skip by name first.
    if (SKIPPED.test(path) || SKIPPED.test(`${path}/`)) return [];
    if (entry.isDirectory()) return walk(root, path);
    return entry.isFile() ? [path] : [];
  });
}

/** Every problem in the repository's text files. */
export function scanRepository(root: string): Problem[] {
  const repo = diskRepo(root);
  return trackedFiles(root).flatMap((file) => {
    const text = readFileSync(posix.join(root, file), 'utf8');
    return text.includes('\0') ? [] : scanText(file, text, repo);
  });
}
