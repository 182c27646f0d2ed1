/**
 * docs/README.md is the index a reader starts from: it must list every document and every
 * decision record there is, link only to files that exist, and call built nothing "not built".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const docs = dirname(fileURLToPath(import.meta.url));
const root = resolve(docs, '..');
const index = readFileSync(join(docs, 'README.md'), 'utf8');
const links = [...index.matchAll(/\]\(([^)#]+\.md)\)/g)].map((m) => m[1]!);

describe('the documentation index (docs/README.md)', () => {
  it('links only to documents that exist', () => {
    expect(links.filter((link) => !existsSync(join(docs, link)))).toEqual([]);
  });

  it('lists every document of docs/ and docs/crypto/', () => {
    const documents = [
      ...readdirSync(docs).filter((f) => f.endsWith('.md') && f !== 'README.md'),
      ...readdirSync(join(docs, 'crypto')).map((f) => `crypto/${f}`),
    ];
    expect(documents.filter((d) => !links.includes(d))).toEqual([]);
  });

  it('lists every decision record once, in order', () => {
    const records = readdirSync(join(docs, 'decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f)).sort();
    expect(links.filter((l) => l.startsWith('decisions/')).map((l) => l.slice('decisions/'.length))).toEqual(records);
  });

  it('says "not built" of no scheme the server serves', () => {
    const rows = index.split('\n').filter((line) => /\]\(crypto\/[^)]+\.md\)/.test(line));
    // A document's name is prose (zk-fidna), its feature folder's is code (zkfidna): docs/decisions/046.
    const served = rows.filter((row) => {
      const scheme = /\]\(crypto\/([^)]+)\.md\)/.exec(row)![1]!;
      return existsSync(join(root, 'server/features', scheme.replaceAll('-', '')));
    });
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(served.filter((row) => /not built/i.test(row))).toEqual([]);
  });
});
