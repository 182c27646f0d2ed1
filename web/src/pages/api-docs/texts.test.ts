/**
 * The API docs' own texts (docs/decisions/041): endpoint summaries, field descriptions, tabs and the
 * Authentication card follow the reader's language when they render; field names, error codes and
 * the samples stay as the API spells them.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { servedPaths } from '../../hooks/useServedPaths.ts';
import { setLanguage } from '../../i18n/index.ts';
import { AuthCard } from './AuthCard.tsx';
import { EndpointList } from './EndpointList.tsx';
import { ENDPOINTS, endpointsFor, tabs } from './endpoints.ts';

const endpoint = (path: string) => ENDPOINTS.find((e) => e.path === path)!;
const field = (path: string, name: string) => endpoint(path).fields.find((f) => f.name === name)!;
/** A server that serves every documented endpoint. */
const allServed = servedPaths({ paths: Object.fromEntries(ENDPOINTS.map((e) => [e.path, { post: {} }])) } as Parameters<typeof servedPaths>[0]);

describe('the API docs texts', () => {
  afterEach(() => setLanguage('en'));

  it('are English by default, with each QES2 mode named in its summary', () => {
    expect(endpoint('/api/v1/crypto/dilion/sign').summary()).toBe('Sign a message with Dilion (ML-DSA-65)');
    expect(endpoint('/api/v1/crypto/qes2/schnorr/sign').summary()).toBe('Sign with ML-DSA-65 and BIP-340 Schnorr over one combined message');
    expect(field('/api/v1/crypto/qes2/ecdsa/sign', 'keyId').description()).toBe('One of your QES2_ECDSA signing keys; default: your default key.');
    expect(field('/api/v1/crypto/dilion/verify', 'message').description()).toBe('The text that was signed, as UTF-8.');
    expect(tabs().map((t) => t.label)).toEqual(['Dilion Signatures', 'QES2 ECDSA', 'QES2 Schnorr', 'zk-FIDNA Proofs']);
  });

  it('switch to Korean when the language does, keeping names and placeholders', async () => {
    await setLanguage('ko');
    expect(endpoint('/api/v1/crypto/dilion/sign').summary()).toBe('Dilion(ML-DSA-65)으로 메시지에 서명');
    expect(endpoint('/api/v1/crypto/qes2/ecdsa/sign').summary()).toBe('ML-DSA-65와 ECDSA (RFC 6979, low-S)로 하나의 결합 메시지에 서명');
    expect(field('/api/v1/crypto/qes2/schnorr/sign', 'keyId').description()).toBe('내 QES2_Schnorr 서명 키 중 하나입니다. 기본값은 내 기본 키입니다.');
    expect(tabs().map((t) => [t.name, t.label])).toEqual([
      ['Dilion', 'Dilion 서명'],
      ['QES2 ECDSA', 'QES2 ECDSA'],
      ['QES2 Schnorr', 'QES2 Schnorr'],
      ['zk-FIDNA', 'zk-FIDNA 증명'],
    ]);
  });

  it('render the endpoint list and the Authentication card in Korean, codes and samples untouched', async () => {
    await setLanguage('ko');
    const list = renderToStaticMarkup(createElement(EndpointList, { endpoints: endpointsFor('zk-fidna'), served: allServed }));
    expect(list).toContain('<h3>엔드포인트</h3>');
    expect(list).toContain('<span class="badge badge-success">운영 중</span>');
    expect(list).toContain('<dt>반환값</dt>');
    expect(list).toContain('숨길 금액 X입니다.');
    const card = renderToStaticMarkup(createElement(AuthCard, { baseUrl: 'https://pq.example' }));
    expect(card).toContain('<h2 id="auth-heading" style="font-size:1.45rem">인증</h2>');
    expect(card).toContain('<a href="/dashboard">대시보드</a>에서 키 목록을 보고');
    expect(card).toContain('<dt>429 usage_limit_reached</dt><dd>요금제의 호출 횟수를 모두 사용했습니다(무료: 총 100회).');
    expect(card).toContain('aria-label="오류 응답 코드"');
    expect(card).toContain('&quot;message&quot;: &quot;Usage limit reached - upgrade to continue&quot;');
  });
});
