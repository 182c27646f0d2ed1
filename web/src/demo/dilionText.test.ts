import { describe, expect, it } from 'vitest';
import { DILION_PID } from '../../../shared/dilion.ts';
import { dilionHelp, signedMessageOf } from './dilionText.ts';

const pid = { C1: 'AAAA', C2: 'BBBB', serviceKeyId: 'ab'.repeat(32), suite: DILION_PID.suite };

describe('the Dilion help text', () => {
  it('names the 0x01 message with the bound pidCipher when the response carries one', () => {
    const help = dilionHelp({ pidCipher: pid });
    expect(help).toContain('over M = 0x01 ‖ serviceKeyId ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message (the UID is bound: pidCipher present)');
    expect(help).not.toContain('0x00');
    expect(signedMessageOf(pid)).toBe('0x01 ‖ serviceKeyId ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message');
  });

  it('names the 0x00 message when pidCipher is N/A', () => {
    const help = dilionHelp({ pidCipher: 'N/A' });
    expect(help).toContain('over M = 0x00 ‖ message (no UID bound: pidCipher N/A)');
    expect(help).not.toContain('0x01');
    expect(signedMessageOf('N/A')).toBe('0x00 ‖ message');
  });

  it('gives both forms before anything is signed', () => {
    const help = dilionHelp(null);
    expect(help).toContain('M = 0x01 ‖ serviceKeyId');
    expect(help).toContain('M = 0x00 ‖ message without one');
  });
});
