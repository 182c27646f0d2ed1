/** The crypto tabs' texts in Korean after a language switch, and in English again after (docs/decisions/041). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QES2_BY_MODE, SCHEMES } from '../../../shared/schemes.ts';
import { setLanguage } from '../i18n/index.ts';
import { dilionHelp } from './dilionText.ts';
import { qes2Steps, zkSteps } from './flowSteps.ts';
import { formatMs, previewList, shorten } from './format.ts';
import { madeText, verifiedText } from './timeText.ts';
import { amountRefusal } from './zkAmountText.ts';
import { circuitHelp, commitmentNames, detailRows } from './zkFidnaText.ts';

const checks = { structurallyValid: true, circuitValid: true, mathematicalCheck: false, positiveCheck: true, balanceCheck: true, signatureCheck: null };

describe('the crypto tabs in English', () => {
  it('name the registry’s steps as the registry does', () => {
    expect(qes2Steps('ecdsa')).toEqual([...QES2_BY_MODE.ecdsa.steps]);
    expect(qes2Steps('schnorr', QES2_BY_MODE.schnorr.steps)).toEqual([...QES2_BY_MODE.schnorr.steps]);
    expect(zkSteps()).toEqual([...SCHEMES['zk-fidna'].steps]);
  });

  it('say where and how long in one sentence', () => {
    expect(madeText('signed', 'server', 12.34)).toBe('Signed on the server in 12.3 ms.');
    expect(verifiedText('proved', 'browser', 'server', 4.5, 1.25)).toBe('Proved in this browser, verified on the server in 4.50 ms (engine: 1.25 ms).');
  });

  it('keep an amount refusal as the API said it, and any other message as it came', () => {
    expect(amountRefusal("'secretValue': Secret value must be a positive number", { secretValue: 0, balanceValue: 5 })).toBe("'secretValue': Secret value must be a positive number");
    expect(amountRefusal('The crypto engine failed', { secretValue: 0 })).toBe('The crypto engine failed');
  });
});

describe('the crypto tabs in Korean', () => {
  beforeAll(async () => {
    await setLanguage('ko');
  });
  afterAll(async () => {
    await setLanguage('en');
  });

  it('say where and how long, with the times as they are', () => {
    expect(madeText('signed', 'server', 12.34)).toBe('서버에서 12.3 ms 만에 서명했습니다.');
    expect(verifiedText('signed', 'server', 'browser', 4.5)).toBe('서버에서 만든 서명을 이 브라우저에서 4.50 ms 만에 검증했습니다.');
    expect(formatMs(1234.5)).toBe('1,235 ms');
  });

  it('preview lists and missing values in Korean', () => {
    expect(previewList([1, -1, 0, 0, 1, 1, 0], 5)).toBe('[1, -1, 0, 0, 1, … 외 2개]');
    expect(shorten(undefined, 16)).toBe('없음');
  });

  it('explain Dilion’s M in Korean and keep the notation', () => {
    const help = dilionHelp({ pidCipher: 'N/A' });
    expect(help).toContain('M = 0x00 ‖ message에 대한 FIPS 204 ML-DSA-65 서명');
    expect(help).toContain('“dilion/v1|” + SID');
  });

  it('name the steps, circuits, commitments and checks in Korean', () => {
    expect(qes2Steps('schnorr')).toEqual(["M' 구성 = Prefix || Label || len(ctx) || ctx || SHA-512(M)", 'ML-DSA-65 서명', 'BIP-340 Schnorr 서명', '연결']);
    // Steps a signer reports that the registry does not know are shown as they came.
    expect(qes2Steps('ecdsa', ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(zkSteps()[0]).toBe('ω1 값 커밋');
    expect(circuitHelp('range_proof')).toContain('1 ≤ X ≤ Y임을 증명합니다');
    expect(commitmentNames('custom')[2]).toBe('C_R (거스름돈 Y − X)');
    expect(detailRows(checks).map((r) => r.value)).toEqual(['✓ 통과', '✓ 통과', '✗ 실패', '✓ 통과', '✓ 통과', '— 보증 서명이 전송되지 않음']);
  });

  it('say each amount refusal in Korean, leaving the API’s field name as sent', () => {
    expect(amountRefusal("'secretValue': Secret value must be a positive number", { secretValue: 0, balanceValue: 5 })).toBe("'secretValue': 비밀 값은 양수여야 합니다");
    expect(amountRefusal('Secret value must be at most 18446744073709551615 (2^64 − 1)', { secretValue: `1${'0'.repeat(30)}` })).toBe(
      '비밀 값은 18446744073709551615 (2^64 − 1) 이하여야 합니다',
    );
    expect(amountRefusal('Balance value is required', { secretValue: 5 })).toBe('잔액 값을 입력하세요');
    expect(amountRefusal('Balance value must be non-negative', { secretValue: 5, balanceValue: -1 })).toBe('잔액 값은 0 이상이어야 합니다');
  });
});
