/* pe_eval_internal.h - the unchecked evaluation kernel, shared by the C components
 * (evaluator, shoe, simulations). Callers guarantee 5..7 distinct cards in 0..51. */
#ifndef PE_EVAL_INTERNAL_H
#define PE_EVAL_INTERNAL_H

#include <stdint.h>
#include "pe_compat.h"
#include "pe_eval_tables.h"

/* Each suit counter starts at 3, so a counter reaches 8 (bit 3) exactly at five cards. */
#define PE_SUIT_INIT ((uint64_t)0x3333u << 32)
#define PE_FLUSH_BITS 0x8888u

static inline uint16_t pe_lookup(uint64_t key, const uint8_t *c, int n)
{
    if (PE_UNLIKELY((key & ((uint64_t)PE_FLUSH_BITS << 32)) != 0)) { /* one test, no shift */
        const unsigned suit = (unsigned)pe_ctz32((uint32_t)(key >> 32) & PE_FLUSH_BITS) >> 2;
        unsigned mask = 0;
        for (int i = 0; i < n; i++) mask |= (unsigned)((c[i] & 3u) == suit) << (c[i] >> 2);
        return PE_FLUSH[mask];
    }
    const uint32_t x = ((uint32_t)key * PE_HASH_MULT) & PE_KEY_MASK; /* PE_DISP holds the row base */
    return PE_HASH[x + PE_DISP[x >> PE_ROW_SHIFT]];
}

static inline uint16_t pe_eval_unchecked(const uint8_t *c, int n)
{
    uint64_t key = PE_SUIT_INIT;
    for (int i = 0; i < n; i++) key += PE_CARD_KEY(c[i]);
    return pe_lookup(key, c, n);
}

/* Fused batch validation (see pe_eval.c): PE_CARD_KEYBIT pairs each byte's card key with its
 * one-hot bit (poison bit 63 for bytes 52..255); a row of k cards is valid exactly when the sum of
 * the bits has k bits set and no poison bit, or, without a popcount instruction, when the sum equals
 * the OR. Shared by every batch kernel (pe_eval.c, pe_low.c, pe_omaha.c, pe_badugi.c). */
#if defined(PE_HAVE_VECTOR_EXT)
#define PE_HAVE_V2 1
typedef uint64_t pe_v2 __attribute__((vector_size(16)));

/* Adds the k cards' PE_CARD_KEYBIT rows to *sum (and their bits to *any when !pc). */
static PE_ALWAYS_INLINE void pe_row_add(const uint8_t *c, int k, pe_v2 *sum, pe_v2 *any, const int pc)
{
    const pe_v2 *t = (const pe_v2 *)PE_CARD_KEYBIT;
    for (int i = 0; i < k; i++) {
        *sum += t[c[i]];
        if (!pc) *any |= t[c[i]];
    }
}

/* Nonzero when the bit sum of k cards is a valid row; pc: a popcount instruction is in use. */
static PE_ALWAYS_INLINE int pe_row_bits_ok(uint64_t bits, uint64_t any, int k, const int pc)
{
    return pc ? (pe_popcount64(bits) == k) & !(bits >> 63) : (bits == any) & !(any >> 63);
}
#endif

static inline uint16_t pe_eval_unchecked7(const uint8_t *c)
{
    const uint64_t key = PE_SUIT_INIT + PE_CARD_KEY(c[0]) + PE_CARD_KEY(c[1]) + PE_CARD_KEY(c[2]) +
                         PE_CARD_KEY(c[3]) + PE_CARD_KEY(c[4]) + PE_CARD_KEY(c[5]) + PE_CARD_KEY(c[6]);
    return pe_lookup(key, c, 7);
}

/* The value of a non-flush hand from its scrambled key x = (rank sum * PE_HASH_MULT) & PE_KEY_MASK
 * (the SIMD batch kernels compute x in vector registers). */
static PE_ALWAYS_INLINE uint16_t pe_hash_value(uint32_t x)
{
    return PE_HASH[x + PE_DISP[x >> PE_ROW_SHIFT]];
}

/* The 5-card hash of the batch kernels (pe_eval.c; decisions 030, 031): the 6,175 five-card rank
 * multisets by their 32-bit rank-key sums, y = key * pe_d5_mult, slot (y >> 9) ^ pe_d5_disp[y >> 22]
 * (each displacement word carries bucket << 13, so the slot needs no mask). pe_d5_ready() builds the
 * tables on first use (thread-safe: one caller builds, callers meanwhile get 0) and says 1 once they
 * can be read. */
#define PE_D5_BUCKETS 1024
#define PE_D5_SLOTS 8192
#if PE_GNUC
extern PE_INTERNAL uint16_t pe_d5_val[PE_D5_SLOTS];
extern PE_INTERNAL uint32_t pe_d5_disp[PE_D5_BUCKETS], pe_d5_mult;
PE_INTERNAL int pe_d5_ready(void);
#define PE_D5_KEYS 6175
/* The 6,175 five-card rank multisets: their rank-key sums and non-flush values (pe_ranks5); returns
 * how many were written (PE_D5_KEYS). Every kernel's 5-card hash is built from them. */
PE_INTERNAL int pe_d5_multisets(uint32_t keys[PE_D5_KEYS], uint16_t vals[PE_D5_KEYS]);
/* 1 once the table that build() fills is ready: the first caller claims *state (0 not built, 1 being
 * built, 2 ready, 3 failed; atomic) and builds, callers meanwhile or after a failed build get 0. */
PE_INTERNAL int pe_build_once(int *state, int (*build)(void));

/* The non-flush value of a 5-card rank-key sum (pe_d5_ready() said 1; mult: pe_d5_mult). */
static PE_ALWAYS_INLINE uint16_t pe_d5_value(uint32_t key, uint32_t mult)
{
    const uint32_t y = key * mult;
    return pe_d5_val[(y >> 9) ^ pe_d5_disp[y >> 22]];
}
#endif

/* The second pass of a scalar batch block (pe_eval.c): the values of nb validated rows of
 * k cards from their key sums, the lookups back to back so that many are in flight at once.
 * flushes = 0 promises that no key has a flush (5 and 6 cards: most blocks, 0.2% / 0.8% of rows
 * are flushes), and the hash runs without the per-row flush test. */
static PE_ALWAYS_INLINE void pe_lookup_block(const uint64_t *keys, const uint8_t *cards, size_t nb, const int k,
                                             uint16_t *out, int flushes)
{
    if (flushes) {
        for (size_t j = 0; j < nb; j++) out[j] = pe_lookup(keys[j], cards + j * (size_t)k, k);
        return;
    }
    for (size_t j = 0; j < nb; j++) out[j] = pe_hash_value(((uint32_t)keys[j] * PE_HASH_MULT) & PE_KEY_MASK);
}

/* Evaluation of running key sums (the enumerations of pe_enum.c and pe_equity.c): beside the key
 * sum, the cards' per-suit rank masks packed in one word (card c sets bit 16 * suit + rank), so a
 * flush reads its suit's ranks without a card list. */
#define PE_PACK(c) ((uint64_t)1 << (16 * ((c) & 3) + ((c) >> 2)))

/* The key sum (from PE_SUIT_INIT) of n cards; their packed suit masks in *packed. */
static inline uint64_t pe_key_packed(const uint8_t *c, int n, uint64_t *packed)
{
    uint64_t key = PE_SUIT_INIT, p = 0;
    for (int i = 0; i < n; i++) {
        key += PE_CARD_KEY(c[i]);
        p |= PE_PACK(c[i]);
    }
    *packed = p;
    return key;
}

/* Hand value from a summed key (suit counters from PE_SUIT_INIT) and the packed suit masks. */
static PE_ALWAYS_INLINE uint16_t pe_value_packed(uint64_t key, uint64_t packed)
{
    const uint32_t flush = (uint32_t)(key >> 32) & PE_FLUSH_BITS;
    if (PE_UNLIKELY(flush != 0)) {
        const unsigned suit = (unsigned)pe_ctz32(flush) >> 2;
        return PE_FLUSH[(packed >> (16 * suit)) & 0x1fffu];
    }
    return pe_lookup(key, NULL, 0); /* no flush: the card list is not read */
}

/* ---- best five of any number of cards (8..52): pyeval.evaluate of a bot's 8-17-card hand ----
 * The 7-card tables cover at most seven cards, so a larger hand is reduced to five-card candidates
 * that the 5-card kernel reads: for each suit with five or more cards its best flush (a straight
 * flush when one is there), and from the rank counts alone the best quads, full house, straight,
 * trips, two pair, pair and high card. Every candidate is a five-card hand the cards can make (a
 * non-flush candidate whose real cards happen to be suited is worth less than their flush, which is
 * itself a candidate), and the best hand is one of them, so the maximum is the hand's value.
 * Callers guarantee n distinct cards in 0..51, 5 <= n <= 52. */

/* The 5-bit mask of the highest straight among the ranks of a 13-bit mask (A also low), or 0. */
static inline unsigned pe_top_straight(unsigned m)
{
    for (int top = 12; top >= 4; top--) {
        const unsigned s = 0x1fu << (top - 4);
        if ((m & s) == s) return s;
    }
    return (m & 0x100fu) == 0x100fu ? 0x100fu : 0; /* the wheel: A 2 3 4 5 */
}

/* Best flush (or straight flush) of one suit's rank mask with 5..13 ranks. */
static inline uint16_t pe_flush_of(unsigned m)
{
    if (pe_popcount64(m) <= 7) return PE_FLUSH[m];
    const unsigned s = pe_top_straight(m);
    if (s) return PE_FLUSH[s];
    unsigned top = 0;
    for (int r = 12, k = 0; k < 5; r--)
        if (m >> r & 1u) { top |= 1u << r; k++; }
    return PE_FLUSH[top];
}

/* Value of five ranks (repeats allowed, at most four of one) as a non-flush hand. */
static inline uint16_t pe_ranks5(const int r[5])
{
    uint8_t c[5];
    int used[13] = {0}, distinct = 1;
    for (int i = 0; i < 5; i++) {
        distinct &= used[r[i]] == 0;
        c[i] = (uint8_t)(r[i] * 4 + used[r[i]]++);
    }
    if (distinct) c[0] = (uint8_t)(c[0] + 1); /* five clubs would read as a flush */
    return pe_eval_unchecked(c, 5);
}

/* Fills r[at..at+k) with the k highest ranks of `present` not in `skip`; 0 when fewer exist. */
static inline int pe_kickers(unsigned present, unsigned skip, int k, int *r, int at)
{
    for (int x = 12; x >= 0 && k > 0; x--)
        if ((present & ~skip) >> x & 1u) { r[at++] = x; k--; }
    return k == 0;
}

static inline uint16_t pe_eval_many_unchecked(const uint8_t *c, int n)
{
    unsigned suit[4] = {0, 0, 0, 0}, present = 0, ge2 = 0, ge3 = 0, ge4 = 0;
    int cnt[13] = {0};
    for (int i = 0; i < n; i++) {
        suit[c[i] & 3] |= 1u << (c[i] >> 2);
        cnt[c[i] >> 2]++;
    }
    for (int x = 0; x < 13; x++) {
        present |= (unsigned)(cnt[x] >= 1) << x;
        ge2 |= (unsigned)(cnt[x] >= 2) << x;
        ge3 |= (unsigned)(cnt[x] >= 3) << x;
        ge4 |= (unsigned)(cnt[x] >= 4) << x;
    }
    uint16_t best = 0, v;
#define PE_TAKE(val) do { v = (val); best = v > best ? v : best; } while (0)
    for (int s = 0; s < 4; s++)
        if (pe_popcount64(suit[s]) >= 5) PE_TAKE(pe_flush_of(suit[s]));
    int r[5];
    const int q = ge4 ? 31 - pe_clz32(ge4) : -1, t = ge3 ? 31 - pe_clz32(ge3) : -1;
    const int p1 = ge2 ? 31 - pe_clz32(ge2) : -1;
    if (q >= 0) { /* four of a kind and the best other card */
        r[0] = r[1] = r[2] = r[3] = q;
        if (pe_kickers(present, 1u << q, 1, r, 4)) PE_TAKE(pe_ranks5(r));
    }
    if (t >= 0) {
        const unsigned pairs = ge2 & ~(1u << t); /* full house: the best trips, the best other pair */
        r[0] = r[1] = r[2] = t;
        if (pairs) {
            r[3] = r[4] = 31 - pe_clz32(pairs);
            PE_TAKE(pe_ranks5(r));
        }
        if (pe_kickers(present, 1u << t, 2, r, 3)) PE_TAKE(pe_ranks5(r)); /* trips */
    }
    const unsigned st = pe_top_straight(present);
    if (st) {
        for (int x = 12, k = 0; x >= 0; x--)
            if (st >> x & 1u) r[k++] = x;
        PE_TAKE(pe_ranks5(r));
    }
    if (p1 >= 0) {
        const unsigned rest = ge2 & ~(1u << p1);
        r[0] = r[1] = p1;
        if (rest) { /* two pair */
            const int p2 = 31 - pe_clz32(rest);
            r[2] = r[3] = p2;
            if (pe_kickers(present, (1u << p1) | (1u << p2), 1, r, 4)) PE_TAKE(pe_ranks5(r));
        }
        r[0] = r[1] = p1;
        if (pe_kickers(present, 1u << p1, 3, r, 2)) PE_TAKE(pe_ranks5(r)); /* one pair */
    }
    if (pe_kickers(present, 0, 5, r, 0)) PE_TAKE(pe_ranks5(r)); /* high card */
#undef PE_TAKE
    return best;
}

/* Any number of cards, 5..52 (distinct, 0..51). */
static inline uint16_t pe_eval_any_unchecked(const uint8_t *c, int n)
{
    if (n == 7) return pe_eval_unchecked7(c);
    return n <= 7 ? pe_eval_unchecked(c, n) : pe_eval_many_unchecked(c, n);
}

#endif
