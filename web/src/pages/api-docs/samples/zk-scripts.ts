/**
 * zk-FIDNA samples for Python and Node.js: prove and verify through the API, then check offline what
 * a caller can check alone (docs/crypto/zk-fidna.md §5, §7, §11): the openings the prover got back
 * open the commitments in the proof (C = value·B + r·G), and the ML-DSA-65 attestation verifies over
 * the proof bytes. The Bulletproof itself is verified by the API. Node.js uses @noble/curves (B hashed
 * to the curve with RFC 9380) and @noble/post-quantum; Python uses the standard library with B's
 * compressed form written out, and pyca/cryptography for the attestation when it is installed. Both
 * are run against a live server by samples.test.ts.
 */
import { nodeClient, pythonClient } from './clients.ts';
import type { SampleConfig } from './config.ts';
import { PY_SECP256K1 } from './secp256k1-python.ts';

const DST = 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_';
/** hash_to_curve("value") under DST, compressed: the value base B. */
const B_COMPRESSED = '03449b94fd56b7c2cf56562f366b89d42a64c87aaa9eefc5483e84341a2eddf8ac';

export function zkPython(c: SampleConfig): string {
  return `"""zk-FIDNA: prove and verify with the API, then check the openings and the attestation offline."""
import base64
import json
import urllib.error
import urllib.request

${pythonClient(c)}


# Prove that the balance Y covers the amount X; a verifier learns the result, not X or Y.
proved = call("/api/v1/crypto/zk-fidna/prove", {"secretValue": 650000, "balanceValue": 21930000, "circuitType": "balance_proof"})
proof = base64.b64decode(proved["proof"]["encoded"])
print("proof bytes:", len(proof))
print("public input:", json.dumps(proved["publicInput"]))

# A verifier gets the proof and the public input, never the openings.
checked = call("/api/v1/crypto/zk-fidna/verify", {"proof": proved["proof"], "publicInput": proved["publicInput"]})
print("server verify:", checked["valid"], checked["details"])

# Offline: the openings (yours alone) open the commitments, C = value*B + r*G on secp256k1.
${PY_SECP256K1}


def decompress(data):
    return lift_x(int.from_bytes(data[1:], "big"), data[0] == 3) if len(data) == 33 and data[0] in (2, 3) else None


# B = hash_to_curve("value") with the DST ${DST} (RFC 9380).
B = decompress(bytes.fromhex("${B_COMPRESSED}"))


def opens(opening):
    commitment = decompress(base64.b64decode(opening["commitment"]))
    r = int.from_bytes(base64.b64decode(opening["blinding"]), "big")
    return commitment is not None and add(mul(int(opening["value"]), B), mul(r, G)) == commitment


print("openings open the commitments:", all(opens(o) for o in proved["openings"]), [o["value"] for o in proved["openings"]])

# The ML-DSA-65 attestation: a signature over the proof bytes with the context "zk-fidna/v1".
signature = proved["proof"]["signature"]
try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.mldsa import MLDSA65PublicKey  # cryptography >= 47
except ImportError:
    print("offline attestation: skipped (pip install 'cryptography>=47')")
else:
    try:
        MLDSA65PublicKey.from_public_bytes(base64.b64decode(signature["publicKey"])).verify(base64.b64decode(signature["value"]), proof, b"zk-fidna/v1")
        print("offline attestation:", True)
    except InvalidSignature:
        print("offline attestation:", False)
`;
}

export function zkNode(c: SampleConfig): string {
  return `// zk-FIDNA: prove and verify with the API (Node.js 18+), then check the openings and the attestation offline.
// npm install @noble/curves @noble/post-quantum
import { secp256k1, secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';

${nodeClient(c)}

// Prove that the balance Y covers the amount X; a verifier learns the result, not X or Y.
const proved = await call('/api/v1/crypto/zk-fidna/prove', { secretValue: 650000, balanceValue: 21930000, circuitType: 'balance_proof' });
const proof = Buffer.from(proved.proof.encoded, 'base64');
console.log('proof bytes:', proof.length);
console.log('public input:', JSON.stringify(proved.publicInput));

// A verifier gets the proof and the public input, never the openings.
const checked = await call('/api/v1/crypto/zk-fidna/verify', { proof: proved.proof, publicInput: proved.publicInput });
console.log('server verify:', checked.valid, JSON.stringify(checked.details));

// Offline: the openings (yours alone) open the commitments, C = value·B + r·G, with B = hash_to_curve("value") (RFC 9380).
const B = secp256k1_hasher.hashToCurve(new TextEncoder().encode('value'), { DST: '${DST}' });
const G = secp256k1.Point.BASE;
const hex = (base64) => Buffer.from(base64, 'base64').toString('hex');
const opens = (o) => B.multiplyUnsafe(BigInt(o.value)).add(G.multiplyUnsafe(BigInt('0x' + hex(o.blinding)))).equals(secp256k1.Point.fromHex(hex(o.commitment)));
console.log('openings open the commitments:', proved.openings.every(opens), proved.openings.map((o) => o.value));

// The ML-DSA-65 attestation: a signature over the proof bytes with the context "zk-fidna/v1".
const { publicKey, value } = proved.proof.signature;
const attested = ml_dsa65.verify(Buffer.from(value, 'base64'), proof, Buffer.from(publicKey, 'base64'), {
  context: new TextEncoder().encode('zk-fidna/v1'),
});
console.log('offline attestation:', attested);
`;
}
