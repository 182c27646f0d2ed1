/**
 * The demo's ML-DSA-65 signature views (c̃, c = SampleInBall(c̃), z), decoded straight from the
 * signature bytes as FIPS 204 defines them, with @noble/hashes' SHAKE256. It shares no code with the
 * engine or shared/, so the worker tests compare the views they are given against an independent
 * reading of the same bytes rather than against the function that produced them.
 */
import { shake256 } from '@noble/hashes/sha3.js';

/** ML-DSA-65's parameters (FIPS 204, Table 1). */
export const ML_DSA_65 = { cTildeBytes: 48, tau: 49, l: 5, gamma1: 1 << 19, signatureBytes: 3309 } as const;

/** SampleInBall (FIPS 204, Algorithm 29): tau coefficients of ±1, placed by a Fisher-Yates walk over SHAKE256(c̃). */
export function sampleInBall(cTilde: Uint8Array, tau: number = ML_DSA_65.tau): number[] {
  const xof = shake256.create().update(cTilde);
  const signs = xof.xof(8);
  const c = new Array<number>(256).fill(0);
  for (let i = 256 - tau, k = 0; i < 256; i++, k++) {
    let j: number;
    do j = xof.xof(1)[0]!;
    while (j > i);
    c[i] = c[j]!;
    c[j] = (signs[k >> 3]! >> (k & 7)) & 1 ? -1 : 1;
  }
  return c;
}

/** z's l × 256 coefficients: BitUnpack(·, gamma1 − 1, gamma1) of 20-bit little-endian fields after c̃. */
export function unpackZ(signature: Uint8Array): number[] {
  const { cTildeBytes, l, gamma1 } = ML_DSA_65;
  const z: number[] = [];
  for (let n = 0; n < l * 256; n++) {
    const bit = n * 20;
    const at = cTildeBytes + (bit >> 3);
    const word = signature[at]! | (signature[at + 1]! << 8) | (signature[at + 2]! << 16);
    z.push(gamma1 - ((word >>> (bit & 7)) & 0xfffff));
  }
  return z;
}

/** c̃, c and z of an ML-DSA-65 signature, read from its bytes. */
export function fips204Views(signature: Uint8Array): { cTilde: Uint8Array; c: number[]; z: number[] } {
  if (signature.length !== ML_DSA_65.signatureBytes) throw new Error(`not an ML-DSA-65 signature: ${signature.length} bytes`);
  const cTilde = signature.slice(0, ML_DSA_65.cTildeBytes);
  return { cTilde, c: sampleInBall(cTilde), z: unpackZ(signature) };
}
