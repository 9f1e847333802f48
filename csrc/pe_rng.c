/* pe_rng.c - see pe_rng.h for the algorithms and their sources, pe_rng_internal.h for the draws. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* syscall(2), for getrandom, also under -std=c11 */
#endif
#define PE_COMPAT_WANT_ENTROPY 1 /* pe_os_entropy: the OS CSPRNG */
#include "pe_compat.h"
#include "pe_rng_internal.h"
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

/* Jump polynomials: row i is x**(2**(128 + i)) mod P(x), P the characteristic polynomial of the
 * xoshiro256 state transition (coefficient of x**(64*w + b) = bit b of word w), i.e. the polynomial
 * that advances the state 2**i times 2**128 draws. Row 0 is the reference JUMP constant; the rest
 * were computed by tools/gen_jump_table.py (Berlekamp-Massey for P, then repeated squaring mod P),
 * and tests/test_equity_fast.py checks rows against repeated single jumps. */
static const uint64_t PE_JUMP_POW[21][4] = {
    {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL}, /* 2**0 jumps */
    {0x8cfe9bd9ab71d992ULL, 0xccfc8ca2814de79eULL, 0xa5a28cccb37dba5bULL, 0xa23e49ee6f1a7a8dULL}, /* 2**1 jumps */
    {0x1b2a94a672a48c05ULL, 0x5e38f4fbb6fcda72ULL, 0xca8a45310219dc67ULL, 0xd4e9921bccb8090bULL}, /* 2**2 jumps */
    {0xf30974a2b1dbbb71ULL, 0x34cd4cc8228d74acULL, 0xfa0587a90f717438ULL, 0xee658f69deb5df26ULL}, /* 2**3 jumps */
    {0xb42bd4670583b289ULL, 0xd2c0d8e0c8a2fb9bULL, 0x2573e3218d8bb7daULL, 0xd7aaaf48aa459c58ULL}, /* 2**4 jumps */
    {0xf6a5ab84efb67883ULL, 0xcc7efdcfed1ac303ULL, 0xd82be75b83dbc2d0ULL, 0x8fd437c01abeab24ULL}, /* 2**5 jumps */
    {0xc85ee5171484f5a4ULL, 0xedc8b8d02a22310bULL, 0xb0b87a330b854c8aULL, 0x7d16742eceb4d5abULL}, /* 2**6 jumps */
    {0x4298ba0e862a6007ULL, 0x4157dc48443e3565ULL, 0x13c97c0891cab48aULL, 0x6533981804b420eaULL}, /* 2**7 jumps */
    {0xee5f5a6f02dfe47cULL, 0xedc28c89cb341660ULL, 0x613b2ed9f0acc107ULL, 0xa1ee335d14807ae0ULL}, /* 2**8 jumps */
    {0x5ec3050c6b43565aULL, 0x4b26f71c1fb1b47bULL, 0x0531513e8e0ac706ULL, 0x799d469b2145a8a3ULL}, /* 2**9 jumps */
    {0x34f0a6799020283eULL, 0x7123f2290a1f413bULL, 0xb6acd7be4906b73dULL, 0x6007bb31ec5a2964ULL}, /* 2**10 jumps */
    {0xaa0711c54877febdULL, 0x54fe6df4cff0db73ULL, 0x7e42d6f544840499ULL, 0xec907801890a47abULL}, /* 2**11 jumps */
    {0x03833e601d82a673ULL, 0x3ec263f5c999196eULL, 0xd8c4367e574ab160ULL, 0x964e9d188c16508eULL}, /* 2**12 jumps */
    {0xd64f3f2aaf8f2171ULL, 0xf524fd4408357a5cULL, 0x15ac212f3b861b5aULL, 0x24d9ba21277dd8d8ULL}, /* 2**13 jumps */
    {0xfe9b778d7d1ca2deULL, 0xbbe0e2c0c44b2e1cULL, 0x17a7af3e97d8c402ULL, 0xf89354cfe1e6b5fbULL}, /* 2**14 jumps */
    {0x695cf225704e767dULL, 0xf4873d277cd1ab72ULL, 0xaad8c318bc459cceULL, 0xb89526857566cd94ULL}, /* 2**15 jumps */
    {0x3dcd32f39276a95fULL, 0xc51212c8b1aa2787ULL, 0x962c90a866ea6719ULL, 0xb81875d0f4f6f253ULL}, /* 2**16 jumps */
    {0xb43cf8e4eaf8e068ULL, 0x1c554e97b2277f47ULL, 0xa5a140826c351d07ULL, 0x11495a1b200d4eb8ULL}, /* 2**17 jumps */
    {0x417b73b324735d32ULL, 0xff957b6f55288048ULL, 0x05af69bf1fb82891ULL, 0x3e53bfa0db28e110ULL}, /* 2**18 jumps */
    {0xb6c7a6004612889cULL, 0xfdb3f4ea18f0a56bULL, 0xd3da65e82bdd39e2ULL, 0x48f6214560239b46ULL}, /* 2**19 jumps */
    {0xf1267ba0ec3c645eULL, 0xd9dc0929a54fea75ULL, 0xec60b640d685171dULL, 0xde364ef64a484f59ULL}, /* 2**20 jumps */
};

/* s <- (the polynomial poly applied to s): the state after poly's multiple of 2**128 draws. */
static void pe_rng_apply_poly(uint64_t s[4], const uint64_t poly[4])
{
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b++) {
            const uint64_t m = 0 - (poly[i] >> b & 1); /* branch-free: the bits are random */
            s0 ^= s[0] & m;
            s1 ^= s[1] & m;
            s2 ^= s[2] & m;
            s3 ^= s[3] & m;
            pe_xoshiro_next(s);
        }
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
}

int pe_rng_jump(pe_rng *r)
{
    if (!r) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    pe_rng_apply_poly(r->s, PE_JUMP_POW[0]);
    return PE_OK;
}

int pe_rng_jump_n(pe_rng *r, uint32_t n)
{
    if (!r || n > ((uint32_t)1 << 20)) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    for (int i = 0; i <= 20; i++)
        if (n >> i & 1) pe_rng_apply_poly(r->s, PE_JUMP_POW[i]);
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
