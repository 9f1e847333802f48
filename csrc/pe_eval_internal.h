/* pe_eval_internal.h - the unchecked evaluation kernel, shared by the C components
 * (evaluator, shoe, simulations). Callers guarantee 5..7 distinct cards in 0..51. */
#ifndef PE_EVAL_INTERNAL_H
#define PE_EVAL_INTERNAL_H

#include <stdint.h>
#include "pe_eval_tables.h"

/* Each suit counter starts at 3, so a counter reaches 8 (bit 3) exactly at five cards. */
#define PE_SUIT_INIT ((uint64_t)0x3333u << 32)
#define PE_FLUSH_BITS 0x8888u

static inline uint16_t pe_lookup(uint64_t key, const uint8_t *c, int n)
{
    const uint32_t flush = (uint32_t)(key >> 32) & PE_FLUSH_BITS;
    if (__builtin_expect(flush != 0, 0)) {
        const unsigned suit = (unsigned)__builtin_ctz(flush) >> 2;
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

static inline uint16_t pe_eval_unchecked7(const uint8_t *c)
{
    const uint64_t key = PE_SUIT_INIT + PE_CARD_KEY(c[0]) + PE_CARD_KEY(c[1]) + PE_CARD_KEY(c[2]) +
                         PE_CARD_KEY(c[3]) + PE_CARD_KEY(c[4]) + PE_CARD_KEY(c[5]) + PE_CARD_KEY(c[6]);
    return pe_lookup(key, c, 7);
}

#endif
