/*
 * The C side of bench/measure.ts, shared by the native harnesses (harness.c,
 * secp256k1-harness.c, bulletproofs-harness.c): a warm-up, then rounds of a fixed length, and one
 * JSON line with the median round's ops/s, so C and engine figures are comparable. Each harness
 * includes it once and parses <warmup-ms> <round-ms> <rounds> with read_budget.
 */
#ifndef BENCH_NATIVE_MEASURE_H
#define BENCH_NATIVE_MEASURE_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_ROUNDS 64

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Calls fn in batches of `batch` between clock reads (1 for operations of tens of microseconds
 * or more; 8 keeps the clock under 1 % for the fastest) and prints
 * {"op":name,"opsPerSec":median,"spread":half the range over the median,"calls":n}. */
static void measure(const char *name, void (*fn)(void), int batch, double warmup_ms, double round_ms, int rounds) {
    double start = now_ms();
    do fn(); while (now_ms() - start < warmup_ms);
    double rates[MAX_ROUNDS];
    long calls = 0;
    for (int r = 0; r < rounds; r++) {
        long n = 0;
        double elapsed;
        start = now_ms();
        do {
            for (int k = 0; k < batch; k++) fn();
            n += batch;
            elapsed = now_ms() - start;
        } while (elapsed < round_ms);
        rates[r] = (double)n * 1000.0 / elapsed;
        calls += n;
    }
    qsort(rates, (size_t)rounds, sizeof(double), by_value);
    double median = rounds % 2 ? rates[rounds / 2] : (rates[rounds / 2 - 1] + rates[rounds / 2]) / 2;
    double spread = (rates[rounds - 1] - rates[0]) / 2 / median;
    printf("{\"op\":\"%s\",\"opsPerSec\":%.3f,\"spread\":%.5f,\"calls\":%ld}\n", name, median, spread, calls);
    fflush(stdout);
}

/* Reads <warmup-ms> <round-ms> <rounds> from argv; exits with a usage line when they are wrong. */
static void read_budget(int argc, char **argv, double *warmup_ms, double *round_ms, int *rounds) {
    if (argc == 4) {
        *warmup_ms = atof(argv[1]);
        *round_ms = atof(argv[2]);
        *rounds = atoi(argv[3]);
        if (*round_ms > 0 && *rounds >= 1 && *rounds <= MAX_ROUNDS) return;
    }
    fprintf(stderr, "usage: %s <warmup-ms> <round-ms> <rounds> (round-ms > 0, 1..%d rounds)\n", argv[0], MAX_ROUNDS);
    exit(2);
}

#endif
