/* pe_eval_avx2.c - the 5-7-card batch on 16 rows at once with AVX2 (Haswell, Zen 1 and later: most
 * x86-64 CPUs without AVX-512), chosen at run time by pe_eval_batch_max (pe_compat.h: pe_have_avx2).
 * The scalar kernel spends three instructions a card (byte load, shift, 16-byte table add) and
 * about twenty a row besides; here the card work is done by byte shuffles on 32 cards at once:
 *   cards: the 16 rows' first 8 bytes (row i in 128-bit lane 0, row i + 8 in lane 1; bytes past a
 *          row's k-th are ignored) and an 8x8 byte transpose in each lane (12 unpacks), so that a
 *          register holds cards 2v and 2v + 1 of all 16 rows;
 *   rank keys: the same RANK_KEYS sums as the scalar kernel, as three byte planes (bits 0-7, 8-15,
 *          16-21) looked up by pshufb on rank = card >> 2 and summed in 16-bit lanes (7 * 255 fits);
 *   suit counters: two pshufb planes of 4-bit counters (clubs, diamonds | hearts, spades) summed in
 *          bytes (at most 7 a counter); a counter plus 3 reaching 8 is five of a suit, as in scalar;
 *   validation: a byte >= 52 (saturating subtract) or two equal cards of a row (byte compares of
 *          the card registers against each other and their halves swapped: 3, 10 or 15 compares
 *          for k = 5, 6, 7) stops the kernel before any lookup; the scalar batch names the row;
 *   lookup: the key sum is hashed as in scalar (multiply, mask) in vector registers, then the two
 *          dependent table reads run row after row in scalar code (16 in flight), no gathers;
 *   flushes: the few flush rows of a block are evaluated by the scalar kernel afterwards.
 * Same keys and tables as pe_eval_internal.h, so the same values; tests/test_batch_kernels.py and
 * the exhaustive -m slow test compare every kernel. */
#include "pe_compat.h"
#include "pe_eval_internal.h"
#include "pe_eval_avx2.h"
#include <string.h>

#if PE_GNUC && defined(__x86_64__)
#include <immintrin.h>
#define PE_AVX2_PREFETCH 1024 /* bytes of rows ahead, as the AVX-512 kernel */
#define PE_AVX2_TARGET __attribute__((target("avx2")))

/* 5-card rows read the L1-resident 5-card hash of pe_eval_internal.h (pe_d5_*, shared with the
 * portable kernel) in place of PE_DISP (32 KB) and PE_HASH (164 KB), read from L2 for most 5-card
 * rows: the two dependent L2 reads were most of a 5-card row's time (decision 031). */

/* A 16-byte table in both 128-bit lanes, for pshufb. */
PE_AVX2_TARGET static PE_ALWAYS_INLINE __m256i pe_lanes(const uint8_t t[16])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
}

/* The lookups of a block, second stage: values by index, then the block's flush rows. */
static PE_ALWAYS_INLINE void pe_avx2_finish(const uint8_t *cards, size_t r, const int k, const uint16_t *tab,
                                            const uint32_t idx[16], unsigned flush, uint16_t *out)
{
    for (int j = 0; j < 16; j++) out[r + (size_t)j] = tab[idx[j]];
    for (unsigned f = flush; f; f &= f - 1) {
        const int j = pe_ctz32(f);
        out[r + (size_t)j] = pe_eval_unchecked(cards + (r + (size_t)j) * (size_t)k, k);
    }
}

/* p5: 5-card rows through the shared 5-card hash (pe_d5_ready() said yes). */
PE_AVX2_TARGET static PE_ALWAYS_INLINE size_t pe_avx2_k(const uint8_t *cards, size_t rows, const int k,
                                                       const int p5, uint16_t *out)
{
    uint8_t p0[16] = {0}, p1[16] = {0}, p2[16] = {0}, sa[16] = {0}, sb[16] = {0};
    for (int r = 0; r < 13; r++) {
        const uint32_t key = (uint32_t)PE_CARD_KEY(4 * r); /* the rank key: the low 32 bits */
        p0[r] = (uint8_t)key;
        p1[r] = (uint8_t)(key >> 8);
        p2[r] = (uint8_t)(key >> 16);
    }
    sa[0] = 1; sa[1] = 16; sb[2] = 1; sb[3] = 16; /* suits 0, 1 | 2, 3: 4-bit counters in a byte */
    const __m256i P0 = pe_lanes(p0), P1 = pe_lanes(p1), P2 = pe_lanes(p2), SA = pe_lanes(sa), SB = pe_lanes(sb);
    const __m256i zero = _mm256_setzero_si256(), m3f = _mm256_set1_epi8(0x3f), m3 = _mm256_set1_epi8(3),
                  c51 = _mm256_set1_epi8(51), c33 = _mm256_set1_epi8(0x33), c88 = _mm256_set1_epi8((char)0x88);
    /* the halves of each lane: card 2v (bytes 0-7) and card 2v + 1 (bytes 8-15) */
    const __m256i LO = _mm256_set1_epi64x(-1), HI = _mm256_set_epi64x(-1, 0, -1, 0);
    const __m256i LOONLY = _mm256_set_epi64x(0, -1, 0, -1);
    const int nv = (k + 1) / 2, odd = k & 1; /* with odd k the last register's upper half is not a card */
    const __m256i garbage = _mm256_and_si256(HI, _mm256_set1_epi8((char)0x80)); /* pshufb index -> 0 */
    (void)LO;
    const __m256i mult = _mm256_set1_epi32((int)(p5 ? pe_d5_mult : PE_HASH_MULT)),
                  mask = _mm256_set1_epi32((int)PE_KEY_MASK);
    const uint16_t *const tab = p5 ? pe_d5_val : PE_HASH;
    /* Software pipeline: a block's first lookups (displacements) are issued after its vector work,
     * its values after the next block's vector work, so neither waits on the other's loads. */
    uint32_t idx[16];
    unsigned pflush = 0;
    size_t r = 0, pending = 0; /* pending: a block at r - 16 waits for its values */
    for (; (r + 15) * (size_t)k + 16 <= rows * (size_t)k; r += 16) {
        const uint8_t *c = cards + r * (size_t)k;
        _mm_prefetch((const char *)((uintptr_t)c + PE_AVX2_PREFETCH), _MM_HINT_NTA); /* rows into L1 only */
        _mm_prefetch((const char *)((uintptr_t)c + PE_AVX2_PREFETCH + 64), _MM_HINT_NTA);
        __m256i w[8];
        for (int i = 0; i < 8; i++)
            w[i] = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(c + (size_t)i * (size_t)k))),
                _mm_loadu_si128((const __m128i *)(const void *)(c + (size_t)(i + 8) * (size_t)k)), 1);
        const __m256i t0 = _mm256_unpacklo_epi8(w[0], w[1]), t1 = _mm256_unpacklo_epi8(w[2], w[3]),
                      t2 = _mm256_unpacklo_epi8(w[4], w[5]), t3 = _mm256_unpacklo_epi8(w[6], w[7]);
        const __m256i u0 = _mm256_unpacklo_epi16(t0, t1), u1 = _mm256_unpackhi_epi16(t0, t1),
                      u2 = _mm256_unpacklo_epi16(t2, t3), u3 = _mm256_unpackhi_epi16(t2, t3);
        __m256i v[4];
        v[0] = _mm256_unpacklo_epi32(u0, u2); /* cards 0 | 1 of rows 0-7 (lane 0), 8-15 (lane 1) */
        v[1] = _mm256_unpackhi_epi32(u0, u2); /* cards 2 | 3 */
        v[2] = _mm256_unpacklo_epi32(u1, u3); /* cards 4 | 5 */
        v[3] = _mm256_unpackhi_epi32(u1, u3); /* cards 6 | 7 */
        if (odd) v[nv - 1] = _mm256_and_si256(v[nv - 1], LOONLY); /* the non-card half: 0 */
        __m256i bad = zero, a0 = zero, a1 = zero, a2 = zero, s0 = zero, s1 = zero, sw[4];
        for (int i = 0; i < nv; i++) {
            bad = _mm256_or_si256(bad, _mm256_subs_epu8(v[i], c51)); /* any byte >= 52 */
            sw[i] = _mm256_shuffle_epi32(v[i], 0x4e);                /* halves swapped */
            __m256i rk = _mm256_and_si256(_mm256_srli_epi16(v[i], 2), m3f);
            __m256i su = _mm256_and_si256(v[i], m3);
            if (odd && i == nv - 1) {
                rk = _mm256_or_si256(rk, garbage);
                su = _mm256_or_si256(su, garbage);
            }
            const __m256i b0 = _mm256_shuffle_epi8(P0, rk), b1 = _mm256_shuffle_epi8(P1, rk),
                          b2 = _mm256_shuffle_epi8(P2, rk);
            a0 = _mm256_add_epi16(a0, _mm256_add_epi16(_mm256_unpacklo_epi8(b0, zero), _mm256_unpackhi_epi8(b0, zero)));
            a1 = _mm256_add_epi16(a1, _mm256_add_epi16(_mm256_unpacklo_epi8(b1, zero), _mm256_unpackhi_epi8(b1, zero)));
            a2 = _mm256_add_epi16(a2, _mm256_add_epi16(_mm256_unpacklo_epi8(b2, zero), _mm256_unpackhi_epi8(b2, zero)));
            s0 = _mm256_add_epi8(s0, _mm256_shuffle_epi8(SA, su));
            s1 = _mm256_add_epi8(s1, _mm256_shuffle_epi8(SB, su));
        }
        /* repeats: every pair of card positions of a row, once */
        __m256i dup = zero;
        for (int a = 0; a < nv; a++) {
            const int apart = odd && a == nv - 1;
            if (!apart) dup = _mm256_or_si256(dup, _mm256_cmpeq_epi8(v[a], sw[a])); /* 2a vs 2a + 1 */
            for (int b = a + 1; b < nv; b++) {
                const __m256i same = _mm256_cmpeq_epi8(v[a], v[b]), cross = _mm256_cmpeq_epi8(v[a], sw[b]);
                if (odd && b == nv - 1) { /* card 2b + 1 is not there */
                    dup = _mm256_or_si256(dup, _mm256_and_si256(same, LOONLY));
                    dup = _mm256_or_si256(dup, _mm256_and_si256(cross, HI));
                } else {
                    dup = _mm256_or_si256(dup, _mm256_or_si256(same, cross));
                }
            }
        }
        if (PE_UNLIKELY(!_mm256_testz_si256(_mm256_or_si256(bad, dup), _mm256_or_si256(bad, dup)))) break;
        /* flushes: per-row counters (the two halves added), + 3 reaching 8 */
        const __m256i st0 = _mm256_add_epi8(s0, _mm256_shuffle_epi32(s0, 0x4e)),
                      st1 = _mm256_add_epi8(s1, _mm256_shuffle_epi32(s1, 0x4e));
        const __m256i fl = _mm256_or_si256(_mm256_and_si256(_mm256_add_epi8(st0, c33), c88),
                                           _mm256_and_si256(_mm256_add_epi8(st1, c33), c88));
        const uint32_t nf = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(fl, zero));
        const unsigned flush = (nf & 0xffu) | ((nf >> 8) & 0xff00u); /* bit j: row r + j */
        /* keys: rows 0-7 from lane 0, rows 8-15 from lane 1; hashed (general: multiply, mask; 5-card:
         * multiply, then y >> 9, whose bits 13 and up are the bucket y >> 22) */
        uint32_t xs[16];
        for (int h = 0; h < 2; h++) {
            const __m128i w0 = h ? _mm256_extracti128_si256(a0, 1) : _mm256_castsi256_si128(a0);
            const __m128i w1 = h ? _mm256_extracti128_si256(a1, 1) : _mm256_castsi256_si128(a1);
            const __m128i w2 = h ? _mm256_extracti128_si256(a2, 1) : _mm256_castsi256_si128(a2);
            const __m256i key = _mm256_add_epi32(
                _mm256_cvtepu16_epi32(w0),
                _mm256_add_epi32(_mm256_slli_epi32(_mm256_cvtepu16_epi32(w1), 8),
                                 _mm256_slli_epi32(_mm256_cvtepu16_epi32(w2), 16)));
            const __m256i y = _mm256_mullo_epi32(key, mult);
            const __m256i x = p5 ? _mm256_srli_epi32(y, 9) : _mm256_and_si256(y, mask);
            _mm256_storeu_si256((__m256i *)(void *)(xs + 8 * h), x);
        }
        if (pending) pe_avx2_finish(cards, r - 16, k, tab, idx, pflush, out);
        for (int j = 0; j < 16; j++)
            idx[j] = p5 ? xs[j] ^ pe_d5_disp[xs[j] >> 13] : xs[j] + PE_DISP[xs[j] >> PE_ROW_SHIFT];
        pflush = flush;
        pending = 1;
    }
    if (pending) pe_avx2_finish(cards, r - 16, k, tab, idx, pflush, out);
    return r;
}

PE_AVX2_TARGET size_t pe_eval_avx2_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    if (k == 7) return pe_avx2_k(cards, rows, 7, 0, out);
    if (k == 6) return pe_avx2_k(cards, rows, 6, 0, out);
    if (k == 5) return pe_d5_ready() ? pe_avx2_k(cards, rows, 5, 1, out) : pe_avx2_k(cards, rows, 5, 0, out);
    return 0;
}
#else
size_t pe_eval_avx2_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    (void)cards; (void)rows; (void)k; (void)out;
    return 0;
}
#endif
