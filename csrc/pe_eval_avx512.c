/* pe_eval_avx512.c - the 5-7-card batch on 16 rows at once with AVX-512 (F, BW, VL, VBMI, VPOPCNTDQ,
 * BITALG), chosen at run time by pe_eval_batch (pe_compat.h: pe_have_avx512vbmi). Same keys and tables
 * as the scalar kernel (pe_eval_internal.h), so the same values; every step is branch-free but the
 * two checks (docs/decisions/025-avx512-batch-kernel-and-threads.md):
 *   cards: 16 rows of k bytes (one full and one masked 64-byte load: nothing past the rows is read),
 *          each byte translated once (vpermb) to b = 16 * suit + rank, then card j of every row
 *          into the low byte of dword i by a two-source byte permute (vpermi2b);
 *   rank key sum: the rank (b's low 4 bits) through a 16-entry register table (vpermd), no gathers;
 *   suit masks: bit b of a 64-bit word per row, as two 32-bit halves (1 << b for b < 32 and
 *          1 << (b ^ 32) for b >= 32), ORed: the 16-bit word of suit s holds that suit's ranks;
 *   validation: a byte >= 52 anywhere in the block (one compare per 64 bytes), or fewer than k
 *          bits in a row's suit masks (a repeated card), stops the kernel before any lookup;
 *   flushes: a suit word with 5 or more bits (vpopcntw) is the flush's rank mask; only one suit can
 *          have five of seven cards, so the OR of the selected words is the PE_FLUSH index;
 *   lookup: the scalar hash (multiply, mask), the row displacement by one gather from PE_DISP (32 KB),
 *          the value index (a flush row's points into PE_FLUSH, counted from PE_HASH), then one
 *          gather of the value (uint16, read as the upper half of the 32-bit word ending at it, so
 *          no byte outside the tables is read; index 0 as the lower half of the first word);
 *          5-card rows: a hash of their own with the displacements in registers, one gather (p5_*);
 *   rows: prefetched into L1 only (NTA) a few blocks ahead, so that streaming them does not push
 *          the tables out of L2.
 * pe_eval_avx512_rows returns how many leading rows (a multiple of 16) it evaluated; it stops at
 * the first block holding an invalid row, and the scalar batch does the rest (naming that row). */
#include "pe_compat.h"
#include "pe_eval_internal.h"
#include "pe_eval_avx512.h"

#include <string.h>

#if PE_HAVE_AVX512_KERNELS
#include <immintrin.h>

#define PE_AVX_PREFETCH 1024 /* bytes of rows ahead (~9 blocks of 7-card rows) */

/* ---- 5-card rows: a hash of their own, built on first use ----
 * The 6,175 rank multisets of five cards get a two-level hash of their 32-bit key sum: y = key *
 * p5_mult; the top 6 bits pick one of 64 displacements (held in four registers, so no gather),
 * which is XORed into bits 9..25 of y to give the slot in a 2**17-entry value table; PE_FLUSH is
 * copied after it. One gather a row instead of two (the PE_DISP gather costs ~0.25 ns a row). The
 * multiplier and displacements are searched at first use (~1 ms; largest bucket first). */
#define P5_BUCKETS 64
#define P5_BITS 17
#define P5_SIZE (1u << P5_BITS)
static uint16_t p5_val[P5_SIZE + 8192 + 2]; /* values by slot, then PE_FLUSH, then padding */
static uint32_t p5_disp[P5_BUCKETS], p5_mult;
static int p5_state; /* 0 not built, 1 being built, 2 ready, 3 failed (atomic) */

/* Places every bucket (largest first) at the first displacement where its keys land on free slots;
 * 0 when two keys of a bucket share a slot (another multiplier is needed). */
static int p5_place(const uint32_t *ys, const uint16_t *vals, int n, uint8_t *used)
{
    static int member[PE_D5_KEYS];
    int start[P5_BUCKETS + 1] = {0}, fill[P5_BUCKETS], order[P5_BUCKETS];
    for (int i = 0; i < n; i++) start[(ys[i] >> 26) + 1]++;
    for (int b = 0; b < P5_BUCKETS; b++) start[b + 1] += start[b];
    for (int b = 0; b < P5_BUCKETS; b++) fill[b] = start[b], order[b] = b;
    for (int i = 0; i < n; i++) member[fill[ys[i] >> 26]++] = i;
    for (int i = 1; i < P5_BUCKETS; i++)
        for (int j = i; j > 0 && start[order[j] + 1] - start[order[j]] > start[order[j - 1] + 1] - start[order[j - 1]]; j--) {
            const int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    memset(used, 0, P5_SIZE / 8);
    for (int o = 0; o < P5_BUCKETS; o++) {
        const int b = order[o];
        for (int i = start[b]; i < start[b + 1]; i++) /* no two keys of the bucket on one slot */
            for (int j = start[b]; j < i; j++)
                if ((ys[member[i]] >> 9 & (P5_SIZE - 1)) == (ys[member[j]] >> 9 & (P5_SIZE - 1))) return 0;
        uint32_t d = 0;
        for (;; d++) {
            if (d == P5_SIZE) return 0;
            int i = start[b];
            for (; i < start[b + 1]; i++) {
                const uint32_t slot = (ys[member[i]] >> 9 & (P5_SIZE - 1)) ^ d;
                if (used[slot >> 3] >> (slot & 7) & 1) break;
            }
            if (i == start[b + 1]) break;
        }
        for (int i = start[b]; i < start[b + 1]; i++) {
            const uint32_t slot = (ys[member[i]] >> 9 & (P5_SIZE - 1)) ^ d;
            used[slot >> 3] |= (uint8_t)(1u << (slot & 7));
            p5_val[slot] = vals[member[i]];
        }
        p5_disp[b] = d;
    }
    return 1;
}

static int p5_build(void)
{
    static uint32_t keys[PE_D5_KEYS], ys[PE_D5_KEYS];
    static uint16_t vals[PE_D5_KEYS];
    static uint8_t used[P5_SIZE / 8];
    const int n = pe_d5_multisets(keys, vals);
    if (n != PE_D5_KEYS) return 0;
    for (uint32_t t = 0, mult = 0x9E3779B1u; t < 256; t++, mult += 0x1000u * 2 + 2) {
        for (int i = 0; i < n; i++) ys[i] = keys[i] * mult;
        memset(p5_val, 0, sizeof p5_val);
        if (p5_place(ys, vals, n, used)) {
            memcpy(p5_val + P5_SIZE, PE_FLUSH, sizeof PE_FLUSH);
            p5_mult = mult;
            return 1;
        }
    }
    return 0;
}

/* 1 once the 5-card hash is ready (the first caller builds it; callers meanwhile get 0). */
static int p5_ready(void) { return pe_build_once(&p5_state, p5_build); }

/* p5: 5-card rows through the 5-card hash (p5_ready() must have said yes). */
PE_AVX512_TARGET static PE_ALWAYS_INLINE size_t pe_avx_k(const uint8_t *cards, size_t rows, const int k,
                                                         const int p5, uint16_t *out)
{
    /* PE_FLUSH as an index off PE_HASH (uint16 units) for the one value gather; both tables are in
     * the same object file, so the distance is small, but it is checked */
    const intptr_t dist = (intptr_t)((uintptr_t)PE_FLUSH - (uintptr_t)PE_HASH) / 2;
    if (dist < -((intptr_t)1 << 30) || dist > ((intptr_t)1 << 30)) return 0;
    uint8_t tb[64] = {0};
    uint32_t rk[16] = {0};
    for (int c = 0; c < 52; c++) tb[c] = (uint8_t)(16 * (c & 3) + (c >> 2));
    for (int r = 0; r < 13; r++) rk[r] = (uint32_t)PE_CARD_KEY(4 * r);
    const __m512i TB = _mm512_loadu_si512((const void *)tb), RK = _mm512_loadu_si512((const void *)rk);
    __m512i idx[7];
    for (int j = 0; j < k; j++) {
        uint8_t b[64] = {0};
        for (int i = 0; i < 16; i++) b[4 * i] = (uint8_t)(i * k + j); /* card j of row i -> dword i */
        idx[j] = _mm512_loadu_si512((const void *)b);
    }
    const __m512i one = _mm512_set1_epi32(1), c32 = _mm512_set1_epi32(32), zero = _mm512_setzero_si512(),
                  c52b = _mm512_set1_epi8(52), five = _mm512_set1_epi16(5), vk = _mm512_set1_epi32(k),
                  mult = _mm512_set1_epi32((int)PE_HASH_MULT), kmask = _mm512_set1_epi32((int)PE_KEY_MASK),
                  m13 = _mm512_set1_epi32(0x1fff), vdist = _mm512_set1_epi32((int)dist);
    __m512i D0 = zero, D1 = zero, D2 = zero, D3 = zero, p5m = zero;
    if (p5) {
        D0 = _mm512_loadu_si512((const void *)p5_disp), D1 = _mm512_loadu_si512((const void *)(p5_disp + 16));
        D2 = _mm512_loadu_si512((const void *)(p5_disp + 32)), D3 = _mm512_loadu_si512((const void *)(p5_disp + 48));
        p5m = _mm512_set1_epi32((int)p5_mult);
    }
    const __mmask64 bytes0 = 0x1111111111111111ull; /* the low byte of every dword */
    const __mmask64 tail = 16 * k - 64 >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (16 * k - 64)) - 1);
    size_t r = 0;
    for (; r + 16 <= rows; r += 16) {
        const uint8_t *c = cards + r * (size_t)k;
        /* the rows of a few blocks ahead, into L1 only (NTA): streamed through L2 they would evict
         * the lookup tables (2x slower past ~1 MB of rows on Zen 5); a prefetch never faults */
        _mm_prefetch((const char *)((uintptr_t)c + PE_AVX_PREFETCH), _MM_HINT_NTA);
        _mm_prefetch((const char *)((uintptr_t)c + PE_AVX_PREFETCH + 64), _MM_HINT_NTA);
        __m512i lo = _mm512_loadu_si512((const void *)c);
        __m512i hi = _mm512_maskz_loadu_epi8(tail, (const void *)(c + 64));
        if (PE_UNLIKELY(_mm512_cmpge_epu8_mask(lo, c52b) | _mm512_cmpge_epu8_mask(hi, c52b))) break;
        lo = _mm512_permutexvar_epi8(lo, TB);
        hi = _mm512_permutexvar_epi8(hi, TB);
        __m512i rsum = zero, plo = zero, phi = zero;
        for (int j = 0; j < k; j++) {
            const __m512i b = _mm512_maskz_permutex2var_epi8(bytes0, lo, idx[j], hi);
            rsum = _mm512_add_epi32(rsum, _mm512_permutexvar_epi32(b, RK));
            plo = _mm512_or_si512(plo, _mm512_sllv_epi32(one, b));
            phi = _mm512_or_si512(phi, _mm512_sllv_epi32(one, _mm512_xor_si512(b, c32)));
        }
        const __m512i bits = _mm512_add_epi32(_mm512_popcnt_epi32(plo), _mm512_popcnt_epi32(phi));
        if (PE_UNLIKELY(_mm512_cmpneq_epi32_mask(bits, vk))) break;
        const __m512i f = _mm512_or_si512(
            _mm512_maskz_mov_epi16(_mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(plo), five), plo),
            _mm512_maskz_mov_epi16(_mm512_cmpge_epu16_mask(_mm512_popcnt_epi16(phi), five), phi));
        const __mmask16 fl = _mm512_test_epi32_mask(f, f);
        const __m512i fm = _mm512_ternarylogic_epi32(f, _mm512_srli_epi32(f, 16), m13, 0xA8); /* (A|B)&C */
        if (p5) { /* one gather: the value (low half of the 32-bit word at it; the table is padded) */
            const __m512i y = _mm512_mullo_epi32(rsum, p5m), bk = _mm512_srli_epi32(y, 26);
            const __m512i d = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(bk, c32),
                                                      _mm512_permutex2var_epi32(D0, bk, D1),
                                                      _mm512_permutex2var_epi32(D2, bk, D3));
            __m512i h = _mm512_xor_si512(_mm512_and_si512(_mm512_srli_epi32(y, 9), _mm512_set1_epi32(P5_SIZE - 1)), d);
            h = _mm512_mask_add_epi32(h, fl, fm, _mm512_set1_epi32(P5_SIZE));
            const __m512i v = _mm512_i32gather_epi32(h, (const void *)p5_val, 2);
            _mm256_storeu_si256((__m256i *)(void *)(out + r), _mm512_cvtepi32_epi16(v));
            continue;
        }
        const __m512i x = _mm512_and_si512(_mm512_mullo_epi32(rsum, mult), kmask);
        const __m512i disp = _mm512_i32gather_epi32(_mm512_srli_epi32(x, PE_ROW_SHIFT), (const void *)PE_DISP, 4);
        __m512i h = _mm512_mask_add_epi32(_mm512_add_epi32(x, disp), fl, fm, vdist);
        const __mmask16 nz = _mm512_cmpneq_epi32_mask(h, zero) | fl;
        h = _mm512_mask_sub_epi32(h, nz, h, one);
        __m512i v = _mm512_i32gather_epi32(h, (const void *)PE_HASH, 2); /* a flush row's: PE_FLUSH */
        v = _mm512_mask_srli_epi32(v, nz, v, 16);
        _mm256_storeu_si256((__m256i *)(void *)(out + r), _mm512_cvtepi32_epi16(v));
    }
    return r;
}

PE_AVX512_TARGET size_t pe_eval_avx512_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    if (k == 7) return pe_avx_k(cards, rows, 7, 0, out);
    if (k == 6) return pe_avx_k(cards, rows, 6, 0, out);
    if (k == 5) return p5_ready() ? pe_avx_k(cards, rows, 5, 1, out) : pe_avx_k(cards, rows, 5, 0, out);
    return 0;
}
#else
size_t pe_eval_avx512_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    (void)cards; (void)rows; (void)k; (void)out;
    return 0;
}
#endif
