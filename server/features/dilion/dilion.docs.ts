/**
 * Dilion's API prose, for the OpenAPI document: how a third party verifies a signature, and what
 * the privacy identifier protects (docs/crypto/dilion.md §1, §6). Wrapped here so the route
 * declarations stay readable.
 */

/** How to check a Dilion signature with any FIPS 204 library, from the response fields alone. */
export const VERIFY_ELSEWHERE = [
  'The signature is FIPS 204 ML-DSA-65 (pure, hedged) over M with context ctx = UTF-8(context)',
  `("dilion/v1|" + sid). Without uid (pidCipher "N/A"), M = the byte 0x00 followed by the message's`,
  'UTF-8 bytes. With uid, M = 0x01 ‖ serviceKeyId (32 bytes, hex-decoded) ‖ C1 (1,088) ‖',
  'u16be(|C2|) ‖ C2 ‖ UTF-8(message), C1 and C2 base64-decoded from pidCipher. To check it with any',
  'FIPS 204 library: pk = base64-decode(publicKey), σ = base64-decode(signature.encoded); with',
  '@noble/post-quantum: ml_dsa65.verify(σ, M, pk, { context: ctx }); with OpenSSL 3.5+: pkeyutl',
  '-verify -rawin with the context-string parameter.',
].join(' ');

/** What the privacy identifier protects and what it does not (docs/crypto/dilion.md §1). */
export const PRIVACY = [
  'Privacy identifier: with a uid, the uid is sealed (HPKE, ML-KEM-768) to the service’s key and',
  'the ciphertext (pidCipher) is signed with the message. It protects the uid: only the service',
  'holding that key (here: the account that owns the service key) can read or check it, or anyone',
  'the signer gives the signature’s pidOpening to; the pidCipher cannot be moved onto another',
  'message or signer (it will not open there) and any change to C1, C2 or serviceKeyId invalidates',
  'the signature. It does not hide who signed (the signer’s public key verifies it), that a uid is',
  'bound and to which service key, or whether the uid is up to 63 or up to 255 bytes long; it is',
  'not a pseudonym, and the service sees the uid.',
].join(' ');
