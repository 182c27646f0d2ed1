/**
 * zk-FIDNA host API: zero-knowledge balance, range and transfer proofs over Pedersen commitments
 * on secp256k1 (aggregated 64-bit Bulletproofs, Fiat-Shamir on SHAKE256), with an optional
 * ML-DSA-65 attestation over the proof bytes. Arguments are checked here; proving and verifying
 * are one wasm call each (engine/assembly/zkfidna); randomness is drawn here and passed in.
 */
import { bytes, EngineError, options } from './errors.ts';
import type { MlDsa } from './mldsa.ts';
import { randomBytes } from './random.ts';
import { ZK_BATCH_MAX, ZK_BATCH_SEED, ZK_CHALLENGES, ZK_CONTEXT, ZK_GENERATOR_OUT, ZK_OPENINGS, ZK_PROOF, ZK_PROOF_MAX, ZK_RNG, ZK_VALUES } from '../assembly/layout.ts';
import { ERR_RETRY, type EngineExports, type Io } from './wasm.ts';
import { decodeHeader, ZK_FIDNA_AGGREGATION, ZK_FIDNA_BITS, ZK_FIDNA_VERSION, type DecodedHeader } from './zkfidna_encoding.ts';
import {
  checkBatchItem,
  checkItem,
  equalBytes,
  judgeItem,
  VERDICT,
  ZK_FIDNA_ATTESTATION_CONTEXT,
  type CheckedItem,
  type ZkFidnaAttestation,
  type ZkFidnaPublicParameters,
  type ZkFidnaVerification,
  type ZkFidnaViews,
} from './zkfidna_verify.ts';

export type { ZkFidnaAttestation, ZkFidnaDetails, ZkFidnaPublicParameters, ZkFidnaVerification, ZkFidnaViews } from './zkfidna_verify.ts';
import { contextOf, statementOf, ZK_FIDNA_CIRCUITS, type ZkFidnaCircuit, type ZkFidnaPublicInput, type ZkFidnaValue } from './zkfidna_inputs.ts';

export { ZK_FIDNA_PROOF_SIZES } from './zkfidna_encoding.ts';
export { ZK_FIDNA_MAX_CONTEXT, ZK_FIDNA_MAX_VALUE } from './zkfidna_inputs.ts';
export type { ZkFidnaCircuit, ZkFidnaPublicInput, ZkFidnaValue } from './zkfidna_inputs.ts';

export const ZK_FIDNA_RNG_LENGTH = 32;
/** Most proofs one verifyBatch call takes. */
export const ZK_FIDNA_BATCH_MAX = ZK_BATCH_MAX;
export { ZK_FIDNA_ATTESTATION_CONTEXT } from './zkfidna_verify.ts';
export const ZK_FIDNA_GENERATORS_DST = 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_';

export interface ZkFidnaProveOptions {
  /** X, the amount kept secret (at least 1). */
  secretValue: ZkFidnaValue;
  /** Y: the balance compared with X (balance_proof), or the balance X is paid from (custom). */
  balanceValue?: ZkFidnaValue;
  circuitType: ZkFidnaCircuit;
  /** range_proof: public bounds of X; min defaults to 1, max to balanceValue. */
  min?: ZkFidnaValue;
  max?: ZkFidnaValue;
  /** 0..255 bytes the proof is bound to (a transaction id, say); default empty. */
  context?: Uint8Array;
  /** 32 bytes from which every blinding and nonce derives; default fresh random. */
  rng?: Uint8Array;
  /** An ML-DSA-65 key pair to attest the proof with. */
  attest?: { secretKey: Uint8Array; publicKey: Uint8Array };
}

/** A commitment with what opens it: for the prover only, never for a verifier. */
export interface ZkFidnaOpening {
  commitment: Uint8Array;
  value: bigint;
  /** The blinding r of commitment = value B + r G, 32 bytes big-endian. */
  blinding: Uint8Array;
}

export interface ZkFidnaProof {
  /** The version-1 encoding: what a verifier needs, with publicInput. */
  proof: Uint8Array;
  publicInput: ZkFidnaPublicInput;
  /** Blindings of the commitments, for the caller only. */
  openings: ZkFidnaOpening[];
  views: ZkFidnaViews;
  attestation?: ZkFidnaAttestation;
}

/** What verify (and each item of verifyBatch) takes. */
export interface ZkFidnaVerifyArgs {
  proof: Uint8Array;
  publicInput: ZkFidnaPublicInput;
  attestation?: Omit<ZkFidnaAttestation, 'algorithm'> & { algorithm?: 'ML-DSA-65' };
}

export interface ZkFidna {
  /**
   * Proves the statement of `circuitType` about secretValue (and balanceValue): balance_proof
   * whether Y >= X (result 1) or not (result 0), range_proof that min <= X <= max, custom that
   * X can be paid out of Y with change Y - X. Throws value_out_of_range for a false statement.
   */
  prove(opts: ZkFidnaProveOptions): ZkFidnaProof;
  /**
   * Checks a proof against its public input (and an attestation, when given). A proof that does
   * not verify gives valid: false with the failing checks; only malformed arguments throw.
   */
  verify(args: ZkFidnaVerifyArgs): ZkFidnaVerification;
  /**
   * Checks up to ZK_FIDNA_BATCH_MAX proofs (any circuits, mixed) at once: one multi-scalar
   * multiplication with random weights over all of them; when it fails, the proofs in it are
   * checked alone, so the answer names every valid one. Each result is what verify gives for that
   * item. Throws for a malformed item (param items[i]...) or a count outside 1..ZK_FIDNA_BATCH_MAX.
   */
  verifyBatch(items: readonly ZkFidnaVerifyArgs[]): ZkFidnaVerification[];
  /** The views of a proof that decodes (challenges recomputed); throws invalid_proof otherwise. */
  inspect(proof: Uint8Array): ZkFidnaViews;
  /** Curve, sizes, generator DST and digest, version. */
  publicParameters(): ZkFidnaPublicParameters;
}

const PROVE_KEYS = ['secretValue', 'balanceValue', 'circuitType', 'min', 'max', 'context', 'rng', 'attest'] as const;
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

export function zkFidnaApi(wasm: EngineExports, io: Io, mlDsa65: MlDsa, shake256: (data: Uint8Array, outLen: number) => Uint8Array): ZkFidna {
  let parameters: ZkFidnaPublicParameters | undefined;

  const publicParameters = (): ZkFidnaPublicParameters => {
    if (!parameters) {
      wasm.zkGeneratorDigest();
      parameters = {
        curve: 'secp256k1',
        n: ZK_FIDNA_BITS,
        m: ZK_FIDNA_AGGREGATION,
        generatorsDst: ZK_FIDNA_GENERATORS_DST,
        generatorDigest: hex(io.read(ZK_GENERATOR_OUT, 32)),
        version: ZK_FIDNA_VERSION,
      };
    }
    return { ...parameters };
  };

  /** Views from a decoded header and the challenges the engine recorded in its last call. */
  const viewsOf = (header: DecodedHeader): ZkFidnaViews => {
    const ch = Array.from({ length: wasm.zkChallengeCount() }, (_, i) => hex(io.read(ZK_CHALLENGES + 32 * i, 32)));
    const r = header.responses;
    return {
      commitments: header.commitments,
      challenges: { y: ch[0] ?? '', z: ch[1] ?? '', x: ch[2] ?? '', w: ch[3] ?? '', u: ch.slice(4) },
      responses: { tx: hex(r.tx), taux: hex(r.taux), mu: hex(r.mu), a: hex(r.a), b: hex(r.b) },
      publicParameters: publicParameters(),
    };
  };

  const checkAttestKeys = (attest: unknown) => {
    const o = options<{ secretKey: Uint8Array; publicKey: Uint8Array }>(attest, ['secretKey', 'publicKey'], 'attest');
    const sk = bytes(o.secretKey, 'attest.secretKey', mlDsa65.secretKeyLength, 'invalid_key');
    const pk = bytes(o.publicKey, 'attest.publicKey', mlDsa65.publicKeyLength, 'invalid_key');
    // An ML-DSA secret key holds tr = SHAKE256(publicKey, 64) at bytes 64..128.
    if (!equalBytes(shake256(pk, 64), sk.subarray(64, 128))) {
      throw new EngineError('invalid_key', 'attest.publicKey is not the public key of attest.secretKey', 'attest.publicKey');
    }
    return { sk, pk };
  };

  /** The verdict bits; none for a proof too long to be one (the engine would refuse its length). */
  const runVerify = (proof: Uint8Array): number => {
    if (proof.length > ZK_PROOF_MAX) return 0;
    io.write(proof, ZK_PROOF);
    return Math.max(0, wasm.zkVerify(proof.length));
  };

  const judge = (item: CheckedItem, verdict: number, views?: ZkFidnaViews) => judgeItem(item, verdict, (header) => views ?? viewsOf(header));

  return {
    prove(opts) {
      const o = options<ZkFidnaProveOptions>(opts, PROVE_KEYS, 'opts');
      const s = statementOf(o);
      const context = contextOf(o.context, 'context');
      const given = o.rng === undefined ? undefined : bytes(o.rng, 'rng', ZK_FIDNA_RNG_LENGTH, 'invalid_random_length');
      const keys = o.attest === undefined ? undefined : checkAttestKeys(o.attest);
      let len = ERR_RETRY;
      for (let attempt = 0; len === ERR_RETRY && attempt < 4; attempt++) {
        if (given && attempt > 0) {
          throw new EngineError('engine_failure', 'this rng leads to a zero challenge or an identity commitment (probability about 2^-256); use another', 'rng');
        }
        const input = new Uint8Array(ZK_CONTEXT - ZK_VALUES);
        const view = new DataView(input.buffer);
        [s.x, s.y, s.min, s.max].forEach((v, i) => view.setBigUint64(8 * i, v, true));
        input.set(given ?? randomBytes(ZK_FIDNA_RNG_LENGTH), ZK_RNG - ZK_VALUES);
        io.write(input, ZK_VALUES);
        io.write(context, ZK_CONTEXT);
        len = wasm.zkProve(ZK_FIDNA_CIRCUITS[s.circuit], context.length);
        input.fill(0);
      }
      if (len < 0) throw new EngineError('engine_failure', `the engine could not prove this statement (code ${len})`);
      const proof = io.read(ZK_PROOF, len);
      const header = decodeHeader(proof);
      if (!header) throw new EngineError('engine_failure', 'the engine produced a proof that does not decode', 'secretValue');
      const values = s.circuit === 'custom' ? [s.y, s.x, s.y - s.x] : s.circuit === 'range_proof' ? [s.x] : [s.x, s.y];
      const openings = values.map((value, i) => ({ commitment: header.commitments[i], value, blinding: io.read(ZK_OPENINGS + 32 * i, 32) }));
      io.clear(ZK_OPENINGS, 96);
      const publicInput: ZkFidnaPublicInput = { circuitType: s.circuit, result: s.result };
      if (s.circuit === 'range_proof') Object.assign(publicInput, { min: s.min, max: s.max });
      if (context.length > 0) publicInput.context = context.slice();
      const result: ZkFidnaProof = { proof, publicInput, openings, views: viewsOf(header) };
      if (keys) {
        const signature = mlDsa65.sign(proof, keys.sk, { context: new TextEncoder().encode(ZK_FIDNA_ATTESTATION_CONTEXT) });
        result.attestation = { algorithm: 'ML-DSA-65', publicKey: keys.pk.slice(), signature };
      }
      return result;
    },

    verify(args) {
      const item = checkItem(args, mlDsa65);
      return judge(item, item.header ? runVerify(item.proof) : 0);
    },

    verifyBatch(items) {
      if (!Array.isArray(items) || items.length < 1 || items.length > ZK_BATCH_MAX) {
        throw new EngineError('invalid_argument', `items must be an array of 1 to ${ZK_BATCH_MAX} verify arguments`, 'items');
      }
      const checked = items.map((args, i) => checkBatchItem(args, i, mlDsa65));
      // The weights derive from a fresh CSPRNG seed per batch: whoever made the proofs cannot foresee them.
      io.write(randomBytes(32), ZK_BATCH_SEED);
      wasm.zkBatchBegin();
      const added = checked.map((item) => {
        if (!item.header || item.proof.length > ZK_PROOF_MAX) return { verdict: 0 };
        io.write(item.proof, ZK_PROOF);
        const verdict = Math.max(0, wasm.zkBatchAdd(item.proof.length));
        return { verdict, views: (verdict & VERDICT.circuit) !== 0 ? viewsOf(item.header) : undefined };
      });
      const allHold = wasm.zkBatchFinish() === 1;
      return checked.map((item, i) => {
        const { verdict, views } = added[i]!;
        if ((verdict & VERDICT.batched) === 0) return judge(item, verdict, views);
        // The sum failed: some proof in it is bad, so each is checked alone to name the good ones.
        if (!allHold) return judge(item, runVerify(item.proof));
        return judge(item, (verdict & ~VERDICT.batched) | VERDICT.math, views);
      });
    },

    inspect(proof) {
      const p = bytes(proof, 'proof');
      const header = decodeHeader(p);
      if (!header || (runVerify(p) & VERDICT.circuit) === 0) {
        throw new EngineError('invalid_proof', 'proof is not a version-1 zk-FIDNA proof that decodes into a valid statement', 'proof');
      }
      return viewsOf(header);
    },

    publicParameters,
  };
}
