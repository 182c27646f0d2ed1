/**
 * AES-256-GCM sealing of small secrets at rest. The associated data names what the ciphertext
 * belongs to (a key id, a row id), so a sealed value copied onto another row fails to open.
 * Format: "v1." + base64(iv(12) ‖ ciphertext ‖ tag(16)).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';

export interface Sealer {
  seal(plain: Uint8Array, associatedData: string): string;
  open(sealed: string, associatedData: string): Buffer;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  return {
    seal(plain, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
    },
    open(sealed, associatedData) {
      if (!sealed.startsWith(PREFIX)) throw new Error('unknown sealed-value format');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    },
  };
}
