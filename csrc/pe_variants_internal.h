/* pe_variants_internal.h - unchecked kernels shared by pe_low.c, pe_omaha.c and pe_badugi.c.
 * Callers guarantee valid, distinct cards 0..51 (pe_var_check does that). */
#ifndef PE_VARIANTS_INTERNAL_H
#define PE_VARIANTS_INTERNAL_H

#include <stdint.h>
#include "pe_eval.h"
#include "pe_eval_internal.h"
#include "pe_variants_tables.h"

/* PE_OK, PE_ERR_CARD or PE_ERR_DUP for n cards; *seen accumulates one-hot bits across calls. */
static inline int pe_var_check(const uint8_t *c, int n, uint64_t *seen)
{
    uint64_t any = *seen, sum = *seen;
    for (int i = 0; i < n; i++) {
        if (c[i] >= 52) return PE_ERR_CARD;
        const uint64_t bit = (uint64_t)1 << c[i];
        sum += bit;
        any |= bit;
    }
    *seen = any;
    return sum != any ? PE_ERR_DUP : PE_OK;
}

/* Nonzero when m has at least two (three) bits set; no popcount instruction needed. */
static inline uint32_t pe_var_ge2(uint32_t m) { return m & (m - 1); }
static inline uint32_t pe_var_ge3(uint32_t m) { m &= m - 1; return m & (m - 1); }

/* Non-flush value (1..7462) of a rank-key sum of five ranks (see pe_eval_internal.h). */
static inline uint16_t pe_var_rank_value(uint32_t key)
{
    const uint32_t x = (key * PE_HASH_MULT) & PE_KEY_MASK; /* PE_DISP holds the row base */
    return PE_HASH[x + PE_DISP[x >> PE_ROW_SHIFT]];
}

/* Ace-to-five low of five cards from their key sum (pe_eval_internal.h: the low 32 bits are the rank
 * keys; suits are ignored): the non-flush value identifies the rank multiset. */
static inline uint16_t pe_low_a5_key(uint64_t key) { return PE_LOW_A5_OF_HIGH[pe_var_rank_value((uint32_t)key)]; }

/* Fewer than five distinct ranks among n (6, 7) cards: keep every distinct rank once plus the fewest,
 * lowest duplicates (pairs before trips), i.e. drop the last n - 5 duplicate copies in the order
 * (copy level descending, then the worst rank first) from the key sum of all n cards. Branch-free. */
static inline uint32_t pe_low_top(uint32_t m) { return 31u - (uint32_t)pe_clz32(m | 1u); }
static inline uint16_t pe_low_a5_dups(const uint8_t *c, int n, uint64_t key)
{
    uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    for (int i = 0; i < n; i++) {
        const uint32_t b = PE_LOW_BIT[c[i]];
        m4 |= m3 & b;
        m3 |= m2 & b;
        m2 |= m1 & b;
        m1 |= b;
    }
    /* the highest copy level present, and the one below it */
    const uint32_t top = m4 ? m4 : m3 ? m3 : m2, below = m4 ? m3 : m3 ? m2 : 0;
    const uint32_t r1 = pe_low_top(top);
    uint32_t k = (uint32_t)key - PE_LOW_RANK_KEY[r1];
    if (n == 7) {
        const uint32_t rest = top & ~(1u << r1);
        k -= PE_LOW_RANK_KEY[pe_low_top(rest ? rest : below)];
    }
    return pe_low_a5_key(k);
}

/* Ace-to-five low of n (5..7) cards whose key sum (pe_eval_internal.h) is `key`: the five lowest
 * distinct ranks when there are five (one lookup by the distinct-rank mask); else the duplicates
 * decide. */
static inline uint16_t pe_low_a5_nk(const uint8_t *c, int n, uint64_t key)
{
    if (n == 5) return pe_low_a5_key(key);
    uint32_t m1 = 0;
    for (int i = 0; i < n; i++) m1 |= PE_LOW_BIT[c[i]];
    const uint16_t v = PE_LOW_A5_MASK[m1]; /* nonzero exactly when there are five distinct ranks */
    return PE_LIKELY(v != 0) ? v : pe_low_a5_dups(c, n, key);
}

/* The distinct-rank part alone: 0 when fewer than five distinct ranks (then pe_low_a5_dups). */
static inline uint16_t pe_low_a5_mask(const uint8_t *c, int n)
{
    uint32_t m1 = 0;
    for (int i = 0; i < n; i++) m1 |= PE_LOW_BIT[c[i]];
    return PE_LOW_A5_MASK[m1];
}

static inline uint16_t pe_low_a5_n(const uint8_t *c, int n)
{
    uint64_t key = 0;
    for (int i = 0; i < n; i++) key += PE_CARD_KEY(c[i]);
    return pe_low_a5_nk(c, n, key);
}

/* The eight-or-better qualifier, without a branch (half of all hands qualify). */
static inline uint16_t pe_low_qualify8(uint16_t v) { return (uint16_t)(v & -(uint16_t)(v >= PE_LOW_A5_8_MIN_)); }

static inline uint16_t pe_low_a5_8_n(const uint8_t *c, int n) { return pe_low_qualify8(pe_low_a5_n(c, n)); }

static inline uint16_t pe_low_27_5(const uint8_t *c)
{
    return PE_LOW_27_OF_HIGH[pe_eval_unchecked(c, 5)];
}

/* Badugi of four distinct cards given as their one-hot card mask (the validation's bit sum): the
 * set bits, lowest first, are the cards sorted; one lookup by the colex index of their rank multiset
 * and which of them share a suit (one of the 15 set partitions). */
#define PE_BADUGI_MULTISETS 1820 /* multisets of four ranks out of 13: C(16, 4) */
static inline uint16_t pe_badugi_bits(uint64_t m)
{
    const uint32_t a = (uint32_t)pe_ctz64(m);
    m &= m - 1;
    const uint32_t b = (uint32_t)pe_ctz64(m);
    m &= m - 1;
    const uint32_t x = (uint32_t)pe_ctz64(m);
    m &= m - 1;
    const uint32_t y = (uint32_t)pe_ctz64(m);
    const uint32_t ms = PE_BADUGI_MS[a >> 2] + PE_BADUGI_MS[13 + (b >> 2)] + PE_BADUGI_MS[26 + (x >> 2)] +
                        PE_BADUGI_MS[39 + (y >> 2)];
    const uint32_t part = PE_BADUGI_PART[(a & 3) | (b & 3) << 2 | (x & 3) << 4 | (y & 3) << 6];
    return PE_BADUGI_SORTED[part * PE_BADUGI_MULTISETS + ms];
}

static inline uint16_t pe_badugi_4(const uint8_t *c)
{
    return pe_badugi_bits((uint64_t)1 << c[0] | (uint64_t)1 << c[1] | (uint64_t)1 << c[2] | (uint64_t)1 << c[3]);
}

static inline uint16_t pe_omaha_flush_k(const uint8_t *h, int nh, const uint8_t *b, int nb, uint16_t best);

static inline uint16_t pe_omaha_high_k(const uint8_t *h, int nh, const uint8_t *b, int nb)
{
    uint32_t pairs[15], triples[10] = {0};
    int np = 0, nt = 0;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++) pairs[np++] = PE_OMAHA_PIDX[(h[i] >> 2) * 13 + (h[j] >> 2)];
    for (int i = 0; i < nb; i++)
        for (int j = i + 1; j < nb; j++)
            for (int k = j + 1; k < nb; k++)
                triples[nt++] = PE_OMAHA_TIDX[((b[i] >> 2) * 13 + (b[j] >> 2)) * 13 + (b[k] >> 2)];
    uint16_t best = 0;
    for (int p = 0; p < np; p++) {
        const uint16_t *row = PE_OMAHA_NF + pairs[p];
        for (int t = 0; t < nt; t++) {
            const uint16_t v = row[triples[t]];
            best = v > best ? v : best;
        }
    }
    return pe_omaha_flush_k(h, nh, b, nb, best);
}

/* Omaha with a five-card board through the caller's pe_omaha_tables (pe_omaha.h): the board's rank
 * multiset gets a dense index (sorting network, then its combination-with-replacement rank), and
 * one lookup per hole pair gives the best non-flush hand of that pair with any three board cards. */
#define PE_OMAHA_BOARDS 6188 /* multisets of five ranks out of 13: C(17, 5) */
static const uint16_t PE_OMAHA_BINOM[17][6] = {
    {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0}, {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0},
    {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6}, {1, 7, 21, 35, 35, 21}, {1, 8, 28, 56, 70, 56},
    {1, 9, 36, 84, 126, 126}, {1, 10, 45, 120, 210, 252}, {1, 11, 55, 165, 330, 462},
    {1, 12, 66, 220, 495, 792}, {1, 13, 78, 286, 715, 1287}, {1, 14, 91, 364, 1001, 2002},
    {1, 15, 105, 455, 1365, 3003}, {1, 16, 120, 560, 1820, 4368}};
#define PE_CSWAP(a, b) do { const uint32_t lo_ = a < b ? a : b, hi_ = a < b ? b : a; a = lo_; b = hi_; } while (0)
static inline uint32_t pe_omaha_board_index(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3, uint32_t r4)
{
    PE_CSWAP(r0, r1); PE_CSWAP(r3, r4); PE_CSWAP(r2, r4); PE_CSWAP(r2, r3); PE_CSWAP(r0, r3);
    PE_CSWAP(r0, r2); PE_CSWAP(r1, r4); PE_CSWAP(r1, r3); PE_CSWAP(r1, r2);
    return PE_OMAHA_BINOM[r0][1] + PE_OMAHA_BINOM[r1 + 1][2] + PE_OMAHA_BINOM[r2 + 2][3] +
           PE_OMAHA_BINOM[r3 + 3][4] + PE_OMAHA_BINOM[r4 + 4][5];
}

/* Best flush of suit s: two of the hole cards of s with three of the board cards of s. */
static inline uint16_t pe_omaha_flush_suit(const uint8_t *h, int nh, const uint8_t *b, int nb, unsigned s, uint16_t best)
{
    uint32_t hm = 0, bm = 0;
    for (int i = 0; i < nh; i++) hm |= (uint32_t)((h[i] & 3u) == s) << (h[i] >> 2);
    for (int i = 0; i < nb; i++) bm |= (uint32_t)((b[i] & 3u) == s) << (b[i] >> 2);
    uint32_t hr[6], br[5];
    int nhr = 0, nbr = 0;
    for (uint32_t m = hm; m; m &= m - 1) hr[nhr++] = m & -m;
    for (uint32_t m = bm; m; m &= m - 1) br[nbr++] = m & -m;
    for (int i = 0; i < nhr; i++)
        for (int j = i + 1; j < nhr; j++)
            for (int x = 0; x < nbr; x++)
                for (int y = x + 1; y < nbr; y++)
                    for (int z = y + 1; z < nbr; z++) {
                        const uint16_t v = PE_FLUSH[hr[i] | hr[j] | br[x] | br[y] | br[z]];
                        best = v > best ? v : best;
                    }
    return best;
}

/* Suit counters of the key sums (pe_eval_internal.h): hole counters start at 6, so bit 3 is set at
 * two hole cards of a suit; board counters at 5, set at three board cards. A flush is possible
 * exactly in a suit with both (at most one suit has three of five board cards). */
#define PE_OMAHA_HOLE_INIT ((uint64_t)0x6666u << 32)
#define PE_OMAHA_BOARD_INIT ((uint64_t)0x5555u << 32)
static inline uint32_t pe_omaha_flush_bits(uint64_t hkey, uint64_t bkey)
{
    return (uint32_t)(hkey >> 32) & (uint32_t)(bkey >> 32) & PE_FLUSH_BITS;
}

static inline uint16_t pe_omaha_flush_k(const uint8_t *h, int nh, const uint8_t *b, int nb, uint16_t best)
{
    uint64_t hk = PE_OMAHA_HOLE_INIT, bk = PE_OMAHA_BOARD_INIT;
    for (int i = 0; i < nh; i++) hk += PE_CARD_KEY(h[i]);
    for (int i = 0; i < nb; i++) bk += PE_CARD_KEY(b[i]);
    const uint32_t f = pe_omaha_flush_bits(hk, bk);
    return f ? pe_omaha_flush_suit(h, nh, b, nb, (unsigned)pe_ctz32(f) >> 2, best) : best;
}

/* Omaha with a five-card board from the key sums of the hole (init PE_OMAHA_HOLE_INIT) and board
 * (PE_OMAHA_BOARD_INIT) cards: the board's rank-key sum names its rank multiset (the non-flush hash,
 * then PE_OMAHA_BOARD_OF_HIGH), whose row of the caller's table holds, per hole-rank pair, the best
 * non-flush hand with any three of the board: one lookup per hole pair, all within 182 bytes. */
static inline uint16_t pe_omaha_pairs(const uint16_t *row, const uint8_t *h, int nh)
{
    uint32_t r[6];
    for (int i = 0; i < nh; i++) r[i] = (uint32_t)(h[i] >> 2) * 13u;
    uint16_t best = 0;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++) {
            const uint16_t v = row[PE_OMAHA_PIDX2[r[i] + (h[j] >> 2)]];
            best = v > best ? v : best;
        }
    return best;
}

static inline uint16_t pe_omaha_nonflush5(const uint16_t *nf2, const uint8_t *h, int nh, uint64_t bkey)
{
    return pe_omaha_pairs(nf2 + 91u * PE_OMAHA_BOARD_OF_HIGH[pe_var_rank_value((uint32_t)bkey)], h, nh);
}

static inline uint16_t pe_omaha_high5_keys(const uint16_t *nf2, const uint8_t *h, int nh, const uint8_t *b,
                                           uint64_t hkey, uint64_t bkey)
{
    uint16_t best = pe_omaha_nonflush5(nf2, h, nh, bkey);
    const uint32_t f = pe_omaha_flush_bits(hkey, bkey);
    if (PE_UNLIKELY(f != 0)) best = pe_omaha_flush_suit(h, nh, b, 5, (unsigned)pe_ctz32(f) >> 2, best);
    return best;
}

static inline uint16_t pe_omaha_high5(const uint16_t *nf2, const uint8_t *h, int nh, const uint8_t *b)
{
    uint64_t hk = PE_OMAHA_HOLE_INIT, bk = PE_OMAHA_BOARD_INIT;
    for (int i = 0; i < nh; i++) hk += PE_CARD_KEY(h[i]);
    for (int i = 0; i < 5; i++) bk += PE_CARD_KEY(b[i]);
    return pe_omaha_high5_keys(nf2, h, nh, b, hk, bk);
}

/* Best eight-or-better low: two distinct low hole ranks and the three lowest remaining board ranks. */
static inline uint16_t pe_omaha_low8_k(const uint8_t *h, int nh, const uint8_t *b, int nb)
{
    uint32_t bm = 0, hm = 0;
    for (int i = 0; i < nb; i++) bm |= PE_LOW_BIT[b[i]];
    for (int i = 0; i < nh; i++) hm |= PE_LOW_BIT[h[i]];
    bm &= 0xFFu;
    hm &= 0xFFu;
    if (!pe_var_ge3(bm) || !pe_var_ge2(hm)) return 0;
    uint16_t best = 0;
    for (uint32_t a = hm; a; a &= a - 1) {
        const uint32_t ba = a & -a;
        for (uint32_t c = a & (a - 1); c; c &= c - 1) {
            const uint32_t pair = ba | (c & -c);
            uint32_t rest = bm & ~pair;
            if (!pe_var_ge3(rest)) continue;
            uint32_t m = pair;
            for (int k = 0; k < 3; k++) {
                m |= rest & -rest;
                rest &= rest - 1;
            }
            const uint16_t v = PE_LOW_A5_MASK[m];
            best = v > best ? v : best;
        }
    }
    return best;
}

#endif
