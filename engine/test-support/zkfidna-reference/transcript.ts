/**
 * The Fiat-Shamir transcript: one running SHAKE256 state that prover and verifier feed identically.
 * A challenge absorbs its label, then squeezes from a copy, so the running state keeps absorbing and
 * every later challenge depends on everything before it.
 */
import { shake256 } from '@noble/hashes/sha3.js';
import { ascii, bytesToBigInt, concat, mod, u32be, u8 } from './scalar.ts';

type Shake = ReturnType<typeof shake256.create>;

const APPEND = 0x01;
const CHALLENGE = 0x02;

function labelBytes(label: string): Uint8Array {
  const l = ascii(label);
  if (l.length > 255) throw new RangeError('transcript label over 255 bytes');
  return concat(u8(l.length), l);
}

export class Transcript {
  private state: Shake;

  constructor(state?: Shake) {
    this.state = state ?? shake256.create({});
  }

  /** Absorbs 0x01 || u8(|label|) || label || u32be(|data|) || data. */
  append(label: string, data: Uint8Array): void {
    this.state.update(concat(u8(APPEND), labelBytes(label), u32be(data.length), data));
  }

  /** Absorbs 0x02 || u8(|label|) || label, then squeezes `len` bytes from a copy of the state. */
  challengeBytes(label: string, len: number): Uint8Array {
    this.state.update(concat(u8(CHALLENGE), labelBytes(label)));
    return this.state.clone().xof(len);
  }

  /** 64 squeezed bytes, big-endian, mod n. May be zero: callers reject or retry. */
  challenge(label: string): bigint {
    return mod(bytesToBigInt(this.challengeBytes(label, 64)));
  }

  challengeBytes32(label: string): Uint8Array {
    return this.challengeBytes(label, 32);
  }

  /** An independent copy (the prover derives its nonces from one without touching the original). */
  fork(): Transcript {
    return new Transcript(this.state.clone());
  }
}
