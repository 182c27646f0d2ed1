/*
 * Times Grin's Bulletproofs (secp256k1-zkp as the npm package secp256k1-zkp@1.0.2 ships it; see
 * bulletproofs.ts) the way secp256k1-harness.c times libsecp256k1: a warm-up, then rounds of a
 * fixed length, reporting the median round's ops/s. The workload is bench/README.md "Against
 * Grin's secp256k1-zkp": 64-bit range proofs aggregating m = 1 and m = 2 values, generators for
 * 256 bits, the value generator H and the blinding generator G; 16 distinct proofs per m (values,
 * blinding factors and nonces from a fixed seed) in rotation; every proof verifies once and a
 * proof against another proof's commitment fails before anything is timed.
 *
 * usage: bulletproofs-harness <warmup-ms> <round-ms> <rounds>
 * prints {"op":"fixture","proofBytes":[m1, m2]}, then one JSON object per operation: prove1,
 * prove2, verify1, verify2 and batch16 (verify_multi over the 16 m = 2 proofs, per call).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"

#include "secp256k1.h"
#include "secp256k1_bulletproofs.h"
#include "secp256k1_commitment.h"
#include "secp256k1_generator.h"

#define PROOFS 16
#define MAX_PROOF 2000

static secp256k1_context *ctx;
static secp256k1_scratch_space *scratch;
static secp256k1_bulletproof_generators *gens;
static secp256k1_generator value_gen;
/* Per m (index 1 and 2): values, blinding factors, commitments, nonces, proofs. */
static uint64_t value[3][PROOFS][2];
static unsigned char blind[3][PROOFS][2][32], nonce[3][PROOFS][32];
static const unsigned char *blinds[3][PROOFS][2];
static secp256k1_pedersen_commitment commit[3][PROOFS][2];
static const secp256k1_pedersen_commitment *commits[3][PROOFS];
static unsigned char proof[3][PROOFS][MAX_PROOF], scratch_proof[MAX_PROOF];
static const unsigned char *proofs[3][PROOFS];
static size_t proof_len[3];
static secp256k1_generator value_gens[PROOFS];
static int next_proof;
static volatile int sink;

/* xorshift64: the fixture is the same on every run. */
static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void random_bytes(unsigned char *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(next_random() >> 56);
}

static int prove(int m, int k, unsigned char *out, size_t *len) {
    *len = MAX_PROOF;
    return secp256k1_bulletproof_rangeproof_prove(ctx, scratch, gens, out, len, NULL, NULL, NULL, value[m][k], NULL, blinds[m][k], NULL,
                                                  (size_t)m, &value_gen, 64, nonce[m][k], NULL, NULL, 0, NULL);
}

static int verify(int m, int k, const secp256k1_pedersen_commitment *c) {
    return secp256k1_bulletproof_rangeproof_verify(ctx, scratch, gens, proof[m][k], proof_len[m], NULL, c, (size_t)m, 64, &value_gen, NULL, 0);
}

static int rotate(void) {
    next_proof = (next_proof + 1) % PROOFS;
    return next_proof;
}

static void op_prove1(void) { size_t len; sink ^= prove(1, rotate(), scratch_proof, &len); }
static void op_prove2(void) { size_t len; sink ^= prove(2, rotate(), scratch_proof, &len); }
static void must(int ok) {
    if (!ok) {
        fprintf(stderr, "secp256k1-zkp: a fixture proof does not verify\n");
        exit(1);
    }
}
static void op_verify1(void) { int k = rotate(); must(verify(1, k, commit[1][k])); }
static void op_verify2(void) { int k = rotate(); must(verify(2, k, commit[2][k])); }
static void op_batch16(void) {
    must(secp256k1_bulletproof_rangeproof_verify_multi(ctx, scratch, gens, proofs[2], PROOFS, proof_len[2], NULL, commits[2], 2, 64, value_gens, NULL, NULL));
}

static int make_fixture(void) {
    for (int i = 0; i < PROOFS; i++) value_gens[i] = value_gen;
    for (int m = 1; m <= 2; m++) {
        for (int k = 0; k < PROOFS; k++) {
            for (int j = 0; j < m; j++) {
                value[m][k][j] = next_random();
                do random_bytes(blind[m][k][j], 32);
                while (!secp256k1_pedersen_commit(ctx, &commit[m][k][j], blind[m][k][j], value[m][k][j], &value_gen, &secp256k1_generator_const_g));
                blinds[m][k][j] = blind[m][k][j];
            }
            commits[m][k] = commit[m][k];
            random_bytes(nonce[m][k], 32);
            size_t len;
            if (!prove(m, k, proof[m][k], &len) || (k > 0 && len != proof_len[m])) return 0;
            proof_len[m] = len;
            proofs[m][k] = proof[m][k];
            if (!verify(m, k, commit[m][k])) return 0;
        }
        if (verify(m, 0, commit[m][1])) return 0;
    }
    return secp256k1_bulletproof_rangeproof_verify_multi(ctx, scratch, gens, proofs[2], PROOFS, proof_len[2], NULL, commits[2], 2, 64, value_gens, NULL, NULL);
}

int main(int argc, char **argv) {
    double warmup_ms, round_ms;
    int rounds;
    read_budget(argc, argv, &warmup_ms, &round_ms, &rounds);
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
    scratch = secp256k1_scratch_space_create(ctx, 256 * 1024 * 1024);
    gens = secp256k1_bulletproof_generators_create(ctx, &secp256k1_generator_const_g, 256);
    value_gen = secp256k1_generator_const_h;
    if (scratch == NULL || gens == NULL || !make_fixture()) {
        fprintf(stderr, "secp256k1-zkp: the fixture's proofs did not prove and verify as expected\n");
        return 1;
    }
    printf("{\"op\":\"fixture\",\"proofBytes\":[%zu,%zu]}\n", proof_len[1], proof_len[2]);
    fflush(stdout);
    measure("prove1", op_prove1, 1, warmup_ms, round_ms, rounds);
    measure("prove2", op_prove2, 1, warmup_ms, round_ms, rounds);
    measure("verify1", op_verify1, 1, warmup_ms, round_ms, rounds);
    measure("verify2", op_verify2, 1, warmup_ms, round_ms, rounds);
    measure("batch16", op_batch16, 1, warmup_ms, round_ms, rounds);
    return 0;
}
