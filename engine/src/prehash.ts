/**
 * The pre-hash functions HashML-DSA accepts (FIPS 204 section 5.4), with the DER encoding of each
 * one's OID as it is placed into M'.
 */
import type { Sha2Api } from './sha2.ts';
import type { Sha3Api } from './sha3.ts';

/** The engine's one-shot hashes the pre-hash step runs on. */
export type HashFunctions = Sha2Api & Sha3Api;

export interface Prehash {
  /** DER encoding of the hash function's OID (2.16.840.1.101.3.4.2.x). */
  oid: Uint8Array;
  /** Bytes of PH(M): what a caller who hashed the message itself must hand over. */
  length: number;
  digest(hashes: HashFunctions, message: Uint8Array): Uint8Array;
}

const prehash = (last: number, length: number, digest: Prehash['digest']): Prehash => ({
  oid: new Uint8Array([0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last]),
  length,
  digest,
});

export const PREHASHES = {
  sha256: prehash(0x01, 32, (h, m) => h.sha256(m)),
  sha384: prehash(0x02, 48, (h, m) => h.sha384(m)),
  sha512: prehash(0x03, 64, (h, m) => h.sha512(m)),
  sha224: prehash(0x04, 28, (h, m) => h.sha224(m)),
  'sha512-224': prehash(0x05, 28, (h, m) => h.sha512_224(m)),
  'sha512-256': prehash(0x06, 32, (h, m) => h.sha512_256(m)),
  'sha3-224': prehash(0x07, 28, (h, m) => h.sha3_224(m)),
  'sha3-256': prehash(0x08, 32, (h, m) => h.sha3_256(m)),
  'sha3-384': prehash(0x09, 48, (h, m) => h.sha3_384(m)),
  'sha3-512': prehash(0x0a, 64, (h, m) => h.sha3_512(m)),
  // FIPS 204: SHAKE128 with 256 bits of output, SHAKE256 with 512 bits.
  shake128: prehash(0x0b, 32, (h, m) => h.shake128(m, 32)),
  shake256: prehash(0x0c, 64, (h, m) => h.shake256(m, 64)),
} as const satisfies Record<string, Prehash>;

export type PrehashName = keyof typeof PREHASHES;
