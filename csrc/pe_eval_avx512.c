/* pe_eval_avx512.c - the 5-7-card batch on 16 rows at once with AVX-512 (F, BW, VL, VBMI, VPOPCNTDQ), chosen
 * at run time by pe_eval_batch (pe_compat.h: pe_have_avx512vbmi). Same keys and tables as the
 * scalar kernel (pe_eval_internal.h), so the same values:
 *   cards: 16 rows of k bytes (one full and one masked 64-byte load: nothing past the rows is read)
 *          and card j of every row by a two-source byte permute (vpermi2b);
 *   rank key sum: ranks through a 16-entry register table (vpermd), no gathers;
 *   suit counters: 1 << 4*suit (vpermd on the card's low bits) added to 0x3333, bit 3 of a counter
 *          = five of a suit (as scalar);
 *   validation: a byte >= 52 anywhere in the block (one compare per 64 bytes), or fewer than k
 *          distinct cards in a row (popcount of the OR of the one-hot bits, in two 32-bit halves:
 *          1 << c for c < 32, 1 << (c ^ 32) for 32 <= c < 52), stops the kernel before any lookup;
 *   lookup: the scalar hash (multiply, mask) then two gathers: the row displacement (uint32)
 *          and the value (uint16, read as the upper half of the 32-bit word ending at it, so no byte
 *          outside the table is read; index 0 as the lower half of the first word);
 *   flushes: the few flush rows of a block are evaluated by the scalar kernel.
 * pe_eval_avx512_rows returns how many leading rows (a multiple of 16) it evaluated; it stops at
 * the first block holding an invalid row, and the scalar batch does the rest (naming that row). */
#include "pe_compat.h"
#include "pe_eval_internal.h"
#include "pe_eval_avx512.h"

#if PE_HAVE_AVX512_KERNELS
#include <immintrin.h>

PE_AVX512_TARGET static PE_ALWAYS_INLINE size_t pe_avx_k(const uint8_t *cards, size_t rows, const int k,
                                                         uint16_t *out)
{
    uint32_t rk[16] = {0}, su[16];
    for (int r = 0; r < 13; r++) rk[r] = (uint32_t)PE_CARD_KEY(4 * r);
    for (int i = 0; i < 16; i++) su[i] = 1u << (4 * (i & 3)); /* by the card's low 4 bits */
    const __m512i RK = _mm512_loadu_si512((const void *)rk), SU = _mm512_loadu_si512((const void *)su);
    __m512i idx[7];
    for (int j = 0; j < k; j++) {
        uint8_t b[64] = {0};
        for (int i = 0; i < 16; i++) b[4 * i] = (uint8_t)(i * k + j); /* card j of row i -> dword i */
        idx[j] = _mm512_loadu_si512((const void *)b);
    }
    const __m512i one = _mm512_set1_epi32(1), c32 = _mm512_set1_epi32(32), zero = _mm512_setzero_si512(),
                  c52b = _mm512_set1_epi8(52);
    const __mmask64 bytes0 = 0x1111111111111111ull; /* the low byte of every dword */
    const __mmask64 tail = 16 * k - 64 >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (16 * k - 64)) - 1);
    size_t r = 0;
    for (; r + 16 <= rows; r += 16) {
        const uint8_t *c = cards + r * (size_t)k;
        const __m512i lo = _mm512_loadu_si512((const void *)c);
        const __m512i hi = _mm512_maskz_loadu_epi8(tail, (const void *)(c + 64));
        /* every byte of the block < 52 (the masked tail bytes are 0), else the scalar batch takes over */
        if (PE_UNLIKELY(_mm512_cmpge_epu8_mask(lo, c52b) | _mm512_cmpge_epu8_mask(hi, c52b))) break;
        __m512i rsum = zero, ssum = _mm512_set1_epi32(0x3333), olo = zero, ohi = zero;
        for (int j = 0; j < k; j++) {
            const __m512i cj = _mm512_maskz_permutex2var_epi8(bytes0, lo, idx[j], hi);
            rsum = _mm512_add_epi32(rsum, _mm512_permutexvar_epi32(_mm512_srli_epi32(cj, 2), RK));
            ssum = _mm512_add_epi32(ssum, _mm512_permutexvar_epi32(cj, SU));
            olo = _mm512_or_si512(olo, _mm512_sllv_epi32(one, cj));                        /* 0 for >= 32 */
            ohi = _mm512_or_si512(ohi, _mm512_sllv_epi32(one, _mm512_xor_si512(cj, c32))); /* c - 32, or >= 32 */
        }
        /* valid: k distinct cards (the OR of the one-hot bits has k bits) */
        const __m512i bits = _mm512_add_epi32(_mm512_popcnt_epi32(olo), _mm512_popcnt_epi32(ohi));
        if (PE_UNLIKELY(_mm512_cmpneq_epi32_mask(bits, _mm512_set1_epi32(k)))) break; /* scalar names the row */
        const __m512i x = _mm512_and_si512(_mm512_mullo_epi32(rsum, _mm512_set1_epi32((int)PE_HASH_MULT)),
                                           _mm512_set1_epi32((int)PE_KEY_MASK));
        const __m512i disp = _mm512_i32gather_epi32(_mm512_srli_epi32(x, PE_ROW_SHIFT), (const void *)PE_DISP, 4);
        const __m512i h = _mm512_add_epi32(x, disp); /* PE_DISP holds the row base */
        const __mmask16 nz = _mm512_cmpneq_epi32_mask(h, zero);
        const __m512i hm1 = _mm512_mask_sub_epi32(h, nz, h, one);
        __m512i v = _mm512_i32gather_epi32(hm1, (const void *)PE_HASH, 2);
        v = _mm512_mask_srli_epi32(v, nz, v, 16);
        _mm256_storeu_si256((__m256i *)(void *)(out + r), _mm512_cvtepi32_epi16(v));
        for (unsigned fl = _mm512_test_epi32_mask(ssum, _mm512_set1_epi32(0x8888)); fl; fl &= fl - 1) {
            const int j = pe_ctz32(fl);
            out[r + (size_t)j] = pe_eval_unchecked(c + (size_t)j * (size_t)k, k);
        }
    }
    return r;
}

PE_AVX512_TARGET size_t pe_eval_avx512_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    if (k == 7) return pe_avx_k(cards, rows, 7, out);
    if (k == 6) return pe_avx_k(cards, rows, 6, out);
    if (k == 5) return pe_avx_k(cards, rows, 5, out);
    return 0;
}
#else
size_t pe_eval_avx512_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    (void)cards; (void)rows; (void)k; (void)out;
    return 0;
}
#endif
