/**
 * The Dilion tab shows the repository's samples/ programs as they are (Vite `?raw` imports), with
 * shell lines that set PQ_API_URL, PQ_API_KEY and PQ_API_SECRET to the reader's values, whatever
 * characters those hold.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../../samples/build.ts';
// Starts i18n with the catalogues, so the component renders its English texts.
import '../../../i18n/index.ts';
import { FileSample } from '../FileSample.tsx';
import { LANGUAGES, PLACEHOLDER_KEYS } from './config.ts';
import { fileSample } from './files.ts';

const config = { baseUrl: 'https://pq.example', ...PLACEHOLDER_KEYS };

describe('the Dilion tab’s samples', () => {
  it('are the files under samples/, byte for byte, in every language', () => {
    for (const { value } of LANGUAGES) {
      const { files } = fileSample(value, config);
      expect(files.length, value).toBeGreaterThan(0);
      for (const file of files) expect(file.text, file.path).toBe(readFileSync(SAMPLES_DIR + file.path, 'utf8'));
    }
    expect(fileSample('rust', config).files.map((f) => f.name)).toEqual(['src/main.rs', 'Cargo.toml']);
  });

  it('come with shell lines that export the reader’s base URL and key pair exactly, then run the program', () => {
    const awkward = { baseUrl: 'http://127.0.0.1:5000', apiKey: 'pk_$HOME`id`', apiSecret: 'sk_"quoted"\\back' };
    const { shell } = fileSample('go', awkward);
    expect(shell.split('\n').slice(3)).toEqual(['go run main.go', '']);
    const exported = execFileSync('bash', ['-c', `${shell.split('\n').slice(0, 3).join('\n')}\nprintf '%s\\n' "$PQ_API_URL" "$PQ_API_KEY" "$PQ_API_SECRET"`], { encoding: 'utf8' });
    expect(exported.split('\n').slice(0, 3)).toEqual([awkward.baseUrl, awkward.apiKey, awkward.apiSecret]);
  });

  it('render with the file’s repository path above its code blocks', () => {
    const html = renderToStaticMarkup(createElement(FileSample, { lang: 'rust', config }));
    expect(html).toContain('This program is <code>samples/rust/src/main.rs</code> in the repository');
    expect(html).toContain('export PQ_API_URL=&quot;https://pq.example&quot;');
    expect(html).toContain('<span>src/main.rs</span>');
    expect(html).toContain('<span>Cargo.toml</span>');
    expect(html).toContain('fn main()');
  });
});
