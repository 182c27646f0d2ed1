/*
 * Times libsecp256k1 (as the npm package secp256k1@5.0.2 ships and configures it) the way
 * harness.c times PQClean and bench/measure.ts times the engine: a warm-up, then rounds of a fixed
 * length, reporting the median round's ops/s. Same workload as bench/contenders/secp256k1.ts:
 * 16 keys in rotation, a 32-byte digest per key, RFC 6979 nonces, compressed public keys; verify
 * parses the 33-byte key and the 64-byte signature each call, as the engine's ecdsaVerify does.
 *
 * usage: secp256k1-harness <warmup-ms> <round-ms> <rounds>
 * stdin: 16 lines "<secret key hex> <digest hex>" (the caller's fixture)
 * prints first {"op":"fixture","publicKeys":[...],"signatures":[...]} (hex, for the caller to
 * compare with its own), then one JSON object per operation, as harness.c does.
 *
 * Built with -DWITH_SCHNORRSIG against a libsecp256k1 that has the schnorrsig and extrakeys modules
 * (Debian's libsecp256k1-dev: the npm package's has neither, see bench/README.md "The native
 * reference"), it also signs and verifies BIP-340 on the same fixture: the fixture line adds
 * "xOnlyPublicKeys" and "schnorrSignatures" (the digests as 32-byte messages, aux fixed to
 * BIP340_AUX below), and two more operations follow, schnorrSign and schnorrVerify.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"

#include "secp256k1.h"
#ifdef WITH_SCHNORRSIG
#include "secp256k1_extrakeys.h"
#include "secp256k1_schnorrsig.h"
#endif

#define KEYS 16

static secp256k1_context *ctx;
static uint8_t secret[KEYS][32], digest[KEYS][32], pub[KEYS][33], sig[KEYS][64];
static int next_key;
static volatile int sink;
#ifdef WITH_SCHNORRSIG
/* Fixed so that the signatures are deterministic and the caller can compare them with its own
 * (bench/native/libsecp256k1.ts BIP340_AUX: byte i is i). */
static uint8_t aux[32], xonly[KEYS][32], schnorr_sig[KEYS][64];
#endif

static int rotate(void) {
    next_key = (next_key + 1) % KEYS;
    return next_key;
}

static void op_public_key(void) {
    int i = rotate();
    secp256k1_pubkey p;
    uint8_t out[33];
    size_t len = sizeof out;
    sink ^= secp256k1_ec_pubkey_create(ctx, &p, secret[i]);
    sink ^= secp256k1_ec_pubkey_serialize(ctx, out, &len, &p, SECP256K1_EC_COMPRESSED);
}

static void op_ecdsa_sign(void) {
    int i = rotate();
    secp256k1_ecdsa_signature s;
    uint8_t out[64];
    sink ^= secp256k1_ecdsa_sign(ctx, &s, digest[i], secret[i], NULL, NULL);
    sink ^= secp256k1_ecdsa_signature_serialize_compact(ctx, out, &s);
}

static void op_ecdsa_verify(void) {
    int i = rotate();
    secp256k1_pubkey p;
    secp256k1_ecdsa_signature s;
    if (!secp256k1_ec_pubkey_parse(ctx, &p, pub[i], 33) || !secp256k1_ecdsa_signature_parse_compact(ctx, &s, sig[i]) ||
        !secp256k1_ecdsa_verify(ctx, &s, digest[i], &p)) {
        fprintf(stderr, "libsecp256k1: a fixture signature does not verify\n");
        exit(1);
    }
}

#ifdef WITH_SCHNORRSIG
/* The key pair is derived on each call, as our engine's schnorrSign derives it from the secret key. */
static void op_schnorr_sign(void) {
    int i = rotate();
    secp256k1_keypair kp;
    uint8_t out[64];
    sink ^= secp256k1_keypair_create(ctx, &kp, secret[i]);
    sink ^= secp256k1_schnorrsig_sign32(ctx, out, digest[i], &kp, aux);
}

/* Parses the 32-byte x-only key on each call, as our engine's schnorrVerify does. */
static void op_schnorr_verify(void) {
    int i = rotate();
    secp256k1_xonly_pubkey p;
    if (!secp256k1_xonly_pubkey_parse(ctx, &p, xonly[i]) || !secp256k1_schnorrsig_verify(ctx, schnorr_sig[i], digest[i], 32, &p)) {
        fprintf(stderr, "libsecp256k1: a fixture BIP-340 signature does not verify\n");
        exit(1);
    }
}

/* The fixture's x-only public keys and BIP-340 signatures; 0 if libsecp256k1 refuses key i. */
static int schnorr_fixture(int i) {
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey p;
    return secp256k1_keypair_create(ctx, &kp, secret[i]) && secp256k1_keypair_xonly_pub(ctx, &p, NULL, &kp) &&
           secp256k1_xonly_pubkey_serialize(ctx, xonly[i], &p) && secp256k1_schnorrsig_sign32(ctx, schnorr_sig[i], digest[i], &kp, aux);
}
#endif

static int read_hex(uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (scanf("%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

static void print_hex_list(const char *key, uint8_t *rows, size_t width, int last) {
    printf("\"%s\":[", key);
    for (int i = 0; i < KEYS; i++) {
        printf("%s\"", i ? "," : "");
        for (size_t j = 0; j < width; j++) printf("%02x", rows[i * width + j]);
        printf("\"");
    }
    printf("]%s", last ? "}\n" : ",");
}

int main(int argc, char **argv) {
    double warmup_ms, round_ms;
    int rounds;
    read_budget(argc, argv, &warmup_ms, &round_ms, &rounds);
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
#ifdef WITH_SCHNORRSIG
    for (int i = 0; i < 32; i++) aux[i] = (uint8_t)i;
#endif
    for (int i = 0; i < KEYS; i++) {
        secp256k1_pubkey p;
        secp256k1_ecdsa_signature s;
        size_t len = 33;
        if (!read_hex(secret[i], 32) || !read_hex(digest[i], 32)) {
            fprintf(stderr, "stdin: expected %d lines of <secret key hex> <digest hex>\n", KEYS);
            return 2;
        }
        if (!secp256k1_ec_pubkey_create(ctx, &p, secret[i]) || !secp256k1_ec_pubkey_serialize(ctx, pub[i], &len, &p, SECP256K1_EC_COMPRESSED) ||
            !secp256k1_ecdsa_sign(ctx, &s, digest[i], secret[i], NULL, NULL) || !secp256k1_ecdsa_signature_serialize_compact(ctx, sig[i], &s)) {
            fprintf(stderr, "libsecp256k1: key %d of the fixture was refused\n", i);
            return 1;
        }
#ifdef WITH_SCHNORRSIG
        if (!schnorr_fixture(i)) {
            fprintf(stderr, "libsecp256k1: key %d of the fixture was refused for BIP-340\n", i);
            return 1;
        }
#endif
    }
    printf("{\"op\":\"fixture\",");
    print_hex_list("publicKeys", &pub[0][0], 33, 0);
#ifdef WITH_SCHNORRSIG
    print_hex_list("signatures", &sig[0][0], 64, 0);
    print_hex_list("xOnlyPublicKeys", &xonly[0][0], 32, 0);
    print_hex_list("schnorrSignatures", &schnorr_sig[0][0], 64, 1);
#else
    print_hex_list("signatures", &sig[0][0], 64, 1);
#endif
    fflush(stdout);

    measure("publicKey", op_public_key, 8, warmup_ms, round_ms, rounds);
    measure("ecdsaSign", op_ecdsa_sign, 8, warmup_ms, round_ms, rounds);
    measure("ecdsaVerify", op_ecdsa_verify, 8, warmup_ms, round_ms, rounds);
#ifdef WITH_SCHNORRSIG
    measure("schnorrSign", op_schnorr_sign, 8, warmup_ms, round_ms, rounds);
    measure("schnorrVerify", op_schnorr_verify, 8, warmup_ms, round_ms, rounds);
#endif
    secp256k1_context_destroy(ctx);
    return 0;
}
