/* pe_low.c - see pe_low.h. Tables: tools/gen_variant_tables.py (pe_variants_tables.h). */
#include "pe_low.h"
#include "pe_variants_internal.h"

static inline int pe_low_one(const uint8_t *c, int n, int kind, uint16_t *out)
{
    uint64_t seen = 0;
    const int st = pe_var_check(c, n, &seen);
    if (st) return st;
    *out = kind == PE_LOW_A5 ? pe_low_a5_n(c, n) : kind == PE_LOW_A5_8 ? pe_low_a5_8_n(c, n) : pe_low_27_5(c);
    return PE_OK;
}

static int pe_low_args(const uint8_t *c, int n, int kind)
{
    if (!c) return PE_ERR_ARG;
    if (kind == PE_LOW_27 ? n != 5 : (n < 5 || n > 7)) return PE_ERR_COUNT;
    return PE_OK;
}

static int pe_low_single(const uint8_t *c, int n, int kind)
{
    uint16_t v = 0;
    int st = pe_low_args(c, n, kind);
    if (!st) st = pe_low_one(c, n, kind, &v);
    return st ? st : v;
}

int pe_low_a5(const uint8_t *cards, int n) { return pe_low_single(cards, n, PE_LOW_A5); }
int pe_low_a5_8(const uint8_t *cards, int n) { return pe_low_single(cards, n, PE_LOW_A5_8); }
int pe_low_27(const uint8_t *cards, int n) { return pe_low_single(cards, n, PE_LOW_27); }

int pe_low_batch(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row)
{
    if (kind < PE_LOW_A5 || kind > PE_LOW_27) return PE_ERR_ARG;
    if (kind == PE_LOW_27 ? k != 5 : (k < 5 || k > 7)) return PE_ERR_COUNT;
    if ((!cards || !out) && rows) return PE_ERR_ARG;
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *c = cards + r * (size_t)k;
        uint64_t seen = 0;
        const int st = pe_var_check(c, k, &seen);
        if (__builtin_expect(st != PE_OK, 0)) {
            if (bad_row) *bad_row = r;
            return st;
        }
        if (kind == PE_LOW_27) out[r] = pe_low_27_5(c);
        else if (k == 5) out[r] = kind == PE_LOW_A5 ? pe_low_a5_5(c) : (uint16_t)(pe_low_a5_5(c) >= PE_LOW_A5_8_MIN ? pe_low_a5_5(c) : 0);
        else out[r] = kind == PE_LOW_A5 ? pe_low_a5_n(c, k) : pe_low_a5_8_n(c, k);
    }
    return PE_OK;
}
