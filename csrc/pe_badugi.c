/* pe_badugi.c - see pe_badugi.h. Tables: tools/gen_variant_tables.py (pe_variants_tables.h). */
#include "pe_compat.h"
#include "pe_badugi.h"
#include "pe_variants_internal.h"

int pe_badugi(const uint8_t *cards, int n)
{
    if (!cards) return PE_ERR_ARG;
    if (n != 4) return PE_ERR_COUNT;
    uint64_t seen = 0;
    const int st = pe_var_check(cards, 4, &seen);
    return st ? st : pe_badugi_4(cards);
}

int pe_badugi_size(int value)
{
    /* Values are ranked by size first: 13 one-card, 78 two-card, 286 three-card, 715 four-card. */
    if (value < 1 || value > PE_BADUGI_CLASSES) return 0;
    return value > 377 ? 4 : value > 91 ? 3 : value > 13 ? 2 : 1;
}

#if defined(PE_HAVE_V2)
static PE_ALWAYS_INLINE int pe_badugi_rows(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row, const int pc)
{
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *c = cards + 4 * r;
        pe_v2 sum = {0, 0}, any = {0, 0};
        pe_row_add(c, 4, &sum, &any, pc);
        if (PE_UNLIKELY(!pe_row_bits_ok(sum[1], any[1], 4, pc))) {
            uint64_t seen = 0;
            if (bad_row) *bad_row = r;
            return pe_var_check(c, 4, &seen);
        }
        out[r] = pe_badugi_bits(sum[1]);
    }
    return PE_OK;
}

PE_POPCNT_TARGET static int pe_badugi_batch_pc(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row)
{
    return pe_badugi_rows(cards, rows, out, bad_row, 1);
}

static int pe_badugi_batch_or(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row)
{
    return pe_badugi_rows(cards, rows, out, bad_row, 0);
}
#else
static int pe_badugi_batch_or(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *c = cards + 4 * r;
        uint64_t seen = 0;
        const int st = pe_var_check(c, 4, &seen);
        if (st != PE_OK) {
            if (bad_row) *bad_row = r;
            return st;
        }
        out[r] = pe_badugi_4(c);
    }
    return PE_OK;
}
#define pe_badugi_batch_pc pe_badugi_batch_or
#endif

int pe_badugi_batch(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row)
{
    if ((!cards || !out) && rows) return PE_ERR_ARG;
    return pe_have_popcnt() ? pe_badugi_batch_pc(cards, rows, out, bad_row) : pe_badugi_batch_or(cards, rows, out, bad_row);
}
