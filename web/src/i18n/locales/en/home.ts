/** The home page: hero, algorithms, integration, trusted-by, pricing, closing call to action. */
export default {
  hero: {
    eyebrow: 'Post-quantum cryptography API',
    title: 'Signatures and proofs that <em>outlast quantum computers</em>',
    lead:
      'A modular toolkit for the web, blockchains and applications: lattice signatures standardised in NIST FIPS 204 and hybrids that stay compatible with ECDSA and Bitcoin Taproot — one REST API, one WebAssembly engine. Zero-knowledge balance proofs too, with amounts that stay hidden.',
    tryDemo: 'Try Demo',
    getStarted: 'Get Started',
    facts: {
      level: 'ML-DSA-65, NIST level 3',
      live_one: '{{count}} algorithm live',
      live_other: '{{count}} algorithms live',
      kinds: 'signatures, hybrids, ZK proofs',
      freeCalls: '{{calls}} free calls',
      noCard: 'no card required',
    },
    example: 'Example API call',
  },
  algorithms: {
    eyebrow: 'Algorithms',
    heading: 'Four building blocks, one engine',
    intro: 'Every live operation runs real, standards-based cryptography in our WebAssembly engine — on the server, or in your browser.',
    live: 'Live',
    comingSoon: 'Coming soon',
    cards: {
      dilion: {
        summary:
          'Lattice signatures on ML-DSA-65 (FIPS 204), bound to the service they are for, and checkable with any FIPS 204 library. Given a user id, the signature also carries a privacy identifier: the id sealed with HPKE to the service’s ML-KEM-768 key, so only that service can read it.',
        meta: 'ML-DSA-65 · 3,309 B signature',
      },
      qes2Ecdsa: {
        summary:
          'A hybrid: ML-DSA-65 and ECDSA on secp256k1 sign the same message and both must verify, so it stays secure while either one holds. Fits systems that already check ECDSA.',
        meta: 'ML-DSA-65 + ECDSA · 3,373 B (+1.9 %)',
      },
      qes2Schnorr: {
        summary:
          'The same hybrid with a BIP-340 Schnorr half, the signature Bitcoin Taproot uses. Both halves are always verified: no Schnorr-only shortcut that a quantum attacker could forge.',
        meta: 'ML-DSA-65 + BIP-340 · 3,373 B',
      },
      zkFidna: {
        summary:
          'Zero-knowledge balance and range proofs, to show a balance covers an amount without revealing either: Pedersen commitments and Bulletproofs on secp256k1, attested by an ML-DSA-65 signature, with no trusted setup. The demo proves in your browser, so the amounts never leave it.',
        meta: 'Bulletproofs · 826 B proof + 3,309 B signature',
      },
    },
  },
  integration: {
    eyebrow: 'Integration architecture',
    heading: 'From primitive to production chain',
    intro: 'Pick the functions you need, call them over the API, and connect the results to the ledger you already run.',
    flow: 'Integration flow',
    step: 'STEP {{step}}',
    functions: {
      title: 'PQC functions',
      dilion: { name: 'Dilion', detail: 'ML-DSA-65 signatures bound to a service' },
      qes2: { name: 'QES2', detail: 'hybrid ML-DSA-65 + ECDSA or Schnorr' },
      zkFidna: { name: 'zk-FIDNA', detail: 'confidential balance and range proofs' },
    },
    api: {
      title: 'API provision',
      rest: { name: 'REST + JSON', detail: 'OpenAPI 3.1 document and samples in five languages' },
      keys: { name: 'API keys', detail: 'x-api-key and x-api-secret, metered per call' },
      engine: { name: 'Same engine everywhere', detail: 'WebAssembly on the server or in the browser' },
    },
    chains: {
      title: 'Blockchain connection',
      taproot: { name: 'Bitcoin Taproot', detail: 'BIP-340 half of QES2_Schnorr' },
      ecdsa: { name: 'secp256k1 / ECDSA chains', detail: 'ECDSA half of QES2_ECDSA' },
      ledgers: { name: 'Confidential ledgers', detail: 'zk-FIDNA proofs hide amounts, e.g. for a CBDC' },
    },
  },
  trustedBy: {
    eyebrow: 'Trusted by',
    heading: 'Built with partners who move real value',
    caseBadge: 'Central bank digital currency project',
    caseTitle: 'Confidential CBDC transactions with zero-knowledge proofs',
    caseText:
      'A CBDC pilot uses zero-knowledge proofs so the ledger can check that every transfer is covered while the amounts stay hidden. zk-FIDNA does this with commitments that reveal nothing even to a quantum adversary.',
    partners: {
      certificates: { name: 'Digital certificate provider', detail: 'Post-quantum signatures for certificate issuance' },
      mpc: { name: 'MPC provider', detail: 'Multi-party computation wallets with hybrid signing' },
      tls: { name: 'Quantum-resistant TLS access control', detail: 'ML-KEM key exchange in front of protected services' },
    },
  },
  pricing: {
    eyebrow: 'Pricing',
    heading: 'Start free, scale when you ship',
    intro: 'Every plan calls the same engine. Your dashboard’s Billing tab shows your plan, your usage and your charges.',
    popular: 'Popular',
    note:
      'Paid plans continue past their monthly allowance at {{price}} per call, up to the spending limit you set. Prices in US dollars. What every plan includes, and what none promises, is in the <a>Terms of Service</a>.',
    custom: 'Custom',
    perMonth: '/mo',
    calls: {
      total: '{{calls}} API calls in total',
      monthly: '{{calls}} calls per month',
      unlimited: 'Unlimited calls',
    },
    cta: {
      free: 'Start Free',
      starter: 'Upgrade to Starter',
      pro: 'Upgrade to Pro',
      enterprise: 'Contact Sales',
    },
    /** One text per feature id of shared/plans.ts; web/src/pages/home/plans.test.ts keeps them equal to its English lines. */
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
      unlimitedCalls: 'Unlimited API calls',
      contract: 'Price and terms agreed in a contract',
      selfHost: 'Or host it yourself: one executable on your servers',
      talkToUs: 'Talk to us through the contact form',
    },
  },
  closing: {
    heading: 'Make your signatures quantum-safe today',
    text: 'Create an account, get an API key and {{calls}} free calls, and sign your first message in minutes.',
    start: 'Start Your Free Trial',
    docs: 'Read the API docs',
  },
} as const;
