/** The managed-key endpoints' texts follow the reader's language (docs/decisions/041); names stay as the API spells them. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { KEY_ENDPOINTS } from './key-endpoints.ts';

const batch = () => KEY_ENDPOINTS.find((e) => e.path.endsWith('/sign-batch'))!;

describe('the managed-key endpoint texts', () => {
  afterEach(() => setLanguage('en'));

  it('are English by default, every field described', () => {
    expect(batch().summary()).toBe('Sign up to 100 items in one call (body up to 1 MiB)');
    for (const e of KEY_ENDPOINTS) for (const f of e.fields) expect(f.description(), `${e.path} ${f.name}`).not.toMatch(/^apiDocs:|^keys\./);
  });

  it('switch to Korean, keeping field names and codes', async () => {
    await setLanguage('ko');
    expect(batch().summary()).toBe('한 번의 호출로 최대 100개 항목에 서명(본문 최대 1 MiB)');
    expect(batch().returns()).toContain('usage_limit_reached');
    expect(KEY_ENDPOINTS[0]!.fields.find((f) => f.name === 'messageType')!.description()).toContain('external-mu');
  });
});
