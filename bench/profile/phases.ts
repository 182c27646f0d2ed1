/**
 * Attributes sampled call stacks to the phases of ML-DSA and ML-KEM (decision 061): a sample goes
 * to the phase function nearest the leaf of its stack; Keccak and sponge frames pass through to
 * the phase that called them; a sponge called by the operation itself counts as "hashes". Signing's
 * c~ shares ExpandMask's permutations (mldsa/mask.ts), so its hash counts as ExpandMask, and
 * verification's tr and mu share ExpandA's (mldsa/expand_hashes.ts), so theirs count as ExpandA. The
 * same rules were applied to PQClean's stacks (perf) for the table in bench/README.md, so the
 * patterns also name PQClean's functions.
 */

export type Scheme = 'mldsa' | 'mlkem';

const HASHES = 'hashes (µ, tr, c~; H, G, J)';
const INLINE = 'inline loops in the operation';
const OTHER = 'other (JS glue, copies)';
const RANDOM = 'randomness';

/** Frames that are the hash core, not a phase: the time counts for whoever called them. */
const TRANSPARENT = /keccak|Keccak|^looptop$|f1600|sponge|shake|sha3|stream_init|absorb|squeeze|extractX2|padLastBlock|hashPairX2|prf$|^hash$|hash_[hg]|montgomery_reduce$|^reduce32$|^caddq$|barrett_reduce|fqmul|^mem(cpy|set)|__mem/;
const RANDOMNESS = /randombytes|getrandom|getRandomValues|randomFillSync|randomBytes/;

const RULES: Record<Scheme, [string, RegExp][]> = {
  mldsa: [
    ['ExpandA', /matrix_expand|^poly_uniform(_4x)?$|^expandA$|^expandBesideHashes$|^startEntry$|^takeEntryBlock$|^startHash$|rejNttPolyPair|rejUniformBlock|^rej_uniform/],
    ['ExpandS', /uniform_eta|^expandS$|rejBoundedPoly|rejEtaBlock|rej_eta/],
    ['ExpandMask', /uniform_gamma1|^maskAttempt$|^hashBesideMask$|^takeMaskBlock$|^startNonce$/],
    ['SampleInBall', /poly_challenge|sampleInBall/],
    ['packing/unpacking', /pack|tobytes|frombytes|codeHints|loadSecretKey/],
    ['inverse NTT', /invntt|invNtt/],
    ['NTT', /ntt|nttVec/],
    ['pointwise products', /pointwise|matVec|mulChallenge|^_looptop[12]$/],
    ['Power2Round/Decompose/hints, reductions', /power2round|power2Round|decompose|addExceeds|subLowBitsExceeds|make_hint|makeHints|use_hint|useHint|caddq|reduce|chknorm|freeze|exceeds|_add$|_sub$|shiftl/],
  ],
  mlkem: [
    ['matrix A (SHAKE128 + rejection)', /gen_matrix|gen_a|rej_uniform|expandMatrix|expandAlone|expandBesideHash|seedLane|startLane|rejectUniform|toNttLayout|rejBlock|seedPair|squeezePair|seedOne|squeezeOne|poly_uniform/],
    ['CBD noise (PRF)', /getnoise|cbd|sampleNoise/],
    ['packing/compress', /tobytes|frombytes|compress|tomsg|frommsg|encode|decode|pack|messageToPoly|polyToMessage/],
    ['inverse NTT', /invntt|invNtt/],
    ['NTT', /ntt/],
    ['pointwise products', /basemul|mulAcc|prepareGamma/],
    ['reductions/adds', /reduce|_add$|_sub$|addVec|subPoly|canonicalVec|barrettVec|mulConstVec|tomont/],
    ['dk check H(ek), compare, cmov', /^verify$|cmov|checkEncapsulationKey|checkDecapsulationKey/],
  ],
};

/** The bodies of the operations (ours and PQClean's): their own time is inline work or hashing. */
const BODY = /^crypto_|^indcpa|^(keygen|sign|verify|encaps|decaps|decapsSeed|pkeKeygen|pkeEncrypt|pkeDecrypt|mldsaSign|mldsaVerify|mldsaKeygen|mlkemKeygen|mlkemEncaps|mlkemDecaps|commitmentInput|wipeSecrets|wipeMask|wipeSamplers|forgetMatrix|main|encapsulate|decapsulate)$/;

/** A frame's short name: the last segment of a wasm name path, without PQClean's namespace. */
export function shortName(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.replace(/^PQCLEAN_ML[A-Z0-9]+_(AVX2|CLEAN)_/, '').split('.')[0];
}

/** The phase of one sample, its stack given leaf first. */
export function phaseOf(stack: readonly string[], scheme: Scheme): string {
  let sawHash = false;
  for (const frame of stack) {
    const name = shortName(frame);
    if (RANDOMNESS.test(name)) return RANDOM;
    if (TRANSPARENT.test(name)) {
      sawHash = true;
      continue;
    }
    const rule = RULES[scheme].find(([, pattern]) => pattern.test(name));
    if (rule) return rule[0];
    if (BODY.test(name)) return sawHash ? HASHES : INLINE;
    return sawHash ? HASHES : OTHER;
  }
  return sawHash ? HASHES : OTHER;
}

/** Shares in percent of each phase over the samples, largest first. */
export function phaseShares(stacks: readonly (readonly string[])[], scheme: Scheme): [string, number][] {
  const counts = new Map<string, number>();
  for (const stack of stacks) {
    const phase = phaseOf(stack, scheme);
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
  }
  return [...counts.entries()].map(([phase, n]): [string, number] => [phase, (100 * n) / stacks.length]).sort((a, b) => b[1] - a[1]);
}

/** V8's CPU profile (node:inspector Profiler.stop) as the fields used here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
}

/**
 * The leaf-first stacks of a V8 profile's samples that ran inside `inside` (a function of
 * engine/src by name), so that set-up and idle time are left out.
 */
export function stacksOf(profile: CpuProfile, inside: string): string[][] {
  const parent = new Map<number, number>();
  const frame = new Map<number, { functionName: string; url: string }>();
  for (const node of profile.nodes) {
    frame.set(node.id, node.callFrame);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const stacks: string[][] = [];
  for (const sample of profile.samples) {
    const frames: { functionName: string; url: string }[] = [];
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) frames.push(frame.get(id)!);
    if (!frames.some((f) => f.functionName === inside && f.url.includes('engine/src/'))) continue;
    stacks.push(frames.map((f) => f.functionName || '(anonymous)'));
  }
  return stacks;
}
