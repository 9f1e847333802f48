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
    const uint32_t flush = (uint32_t)(key >> 32) & PE_FLUSH_BITS;
    if (PE_UNLIKELY(flush != 0)) {
        const unsigned suit = (unsigned)pe_ctz32(flush) >> 2;
        unsigned mask = 0;
        for (int i = 0; i < n; i++) mask |= (unsigned)((c[i] & 3u) == suit) << (c[i] >> 2);
        return PE_FLUSH[mask];
    }
    uint32_t x = ((uint32_t)key * PE_HASH_MULT) & PE_KEY_MASK;
    x ^= x >> PE_ROW_SHIFT;
    return PE_HASH[(x & PE_LOW_MASK) + PE_DISP[x >> PE_ROW_SHIFT]];
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

#endif
