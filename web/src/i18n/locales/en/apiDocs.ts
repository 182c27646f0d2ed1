/**
 * The API docs page: authentication, endpoints, samples. Field names, codes, headers and the code
 * samples stay as the API spells them; texts with <code> or a link are rendered with Trans
 * (docs/decisions/041).
 */
export default {
  title: 'API documentation',
  header: {
    title: 'Post-quantum cryptography over REST',
    intro:
      'JSON in, JSON out, authenticated with an API key pair. Base URL <code>{{baseUrl}}</code>. The machine-readable contract is <openapi>OpenAPI 3.1</openapi>, browsable in the <reference>interactive reference</reference>.',
  },
  summary: {
    endpoints_one: '{{count}} endpoint',
    endpoints_other: '{{count}} endpoints',
  },
  status: { live: 'Live', comingSoon: 'Coming soon' },
  tabs: {
    label: 'Algorithm',
    dilion: { label: 'Dilion Signatures', blurb: 'ML-DSA-65 (FIPS 204) signatures bound to a service id.' },
    'qes2-ecdsa': { label: 'QES2 ECDSA', blurb: 'Hybrid ML-DSA-65 + ECDSA on secp256k1; both halves verified.' },
    'qes2-schnorr': { label: 'QES2 Schnorr', blurb: 'Hybrid ML-DSA-65 + BIP-340 Schnorr, for Taproot systems.' },
    'zk-fidna': { label: 'zk-FIDNA Proofs', blurb: 'Zero-knowledge balance and range proofs (Bulletproofs).' },
    'ml-kem-768': { label: 'ML-KEM-768 Encryption', blurb: 'HPKE (RFC 9180) seal and open, data keys and raw encapsulation with your ML-KEM-768 keys.' },
  },
  panel: {
    comingSoon:
      'Coming soon: this server does not serve these endpoints yet. The request shapes below follow the specification and may still change; the Live badge appears as soon as they are deployed.',
    samples: 'Code samples',
    language: 'Language',
    fromFiles:
      'This program is <code>{{path}}</code> in the repository, built and run against a live server in CI: it signs and verifies with Dilion, then proves and verifies with zk-FIDNA. It reads <code>PQ_API_URL</code>, <code>PQ_API_KEY</code> and <code>PQ_API_SECRET</code> from the environment; set them (below with this server’s URL and placeholders for your key pair) and run it.',
    shell: 'Shell',
  },
  codeBlock: { region: '{{title}} code' },
  endpoints: {
    heading: 'Endpoints',
    returns: 'returns',
    fields: {
      messageToSign: 'The text to sign, as UTF-8.',
      messageSigned: 'The text that was signed, as UTF-8.',
      signature: 'signature.encoded from the sign response (or the whole signature object).',
    },
    dilionSign: {
      summary: 'Sign a message with Dilion (ML-DSA-65)',
      sid: 'Service id; the FIPS 204 context is "dilion/v1|" + sid. Default "default".',
      uid: 'End-user id (up to 255 bytes): sealed to the service’s ML-KEM-768 key and bound into the signature as pidCipher.',
      keyId: 'One of your platform-managed signing keys; default: your default key.',
      includePidOpening: 'With uid: also return pidOpening, which lets whoever you give it to check this signature’s uid.',
      returns: 'signature.encoded (3,309 bytes, base64), publicKey (1,952 bytes), context, keyId, pidCipher (C1, C2, serviceKeyId, suite, or "N/A" without uid).',
    },
    dilionVerify: {
      summary: 'Verify a Dilion signature',
      publicKey: 'The signer’s ML-DSA-65 public key, base64.',
      sid: 'The service id used at signing; default "default".',
      uid: 'The end-user id to check against pidCipher (checked for the service key’s owner, or with pidOpening).',
      pidCipher: 'pidCipher from the sign response (or inside the signature object); "N/A" or omitted without uid.',
      pidOpening: 'The signer’s pidOpening for this signature, to check the uid without the service key.',
      returns: 'valid, and details: signatureValid, identity (match, mismatch or not_checked), serviceKeyId, context.',
    },
    qes2Sign: {
      summary: 'Sign with ML-DSA-65 and {{half}} over one combined message',
      context: "Application context (UTF-8, at most 255 bytes) bound into M'; default empty.",
      keyId: 'One of your {{keyAlgorithm}} signing keys; default: your default key.',
      returns: 'signature (3,373 bytes, base64: ML-DSA-65 ‖ secp256k1), publicKey, label, and the demo views.',
    },
    qes2Verify: {
      summary: 'Verify both halves of a QES2 signature',
      publicKey: 'The composite public key from the sign response; default: the key keyId names, else your own default key of this mode.',
      keyId: 'Instead of publicKey: one of your keys of this mode (enabled), whose public key verifies.',
      keyVersion: 'With keyId: the version that signed (keyVersion of the sign response); default: its primary version.',
      context: 'The context used at signing; default empty.',
      returns: 'valid: true only when the ML-DSA-65 half and the secp256k1 half both verify; details says which half failed.',
    },
    zkProve: {
      summary: 'Prove a statement about hidden amounts, attested with ML-DSA-65',
      secretValue: 'X, the hidden amount: an integer ≥ 1, as a JSON number (up to 2^53 − 1) or a decimal string (up to 2^64 − 1).',
      balanceValue: 'Y, the hidden balance (≥ 0, same forms). Required except by range_proof with its own max.',
      circuitType: 'balance_proof (default): whether Y ≥ X (result 1) or not (result 0); range_proof: min ≤ X ≤ max; custom: X paid out of Y with change Y − X.',
      min: 'range_proof: the public lower bound of X; default 1.',
      max: 'range_proof: the public upper bound of X; default balanceValue, which then becomes public.',
      context: 'Bytes the proof is bound to (a transaction id, say), base64, at most 255 bytes; default empty.',
      keyId: 'One of your ML-DSA-65 signing keys to attest the proof; default: your default key.',
      returns:
        'proof (encoded: 826 B for balance_proof with an empty context; the commitments, challenges and five response scalars as views; signature: the 3,309 B ML-DSA-65 attestation and its public key), publicInput (nothing secret), and openings for you alone (never stored).',
    },
    zkVerify: {
      summary: 'Verify a zk-FIDNA proof and its attestation',
      proof: 'proof.encoded from the prove response, or the whole proof object (its views must match; its signature is then checked too).',
      publicInput: 'The publicInput from the prove response (result, circuitType, and min, max, context when present). Send it, or publicSignals with circuitType.',
      publicSignals: 'publicInput without circuitType, for callers that keep the circuit apart.',
      circuitType: 'With publicSignals: the circuit of the proof.',
      returns: 'valid, and details: structurallyValid, circuitValid, mathematicalCheck, positiveCheck, balanceCheck, and signatureCheck (null when no attestation was sent).',
    },
    zkVerifyBatch: {
      summary: 'Verify up to 64 zk-FIDNA proofs at once, each metered as a verify',
      items: '1 to 64 verify bodies (proof and publicInput, or publicSignals with circuitType), checked together; the body may be up to 1 MiB. One Idempotency-Key covers the batch.',
      returns: 'results: each item by index with its valid, publicInput and details (a bad proof is named, the good ones still valid), or its error when metering refused it (not charged); charged: the items answered.',
    },
    kemFields: {
      plaintext: 'The bytes to encrypt, base64, at most 4 KiB (for more, seal a data key and encrypt with it).',
      aad: 'Associated data, base64: authenticated, not encrypted; open needs the same.',
      info: 'HPKE info, base64: binds the encryption to a context; open needs the same.',
      enc: 'enc from the seal response (1,088 bytes, base64).',
      ciphertext: 'ciphertext from the seal response (base64).',
      kemCiphertext: 'An ML-KEM-768 ciphertext (1,088 bytes, base64), from encapsulate or any FIPS 203 implementation.',
      keyVersion: 'The key version the ciphertext was made for, as the encrypting answer named it; default the primary version (after a rotation, name the older one).',
    },
    kemSeal: {
      summary: 'Encrypt to one of your ML-KEM-768 keys with HPKE (ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305)',
      returns: 'enc and ciphertext (base64), the key id and the HPKE suite; any RFC 9180 implementation with the key pair opens them.',
    },
    kemOpen: {
      summary: 'Decrypt an HPKE ciphertext sealed to the key (the secret key never leaves the server)',
      returns: 'plaintext (base64); a ciphertext that does not open is 400 decryption_failed and is not charged.',
    },
    kemGenerateDataKey: {
      summary: 'A fresh 256-bit data key, plain and sealed to the key, as a KMS’s GenerateDataKey',
      returns: 'plaintext (the key, base64) and sealed { enc, ciphertext }: store sealed, and get the key back with open.',
    },
    kemEncapsulate: {
      summary: 'Encapsulate a fresh shared secret to the key (FIPS 203)',
      returns: 'ciphertext (1,088 bytes) and sharedSecret (32 bytes), base64.',
    },
    kemDecapsulate: {
      summary: 'Decapsulate an ML-KEM-768 ciphertext with the key (FIPS 203, implicit rejection)',
      returns: 'sharedSecret (32 bytes, base64); an altered ciphertext gives a different secret, not an error.',
    },
  },
  client: {
    heading: 'Client and CLI',
    intro:
      'The repository’s <code>client/</code> package (<code>@pq-platform/client</code>) is a typed client of this API, generated from its OpenAPI document: every POST carries an <code>Idempotency-Key</code>, network failures, 5xx and rate-limit 429s are retried with backoff (never the month’s allowance), and errors carry their <code>code</code>, <code>param</code> and <code>requestId</code>. Its <code>pq</code> command signs, verifies and proves from a shell. Both read <code>PQ_API_URL</code>, <code>PQ_API_KEY</code> and <code>PQ_API_SECRET</code>.',
    library: 'TypeScript (Node.js 20+ and browsers)',
    libraryNote:
      'In a checkout of the repository, <code>npm ci</code> installs it. <code>verifyDilion</code>, <code>verifyQes2</code> and <code>verifyZkFidna</code> check an answer on your side with the same WebAssembly engine, without calling the API.',
    cli: 'Command line',
    cliNote:
      'Exit code 0 for a valid signature, 1 for an invalid one, 2 for a usage or API error. <code>pq sign --each --key kid_… *.pdf</code> signs many files’ digests in batches; <code>pq usage</code>, <code>pq api-keys</code> and <code>pq signing-keys</code> need a key with the <code>manage</code> operation.',
  },
  keys: {
    heading: 'Managed keys: sign by digest and in batches',
    intro:
      'Sign with one of your signing keys (its <code>kid_…</code> id from the dashboard) the way a cloud KMS does: the message itself, its digest, or for ML-DSA the 64-byte µ, so a document never has to leave your systems. A batch signs up to 100 items in one call, each charged as one call only when it is answered.',
    fields: {
      message: 'Base64: the message (raw, up to 64 KiB; 4 KiB in a batch item), its 64-byte digest PH(M) (digest), or µ = SHAKE256(tr ‖ M′, 64) (external-mu).',
      messageType: 'raw, digest or external-mu. ML-DSA keys take all three; QES2 keys raw and digest (SHA-512 only).',
      digestAlgorithm: 'With digest: sha512 or shake256 (512 bits of output), the hash that made the digest.',
      context: 'The context string, base64, at most 255 bytes; default empty. Not with external-mu.',
      signature: 'The signature to check, base64, as sign returned it.',
      keyVersion: 'The key version that signed, as the sign answer named it; default the primary version (after a rotation, name the older one).',
      items: '1 to 100 sign bodies (message, messageType, digestAlgorithm, context), answered by index.',
    },
    sign: {
      summary: 'Sign a message, its digest or its µ with one of your signing keys',
      returns: 'signature (base64), keyId, algorithm, messageType, and tr = SHAKE256(publicKey, 64) for ML-DSA keys (null for QES2).',
    },
    verify: {
      summary: 'Verify a signature of one of your signing keys',
      returns: 'valid (false for a well-formed signature that does not verify), keyId, algorithm, messageType.',
    },
    signBatch: {
      summary: 'Sign up to 100 items in one call (body up to 1 MiB)',
      returns: 'results: for each index, its signature or its error { code, message } (usage_limit_reached, engine_unavailable, …); charged: the items answered, each one call; keyId, algorithm, tr.',
    },
  },
  auth: {
    heading: 'Authentication',
    intro:
      'Every <code>/api/v1/crypto/…</code> call carries your key pair in two headers; cookies are ignored there. Signing up creates your first key. Your <dashboard>dashboard</dashboard> lists your keys, shows a key’s secret a single time, and creates, rotates and disables keys; the “API keys” endpoints of the <reference>interactive reference</reference> do the same. Store a secret like a password.',
    headers: {
      apiKey: 'Your key’s public identifier, pk_…',
      apiSecret: 'Its secret, sk_… (256 bits). Never put it in browser code.',
      contentType: 'application/json; byte strings are standard padded base64.',
      idempotency: 'Optional. Retrying a POST with the same key within 24 h returns the first response without a second charge.',
      metering: 'Metering',
      meteringText: 'Each call that passes validation counts once; a call that fails inside the engine is refunded.',
    },
    errors: {
      heading: 'Errors',
      intro:
        'Failures are JSON: <code>message</code> (a sentence saying what to fix), <code>code</code>, <code>param</code> (the first failing field, for 400s), <code>details</code> (all validation issues) and <code>requestId</code>, also sent as <code>X-Request-Id</code>.',
      validation: 'A field is missing, malformed or unknown (misspelt fields are rejected, not ignored).',
      key: 'The key pair is missing, or one of the two is wrong.',
      disabled: 'The key is disabled, or the plan it belongs to is no longer active.',
      usage: 'Your plan’s calls are used up (Free: 100 in total). Upgrade; retrying will not help.',
      rate: 'Too many requests from one address (demo and sign-in routes). Wait for Retry-After seconds, then retry.',
      engine: 'The engine failed; the call was not charged.',
      sample: 'error response',
    },
  },
} as const;
