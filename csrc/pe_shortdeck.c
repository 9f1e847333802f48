/* pe_shortdeck.c - see pe_shortdeck.h. Tables: tools/gen_shortdeck_tables.py. */
#include "pe_compat.h"
#include "pe_eval.h"
#include "pe_shortdeck.h"
#include "pe_shortdeck_tables.h"

#if PE_SD_CLASSES != PE_SD_CLASSES_
#error "pe_shortdeck.h and pe_shortdeck_tables.h disagree on the number of classes"
#endif

/* PE_OK, PE_ERR_CARD (outside 16..51) or PE_ERR_DUP. */
static inline int sd_check(const uint8_t *c, int n)
{
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] < 16 || c[i] > 51) return PE_ERR_CARD;
        const uint64_t bit = (uint64_t)1 << c[i];
        if (seen & bit) return PE_ERR_DUP;
        seen |= bit;
    }
    return PE_OK;
}

/* Unchecked: n in 5..7 valid distinct short-deck cards, kind 0 or 1. */
static inline uint16_t sd_value(const uint8_t *c, int n, int kind)
{
    uint8_t cnt[9] = {0};
    uint32_t suit_mask[4] = {0, 0, 0, 0};
    uint32_t suit_n[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        const unsigned r = (unsigned)(c[i] >> 2) - 4u, s = c[i] & 3u;
        cnt[r]++;
        suit_mask[s] |= 1u << r;
        suit_n[s]++;
    }
    for (int s = 0; s < 4; s++)
        if (suit_n[s] >= 5) return PE_SD_FLUSH[kind][suit_mask[s]];
    unsigned idx = 0, pos = 0;
    for (unsigned r = 0; r < 9; r++)
        for (unsigned j = 0; j < cnt[r]; j++) idx += PE_SD_COLEX[pos++][r];
    return n == 7 ? PE_SD_NF7[kind][idx] : n == 6 ? PE_SD_NF6[kind][idx] : PE_SD_NF5[kind][idx];
}

int pe_sd_eval(const uint8_t *cards, int n, int kind)
{
    if (!cards || (kind != 0 && kind != 1)) return PE_ERR_ARG;
    if (n < 5 || n > 7) return PE_ERR_COUNT;
    const int st = sd_check(cards, n);
    return st ? st : sd_value(cards, n, kind);
}

int pe_sd_batch(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row)
{
    if ((!cards || !out) && rows) return PE_ERR_ARG;
    if (kind != 0 && kind != 1) return PE_ERR_ARG;
    if (k < 5 || k > 7) return PE_ERR_COUNT;
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *c = cards + (size_t)k * r;
        const int st = sd_check(c, k);
        if (st != PE_OK) {
            if (bad_row) *bad_row = r;
            return st;
        }
        out[r] = sd_value(c, k, kind);
    }
    return PE_OK;
}

uint32_t pe_sd_class_info(int value, int kind)
{
    if ((kind != 0 && kind != 1) || value < 1 || value > PE_SD_CLASSES) return 0;
    return PE_SD_INFO[kind][value];
}
