/*
 * pe_rng.h - pyeval's random source: one per shoe, batch dealer or simulation task, never global.
 *
 *   - seeded: xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number
 *     generators", ACM TOMS 2021; prng.di.unimi.it), 256-bit state > log2(52!) = 225.6 bits.
 *     Seeding: a 256-bit seed w0..w3 (64-bit words, least significant first) goes through
 *     SplitMix64: x = 0; for i in 0..3 { x ^= w[i]; s[i] = splitmix64_next(&x); } so a seed below
 *     2**64 gives the reference seeding (s = four successive SplitMix64 outputs from the seed).
 *     pe_rng_jump() advances 2**128 draws (the reference jump polynomial): stream k of a seed is
 *     the seeded state jumped k times, giving non-overlapping parallel streams.
 *   - secure: 64-bit words read from the operating system's CSPRNG (pe_os_entropy in pe_compat.h:
 *     getrandom(2) on Linux, falling back to /dev/urandom where it is missing; getentropy /
 *     arc4random_buf on macOS; BCryptGenRandom on Windows) in blocks of 256 bytes. No seed, no home-made
 *     cryptography. A failed read sets err; the operation in progress then changes nothing and
 *     returns PE_SHOE_ERR_ENTROPY. A secure source records the process id that filled its buffer;
 *     every call that draws checks it first and, in a forked child, throws the buffered words away.
 *   - bounded integers: Lemire's multiply-shift with rejection ("Fast random integer generation
 *     in an interval", ACM TOMS 2019), unbiased; the batch kernels draw several bounds from one
 *     64-bit word by the batched form of the same method (Brackett-Rozinsky & Lemire, "Batched
 *     ranged random integer generation", SP&E 2024): exact, since the digits are those of one
 *     Lemire draw with bound = the product of the bounds.
 *   - shuffles (pe_shoe.h): Fisher-Yates (Durstenfeld), i from m-1 down to 1, j uniform in [0, i].
 *     No modulo reduction, float scaling or sort-by-random-key anywhere.
 *   Same seed and stream -> same cards on every platform (pure 64-bit integer arithmetic).
 *
 * The draws themselves are inline functions of the private header pe_rng_internal.h, the one
 * implementation that every kernel drawing random numbers uses (the shoe, the batch dealer, equity).
 * Status codes: PE_OK, PE_ERR_ARG (pe_eval.h), PE_SHOE_ERR_ENTROPY and PE_SHOE_ERR_SECURE (pe_shoe.h).
 * A bare pe_rng has no lock: it belongs to one thread.
 */
#ifndef PE_RNG_H
#define PE_RNG_H

#include <stddef.h>
#include <stdint.h>

#define PE_RNG_BUF_WORDS 32 /* secure mode: 256-byte blocks from the OS */

typedef struct pe_rng {
    uint64_t s[4];                     /* xoshiro256** state (unused in secure mode) */
    uint64_t buf[PE_RNG_BUF_WORDS];    /* secure mode: words read from the OS */
    uint32_t buf_pos;                  /* next unread word of buf */
    uint32_t secure;                   /* 1: draw from the OS CSPRNG */
    int32_t err;                       /* sticky: set when the OS source failed */
    int32_t pid;                       /* secure mode: the process that read buf (fork check) */
} pe_rng;

void pe_rng_seed(pe_rng *r, const uint64_t seed[4]);
int pe_rng_seed_secure(pe_rng *r);                   /* PE_OK or PE_SHOE_ERR_ENTROPY */
int pe_rng_jump(pe_rng *r);                          /* PE_SHOE_ERR_SECURE in secure mode */
/* n jumps (0..2**20) in at most 21 polynomial applications: stream n of a seed in O(1) (bounded
 * by 21 jumps' work whatever n is). PE_ERR_ARG for n > 2**20, PE_SHOE_ERR_SECURE in secure mode. */
int pe_rng_jump_n(pe_rng *r, uint32_t n);
/* One jump by the polynomial (256 generator steps), for tests: pe_rng_jump reads tables instead. */
int pe_rng_jump_poly(pe_rng *r);
int pe_rng_get_state(const pe_rng *r, uint64_t out[4]);
int pe_rng_set_state(pe_rng *r, const uint64_t s[4]); /* PE_ERR_ARG for the all-zero state */
/* `count` uniform ints in [0, bound) into out (bound >= 1). */
int pe_rng_bounded(pe_rng *r, uint64_t bound, uint64_t *out, size_t count);
/* `count` raw 64-bit outputs (for known-answer tests against the reference generator). */
int pe_rng_next64(pe_rng *r, uint64_t *out, size_t count);

#endif
