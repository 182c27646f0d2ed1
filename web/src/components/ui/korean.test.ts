/** The shared controls' own words follow the page's language (docs/decisions/041). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { CopyButton } from './CopyButton.tsx';
import { PasswordInput } from './PasswordInput.tsx';

const copy = (props: { label?: string; what?: string }) => renderToStaticMarkup(createElement(CopyButton, { text: 'x', ...props }));
const password = (visible: boolean) => renderToStaticMarkup(createElement(PasswordInput, { visible, onToggleVisible: () => undefined }));

describe('the shared controls', () => {
  afterEach(() => setLanguage('en'));

  it('say Copy and Show password in English, naming what is copied after the verb', () => {
    expect(copy({})).toContain('>Copy</button>');
    expect(copy({ what: 'API key' })).toContain('aria-label="Copy API key"');
    expect(password(false)).toContain('aria-label="Show password">Show</button>');
    expect(password(true)).toContain('aria-label="Hide password">Hide</button>');
  });

  it('say 복사 and 비밀번호 표시 in Korean, naming what is copied first', async () => {
    await setLanguage('ko');
    expect(copy({})).toContain('>복사</button>');
    expect(copy({ what: 'API 키' })).toContain('aria-label="API 키 복사"');
    expect(copy({ label: '복사', what: '복구 코드' })).toContain('aria-label="복구 코드 복사"');
    expect(password(false)).toContain('aria-label="비밀번호 표시">표시</button>');
    expect(password(true)).toContain('aria-label="비밀번호 숨기기">숨기기</button>');
  });
});
