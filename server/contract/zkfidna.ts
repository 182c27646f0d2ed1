/**
 * zk-FIDNA prove and verify (docs/crypto/zk-fidna.md §12; docs/product.md §3, §5). The proof is the
 * binary encoding of docs/crypto/zk-fidna.md §10, attested by an ML-DSA-65 signature over it with
 * context "zk-fidna/v1"; the other proof fields are views of it for the demo.
 */
import { z } from 'zod';
import { ZK_FIDNA_CIRCUITS } from '../../shared/zkfidna.ts';
import { ZK_MAX_AMOUNT, zkAmountProblem, type ZkAmountName } from '../../shared/zk-amount.ts';
import { BatchRequest, BatchResponse } from './batch.ts';
import { Base64, Timestamp, SigningKeyChoice } from './common.ts';

export { ZK_FIDNA_CIRCUITS } from '../../shared/zkfidna.ts';
/** 2^64 − 1, the largest amount a proof covers. */
export const ZK_FIDNA_MAX_AMOUNT = ZK_MAX_AMOUNT;
const MAX_TEXT = ZK_FIDNA_MAX_AMOUNT.toString();

const isAmount = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && /^[0-9]{1,20}$/.test(v));
const asBigInt = (v: number | string) => BigInt(v);

/**
 * An amount: a JSON integer up to 2^53 − 1 or a decimal string up to 2^64 − 1, as a decimal string.
 * Each refusal is shared/zk-amount.ts's sentence, the one the browser's prover gives too (docs/product.md §5).
 */
function Amount(name: ZkAmountName) {
  return z
    .union([z.number(), z.string()], { error: (issue) => zkAmountProblem(issue.input, name) ?? undefined })
    .superRefine((v, ctx) => {
      const problem = zkAmountProblem(v, name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
    })
    .transform((v) => BigInt(v).toString())
    .meta({ description: `An integer, as a JSON number (up to 2^53 − 1) or a decimal string (up to ${MAX_TEXT}).` });
}

const Bound = (what: string) =>
  z
    .union([z.number(), z.string()])
    .refine((v) => isAmount(v) && asBigInt(v) <= ZK_FIDNA_MAX_AMOUNT, { message: `must be an integer from 0 to ${MAX_TEXT}` })
    .transform((v) => asBigInt(v).toString())
    .meta({ description: what });

const Circuit = z
  .enum(ZK_FIDNA_CIRCUITS, { message: `must be one of ${ZK_FIDNA_CIRCUITS.join(', ')}` })
  .meta({ description: 'balance_proof: whether Y ≥ X; range_proof: min ≤ X ≤ max; custom: a confidential transfer of X out of Y.' });

const Context = Base64.refine((s) => s.length <= 340, { message: 'must be at most 255 bytes' }).meta({
  description: 'Bytes the proof is bound to (a transaction id, say), base64, at most 255 bytes; default empty.',
});

export const ZkProveRequest = z
  .strictObject({
    secretValue: Amount('secretValue'),
    balanceValue: Amount('balanceValue').optional(),
    circuitType: Circuit.default('balance_proof'),
    min: Bound('range_proof: the public lower bound of X (default 1).').optional(),
    max: Bound('range_proof: the public upper bound of X (default balanceValue, which then becomes public).').optional(),
    context: Context.optional(),
    keyId: SigningKeyChoice('The ML-DSA-65 signing key that attests the proof; default: your default key.'),
  })
  .meta({ id: 'ZkProveRequest' });

export const DemoZkProveRequest = ZkProveRequest.omit({ keyId: true }).meta({ id: 'DemoZkProveRequest' });

const Hex = z.string().regex(/^[0-9a-f]*$/, { message: 'must be lowercase hex' });
const Decimal = z.string().regex(/^[0-9]{1,20}$/, { message: 'must be a decimal integer' });

export const ZkPublicInput = z
  .strictObject({
    result: z.union([z.literal(0), z.literal(1)]).meta({ description: 'balance_proof: 1 when Y ≥ X, 0 when Y < X; always 1 for the others.' }),
    circuitType: Circuit,
    min: Decimal.optional().meta({ description: 'range_proof only: the public lower bound.' }),
    max: Decimal.optional().meta({ description: 'range_proof only: the public upper bound.' }),
    context: Base64.optional().meta({ description: 'The context the proof is bound to; absent means empty.' }),
  })
  .meta({ id: 'ZkPublicInput', description: 'What a verifier is told besides the proof. Nothing secret.' });

export const ZkPublicParameters = z
  .object({
    curve: z.literal('secp256k1'),
    n: z.number().int().meta({ description: 'Bits per value (64).' }),
    m: z.number().int().meta({ description: 'Values aggregated in one range proof (2).' }),
    generatorsDst: z.string().meta({ description: 'The RFC 9380 domain-separation tag of the generators.' }),
    generatorDigest: Hex.meta({ description: 'SHA-256 of every generator, compressed, in order.' }),
    version: z.number().int(),
  })
  .meta({ id: 'ZkPublicParameters' });

export const ZkProof = z
  .object({
    encoded: Base64.meta({ description: 'The proof, version 1 encoding (docs/crypto/zk-fidna.md §10): authoritative.' }),
    commitment: z.array(Base64).meta({ description: 'View: the public Pedersen commitments (33-byte SEC1 points), in proof order.' }),
    challenge: z.array(Hex).meta({ description: 'View: the Fiat–Shamir challenges y, z, x, w, u_1..u_k.' }),
    response: z.array(Hex).length(5).meta({ description: 'View: the five response scalars t_x, τ_x, μ, a, b.' }),
    publicParameters: ZkPublicParameters,
    signature: z
      .object({
        algorithm: z.literal('ML-DSA-65'),
        publicKey: Base64.meta({ description: 'The attesting ML-DSA-65 public key (1,952 bytes).' }),
        value: Base64.meta({ description: 'ML-DSA-65 signature (3,309 bytes) over the encoded proof, context "zk-fidna/v1".' }),
      })
      .meta({ description: 'The post-quantum attestation of the proof.' }),
  })
  .meta({ id: 'ZkProof' });

export const ZkOpening = z
  .object({
    commitment: Base64.meta({ description: 'The commitment this opens.' }),
    value: Decimal.meta({ description: 'The committed amount.' }),
    blinding: Base64.meta({ description: 'The 32-byte blinding factor r: commitment = value·B + r·G.' }),
  })
  .meta({ id: 'ZkOpening' });

export const ZkProveResponse = z
  .object({
    algorithm: z.literal('zk-fidna'),
    proof: ZkProof,
    publicInput: ZkPublicInput,
    openings: z.array(ZkOpening).meta({ description: 'For you alone: never stored or logged by the platform.' }),
    keyId: z.string().meta({ description: 'The signing key that attested the proof.' }),
    keyVersion: z.number().int().positive().meta({ description: 'The version of keyId that attested (docs/decisions/056).' }),
    timestamp: Timestamp,
  })
  .meta({ id: 'ZkProveResponse' });

const ProofInput = z
  .union(
    [
      Base64,
      z.strictObject({
        encoded: Base64,
        commitment: z.array(Base64).max(3).optional(),
        challenge: z.array(z.string().max(64)).max(16).optional(),
        response: z.array(z.string().max(64)).max(5).optional(),
        publicParameters: z.record(z.string(), z.unknown()).optional(),
        signature: z.strictObject({ algorithm: z.literal('ML-DSA-65'), publicKey: Base64, value: Base64 }).optional(),
      }),
    ],
    { message: 'must be proof.encoded from a prove response, or the whole proof object' },
  )
  .meta({ description: 'proof.encoded, or the whole proof object (its views must match; its signature is checked when present).' });

export const ZkPublicSignals = ZkPublicInput.omit({ circuitType: true }).meta({
  id: 'ZkPublicSignals',
  description: 'publicInput without circuitType, which is then given beside it.',
});

export const ZkVerifyRequest = z
  .strictObject({
    proof: ProofInput,
    publicInput: ZkPublicInput.optional(),
    publicSignals: ZkPublicSignals.optional(),
    circuitType: Circuit.optional().meta({ description: 'With publicSignals: the circuit of the proof.' }),
  })
  .superRefine((body, ctx) => {
    if (body.publicInput === undefined && body.publicSignals === undefined) {
      ctx.addIssue({ code: 'custom', path: ['publicInput'], message: 'publicInput is required (or publicSignals with circuitType)' });
    } else if (body.publicInput !== undefined && (body.publicSignals !== undefined || body.circuitType !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['publicSignals'], message: 'send publicInput, or publicSignals with circuitType, not both' });
    } else if (body.publicSignals !== undefined && body.circuitType === undefined) {
      ctx.addIssue({ code: 'custom', path: ['circuitType'], message: 'circuitType is required with publicSignals' });
    }
  })
  .meta({ id: 'ZkVerifyRequest' });

export const ZkVerifyDetails = z
  .object({
    structurallyValid: z.boolean().meta({ description: 'The proof decodes and its header matches the public input.' }),
    circuitValid: z.boolean().meta({ description: 'A known circuit, sane bounds, and commitments from which the statement can be derived.' }),
    mathematicalCheck: z.boolean().meta({ description: 'The range proof’s one aggregated equation holds.' }),
    positiveCheck: z.boolean().meta({ description: 'The amounts are in range (part of the same equation).' }),
    balanceCheck: z.boolean().meta({ description: 'The statement holds (for custom, with its BIP-340 kernel).' }),
    signatureCheck: z.boolean().nullable().meta({ description: 'The ML-DSA-65 attestation verifies; null when none was sent.' }),
  })
  .meta({ id: 'ZkVerifyDetails' });

export const ZkVerifyResponse = z
  .object({
    valid: z.boolean().meta({ description: 'Every check passed (the attestation too, when sent).' }),
    algorithm: z.literal('zk-fidna'),
    publicInput: ZkPublicInput,
    details: ZkVerifyDetails,
    timestamp: Timestamp,
  })
  .meta({ id: 'ZkVerifyResponse' });

/** The most proofs one verify batch carries: what the engine sums in one batch (ZK_FIDNA_BATCH_MAX). */
export const ZK_VERIFY_BATCH_MAX = 64;

export const ZkVerifyBatchRequest = BatchRequest(ZkVerifyRequest, ZK_VERIFY_BATCH_MAX).meta({ id: 'ZkVerifyBatchRequest' });

export const ZkVerifyBatchResponse = BatchResponse(ZkVerifyResponse.omit({ algorithm: true, timestamp: true }))
  .extend({ algorithm: z.literal('zk-fidna'), timestamp: Timestamp })
  .meta({ id: 'ZkVerifyBatchResponse' });
