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

#include "api.h"
#include "randombytes.h"

#define MAX_ROUNDS 64

static uint8_t pk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_PUBLICKEYBYTES];
static uint8_t sk[PQCLEAN_MLDSA65_CLEAN_CRYPTO_SECRETKEYBYTES];
static uint8_t sig[PQCLEAN_MLDSA65_CLEAN_CRYPTO_BYTES];
static size_t siglen;
static uint8_t msg[32];

/* Outputs of the timed calls go to scratch buffers, so the fixture above stays intact, and their
 * return codes into a volatile, so the compiler cannot drop a call whose result is unused. */
static uint8_t scratch_pk[sizeof pk], scratch_sk[sizeof sk], scratch_sig[sizeof sig];
static volatile int sink;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

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

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One ML-DSA operation takes tens of microseconds at least, so reading the clock after each call
 * costs well under 1% and needs no batching. */
static void measure(const char *name, void (*fn)(void), double warmup_ms, double round_ms, int rounds) {
    double start = now_ms();
    do fn(); while (now_ms() - start < warmup_ms);

    double rates[MAX_ROUNDS];
    long calls = 0;
    for (int r = 0; r < rounds; r++) {
        long n = 0;
        double elapsed;
        start = now_ms();
        do {
            fn();
            n++;
            elapsed = now_ms() - start;
        } while (elapsed < round_ms);
        rates[r] = (double)n * 1000.0 / elapsed;
        calls += n;
    }
    double sorted[MAX_ROUNDS];
    memcpy(sorted, rates, sizeof(double) * (size_t)rounds);
    qsort(sorted, (size_t)rounds, sizeof(double), by_value);
    double median = rounds % 2 ? sorted[rounds / 2] : (sorted[rounds / 2 - 1] + sorted[rounds / 2]) / 2;
    double spread = (sorted[rounds - 1] - sorted[0]) / 2 / median;
    printf("{\"op\":\"%s\",\"opsPerSec\":%.3f,\"spread\":%.5f,\"calls\":%ld}\n", name, median, spread, calls);
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s <warmup-ms> <round-ms> <rounds>\n", argv[0]);
        return 2;
    }
    double warmup_ms = atof(argv[1]), round_ms = atof(argv[2]);
    int rounds = atoi(argv[3]);
    if (round_ms <= 0 || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "need round-ms > 0 and 1..%d rounds\n", MAX_ROUNDS);
        return 2;
    }

    randombytes(msg, sizeof msg);
    if (PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(pk, sk) != 0 ||
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature(sig, &siglen, msg, sizeof msg, sk) != 0) {
        fprintf(stderr, "PQClean ML-DSA-65: keygen or sign failed\n");
        return 1;
    }
    op_verify();

    measure("keygen", op_keygen, warmup_ms, round_ms, rounds);
    measure("sign", op_sign, warmup_ms, round_ms, rounds);
    measure("verify", op_verify, warmup_ms, round_ms, rounds);
    return 0;
}
