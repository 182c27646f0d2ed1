/** The transcript's framing, checked against one-shot SHAKE256 over the bytes it should absorb. */
import { shake256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { bytesToBigInt, concat, N } from './scalar.ts';
import { Transcript } from './transcript.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const appended = (label: string, data: Uint8Array) =>
  concat(Uint8Array.of(1, label.length), enc(label), Uint8Array.of(0, 0, 0, data.length), data);
const asked = (label: string) => concat(Uint8Array.of(2, label.length), enc(label));

describe('Transcript', () => {
  it('absorbs 0x01 | u8 label length | label | u32be data length | data, and squeezes 64 bytes mod n', () => {
    const t = new Transcript();
    t.append('protocol', enc('ZK-FIDNA/v1'));
    const expected = shake256(concat(appended('protocol', enc('ZK-FIDNA/v1')), asked('y')), { dkLen: 64 });
    expect(t.challenge('y')).toBe(bytesToBigInt(expected) % N);
  });

  it('keeps absorbing after a challenge, so the next one depends on the whole history', () => {
    const t = new Transcript();
    t.append('A', Uint8Array.of(7));
    t.challenge('y');
    const z = t.challenge('z');
    const expected = shake256(concat(appended('A', Uint8Array.of(7)), asked('y'), asked('z')), { dkLen: 64 });
    expect(z).toBe(bytesToBigInt(expected) % N);
  });

  it('frames an empty data field with a zero length', () => {
    const t = new Transcript();
    t.append('context', new Uint8Array(0));
    const expected = shake256(concat(Uint8Array.of(1, 7), enc('context'), Uint8Array.of(0, 0, 0, 0), asked('x')), { dkLen: 32 });
    expect(t.challengeBytes32('x')).toEqual(expected);
  });

  it('squeezes 32 bytes for challengeBytes32, the prefix of the 64-byte squeeze', () => {
    const a = new Transcript();
    const b = new Transcript();
    const long = a.challengeBytes('kernel', 64);
    expect(b.challengeBytes32('kernel')).toEqual(long.subarray(0, 32));
  });

  it('leaves the original untouched when a fork absorbs and squeezes', () => {
    const t = new Transcript();
    t.append('V', Uint8Array.of(1, 2, 3));
    const untouched = t.fork();
    t.fork().challengeBytes('rng', 64);
    expect(t.challenge('A')).toBe(untouched.challenge('A'));
  });

  it('separates label from data (moving a byte across the boundary changes the challenge)', () => {
    const a = new Transcript();
    const b = new Transcript();
    a.append('ab', enc('c'));
    b.append('a', enc('bc'));
    expect(a.challenge('x')).not.toBe(b.challenge('x'));
  });
});
