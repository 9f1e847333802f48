/*
 * pe_rng_internal.h - the draws of the random source (pe_rng.h), inline, for the module's own
 * files: the one implementation of the generator, of Lemire's bounded draw and of its batched form
 * that every kernel drawing random numbers uses (pe_rng.c, pe_shoe.c, pe_equity.c).
 *
 * A kernel draws through a pe_src, a local view of a pe_rng opened for the duration of one call:
 * the seeded generator's state is copied into the pe_src (a local, so the compiler keeps it in
 * registers whatever the kernel stores through byte pointers) and written back by pe_src_close();
 * a secure source draws from the pe_rng's buffer of OS words directly. Between open and close, draw
 * only through the pe_src. Opening with a constant mode (pe_src_open_as) lets the compiler drop the
 * per-word test of the mode in a kernel compiled once per mode.
 */
#ifndef PE_RNG_INTERNAL_H
#define PE_RNG_INTERNAL_H

#include <string.h>

#include "pe_compat.h"
#include "pe_rng.h"

#define PE_RNG_INLINE static PE_ALWAYS_INLINE

/* xoshiro256** 1.0 and SplitMix64 (reference algorithms by Blackman and Vigna, public domain). */
static inline uint64_t pe_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t pe_xoshiro_next(uint64_t *s)
{
    const uint64_t result = pe_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = pe_rotl(s[3], 45);
    return result;
}

static inline uint64_t pe_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Defined in pe_rng.c, shared by the module's files only. */
PE_INTERNAL uint64_t pe_rng_secure_next(pe_rng *r); /* the next buffered OS word (refills; sets err) */
PE_INTERNAL void pe_rng_drop_buffer(pe_rng *r);     /* forget the buffered OS words */
PE_INTERNAL void pe_rng_forked(pe_rng *r);          /* secure: drop the buffer in a forked child */
PE_INTERNAL int pe_rng_take_err(pe_rng *r);         /* PE_SHOE_ERR_ENTROPY once after a failure */

/* A forked child must not deal from the words its parent buffered (secure mode only; one getpid
 * per call, not per draw). Every public entry that draws calls it first. */
static inline void pe_rng_fork_check(pe_rng *r)
{
    if (PE_UNLIKELY(r->secure != 0)) pe_rng_forked(r);
}

/* ---- the word source of one call ---- */
typedef struct pe_src {
    uint64_t s[4]; /* the seeded generator's state while the call runs */
    pe_rng *r;
    int secure;
} pe_src;

/* `secure` must be r->secure; a constant there specialises the kernel for the mode. */
PE_RNG_INLINE void pe_src_open_as(pe_src *x, pe_rng *r, const int secure)
{
    memcpy(x->s, r->s, sizeof x->s);
    x->r = r;
    x->secure = secure;
}

PE_RNG_INLINE void pe_src_open(pe_src *x, pe_rng *r) { pe_src_open_as(x, r, r->secure != 0); }

/* Write the generator's state back: the next call continues the stream. */
PE_RNG_INLINE void pe_src_close(pe_src *x)
{
    if (!x->secure) memcpy(x->r->s, x->s, sizeof x->s);
}

PE_RNG_INLINE uint64_t pe_src_next(pe_src *x)
{
    if (PE_UNLIKELY(x->secure)) return pe_rng_secure_next(x->r);
    return pe_xoshiro_next(x->s);
}

/* The OS source failed during this call (only a secure source can): stop drawing. */
PE_RNG_INLINE int pe_src_failed(const pe_src *x) { return x->secure && x->r->err != 0; }

/* Lemire's nearly-divisionless bounded int: uniform in [0, bound), bound >= 1. */
PE_RNG_INLINE uint64_t pe_src_bounded(pe_src *x, uint64_t bound)
{
    uint64_t lo, hi = pe_mul64x64(pe_src_next(x), bound, &lo);
    if (PE_UNLIKELY(lo < bound)) {
        const uint64_t t = (0 - bound) % bound; /* 2**64 mod bound */
        while (lo < t && !pe_src_failed(x)) hi = pe_mul64x64(pe_src_next(x), bound, &lo);
    }
    return hi;
}

/* Batched Lemire: a word's leftover after its digits is accepted unless it falls below
 * 2**64 mod prod (prod = the product of the bounds, >= 1); the modulo only on the rare low leftover. */
PE_RNG_INLINE int pe_batch_accept(uint64_t left, uint64_t prod)
{
    return PE_LIKELY(left >= prod) || left >= (0 - prod) % prod;
}

/* Digits d[t] uniform in [0, b[t]) for t < k, independent, from one accepted word. */
PE_RNG_INLINE void pe_src_digits(pe_src *x, const uint64_t *b, int k, uint64_t prod, uint32_t *d)
{
    for (;;) {
        uint64_t w = pe_src_next(x);
        for (int t = 0; t < k; t++) d[t] = (uint32_t)pe_mul64x64(w, b[t], &w);
        if (pe_batch_accept(w, prod) || pe_src_failed(x)) return;
    }
}

/* The same for the falling bounds top, top - 1, ..., top - k + 1 (partial Fisher-Yates). */
PE_RNG_INLINE void pe_src_digits_down(pe_src *x, uint64_t top, int k, uint64_t prod, uint32_t *d)
{
    for (;;) {
        uint64_t w = pe_src_next(x);
        for (int t = 0; t < k; t++) d[t] = (uint32_t)pe_mul64x64(w, top - (uint64_t)t, &w);
        if (pe_batch_accept(w, prod) || pe_src_failed(x)) return;
    }
}

#endif
