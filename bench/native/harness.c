/*
 * Times PQClean's portable ML-DSA-65 ("clean") the way bench/measure.ts times the engine: a
 * warm-up, then rounds of a fixed length, reporting the median round's ops/s, so the two figures
 * are comparable. Same workload as bench/contenders/mldsa.ts: random-seed keygen, hedged signing
 * of a 32-byte message, verification of one signature.
 *
 * usage: harness <warmup-ms> <round-ms> <rounds>
 * prints one JSON object per line: {"op":"keygen","opsPerSec":...,"spread":...,"calls":...}
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"

#include "api.h"
#include "randombytes.h"


static uint8_t pk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_PUBLICKEYBYTES];
static uint8_t sk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_SECRETKEYBYTES];
static uint8_t sig[PQCLEAN_MLDSA65_CLEAN_CRYPTO_BYTES];
static size_t siglen;
static uint8_t msg[32];

/* Outputs of the timed calls go to scratch buffers, so the fixture above stays intact, and their
 * return codes into a volatile, so the compiler cannot drop a call whose result is unused. */
static uint8_t scratch_pk[sizeof pk], scratch_sk[sizeof sk], scratch_sig[sizeof sig];
static volatile int sink;

static void op_keygen(void) {
    sink ^= PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(scratch_pk, scratch_sk);
}

static void op_sign(void) {
    size_t len;
    sink ^= PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature(scratch_sig, &len, msg, sizeof msg, sk);
}

static void op_verify(void) {
    if (PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify(sig, siglen, msg, sizeof msg, pk) != 0) {
        fprintf(stderr, "PQClean ML-DSA-65: the fixture signature does not verify\n");
        exit(1);
    }
}

int main(int argc, char **argv) {
    double warmup_ms, round_ms;
    int rounds;
    read_budget(argc, argv, &warmup_ms, &round_ms, &rounds);

    randombytes(msg, sizeof msg);
    if (PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(pk, sk) != 0 ||
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature(sig, &siglen, msg, sizeof msg, sk) != 0) {
        fprintf(stderr, "PQClean ML-DSA-65: keygen or sign failed\n");
        return 1;
    }
    op_verify();

    measure("keygen", op_keygen, 1, warmup_ms, round_ms, rounds);
    measure("sign", op_sign, 1, warmup_ms, round_ms, rounds);
    measure("verify", op_verify, 1, warmup_ms, round_ms, rounds);
    return 0;
}
