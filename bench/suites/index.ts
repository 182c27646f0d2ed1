/**
 * The registry of suites. Each is imported only when selected, so a suite whose comparison library
 * or toolchain is missing cannot break the others. A new suite is one module plus one line here.
 */
import type { Suite } from '../suite.ts';

interface Entry {
  description: string;
  load(): Promise<Suite>;
}

export const SUITES: Record<string, Entry> = {
  engine: {
    description: 'ML-DSA-44/65/87 and SHA-3 hashes: our wasm engine vs @noble/* and node:crypto (default)',
    load: async () => (await import('./engine.ts')).engineSuite,
  },
  native: {
    description: "ML-DSA-65 vs PQClean's portable C (\"clean\", gcc -O3), built at bench time (needs gcc, npm)",
    load: async () => (await import('./native.ts')).nativeSuite,
  },
  http: {
    description: 'Dilion sign over HTTP (the real server, N concurrent clients) vs the engine ops/s x workers',
    load: async () => (await import('./http.ts')).httpSuite,
  },
  mlkem: {
    description: 'ML-KEM-512/768/1024, HPKE and ChaCha20-Poly1305: our wasm engine vs @noble/*, @hpke/core and node:crypto',
    load: async () => (await import('./mlkem.ts')).mlkemSuite,
  },
  dilion: {
    description: "Dilion signing with a uid (HPKE seal + ML-DSA-65) vs without: the privacy identifier's cost",
    load: async () => (await import('./dilion.ts')).dilionSuite,
  },
  secp256k1: {
    description: 'secp256k1 ECDSA and BIP-340: ours vs @noble/curves and tiny-secp256k1; QES2 overhead over ML-DSA-65',
    load: async () => (await import('./secp256k1.ts')).secp256k1Suite,
  },
  load: { description: 'a fixed rate of mixed Dilion sign/verify against one server: throughput, latency, errors, memory (--soak: its slope)', load: async () => (await import('./load.ts')).loadSuite },
  fairness: {
    description: "one tenant's Dilion sign latency while another runs 64 concurrent zk-FIDNA proofs (one engine worker); the heavy one's throughput",
    load: async () => (await import('./fairness.ts')).fairnessSuite,
  },
  kms: {
    description: 'signing digests with a managed ML-DSA-65 key over HTTP: one per call vs 100 per sign-batch call',
    load: async () => (await import('./kms.ts')).kmsSuite,
  },
  client: {
    description: "the typed client's overhead per call beside a bare fetch with the same headers and body, against one real server",
    load: async () => (await import('./client.ts')).clientSuite,
  },
  zk: {
    description: 'zk-FIDNA prove/verify per circuit: our wasm engine vs the TypeScript reference; sizes, attestation, setup, wasm size',
    load: async () => (await import('./zk.ts')).zkSuite,
  },
};

export const DEFAULT_SUITE = 'engine';
