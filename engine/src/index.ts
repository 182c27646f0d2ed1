/**
 * The engine's public API: `const engine = await loadEngine()` in Node, a browser or a worker.
 * Takes and returns Uint8Arrays, validates every argument, throws EngineError with a code.
 */
import { chacha20Poly1305Api, type ChaCha20Poly1305 } from './chacha20poly1305.ts';
import { dilionApi, type Dilion } from './dilion.ts';
import { hkdfApi, type HkdfSha256 } from './hkdf.ts';
import { hpkeApi, type Hpke } from './hpke.ts';
import { mlDsaApi, type MlDsa } from './mldsa.ts';
import { mlKemApi, type MlKem } from './mlkem.ts';
import { qes2Api, type Qes2 } from './qes2.ts';
import { QES2_MODES, type PerQes2Mode } from './qes2_modes.ts';
import { secp256k1Api, type Secp256k1 } from './secp256k1.ts';
import { sha2Api, type Sha2Api } from './sha2.ts';
import { sha3Api, type Sha3Api } from './sha3.ts';
import { instantiate, Io, type EngineExports, type WasmSource } from './wasm.ts';
import { zkFidnaApi, type ZkFidna } from './zkfidna.ts';

export { EngineError } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export type { Hash, Xof } from './hash.ts';
export { CHACHA20_POLY1305_KEY_LENGTH, CHACHA20_POLY1305_NONCE_LENGTH, CHACHA20_POLY1305_TAG_LENGTH } from './chacha20poly1305.ts';
export type { AeadOptions, ChaCha20Poly1305 } from './chacha20poly1305.ts';
export { HKDF_SHA256_MAX_LENGTH, HKDF_SHA256_PRK_LENGTH } from './hkdf.ts';
export type { HkdfSha256 } from './hkdf.ts';
export type { Dilion, DilionOpenOptions, DilionPidCipher, DilionServiceKey, DilionSignature, DilionSignOptions, DilionVerifyOptions } from './dilion.ts';
export { HPKE_SUITE, HPKE_ENC_LENGTH, HPKE_PUBLIC_KEY_LENGTH, HPKE_SECRET_KEY_LENGTH, HPKE_TAG_LENGTH } from './hpke.ts';
export type { Hpke, HpkeOpenOptions, HpkeSealOptions } from './hpke.ts';
export { ML_DSA_SIZES, ML_DSA_SEED_LENGTH, ML_DSA_RANDOM_LENGTH, ML_DSA_MU_LENGTH, ML_DSA_MAX_CONTEXT } from './mldsa.ts';
export type { MlDsa, MlDsaKeyPair, MlDsaLevel, MlDsaSignatureParts, MlDsaSignOptions, MlDsaVerifyOptions } from './mldsa.ts';
export { ML_KEM_SIZES, ML_KEM_SEED_LENGTH, ML_KEM_RANDOM_LENGTH, ML_KEM_SHARED_SECRET_LENGTH } from './mlkem.ts';
export type { MlKem, MlKemEncapsulation, MlKemKeyPair, MlKemLevel } from './mlkem.ts';
export {
  SECP256K1_AUX_LENGTH,
  SECP256K1_DIGEST_LENGTH,
  SECP256K1_PUBLIC_KEY_LENGTH,
  SECP256K1_SECRET_KEY_LENGTH,
  SECP256K1_SIGNATURE_LENGTH,
  SECP256K1_UNCOMPRESSED_PUBLIC_KEY_LENGTH,
  SECP256K1_X_ONLY_PUBLIC_KEY_LENGTH,
} from './secp256k1.ts';
export type { EcdsaSignOptions, EcdsaVerifyOptions, Secp256k1, Secp256k1KeyPair } from './secp256k1.ts';
export { QES2_DIGEST_LENGTH, QES2_MAX_CONTEXT, QES2_PREFIX, QES2_SECRET_KEY_LENGTH, QES2_SIGNATURE_LENGTH } from './qes2.ts';
export type { Qes2, Qes2KeyPair, Qes2Mode, Qes2Options, Qes2Parts } from './qes2.ts';
export type { PrehashName } from './prehash.ts';
export type { Sha2Name } from './sha2.ts';
export type { Sha3FixedName, ShakeName } from './sha3.ts';
export type { WasmSource } from './wasm.ts';
export {
  ZK_FIDNA_ATTESTATION_CONTEXT,
  ZK_FIDNA_BATCH_MAX,
  ZK_FIDNA_GENERATORS_DST,
  ZK_FIDNA_MAX_CONTEXT,
  ZK_FIDNA_MAX_VALUE,
  ZK_FIDNA_PROOF_SIZES,
  ZK_FIDNA_RNG_LENGTH,
} from './zkfidna.ts';
export type {
  ZkFidna,
  ZkFidnaAttestation,
  ZkFidnaCircuit,
  ZkFidnaDetails,
  ZkFidnaOpening,
  ZkFidnaProof,
  ZkFidnaProveOptions,
  ZkFidnaPublicInput,
  ZkFidnaPublicParameters,
  ZkFidnaValue,
  ZkFidnaVerifyArgs,
  ZkFidnaVerification,
  ZkFidnaViews,
} from './zkfidna.ts';

export interface Engine extends Sha3Api, Sha2Api {
  mlDsa44: MlDsa;
  mlDsa65: MlDsa;
  mlDsa87: MlDsa;
  mlKem512: MlKem;
  mlKem768: MlKem;
  mlKem1024: MlKem;
  /** HKDF-SHA256 (RFC 5869). */
  hkdfSha256: HkdfSha256;
  /** ChaCha20-Poly1305 (RFC 8439). */
  chacha20poly1305: ChaCha20Poly1305;
  /** HPKE (RFC 9180) base mode with ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305. */
  hpke: Hpke;
  /** Dilion (docs/crypto/dilion.md): ML-DSA-65 with an optional HPKE-sealed privacy identifier. */
  dilion: Dilion;
  /** secp256k1: ECDSA (RFC 6979, low-S) and BIP-340 Schnorr. */
  secp256k1: Secp256k1;
  /** QES2 composites by mode (docs/crypto/qes2.md), one per mode of engine/src/qes2_modes.ts. */
  qes2: PerQes2Mode<Qes2>;
  /** QES2_ECDSA: composite ML-DSA-65 + ECDSA secp256k1; the same object as qes2.ecdsa. */
  qes2Ecdsa: Qes2;
  /** QES2_Schnorr: composite ML-DSA-65 + BIP-340; the same object as qes2.schnorr. */
  qes2Schnorr: Qes2;
  /** zk-FIDNA (docs/crypto/zk-fidna.md): zero-knowledge balance, range and transfer proofs. */
  zkFidna: ZkFidna;
  /** Current size of the engine's linear memory in bytes (flat across calls). */
  memoryBytes(): number;
}

function build(wasm: EngineExports): Engine {
  const io = new Io(wasm);
  const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
  const mlKem768 = mlKemApi(wasm, io, 768);
  const hkdf = hkdfApi(wasm, io, hashes);
  const aead = chacha20Poly1305Api(wasm, io);
  const mlDsa65 = mlDsaApi(wasm, io, hashes, 65);
  const secp256k1 = secp256k1Api(wasm, io);
  const hpke = hpkeApi(mlKem768, hkdf, aead);
  // One composite per mode of qes2_modes.ts: a new mode needs no change here.
  const qes2 = Object.fromEntries(QES2_MODES.map((mode) => [mode, qes2Api(hashes, mlDsa65, secp256k1, mode)])) as PerQes2Mode<Qes2>;
  return {
    ...hashes,
    mlDsa44: mlDsaApi(wasm, io, hashes, 44),
    mlDsa65,
    mlDsa87: mlDsaApi(wasm, io, hashes, 87),
    mlKem512: mlKemApi(wasm, io, 512),
    mlKem768,
    mlKem1024: mlKemApi(wasm, io, 1024),
    hkdfSha256: hkdf,
    chacha20poly1305: aead,
    hpke,
    dilion: dilionApi(hashes, mlDsa65, mlKem768, hpke),
    secp256k1,
    qes2,
    qes2Ecdsa: qes2.ecdsa,
    qes2Schnorr: qes2.schnorr,
    zkFidna: zkFidnaApi(wasm, io, mlDsa65, hashes.shake256),
    memoryBytes: () => wasm.memory.buffer.byteLength,
  };
}

let shared: Promise<Engine> | undefined;

/**
 * Instantiates the engine. Without a source, one shared instance per JS realm is loaded from the
 * build next to this module; pass bytes or a URL to load a separate instance.
 */
export function loadEngine(source?: WasmSource): Promise<Engine> {
  if (source !== undefined) return instantiate(source).then(build);
  shared ??= instantiate().then(build);
  return shared;
}
