/**
 * Dilion samples for Python (standard library only; the offline check uses pyca/cryptography when
 * it is installed) and Node.js (fetch; @noble/post-quantum for the offline check). Both are run
 * against a live server by samples.test.ts, so what the page shows is known to work.
 */
import { nodeClient, pythonClient } from './clients.ts';
import type { SampleConfig } from './config.ts';

export function dilionPython(c: SampleConfig): string {
  return `"""Dilion: sign and verify with the API, then verify offline with a FIPS 204 library."""
import base64
import json
import urllib.error
import urllib.request

${pythonClient(c)}


message = "authentication request"
signed = call("/api/v1/crypto/dilion/sign", {"message": message, "sid": "service-A"})
signature = base64.b64decode(signed["signature"]["encoded"])
print("signature bytes:", len(signature))
print("context:", signed["context"])

checked = call("/api/v1/crypto/dilion/verify", {
    "message": message,
    "signature": signed["signature"]["encoded"],
    "publicKey": signed["publicKey"],
    "sid": "service-A",
})
print("server verify:", checked["valid"])

# Anyone can check the signature without calling us: it is FIPS 204 ML-DSA-65 over
# M = 0x00 || UTF-8(message), with the context string from the response.
try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.mldsa import MLDSA65PublicKey  # cryptography >= 47
except ImportError:
    print("offline verify: skipped (pip install 'cryptography>=47')")
else:
    public_key = MLDSA65PublicKey.from_public_bytes(base64.b64decode(signed["publicKey"]))
    try:
        public_key.verify(signature, b"\\x00" + message.encode(), signed["context"].encode())
        print("offline verify:", True)
    except InvalidSignature:
        print("offline verify:", False)
`;
}

export function dilionNode(c: SampleConfig): string {
  return `// Dilion: sign and verify with the API (Node.js 18+), then verify offline.
// npm install @noble/post-quantum
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';

${nodeClient(c)}

const message = 'authentication request';
const signed = await call('/api/v1/crypto/dilion/sign', { message, sid: 'service-A' });
const signature = Buffer.from(signed.signature.encoded, 'base64');
console.log('signature bytes:', signature.length);
console.log('context:', signed.context);

const checked = await call('/api/v1/crypto/dilion/verify', {
  message,
  signature: signed.signature.encoded,
  publicKey: signed.publicKey,
  sid: 'service-A',
});
console.log('server verify:', checked.valid);

// Anyone can check it without calling us: FIPS 204 ML-DSA-65 over M = 0x00 || UTF-8(message),
// with the context string from the response.
const M = Buffer.concat([Buffer.from([0x00]), Buffer.from(message, 'utf8')]);
const offline = ml_dsa65.verify(signature, M, Buffer.from(signed.publicKey, 'base64'), {
  context: Buffer.from(signed.context, 'utf8'),
});
console.log('offline verify:', offline);
`;
}
