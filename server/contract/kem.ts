/**
 * Encryption with an account's ML-KEM-768 keys (docs/api.md §7.4; docs/decisions/054): raw
 * encapsulate/decapsulate, and RFC 9180 HPKE base mode single shot with the suite ML-KEM-768
 * (0x0041), HKDF-SHA256 (0x0001), ChaCha20-Poly1305 (0x0003).
 */
import { z } from 'zod';
import { Base64 } from './common.ts';

/** Bytes an HPKE plaintext, aad or info may hold; a data key is far below it. */
export const HPKE_MAX_INPUT_BYTES = 4096;

const Aad = Base64.optional().meta({ description: `Associated data (base64, at most ${HPKE_MAX_INPUT_BYTES} bytes): authenticated, not encrypted; open needs the same` });
const Info = Base64.optional().meta({ description: `HPKE info (base64, at most ${HPKE_MAX_INPUT_BYTES} bytes): binds the key schedule to a context; open needs the same` });

export const KemAlgorithm = z.literal('ML-KEM-768');

/** The key version used: the primary one to encrypt, the one named to decrypt (docs/api.md §7.6). */
const KeyVersion = z.number().int().positive().meta({ description: 'The key version used (encrypting: the primary one; decrypting: the one named, default the primary)' });
/** Decrypting what an older version encrypted names that version, as the encrypting answer gave it. */
const AskedVersion = z.number().int().positive().optional().meta({ description: 'The key version the ciphertext was made for (encrypting answers name it); default the primary version' });

export const HpkeSuite = z
  .object({ kemId: z.literal(0x0041), kdfId: z.literal(0x0001), aeadId: z.literal(0x0003) })
  .meta({ id: 'HpkeSuite', description: 'RFC 9180 identifiers: ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305' });

export const EncapsulateRequest = z.strictObject({}).meta({ id: 'EncapsulateRequest' });
export const EncapsulateResponse = z
  .object({
    keyId: z.string(),
    keyVersion: KeyVersion,
    algorithm: KemAlgorithm,
    ciphertext: Base64.meta({ description: '1,088 bytes: send it to the key’s holder, who decapsulates it' }),
    sharedSecret: Base64.meta({ description: '32 bytes: the secret the ciphertext carries; never stored by the platform' }),
  })
  .meta({ id: 'EncapsulateResponse' });

export const DecapsulateRequest = z
  .strictObject({ ciphertext: Base64.meta({ description: 'An ML-KEM-768 ciphertext, 1,088 bytes' }), keyVersion: AskedVersion })
  .meta({ id: 'DecapsulateRequest' });
export const DecapsulateResponse = z
  .object({
    keyId: z.string(),
    keyVersion: KeyVersion,
    algorithm: KemAlgorithm,
    sharedSecret: Base64.meta({ description: '32 bytes. A ciphertext made for another key, or altered, gives a different pseudorandom secret (FIPS 203 implicit rejection), never an error' }),
  })
  .meta({ id: 'DecapsulateResponse' });

export const SealRequest = z
  .strictObject({
    plaintext: Base64.meta({ description: `The bytes to encrypt (base64, at most ${HPKE_MAX_INPUT_BYTES} bytes)` }),
    aad: Aad,
    info: Info,
  })
  .meta({ id: 'SealRequest' });
const Sealed = z.object({
  enc: Base64.meta({ description: 'The encapsulated key, 1,088 bytes' }),
  ciphertext: Base64.meta({ description: 'The plaintext encrypted, followed by its 16-byte tag' }),
});
export const SealResponse = Sealed.extend({ keyId: z.string(), keyVersion: KeyVersion, algorithm: KemAlgorithm, suite: HpkeSuite }).meta({ id: 'SealResponse' });

export const OpenRequest = z
  .strictObject({
    enc: Base64.meta({ description: 'The encapsulated key from seal, 1,088 bytes' }),
    ciphertext: Base64.meta({ description: `The ciphertext from seal (16 to ${HPKE_MAX_INPUT_BYTES + 16} bytes)` }),
    aad: Aad,
    info: Info,
    keyVersion: AskedVersion,
  })
  .meta({ id: 'OpenRequest' });
export const OpenResponse = z
  .object({ keyId: z.string(), keyVersion: KeyVersion, algorithm: KemAlgorithm, plaintext: Base64 })
  .meta({ id: 'OpenResponse' });

export const GenerateDataKeyRequest = z.strictObject({}).meta({ id: 'GenerateDataKeyRequest' });
export const GenerateDataKeyResponse = z
  .object({
    keyId: z.string(),
    keyVersion: KeyVersion,
    algorithm: KemAlgorithm,
    suite: HpkeSuite,
    plaintext: Base64.meta({ description: 'A fresh 256-bit key: use it, then forget it' }),
    sealed: Sealed.meta({ description: 'The same key HPKE-sealed to this ML-KEM key (no aad, no info): store it, and open it with POST …/open when the key is needed again' }),
  })
  .meta({ id: 'GenerateDataKeyResponse' });
