/**
 * The scheme registry: every product algorithm, once, with each way the product spells it. Every id
 * union, zod enum, label table, API path and demo step list derives from this table, and every map
 * keyed by scheme or QES2 mode is a `Record` over the derived unions, so a new entry that some map
 * does not handle fails to compile (shared/schemes.test.ts probes that).
 *
 * Spellings: `id` is the API's `algorithm` field, the stored operation's algorithm and the
 * benchmark's option value; `label` is what the demo tabs, benchmark and history show (and, for
 * QES2, the signing-key algorithm name); `apiPath` is the segment after /api/crypto/ and /api/demo/;
 * `family` is the history page's tab.
 */

import { QES2_ALGORITHMS, type Qes2Mode as EngineQes2Mode } from '../engine/src/qes2_modes.ts';

export type SchemeFamily = 'dilion' | 'qes2' | 'zk-fidna';
export type SchemeOperation = 'sign' | 'verify' | 'prove';

interface SchemeDefinition {
  /** The entry's own key, so an entry passed around alone still says which scheme it is. */
  id: string;
  family: SchemeFamily;
  label: string;
  /** A longer name for headings and API summaries. */
  title: string;
  apiPath: string;
  operations: readonly SchemeOperation[];
  /** The signing-key algorithm of the account's platform-managed key, or null when none is used. */
  keyAlgorithm: string | null;
  /** Bytes of a public key and a signature, for signature schemes. */
  sizes?: { publicKey: number; signature: number };
  /** The signing or proving process as the demo's four-step flow shows it, in order. */
  steps?: readonly string[];
}

interface Qes2Definition extends SchemeDefinition {
  family: 'qes2';
  sizes: { publicKey: number; signature: number };
  steps: readonly string[];
  mode: string;
  /** The mode as tags and messages name it ("QES2 ECDSA key"). */
  modeName: string;
  /** The composite's Label: in M' and as the ML-DSA-65 half's FIPS 204 context (ASCII). */
  compositeLabel: string;
  /** The traditional half, as API summaries name it. */
  secpName: string;
}

const ML_DSA_65 = { publicKey: 1952, signature: 3309 } as const;
// QES2's name, composite Label, sizes and signing steps are the engine's (engine/src/qes2_modes.ts),
// which knows nothing of this registry; its entries here add the product's spellings.
const { ecdsa: QES2_ECDSA, schnorr: QES2_SCHNORR } = QES2_ALGORITHMS;

export const SCHEMES = {
  dilion: {
    id: 'dilion',
    family: 'dilion',
    label: 'Dilion',
    title: 'Dilion (ML-DSA-65)',
    apiPath: 'dilion',
    operations: ['sign', 'verify'],
    keyAlgorithm: 'ML-DSA-65',
    sizes: ML_DSA_65,
  },
  'qes2-ecdsa': {
    id: 'qes2-ecdsa',
    family: 'qes2',
    mode: 'ecdsa',
    modeName: 'ECDSA',
    label: QES2_ECDSA.name,
    title: 'QES2_ECDSA (ML-DSA-65 + ECDSA on secp256k1)',
    apiPath: 'qes2/ecdsa',
    operations: ['sign', 'verify'],
    keyAlgorithm: QES2_ECDSA.name,
    compositeLabel: QES2_ECDSA.label,
    secpName: 'ECDSA',
    sizes: { publicKey: QES2_ECDSA.publicKeyLength, signature: QES2_ECDSA.signatureLength },
    steps: QES2_ECDSA.steps,
  },
  'qes2-schnorr': {
    id: 'qes2-schnorr',
    family: 'qes2',
    mode: 'schnorr',
    modeName: 'Schnorr',
    label: QES2_SCHNORR.name,
    title: 'QES2_Schnorr (ML-DSA-65 + BIP-340 on secp256k1)',
    apiPath: 'qes2/schnorr',
    operations: ['sign', 'verify'],
    keyAlgorithm: QES2_SCHNORR.name,
    compositeLabel: QES2_SCHNORR.label,
    secpName: 'BIP-340',
    sizes: { publicKey: QES2_SCHNORR.publicKeyLength, signature: QES2_SCHNORR.signatureLength },
    steps: QES2_SCHNORR.steps,
  },
  'zk-fidna': {
    id: 'zk-fidna',
    family: 'zk-fidna',
    label: 'zk-FIDNA',
    title: 'zk-FIDNA (Bulletproofs on secp256k1, attested with ML-DSA-65)',
    apiPath: 'zk-fidna',
    operations: ['prove', 'verify'],
    // The attestation's signer: the account's platform-managed ML-DSA-65 key.
    keyAlgorithm: 'ML-DSA-65',
    steps: ['ω1 Commit to the values', 'ω2 Fiat–Shamir challenge', 'ω3 Response', 'ω4 Signature attestation'],
  },
} as const satisfies Record<string, SchemeDefinition | Qes2Definition>;

export type SchemeId = keyof typeof SCHEMES;
export type Scheme<I extends SchemeId = SchemeId> = (typeof SCHEMES)[I];

/** The ids in the registry's order (the order of the demo's tabs and the benchmark's options). */
export const SCHEME_IDS = Object.keys(SCHEMES) as [SchemeId, ...SchemeId[]];

export type Qes2SchemeId = { [I in SchemeId]: Scheme<I> extends { family: 'qes2' } ? I : never }[SchemeId];
export type Qes2Mode = Scheme<Qes2SchemeId>['mode'];
export type Qes2Scheme = Scheme<Qes2SchemeId>;
/** The registry has exactly the engine's QES2 modes: a mode on one side only fails to compile here. */
const _sameModesAsTheEngine: [Qes2Mode, EngineQes2Mode] extends [EngineQes2Mode, Qes2Mode] ? true : never = true;

/** A value for every scheme: a missing or extra key is a compile error. */
export type PerScheme<T> = { readonly [I in SchemeId]: T };
/** A value for every QES2 mode: a missing or extra key is a compile error. */
export type PerQes2Mode<T> = { readonly [M in Qes2Mode]: T };

const isQes2 = (id: SchemeId): id is Qes2SchemeId => SCHEMES[id].family === 'qes2';

export const QES2_SCHEME_IDS = SCHEME_IDS.filter(isQes2) as [Qes2SchemeId, ...Qes2SchemeId[]];
export const QES2_MODES = QES2_SCHEME_IDS.map((id) => SCHEMES[id].mode) as [Qes2Mode, ...Qes2Mode[]];

/** Each QES2 mode's registry entry, keyed by mode ('ecdsa', 'schnorr'). */
export const QES2_BY_MODE = Object.fromEntries(QES2_SCHEME_IDS.map((id) => [SCHEMES[id].mode, SCHEMES[id]])) as {
  readonly [M in Qes2Mode]: Extract<Qes2Scheme, { mode: M }>;
};

/** The ML-DSA parameter sets an account may hold keys for (Dilion signs with ML-DSA-65). */
export const ML_DSA_KEY_ALGORITHMS = ['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'] as const;
export type MlDsaKeyAlgorithm = (typeof ML_DSA_KEY_ALGORITHMS)[number];
export type Qes2KeyAlgorithm = Qes2Scheme['keyAlgorithm'];
export type SigningAlgorithm = MlDsaKeyAlgorithm | Qes2KeyAlgorithm;

/** Every algorithm a platform-managed signing key can have: the ML-DSA sets, then one per QES2 mode. */
export const SIGNING_ALGORITHMS = [...ML_DSA_KEY_ALGORITHMS, ...QES2_SCHEME_IDS.map((id) => SCHEMES[id].keyAlgorithm)] as [SigningAlgorithm, ...SigningAlgorithm[]];

/** The QES2 mode of a QES2 signing-key algorithm. */
export const QES2_MODE_OF_KEY = Object.fromEntries(QES2_SCHEME_IDS.map((id) => [SCHEMES[id].keyAlgorithm, SCHEMES[id].mode])) as {
  readonly [A in Qes2KeyAlgorithm]: Extract<Qes2Scheme, { keyAlgorithm: A }>['mode'];
};

export function isSchemeId(value: string): value is SchemeId {
  return Object.hasOwn(SCHEMES, value);
}

/**
 * The scheme an algorithm name means, whatever its spelling: the id (`qes2-ecdsa`), the label
 * (`QES2_ECDSA`), the API path (`qes2/ecdsa`), case and separators aside. Null when none does.
 */
export function schemeOf(name: string): SchemeId | null {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const wanted = key(name);
  return SCHEME_IDS.find((id) => [id, SCHEMES[id].label, SCHEMES[id].apiPath].some((s) => key(s) === wanted)) ?? null;
}
