/**
 * QES2 samples for Python and Node.js: sign and verify through the API, then check each half offline
 * from the response alone (docs/crypto/qes2.md §9), so a reader sees that nothing but public standards
 * is involved. Python uses the standard library only: its secp256k1 check is a few lines of plain
 * arithmetic (verification needs no secrets, so constant time does not matter), and the ML-DSA-65
 * half is checked when pyca/cryptography is installed, as the Dilion sample does. Both are run
 * against a live server by samples.test.ts.
 */
import { QES2_BY_MODE, type PerQes2Mode, type Qes2Mode } from '../../../../../shared/schemes.ts';
import { nodeClient, pythonClient } from './clients.ts';
import { PY_SECP256K1 } from './secp256k1-python.ts';
import { quoted, type SampleConfig } from './config.ts';

export type Qes2SampleMode = Qes2Mode;

const MESSAGE = 'Hybrid cryptographic message';
const CONTEXT = 'invoice 7';

/** The secp256k1 half's check in plain Python, per mode. */
const PY_SECP: PerQes2Mode<string> = {
  ecdsa: `def secp256k1_half_valid(public_key, digest, sig):
    # ECDSA over secp256k1, compact r || s with low-S; public key 33-byte compressed.
    Q = lift_x(int.from_bytes(public_key[1:], "big"), public_key[0] == 3)
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    if Q is None or not (0 < r < N and 0 < s <= N // 2):
        return False
    w = pow(s, -1, N)
    R = add(mul(int.from_bytes(digest, "big") * w % N, G), mul(r * w % N, Q))
    return R is not None and R[0] % N == r`,
  schnorr: `def tagged_hash(tag, data):
    t = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(t + t + data).digest()


def secp256k1_half_valid(public_key, digest, sig):
    # BIP-340 Schnorr over the 32-byte digest; public key 32-byte x-only.
    Q = lift_x(int.from_bytes(public_key, "big"), False)
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    if Q is None or r >= P or s >= N:
        return False
    e = int.from_bytes(tagged_hash("BIP0340/challenge", sig[:32] + public_key + digest), "big") % N
    R = add(mul(s, G), mul(N - e, Q))
    return R is not None and R[1] % 2 == 0 and R[0] == r`,
};

/** The secp256k1 half's check in Node.js with @noble/curves, per mode: its import and its line. */
const NODE_SECP: PerQes2Mode<{ name: string; check: string }> = {
  ecdsa: {
    name: 'secp256k1',
    check: `// ECDSA, compact r || s with low-S, over the digest itself (no second hash).
const secpValid = secp256k1.verify(signature.subarray(3309), digest, publicKey.subarray(1952), { prehash: false });`,
  },
  schnorr: {
    name: 'schnorr',
    check: `// BIP-340 Schnorr over the 32-byte digest, x-only public key.
const secpValid = schnorr.verify(signature.subarray(3309), digest, publicKey.subarray(1952));`,
  },
};

export function qes2Python(mode: Qes2SampleMode, c: SampleConfig): string {
  return `"""QES2 ${QES2_BY_MODE[mode].modeName}: sign and verify with the API, then check both halves offline."""
import base64
import hashlib
import json
import urllib.error
import urllib.request

${pythonClient(c)}


message, context = ${quoted(MESSAGE)}, ${quoted(CONTEXT)}
signed = call("/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/sign", {"message": message, "context": context})
signature = base64.b64decode(signed["signature"]["encoded"])
public_key = base64.b64decode(signed["publicKey"])
print("signature bytes:", len(signature))
print("label:", signed["label"])

checked = call("/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/verify", {
    "message": message,
    "context": context,
    "signature": signed["signature"]["encoded"],
    "publicKey": signed["publicKey"],
})
print("server verify:", checked["valid"], checked["details"])

# Offline: both halves sign M' = Prefix || Label || len(ctx) || ctx || SHA-512(message).
ctx = context.encode()
m_prime = b"CompositeAlgorithmSignatures2025" + signed["label"].encode() + bytes([len(ctx)]) + ctx + hashlib.sha512(message.encode()).digest()

# The secp256k1 half (the last 64 bytes) over SHA-256(M'), in plain Python.
${PY_SECP256K1}


${PY_SECP[mode]}


print("offline secp256k1 half:", secp256k1_half_valid(public_key[1952:], hashlib.sha256(m_prime).digest(), signature[3309:]))

# The ML-DSA-65 half (the first 3,309 bytes) over M', with the Label as its FIPS 204 context.
try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.mldsa import MLDSA65PublicKey  # cryptography >= 47
except ImportError:
    print("offline ML-DSA-65 half: skipped (pip install 'cryptography>=47')")
else:
    try:
        MLDSA65PublicKey.from_public_bytes(public_key[:1952]).verify(signature[:3309], m_prime, signed["label"].encode())
        print("offline ML-DSA-65 half:", True)
    except InvalidSignature:
        print("offline ML-DSA-65 half:", False)
`;
}

export function qes2Node(mode: Qes2SampleMode, c: SampleConfig): string {
  const secp = NODE_SECP[mode].check;
  return `// QES2 ${QES2_BY_MODE[mode].modeName}: sign and verify with the API (Node.js 18+), then check both halves offline.
// npm install @noble/post-quantum @noble/curves
import { createHash } from 'node:crypto';
import { ${NODE_SECP[mode].name} } from '@noble/curves/secp256k1.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';

${nodeClient(c)}

const message = ${quoted(MESSAGE)};
const context = ${quoted(CONTEXT)};
const signed = await call('/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/sign', { message, context });
const signature = Buffer.from(signed.signature.encoded, 'base64');
const publicKey = Buffer.from(signed.publicKey, 'base64');
console.log('signature bytes:', signature.length);
console.log('label:', signed.label);

const checked = await call('/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/verify', {
  message,
  context,
  signature: signed.signature.encoded,
  publicKey: signed.publicKey,
});
console.log('server verify:', checked.valid, checked.details);

// Offline: both halves sign M' = Prefix || Label || len(ctx) || ctx || SHA-512(message).
const ctx = Buffer.from(context, 'utf8');
const mPrime = Buffer.concat([
  Buffer.from('CompositeAlgorithmSignatures2025'),
  Buffer.from(signed.label),
  Buffer.from([ctx.length]),
  ctx,
  createHash('sha512').update(message, 'utf8').digest(),
]);
// The ML-DSA-65 half (the first 3,309 bytes), with the Label as its FIPS 204 context.
const mlDsaValid = ml_dsa65.verify(signature.subarray(0, 3309), mPrime, publicKey.subarray(0, 1952), {
  context: Buffer.from(signed.label),
});
console.log('offline ML-DSA-65 half:', mlDsaValid);
// The secp256k1 half (the last 64 bytes) over SHA-256(M').
const digest = createHash('sha256').update(mPrime).digest();
${secp}
console.log('offline secp256k1 half:', secpValid);
`;
}
