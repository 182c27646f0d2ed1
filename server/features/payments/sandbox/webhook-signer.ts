/**
 * How the local sandbox signs the webhooks it delivers, the way PayPal does: SHA256withRSA over
 * `transmissionId|transmissionTime|webhookId|crc32(body)`, with the public key served as the
 * certificate at PAYPAL-CERT-URL. The sandbox's verify-webhook-signature checks the same string, so
 * a forged, replayed-with-changes or mis-addressed delivery fails exactly as it would at PayPal.
 */
import { createSign, createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const AUTH_ALGO = 'SHA256withRSA';

export interface SignedHeaders extends Record<string, string> {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
}

export class WebhookSigner {
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;

  constructor(readonly certId: string) {}

  /** Made on first use: a 2048-bit RSA key costs a noticeable moment, and most starts never send a webhook. */
  private pair() {
    this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }

  publicKeyPem(): string {
    return this.pair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  sign(body: string, webhookId: string, certUrl: string, now: Date): SignedHeaders {
    const transmissionId = randomUUID();
    const transmissionTime = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const signer = createSign('RSA-SHA256');
    signer.update(signedString(transmissionId, transmissionTime, webhookId, body));
    return {
      'paypal-auth-algo': AUTH_ALGO,
      'paypal-cert-url': certUrl,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signer.sign(this.pair().privateKey, 'base64'),
      'paypal-transmission-time': transmissionTime,
    };
  }

  verify(input: { transmissionId: string; transmissionTime: string; webhookId: string; signature: string; body: string }): boolean {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(signedString(input.transmissionId, input.transmissionTime, input.webhookId, input.body));
    try {
      return verifier.verify(this.pair().publicKey, input.signature, 'base64');
    } catch {
      return false;
    }
  }
}

function signedString(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, 'utf8')) >>> 0}`;
}
