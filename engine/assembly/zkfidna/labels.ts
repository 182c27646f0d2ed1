/**
 * The byte strings of zk-FIDNA's transcript: item labels, the protocol name and the domain
 * strings of the prover's randomness. Each constant packs (offset << 8) | length into LABELS.
 */

const LABELS: usize = memory.data<u8>([
  0x70, 0x72, 0x6f, 0x74, 0x6f, 0x63, 0x6f, 0x6c, 0x67, 0x65, 0x6e, 0x65, 0x72, 0x61, 0x74, 0x6f, 0x72, 0x73, 0x63, 0x69,
  0x72, 0x63, 0x75, 0x69, 0x74, 0x72, 0x65, 0x73, 0x75, 0x6c, 0x74, 0x62, 0x6f, 0x75, 0x6e, 0x64, 0x73, 0x63, 0x6f, 0x6e,
  0x74, 0x65, 0x78, 0x74, 0x43, 0x6e, 0x6d, 0x56, 0x41, 0x53, 0x79, 0x7a, 0x54, 0x31, 0x54, 0x32, 0x78, 0x74, 0x5f, 0x78,
  0x74, 0x5f, 0x78, 0x5f, 0x62, 0x6c, 0x69, 0x6e, 0x64, 0x69, 0x6e, 0x67, 0x65, 0x5f, 0x62, 0x6c, 0x69, 0x6e, 0x64, 0x69,
  0x6e, 0x67, 0x77, 0x69, 0x70, 0x70, 0x2d, 0x6e, 0x4c, 0x52, 0x75, 0x6b, 0x65, 0x72, 0x6e, 0x65, 0x6c, 0x62, 0x61, 0x74,
  0x63, 0x68, 0x72, 0x6e, 0x67, 0x5a, 0x4b, 0x2d, 0x46, 0x49, 0x44, 0x4e, 0x41, 0x2f, 0x76, 0x31, 0x5a, 0x4b, 0x2d, 0x46,
  0x49, 0x44, 0x4e, 0x41, 0x2f, 0x76, 0x31, 0x20, 0x62, 0x6c, 0x69, 0x6e, 0x64, 0x69, 0x6e, 0x67, 0x5a, 0x4b, 0x2d, 0x46,
  0x49, 0x44, 0x4e, 0x41, 0x2f, 0x76, 0x31, 0x20, 0x6e, 0x6f, 0x6e, 0x63, 0x65,
]);

/** Address of a packed label's bytes. */
// @ts-ignore: decorator
@inline export function labelPtr(label: u32): usize {
  return LABELS + <usize>(label >> 8);
}

/** Length of a packed label. */
// @ts-ignore: decorator
@inline export function labelLen(label: u32): i32 {
  return <i32>(label & 0xff);
}

/** "protocol" */
export const L_PROTOCOL: u32 = (0 << 8) | 8;
/** "generators" */
export const L_GENERATORS: u32 = (8 << 8) | 10;
/** "circuit" */
export const L_CIRCUIT: u32 = (18 << 8) | 7;
/** "result" */
export const L_RESULT: u32 = (25 << 8) | 6;
/** "bounds" */
export const L_BOUNDS: u32 = (31 << 8) | 6;
/** "context" */
export const L_CONTEXT: u32 = (37 << 8) | 7;
/** "C" */
export const L_C: u32 = (44 << 8) | 1;
/** "n" */
export const L_N: u32 = (45 << 8) | 1;
/** "m" */
export const L_M: u32 = (46 << 8) | 1;
/** "V" */
export const L_V: u32 = (47 << 8) | 1;
/** "A" */
export const L_A: u32 = (48 << 8) | 1;
/** "S" */
export const L_S: u32 = (49 << 8) | 1;
/** "y" */
export const L_Y: u32 = (50 << 8) | 1;
/** "z" */
export const L_Z: u32 = (51 << 8) | 1;
/** "T1" */
export const L_T1: u32 = (52 << 8) | 2;
/** "T2" */
export const L_T2: u32 = (54 << 8) | 2;
/** "x" */
export const L_X: u32 = (56 << 8) | 1;
/** "t_x" */
export const L_TX: u32 = (57 << 8) | 3;
/** "t_x_blinding" */
export const L_TX_BLINDING: u32 = (60 << 8) | 12;
/** "e_blinding" */
export const L_E_BLINDING: u32 = (72 << 8) | 10;
/** "w" */
export const L_W: u32 = (82 << 8) | 1;
/** "ipp-n" */
export const L_IPP_N: u32 = (83 << 8) | 5;
/** "L" */
export const L_L: u32 = (88 << 8) | 1;
/** "R" */
export const L_R: u32 = (89 << 8) | 1;
/** "u" */
export const L_U: u32 = (90 << 8) | 1;
/** "kernel" */
export const L_KERNEL: u32 = (91 << 8) | 6;
/** "batch" */
export const L_BATCH: u32 = (97 << 8) | 5;
/** "rng" */
export const L_RNG: u32 = (102 << 8) | 3;
/** "ZK-FIDNA/v1" */
export const L_PROTOCOL_NAME: u32 = (105 << 8) | 11;
/** "ZK-FIDNA/v1 blinding" */
export const L_BLINDING_DOMAIN: u32 = (116 << 8) | 20;
/** "ZK-FIDNA/v1 nonce" */
export const L_NONCE_DOMAIN: u32 = (136 << 8) | 17;
