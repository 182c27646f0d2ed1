/**
 * The host/engine boundary's numbers, stated once: the IO buffer's size, the byte offsets into it
 * that each export reads its inputs from and writes its outputs to, and the codes exports return.
 * Both compilers read this file: AssemblyScript through the *_exports.ts modules, tsc and the
 * bundlers through engine/src (docs/decisions/018-wasm-boundary.md). It must therefore hold only
 * `export const NAME = <integer expression>;` and comments: no AssemblyScript types such as usize
 * and no TypeScript-only syntax. The AssemblyScript side adds these i32 offsets to usize addresses.
 */

/** Size of the IO buffer; the host streams longer inputs through it in chunks. */
export const IO_SIZE = 65536;

// Return codes. An export that answers yes or no returns OK or INVALID (a well-formed input that
// fails: a signature that does not verify, a key outside its range, a tag that does not match).
// An export that returns a quantity (a length, a count, verdict bits) returns it, never negative.
// Either kind returns a negative code for an error; void exports have no error outcome and trust
// the lengths the host passes (at most IO_SIZE).
export const OK = 1;
export const INVALID = 0;
/** An argument outside the export's domain: an unknown level or circuit, a length or index out of range. */
export const ERR_ARGUMENT = -1;
/** The randomness the host passed met a failure of probability about 2^-256: draw again. */
export const ERR_RETRY = -2;
/** A quantity export's input is well-formed but unusable: a corrupt key, a malformed hint encoding, a false statement. */
export const ERR_REJECTED = -3;

// ML-DSA (mldsaKeygen, mldsaSign, mldsaVerify, mldsaDecode).
/** keygen: the 32-byte seed; sign: sk; verify: pk; decode: the signature. */
export const MLDSA_IN = 0;
/** sign, verify with message length -1: mu (64 bytes). */
export const MLDSA_MU = 8192;
/** sign: rnd (32 bytes). */
export const MLDSA_RANDOM = 12288;
/** verify: the signature. */
export const MLDSA_SIGNATURE = 12288;
/** keygen: pk; sign: the signature; decode: c (256 little-endian i32). */
export const MLDSA_OUT = 16384;
/** decode: z (l x 256 little-endian i32). */
export const MLDSA_OUT_Z = MLDSA_OUT + 1024;
/** keygen: sk. */
export const MLDSA_OUT_SECRET_KEY = 24576;
/** decodeJson: the views as JSON members, `"c":[…],"z":[…]` (at most 12 bytes per number: 15,400 for ML-DSA-87). */
export const MLDSA_OUT_JSON = 32768;
/**
 * sign, verify with a message length (not -1): M' (at most MLDSA_MESSAGE_MAX bytes), from which the
 * engine computes mu; it writes tr in the 64 bytes before, so that tr || M' is contiguous.
 */
export const MLDSA_MESSAGE = 32832;
export const MLDSA_MESSAGE_MAX = IO_SIZE - MLDSA_MESSAGE;

// ML-KEM (mlkemKeygen, mlkemEncaps, mlkemDecaps, mlkemDecapsSeed, mlkemCheckEk, mlkemCheckDk).
/** keygen: the seed d || z (64); encaps: ek; decaps: dk, or the seed for mlkemDecapsSeed; checks: the key. */
export const MLKEM_KEY = 0;
/** encaps: m (32 bytes). */
export const MLKEM_RANDOM = 2048;
/** keygen: ek out; encaps: the ciphertext out; decaps: the ciphertext in. */
export const MLKEM_CIPHERTEXT = 4096;
/** keygen: dk; encaps, decaps: the 32-byte shared secret. */
export const MLKEM_OUT = 8192;

// ChaCha20, Poly1305 and the AEAD (chacha20Begin, poly1305Begin, aeadBegin). The streaming calls
// after them work on IO[0..len) in place; tags are read and written at 0. HKDF's hkdfExtract and
// hkdfExpand take their inputs back to back from 0 and write their output at 0.
/** The 32-byte key (Poly1305: the one-time key). */
export const CHACHA_KEY = 0;
/** The 12-byte nonce. */
export const CHACHA_NONCE = 32;

// secp256k1 (secp256k1_exports.ts). Functions that read a secret key zero it (and aux or extra
// data) in IO before returning.
/** The secret key (32); ecdsaVerify: the SEC1 key; schnorrVerifyBegin: the x-only key. */
export const SECP_KEY = 0;
/** ecdsaSign: the 32-byte digest. */
export const SECP_DIGEST = 32;
/** schnorrSignBegin: aux (32 bytes). */
export const SECP_AUX = 32;
/** schnorrVerifyBegin: the 64-byte signature. */
export const SECP_SCHNORR_SIGNATURE = 32;
/** ecdsaSign: RFC 6979 extra data, at most SECP_EXTRA_MAX bytes. */
export const SECP_EXTRA = 64;
export const SECP_EXTRA_MAX = 256;
/** publicKey: the SEC1 key (33 or 65 bytes); schnorrPublicKey: the x-only key. */
export const SECP_PUBLIC_KEY_OUT = 64;
/** ecdsaVerify: the digest and the compact signature r || s. */
export const SECP_VERIFY_DIGEST = 96;
export const SECP_VERIFY_SIGNATURE = 128;
/** ecdsaSign: r || s. */
export const SECP_SIGNATURE_OUT = 512;
/** schnorrSignFinish: the 64-byte signature; the message streams through IO[0..len). */
export const SECP_SCHNORR_OUT = 0;

// zk-FIDNA (zkfidna/exports.ts).
/** zkProve: X, Y, min, max as u64le at 0, 8, 16, 24. */
export const ZK_VALUES = 0;
/** zkProve: rng (32 bytes). */
export const ZK_RNG = 32;
/** zkBatchBegin: the 32-byte seed the batch's random weights derive from (fresh from a CSPRNG). */
export const ZK_BATCH_SEED = 32;
/** Most proofs zkBatchAdd takes between zkBatchBegin and zkBatchFinish. */
export const ZK_BATCH_MAX = 64;
/** zkProve: the context (at most 255 bytes). */
export const ZK_CONTEXT = 64;
/** zkProve out, zkVerify and zkBatchAdd in: the proof; zkTestRange* (test build): the bare range proof's core. */
export const ZK_PROOF = 1024;
/** zkTestRange* (test build): the range proof's commitments V_j, 33 bytes each. */
export const ZK_COMMITMENTS = 2048;
/** zkProve: the blindings, 32 bytes each in commitment order. */
export const ZK_OPENINGS = 4096;
/** The longest proof zkVerify accepts. */
export const ZK_PROOF_MAX = ZK_OPENINGS - ZK_PROOF;
/** zkProve, zkVerify: the challenges they recorded, 32 bytes each. */
export const ZK_CHALLENGES = 8192;
/** zkTestMsm (test build): the sum as x || y. */
export const ZK_MSM_OUT = 16384;
/** zkGeneratorDigest: the 32-byte digest; zkTestGenerator (test build): the 33-byte point. */
export const ZK_GENERATOR_OUT = 0;
/** zkTestHashToCurve (test build): the message at 0 (at most this many bytes), then the DST here. */
export const ZK_H2C_DST = 32768;
/** zkTestHashToCurve (test build): u0, u1 (32 each), then Q0, Q1 and P (x || y, 64 each). */
export const ZK_H2C_OUT = 40960;
/** arithTestMldsa*, arithTestMlkem* (test build, lattice_test_exports.ts): the packed bytes or message; the polynomial is at 0. */
export const LATTICE_TEST_PACKED = 1024;
/** arithTestMldsa* rounding hooks (test build): regions B, C, D of up to 8 polynomials each; A is at 0. */
export const LATTICE_TEST_B = 8192;
export const LATTICE_TEST_C = 16384;
export const LATTICE_TEST_D = 24576;
