/**
 * Every document a comment, a string or a Markdown file cites must be in this repository, down to
 * the section, and none may cite an issue number: a reader of the repository has no issue tracker,
 * so a reason or a target is cited by the decision record, docs section or bench/README.md section
 * that holds it, or said in words. The synthetic cases below write their bad citations with a '~'
 * that `t` removes (and section signs as \u00a7), so that this file does not cite anything itself.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanRepository, scanText, sectionsOf, trackedFiles, type Repo } from './citations.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const t = (text: string) => text.replaceAll('~', '');

/**
 * "issue N", "issues N and M", "issue #N", "issue-N", "issue no. N", also when the number wraps onto
 * the next line of a comment. Links are left out: an address names a tracker a reader can open.
 */
const ISSUE_NUMBER = /\bissues?(?:[\s#*/-]|<!--)*(?:no\.?\s*)?\d+/gi;
const LINK = /\bhttps?:\/\/[^\s)>\]'"`]+/g;

/** Each issue-number citation in a file, as file:line and the words cited. */
function issueCitations(file: string, text: string): string[] {
  const unlinked = text.replace(LINK, (link) => ' '.repeat(link.length));
  return [...unlinked.matchAll(ISSUE_NUMBER)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return `${file}:${line}: cites "${m[0].replace(/\s+/g, ' ')}": name the decision record, docs/<file>.md \u00a7N or bench/README.md section that holds it, or say the requirement in words`;
  });
}

describe('citations in this repository', () => {
  it('name only documents and sections that exist here', () => {
    const problems = scanRepository(root).map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(problems).toEqual([]);
  });

  it('finds no issue-number citations in documents or code', () => {
    const found = trackedFiles(root).flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return text.includes('\0') ? [] : issueCitations(file, text);
    });
    expect(found).toEqual([]);
  });

  it('scan the tracked sources and documents, not the vector data', () => {
    const files = trackedFiles(root);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'server/app.ts', 'shared/dilion.ts']));
    expect(files.some((f) => f.startsWith('engine/vectors/') || f === 'package-lock.json' || f.startsWith('node_modules/'))).toBe(false);
  });
});

/** A small repository in memory. */
function fakeRepo(files: Record<string, string>): Repo {
  return {
    isFile: (p) => p in files,
    exists: (p) => p in files || Object.keys(files).some((f) => f.startsWith(`${p}/`)),
    read: (p) => files[p]!,
    decisions: () => Object.keys(files).filter((f) => f.startsWith('docs/decisions/')).map((f) => f.slice('docs/decisions/'.length)),
  };
}

const repo = fakeRepo({
  'docs/api.md': '# API\n\n## 1. One\n\n### 1.2 Sub\n\n## 2. Two\n',
  'docs/README.md': '# Docs\n',
  [t('docs/decisions/007-metering~.md')]: '# 007\n',
  'shared/dilion.ts': '',
  'engine/vectors/README.md': '# Vectors\n',
});
const scan = (text: string, file = 'server/x.ts') => scanText(file, t(text), repo);
const messages = (text: string, file?: string) => scan(text, file).map((p) => p.message);

describe('the citation scanner', () => {
  it('flags each outside design document by name', () => {
    for (const text of ['// see DESIGN~.md \u00a74', '// design~/algorithms~.md', '/* design~/composite */', '// the product~-spec']) {
      expect(messages(text).join(' '), text).toMatch(/outside (design document|product specification)/);
    }
  });

  it('flags citations of the original specification, but not other uses of the word', () => {
    for (const text of ['// spec ~\u00a72', '// Spec ~\u00a79 table', "// the ~spec's alert", '// as in the ~spec', '// (~spec)', '// the sp~ec says so']) {
      expect(messages(text).join(' '), text).toContain("original specification");
    }
    for (const text of ['// FIPS 204 specifies it', 'const spec = openapi.paths;', '.spec-card { gap: 4px }', '// an OpenAPI spec object']) {
      expect(messages(text), text).toEqual([]);
    }
  });

  it('flags a Markdown path that is no file, resolving from the root and from the citing file', () => {
    expect(messages('// see docs/missing~.md')).toEqual([t('cites docs/missing~.md, which is not a file in this repository')]);
    expect(messages('// see docs/api.md and engine/vectors/README.md')).toEqual([]);
    expect(messages('[API](api.md)', 'docs/README.md')).toEqual([]);
    expect(messages('[API](api.md)', t('server/README~.md'))).toHaveLength(1);
    expect(messages('// https://github.com/org/repo/blob/main/NOTES.md')).toEqual([]);
  });

  it('flags a section the cited document does not have, in lists and ranges too', () => {
    expect(messages('// docs/api.md \u00a71.2 and docs/api.md \u00a71\u20132')).toEqual([]);
    expect(messages('// docs/api.md \u00a73')).toEqual(['cites docs/api.md \u00a73, but docs/api.md has no section 3']);
    expect(messages('// docs/api.md \u00a71, \u00a72 and \u00a74.1')).toEqual(['cites docs/api.md \u00a74.1, but docs/api.md has no section 4.1']);
  });

  it('flags a section sign that follows no document, unless a Markdown file has that section itself', () => {
    expect(messages('// as ~\u00a73.4 step 1 asks')).toHaveLength(1);
    expect(messages('## 2. Two\n\nSee ~\u00a72 below.', 'docs/api.md')).toEqual([]);
    expect(messages('## 2. Two\n\nSee ~\u00a79 below.', 'docs/api.md')).toHaveLength(1);
    expect(messages('// RFC 4648 \u00a74 and FIPS 203 \u00a77.2')).toEqual([]);
  });

  it("flags shared/ paths in the folder above the repository, not imports of the repository's own shared/", () => {
    // Written with '~' like the other bad citations here, so this file holds no such path itself.
    expect(messages('vectors in (`.~./sha~red/vec~tors/`)', 'README.md')).toHaveLength(1);
    expect(messages('// say .~./sha~red/vec~tors', 'scripts/check.sh')).toHaveLength(1);
    expect(messages("import { padUid } from '.~./.~./sha~red/dilion.ts';", 'server/routes/x.ts')).toEqual([]);
  });

  it('flags a decision number with no record', () => {
    expect(messages('// decision 007 and docs/decisions/007')).toEqual([]);
    expect(messages('// decision ~018')).toEqual([t('cites decision ~018, which is not in docs/decisions/')]);
  });

  it('finds a citation that wraps across comment lines, on the line where it starts', () => {
    const problems = scan('/**\n * Checked as the\n * sp~ec says.\n */');
    expect(problems).toEqual([expect.objectContaining({ file: 'server/x.ts', line: 2 })]);
  });

  it('reads sections from ## N. and ### N.M headings only', () => {
    expect([...sectionsOf('# Title\n## 1. A\n### 1.2 B\n#### 1.2.3 C\nText 4. here\n## Notes\n')]).toEqual(['1', '1.2', '1.2.3']);
  });
});

describe('the issue-number check', () => {
  it('flags an issue number in Markdown and in code, in every spelling, on the line where it starts', () => {
    const cases: [string, string][] = [
      ['docs/decisions/013-dilion-privacy-identifier-api.md', 'Iss~ue 6 binds the uid.'],
      ['bench/README.md', "Both of iss~ue 2's targets are met."],
      ['docs/decisions/023-dashboard-texts-and-debug-pages.md', 'purchase is not available yet (iss~ue 14 builds it).'],
      ['docs/decisions/006-dilion-before-privacy-identifier.md', 'without the iss~ue-6 construction'],
      ['README.md', 'as iss~ue #12 asks'],
      ['README.md', 'iss~ues 3 and 5 ask'],
      ['server/x.ts', '// closes iss~ue no. 4'],
      ['web/src/x.tsx', "const note = 'see iss~ue 18';"],
      ['scripts/x.sh', '# iss~ue 7'],
    ];
    for (const [file, text] of cases) {
      expect(issueCitations(file, t(text)), text).toEqual([expect.stringMatching(new RegExp(`^${file.replaceAll('.', '\\.')}:1: cites "`))]);
    }
    expect(issueCitations('server/x.ts', t('/**\n * Stored as iss~ue\n * 3 asks.\n */'))).toEqual([expect.stringMatching(/^server\/x\.ts:2: /)]);
  });

  it('leaves other uses of the word and links to an outside tracker alone', () => {
    for (const text of [
      "{ name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_ALREADY_CAPTURED' }",
      '// the payment flow issues plan keys with createPlanKey',
      '// issued 3 minutes ago',
      '// https://github.com/org/repo/issues/123',
    ]) {
      expect(issueCitations('server/x.ts', text), text).toEqual([]);
    }
  });
});

describe('the file list without git', () => {
  it('walks the folder, leaving out dependencies, build output and vector data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'citations-'));
    try {
      for (const file of ['a.txt', 'src/b.ts', 'node_modules/x/y.txt', 'engine/vectors/v.json', 'dist/web/index.html']) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), 'text');
      }
      expect(trackedFiles(dir).sort()).toEqual(['a.txt', 'src/b.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
