/* pe_low.c - see pe_low.h. Tables: tools/gen_variant_tables.py (pe_variants_tables.h). */
#include "pe_compat.h"
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

/* The batch: validation fused with the key sum (pe_eval_internal.h), one lookup path per kind. */
#if defined(PE_HAVE_V2)
/* Rows go in blocks: ace-to-five rows of 6 and 7 cards with fewer than five distinct ranks (one in
 * six) are queued without a branch and finished after the block, so the common path never
 * mispredicts. The key sums of queued rows are kept for the finish. On an invalid row the rows before
 * it are finished (written with their values) and its error is returned. */
#define PE_LOW_BLOCK 256
static PE_ALWAYS_INLINE int pe_low_rows(const uint8_t *cards, size_t rows, const int k, const int kind, uint16_t *out,
                                        size_t *bad_row, const int pc)
{
    uint32_t queue[PE_LOW_BLOCK];
    uint64_t keys[PE_LOW_BLOCK];
    int st = PE_OK;
    for (size_t r0 = 0; r0 < rows && st == PE_OK; r0 += PE_LOW_BLOCK) {
        const size_t r1 = rows - r0 < PE_LOW_BLOCK ? rows : r0 + PE_LOW_BLOCK;
        size_t nq = 0;
        for (size_t r = r0; r < r1; r++) {
            const uint8_t *c = cards + r * (size_t)k;
            pe_v2 sum = {PE_SUIT_INIT, 0}, any = {0, 0};
            pe_row_add(c, k, &sum, &any, pc);
            uint32_t m1 = 0; /* distinct low ranks; PE_LOW_BIT is padded to 256 bytes */
            if (kind != PE_LOW_27 && k > 5)
                for (int i = 0; i < k; i++) m1 |= PE_LOW_BIT[c[i]];
            if (PE_UNLIKELY(!pe_row_bits_ok(sum[1], any[1], k, pc))) {
                uint64_t seen = 0;
                if (bad_row) *bad_row = r;
                st = pe_var_check(c, k, &seen);
                break;
            }
            uint16_t v;
            if (kind == PE_LOW_27) v = PE_LOW_27_OF_HIGH[pe_lookup(sum[0], c, 5)];
            else if (k == 5) v = pe_low_a5_key(sum[0]);
            else {
                v = PE_LOW_A5_MASK[m1]; /* 0 when fewer than five distinct ranks: queued */
                queue[nq] = (uint32_t)(r - r0);
                keys[nq] = sum[0];
                nq += v == 0;
            }
            out[r] = kind == PE_LOW_A5_8 ? pe_low_qualify8(v) : v;
        }
        for (size_t q = 0; q < nq; q++) {
            const size_t r = r0 + queue[q];
            const uint16_t v = pe_low_a5_dups(cards + r * (size_t)k, k, keys[q]);
            out[r] = kind == PE_LOW_A5_8 ? pe_low_qualify8(v) : v;
        }
    }
    return st;
}

#define PE_LOW_DISPATCH(pc)                                                           \
    do {                                                                              \
        if (kind == PE_LOW_27) return pe_low_rows(cards, rows, 5, PE_LOW_27, out, bad_row, pc); \
        if (kind == PE_LOW_A5) {                                                      \
            if (k == 5) return pe_low_rows(cards, rows, 5, PE_LOW_A5, out, bad_row, pc); \
            if (k == 6) return pe_low_rows(cards, rows, 6, PE_LOW_A5, out, bad_row, pc); \
            return pe_low_rows(cards, rows, 7, PE_LOW_A5, out, bad_row, pc);           \
        }                                                                             \
        if (k == 5) return pe_low_rows(cards, rows, 5, PE_LOW_A5_8, out, bad_row, pc); \
        if (k == 6) return pe_low_rows(cards, rows, 6, PE_LOW_A5_8, out, bad_row, pc); \
        return pe_low_rows(cards, rows, 7, PE_LOW_A5_8, out, bad_row, pc);             \
    } while (0)

PE_POPCNT_TARGET static int pe_low_batch_pc(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out,
                                            size_t *bad_row)
{
    PE_LOW_DISPATCH(1);
}

static int pe_low_batch_or(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row)
{
    PE_LOW_DISPATCH(0);
}
#else
static int pe_low_batch_or(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++) {
        const int st = pe_low_one(cards + r * (size_t)k, k, kind, out + r);
        if (st != PE_OK) {
            if (bad_row) *bad_row = r;
            return st;
        }
    }
    return PE_OK;
}
#define pe_low_batch_pc pe_low_batch_or
#endif

int pe_low_batch(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row)
{
    if (kind < PE_LOW_A5 || kind > PE_LOW_27) return PE_ERR_ARG;
    if (kind == PE_LOW_27 ? k != 5 : (k < 5 || k > 7)) return PE_ERR_COUNT;
    if ((!cards || !out) && rows) return PE_ERR_ARG;
    return pe_have_popcnt() ? pe_low_batch_pc(cards, rows, k, kind, out, bad_row)
                            : pe_low_batch_or(cards, rows, k, kind, out, bad_row);
}
