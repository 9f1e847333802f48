/* pe_rng.c - see pe_rng.h for the algorithms and their sources, pe_rng_internal.h for the draws. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* syscall(2), for getrandom, also under -std=c11 */
#endif
#define PE_COMPAT_WANT_ENTROPY 1 /* pe_os_entropy: the OS CSPRNG */
#include "pe_compat.h"
#include "pe_rng_internal.h"
#include "pe_rng_jump_tables.h"
#include "pe_shoe.h" /* PE_SHOE_ERR_* */

#include <string.h>

/* The process id, for the secure source's fork check (pe_compat.h brought in the OS headers). */
#if defined(_WIN32)
static int32_t pe_getpid(void) { return (int32_t)GetCurrentProcessId(); }
#else
static int32_t pe_getpid(void) { return (int32_t)getpid(); }
#endif

void pe_rng_seed(pe_rng *r, const uint64_t seed[4])
{
    memset(r, 0, sizeof *r);
    uint64_t x = 0;
    for (int i = 0; i < 4; i++) {
        x ^= seed[i];
        r->s[i] = pe_splitmix64(&x);
    }
    if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0) r->s[0] = 1; /* unreachable in practice */
}

static int pe_rng_refill(pe_rng *r)
{
    r->pid = pe_getpid();
    if (pe_os_entropy(r->buf, sizeof r->buf) != 0) {
        r->err = PE_SHOE_ERR_ENTROPY;
        memset(r->buf, 0, sizeof r->buf);
        r->buf_pos = 0;
        return -1;
    }
    r->buf_pos = 0;
    return 0;
}

int pe_rng_seed_secure(pe_rng *r)
{
    pe_rng t;
    memset(&t, 0, sizeof t);
    t.secure = 1;
    if (pe_rng_refill(&t) != 0) return PE_SHOE_ERR_ENTROPY;
    *r = t;
    return PE_OK;
}

uint64_t pe_rng_secure_next(pe_rng *r)
{
    /* The position is read once into a local and checked against the buffer's bound before any
     * use, so even a racing or corrupted buf_pos can never index outside buf. */
    uint32_t p = r->buf_pos;
    if (p >= PE_RNG_BUF_WORDS) {
        pe_rng_refill(r);
        p = 0;
    }
    const uint64_t v = r->buf[p];
    r->buf[p] = 0; /* do not keep drawn words around */
    r->buf_pos = p + 1;
    return v;
}

void pe_rng_drop_buffer(pe_rng *r)
{
    memset(r->buf, 0, sizeof r->buf);
    r->buf_pos = PE_RNG_BUF_WORDS;
}

void pe_rng_forked(pe_rng *r)
{
    const int32_t me = pe_getpid();
    if (r->pid != me) {
        pe_rng_drop_buffer(r);
        r->pid = me;
    }
}

/* Report a failure of the OS source once; the next draw retries the OS. */
int pe_rng_take_err(pe_rng *r)
{
    if (!r->err) return PE_OK;
    r->err = 0;
    r->buf_pos = PE_RNG_BUF_WORDS;
    return PE_SHOE_ERR_ENTROPY;
}

/* s <- (the polynomial poly applied to s): the state after poly's multiple of 2**128 draws. */
static void pe_rng_apply_poly(uint64_t s[4], const uint64_t poly[4])
{
    uint64_t a = s[0], b = s[1], c = s[2], d = s[3]; /* the state in registers */
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < 4; i++) {
        const uint64_t p = poly[i];
        for (int k = 0; k < 64; k++) {
            const uint64_t m = 0 - (p >> k & 1); /* branch-free: the bits are random */
            s0 ^= a & m;
            s1 ^= b & m;
            s2 ^= c & m;
            s3 ^= d & m;
            const uint64_t t = b << 17; /* pe_xoshiro_next's state transition */
            c ^= a;
            d ^= b;
            b ^= c;
            a ^= d;
            c ^= t;
            d = pe_rotl(d, 45);
        }
    }
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
}

/* One jump (2**128 draws) as a linear map: 64 reads of the nibble tables instead of 256 generator
 * steps (the same state as pe_rng_apply_poly(s, PE_JUMP_POW[0]); tests compare them). */
static void pe_rng_jump_once(uint64_t s[4])
{
    uint64_t a = 0, b = 0, c = 0, d = 0;
    for (int p = 0; p < 64; p++) {
        const uint64_t *row = PE_JUMP_NIB[p][(s[p >> 4] >> ((p & 15) * 4)) & 15];
        a ^= row[0];
        b ^= row[1];
        c ^= row[2];
        d ^= row[3];
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
}

int pe_rng_jump(pe_rng *r)
{
    if (!r) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    pe_rng_jump_once(r->s);
    return PE_OK;
}

int pe_rng_jump_n(pe_rng *r, uint32_t n)
{
    if (!r || n > ((uint32_t)1 << 20)) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    if (n & 1) pe_rng_jump_once(r->s);
    for (int i = 1; i <= 20; i++)
        if (n >> i & 1) pe_rng_apply_poly(r->s, PE_JUMP_POW[i]);
    return PE_OK;
}

/* For tests: the polynomial jump (PE_JUMP_POW[0]) that the nibble tables must agree with. */
int pe_rng_jump_poly(pe_rng *r)
{
    if (!r) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    pe_rng_apply_poly(r->s, PE_JUMP_POW[0]);
    return PE_OK;
}

int pe_rng_get_state(const pe_rng *r, uint64_t out[4])
{
    if (!r || !out) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    memcpy(out, r->s, sizeof r->s);
    return PE_OK;
}

int pe_rng_set_state(pe_rng *r, const uint64_t s[4])
{
    if (!r || !s) return PE_ERR_ARG;
    if ((s[0] | s[1] | s[2] | s[3]) == 0) return PE_ERR_ARG;
    memset(r, 0, sizeof *r);
    memcpy(r->s, s, sizeof r->s);
    return PE_OK;
}

int pe_rng_bounded(pe_rng *r, uint64_t bound, uint64_t *out, size_t count)
{
    if (!r || (!out && count) || bound == 0) return PE_ERR_ARG;
    pe_rng_fork_check(r);
    pe_src x;
    pe_src_open(&x, r);
    for (size_t i = 0; i < count; i++) out[i] = pe_src_bounded(&x, bound);
    pe_src_close(&x);
    return pe_rng_take_err(r);
}

int pe_rng_next64(pe_rng *r, uint64_t *out, size_t count)
{
    if (!r || (!out && count)) return PE_ERR_ARG;
    pe_rng_fork_check(r);
    pe_src x;
    pe_src_open(&x, r);
    for (size_t i = 0; i < count; i++) out[i] = pe_src_next(&x);
    pe_src_close(&x);
    return pe_rng_take_err(r);
}
