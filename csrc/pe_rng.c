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

int pe_rng_jump(pe_rng *r)
{
    static const uint64_t JUMP[4] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL,
                                     0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
    if (!r) return PE_ERR_ARG;
    if (r->secure) return PE_SHOE_ERR_SECURE;
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b++) {
            if (JUMP[i] & ((uint64_t)1 << b)) {
                s0 ^= r->s[0];
                s1 ^= r->s[1];
                s2 ^= r->s[2];
                s3 ^= r->s[3];
            }
            pe_xoshiro_next(r->s);
        }
    r->s[0] = s0;
    r->s[1] = s1;
    r->s[2] = s2;
    r->s[3] = s3;
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
