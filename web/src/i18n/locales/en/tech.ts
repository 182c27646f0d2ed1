/**
 * The technology page and the test plans page. Texts with <b>, <code> or a link are rendered with
 * react-i18next's Trans, so each sentence stays whole and Korean can order it (docs/decisions/041).
 */
export default {
  title: 'Technology',
  header: {
    title: 'How the cryptography works',
    lead: 'Standard algorithms, composed carefully, with the real sizes and the limits stated plainly.',
  },
  sections: {
    specs: { title: 'Specifications', lead: 'Figures are for the parameter sets we ship: sizes from the standards and our encodings, times from our own measurements.' },
    composition: { title: 'Composition', lead: 'What the engine is made of, and how each product algorithm is put together from it.' },
    flow: { title: 'Protocol flow', lead: 'The steps each operation performs, in order. The API docs show the same flows as HTTP calls.' },
    privacy: { title: 'The Dilion privacy identifier', lead: 'It escrows a user id for one service. Here is exactly what that does and does not hide.' },
    standards: { title: 'Standards and papers', lead: 'The primary sources. For request formats, see the <docs>API docs</docs>.' },
  },
  standards: {
    fips204: 'ML-DSA, the lattice signature under Dilion and QES2',
    fips203: 'ML-KEM, the key encapsulation for privacy identifiers',
    rfc9180: 'HPKE, hybrid public-key encryption of the user id',
    bip340: 'Schnorr signatures for secp256k1 (Taproot)',
    rfc6979: 'Deterministic ECDSA nonces',
    composite: 'The composite construction QES2 follows',
    bulletproofs: 'Short range proofs without trusted setup',
    rfc9380: 'Hashing to curves, for zk-FIDNA’s generators',
  },
  specs: {
    dilion: {
      subtitle: 'ML-DSA-65 (FIPS 204) bound to a service',
      level: { label: 'Security level', value: 'NIST level 3', note: 'category 3, Module-LWE / Module-SIS' },
      publicKey: { label: 'Public key', value: '1,952 bytes' },
      signature: { label: 'Signature', value: '3,309 bytes' },
      withUid: { label: 'With a user id', value: '4,509 bytes', note: 'σ + C1 1,088 + C2 80 + service key id 32' },
      secretKey: { label: 'Secret key', value: '32-byte seed', note: 'expanded to 4,032 B when used; encrypted at rest' },
      context: { label: 'Context', note: 'followed by the service id (sid)' },
      speed: { label: 'Speed (our engine)', value: '≈ 0.22 ms sign, 0.07 ms verify', note: '2 vCPUs, Node 20; measured in <code>bench/README.md</code>' },
      footer: 'Pure ML-DSA with hedged randomness: any FIPS 204 library verifies a Dilion signature.',
    },
    qes2: {
      title: 'QES2 Hybrid',
      subtitle: 'ML-DSA-65 + secp256k1 (ECDSA or BIP-340 Schnorr)',
      compatibility: { label: 'Compatibility', value: 'ECDSA and Schnorr (BIP-340)', note: 'the secp256k1 half is what Bitcoin and Taproot tools check' },
      signature: { label: 'Signature', value: '3,373 bytes', note: '3,309 ML-DSA-65 + 64 secp256k1' },
      overhead: { label: 'Size overhead', value: '+64 bytes (+1.9 %)', note: 'over ML-DSA-65 alone' },
      signTime: { label: 'Sign time', note: 'ECDSA · Schnorr, over ML-DSA-65 signing from its seed' },
      verifyTime: {
        label: 'Verify time',
        note: 'both halves checked; measured with <code>npm run bench -- secp256k1</code>, 2 shared vCPUs (<code>bench/README.md</code>)',
      },
      publicKey: { label: 'Public key', value: '1,985 B (ECDSA) · 1,984 B (Schnorr)' },
      verification: { label: 'Verification', value: 'both halves, always' },
      footer: 'Built like the IETF composite-signature draft, with our own labels: secp256k1 is not in that draft, so QES2 claims no IETF identifier.',
    },
    zk: {
      subtitle: 'Bulletproofs on secp256k1, attested by ML-DSA-65',
      proofSize: {
        label: 'Proof size',
        value: '826 · 809 · 923 bytes',
        note: 'balance_proof · range_proof · custom, with an empty context (a context adds its length), before the 3,309 B ML-DSA-65 attestation',
      },
      setup: { label: 'Setup', value: 'Transparent', note: 'no trusted setup: every generator is hashed to the curve (RFC 9380) from a public string' },
      range: { label: 'Range', value: '64-bit values, two aggregated' },
      hiding: { label: 'Hiding', value: 'Perfect', note: 'Pedersen commitments: the amounts stay hidden even from an unbounded, quantum adversary' },
      soundness: { label: 'Soundness', value: 'Discrete log on secp256k1', note: 'not post-quantum' },
      attestation: { label: 'Attestation', value: 'ML-DSA-65, post-quantum', note: 'over the proof bytes, context <code>zk-fidna/v1</code>; a verifier can require it' },
      speed: {
        label: 'Speed (our engine)',
        value: '≈ 23.1 ms prove, 3.89 ms verify',
        note: 'balance_proof in Node; measured with <code>npm run bench -- zk</code>, 2 shared vCPUs (<code>bench/README.md</code>)',
      },
      footer:
        'Plainly: a quantum computer that breaks discrete log could forge range proofs. Verifiers that require the ML-DSA-65 attestation still catch forgeries its signer did not attest; no amount ever leaks.',
    },
  },
  composition: {
    engine: {
      title: 'One engine, few primitives',
      modules:
        'Everything runs in one WebAssembly module compiled from AssemblyScript: Keccak (SHA3, SHAKE), SHA-2 and HMAC, ML-DSA (FIPS 204), ML-KEM (FIPS 203), secp256k1 arithmetic with ECDSA and BIP-340, and zk-FIDNA’s Bulletproofs with RFC 9380 hashing to the curve. The same module runs on the server and in your browser, so a signature made in either place is byte-for-byte the same algorithm.',
      randomness:
        'The engine never draws its own randomness: the host passes it in from <code>crypto.getRandomValues</code>. That keeps every operation reproducible from its inputs and testable against official vectors. Secret-dependent code is written without secret-dependent branches or memory indices; WebAssembly engines do not promise to keep that property, so constant time is our best effort, not a proven guarantee.',
    },
    algorithms: {
      title: 'How the algorithms are composed',
      dilion:
        '<b>Dilion</b> is ML-DSA-65 with a context string per service; its privacy identifier adds an HPKE ciphertext (ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305) of the user id, bound into the signed message.',
      qes2: '<b>QES2</b> lets ML-DSA-65 and a secp256k1 signature sign one combined message, so breaking it needs breaking both.',
      zk: '<b>zk-FIDNA</b> commits to amounts with Pedersen commitments, proves the statement with an aggregated Bulletproofs range proof, and signs the whole proof with ML-DSA-65.',
    },
  },
  flows: {
    dilion: {
      title: 'Dilion: sign and verify',
      context: 'Build the context <code>dilion/v1|</code> + sid (default <code>default</code>).',
      seal: 'With a user id: pad it to 64 or 256 bytes and seal it with HPKE to the service’s ML-KEM-768 key, the associated data binding the signer’s key and the message; the result is C1 (1,088 B) and C2 (80 or 272 B).',
      message: 'Build the message M = <code>0x00</code> ‖ UTF-8(message), or with a user id M = <code>0x01</code> ‖ service key id ‖ C1 ‖ len(C2) ‖ C2 ‖ message.',
      sign: 'Sign M with ML-DSA-65 under that context, hedged with 32 fresh random bytes.',
      verify: 'Verifiers rebuild M and the context and run any FIPS 204 verify with the public key; the service, or whoever holds the signature’s <code>pidOpening</code>, also checks the user id.',
    },
    qes2: {
      title: 'QES2: sign and verify',
      combine: 'M′ = <code>CompositeAlgorithmSignatures2025</code> ‖ label ‖ len(ctx) ‖ ctx ‖ SHA-512(message).',
      mldsa: 'ML-DSA-65 signs M′ with the label as its context.',
      secp: 'secp256k1 signs SHA-256(M′): ECDSA (RFC 6979, low-S) or BIP-340 Schnorr.',
      result: 'The signature is the two concatenated (3,373 B); a verifier accepts only if both halves verify.',
    },
    zk: {
      title: 'zk-FIDNA: prove and verify',
      commit: 'Commit to the secret amount X and the balance Y: C = v·B + r·G, with a fresh blinding r (the demo does this in your browser by default).',
      derive: 'Derive the values to range-check: X − 1 and Y − X for “the balance covers the amount”, or Y and X − Y − 1 for “it does not”.',
      prove: 'Prove both lie in [0, 2⁶⁴) with one aggregated Bulletproof; challenges come from a SHAKE256 transcript.',
      sign: 'Sign the proof bytes with ML-DSA-65. Verifiers check the proof with one multi-scalar multiplication of 278 terms, then the signature.',
    },
  },
  privacy: {
    protects: {
      badge: 'Protects',
      userId:
        '<b>The user id, from everyone but the service.</b> It is encrypted with HPKE (RFC 9180) to the ML-KEM-768 key of the service named by the sid; only the holder of that key can read it. Verifiers still check the signature, and see that it carries an id for that service.',
      length: '<b>The id’s length, up to a bucket.</b> Ids are padded to a fixed 64 bytes (ids up to 63 bytes) or 256 bytes (up to 255), so C2 reveals only which of the two sizes was used.',
      lifting:
        '<b>Against lifting and tampering.</b> The ciphertext’s associated data is the hash of the signer’s public key and of the message, and the ciphertext is itself signed: moved onto another signer’s signature or another message it will not open, and changing C1, C2 or the key id breaks the signature.',
      disclosure:
        '<b>Disclosure one signature at a time.</b> On request the signer gets a 32-byte <code>pidOpening</code> (the encryption’s randomness). Whoever receives it can check the id of that one signature, and of no other.',
    },
    exposes: {
      badge: 'Does not protect',
      signer: '<b>Who the signer is.</b> The signer’s public key is public and every signature verifies against it; this is not a group or ring signature.',
      service:
        '<b>The id from the service.</b> The service learns the id of every signature addressed to it and can link all of one user’s signatures; there is no unlinkability towards the service. Anyone given a <code>pidOpening</code> learns that signature’s id too.',
      metadata:
        '<b>The metadata.</b> HPKE with ML-KEM-768 is IND-CCA secure, so the ciphertext says nothing about the id beyond its size bucket; but the sid, the service key id, the signer, the message and the time of signing are all in the clear.',
      platform:
        '<b>The id from the platform, when we sign for you.</b> A server-side sign call receives the id in the request (it is not kept in operation records); sign in your own environment if that matters.',
    },
    sizes: {
      title: 'What a signature with a user id weighs',
      signature: 'Signature σ (ML-DSA-65)',
      c1: 'C1: ML-KEM-768 ciphertext (HPKE enc)',
      c2: 'C2: padded user id + 16-byte tag',
      c2Note: '272 for ids of 64–255 bytes',
      keyId: 'Service key id, SHA3-256 of the key',
      total: 'Total per signed message',
      totalNote: 'plus the 1,952-byte public key when it is sent along',
    },
    note: 'Without a user id nothing is encrypted: M starts with <code>0x00</code> and <code>pidCipher</code> is <code>"N/A"</code>. Both ML-DSA-65 and ML-KEM-768 are NIST category 3.',
  },
  testPlans: {
    eyebrow: 'Test page',
    title: 'Plan test',
    signedIn: 'You are signed in. Starter or Pro opens the PayPal payment window (800x600), and the outcome is shown on the dashboard’s Billing tab.',
    signedOut: 'A test page for checking the sign-in and plan purchase flows. Each button shows a notice, then takes you to the sign-in page.',
    loginTest: 'Sign-in test',
    paymentTest: 'Payment test',
    alerts: {
      loginRequired: 'You need to sign in. Taking you to the sign-in page.',
      loginTest: 'Starting the sign-in test. Taking you to the sign-in page.',
      paymentTest: 'Please sign in first to test payments.',
    },
    checkoutFailed: 'Could not start the payment.',
    popular: 'Popular',
    plans: {
      free: {
        name: 'Free',
        calls: '100 API calls (in total)',
        cta: 'Start for free',
      },
      starter: {
        name: 'Starter',
        period: '/mo',
        calls: '10,000 (10K) API calls a month',
        cta: 'Buy Starter',
      },
      pro: {
        name: 'Pro',
        period: '/mo',
        calls: '100,000 (100K) API calls a month',
        cta: 'Buy Pro',
      },
    },
    /** Only what the server gives (docs/product.md §9, as shared/plans.ts): no SLA, support hours or tiers of algorithms. */
    features: {
      totalAllowance: '{{calls}} API calls in total, then calls are refused',
      everyAlgorithm: 'Every algorithm: {{algorithms}}',
      keys: 'Up to 25 API keys and 25 signing keys',
      support: 'Support through the contact form',
      monthlyAllowance: '{{calls}} API calls per month',
      overage: 'Then {{price}} per call, billed per calendar month',
      spendingLimit: 'A monthly spending limit you set (at first, the plan’s price)',
      algorithmsAndKeys: 'Every algorithm, a plan key, up to 25 API keys and 25 signing keys',
      paypal: 'Paid through PayPal a month at a time, with a PDF receipt',
    },
  },
} as const;
