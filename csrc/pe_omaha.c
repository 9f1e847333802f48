/* pe_omaha.c - see pe_omaha.h. Tables: tools/gen_variant_tables.py (pe_variants_tables.h). */
#include "pe_compat.h"
#include "pe_omaha.h"
#include "pe_variants_internal.h"

#define PE_OMAHA_NF2 (91 * PE_OMAHA_BOARDS)
#define PE_OMAHA_MAGIC0 0x4F4Du /* "OM" */
#define PE_OMAHA_MAGIC1 0x4148u /* "AH" */

size_t pe_omaha_tables_size(void) { return sizeof(uint16_t) * (PE_OMAHA_NF2 + 2); }

int pe_omaha_tables_init(uint16_t *t, size_t size)
{
    if (!t || size < pe_omaha_tables_size()) return PE_ERR_ARG;
    for (size_t i = 0; i < PE_OMAHA_NF2; i++) t[i] = 0;
    uint32_t r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
    for (r[1] = r[0]; r[1] < 13; r[1]++)
    for (r[2] = r[1]; r[2] < 13; r[2]++)
    for (r[3] = r[2]; r[3] < 13; r[3]++)
    for (r[4] = r[3]; r[4] < 13; r[4]++) {
        const uint32_t b = pe_omaha_board_index(r[0], r[1], r[2], r[3], r[4]);
        uint32_t tri[10];
        int nt = 0;
        for (int i = 0; i < 5; i++)
            for (int j = i + 1; j < 5; j++)
                for (int k = j + 1; k < 5; k++) tri[nt++] = PE_OMAHA_TIDX[(r[i] * 13 + r[j]) * 13 + r[k]];
        for (uint32_t p = 0; p < 91; p++) {
            uint16_t best = 0;
            for (int x = 0; x < 10; x++) {
                const uint16_t v = PE_OMAHA_NF[p * 455 + tri[x]];
                best = v > best ? v : best;
            }
            t[b * 91 + p] = best;
        }
    }
    t[PE_OMAHA_NF2] = PE_OMAHA_MAGIC0;
    t[PE_OMAHA_NF2 + 1] = PE_OMAHA_MAGIC1;
    return PE_OK;
}

static int pe_omaha_tables_ok(const uint16_t *t)
{
    return t && t[PE_OMAHA_NF2] == PE_OMAHA_MAGIC0 && t[PE_OMAHA_NF2 + 1] == PE_OMAHA_MAGIC1;
}

static int pe_omaha_check(const uint8_t *h, int nh, const uint8_t *b, int nb)
{
    uint64_t seen = 0;
    const int st = pe_var_check(h, nh, &seen);
    return st ? st : pe_var_check(b, nb, &seen);
}

static int pe_omaha_args(const uint8_t *h, int nh, const uint8_t *b, int nb)
{
    if (!h || !b) return PE_ERR_ARG;
    if (nh < 4 || nh > 6 || nb < 3 || nb > 5) return PE_ERR_COUNT;
    return pe_omaha_check(h, nh, b, nb);
}

static inline uint16_t pe_omaha_high_any(const uint16_t *t, const uint8_t *h, int nh, const uint8_t *b, int nb)
{
    return nb == 5 ? pe_omaha_high5(t, h, nh, b) : pe_omaha_high_k(h, nh, b, nb);
}

int pe_omaha_high(const uint16_t *tables, const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    if (!pe_omaha_tables_ok(tables)) return PE_ERR_ARG;
    const int st = pe_omaha_args(hole, nh, board, nb);
    return st ? st : pe_omaha_high_any(tables, hole, nh, board, nb);
}

int pe_omaha_low8(const uint8_t *hole, int nh, const uint8_t *board, int nb)
{
    const int st = pe_omaha_args(hole, nh, board, nb);
    return st ? st : pe_omaha_low8_k(hole, nh, board, nb);
}

/* The batch: validation fused with the key sums of hole and board (pe_eval_internal.h). */
#if defined(PE_HAVE_V2)
/* Rows go in blocks; five-card-board rows where a flush is possible (about one in seven) are queued
 * without a branch and finished after the block, so the common path never mispredicts. On an
 * invalid row the rows before it are finished and its error is returned. */
#define PE_OMAHA_BLOCK 256
static PE_ALWAYS_INLINE int pe_omaha_rows(const uint16_t *t, const uint8_t *hole, const uint8_t *board, size_t rows,
                                          const int nh, const int nb, const int kind, uint16_t *out, size_t *bad_row,
                                          const int pc)
{
    uint32_t queue[PE_OMAHA_BLOCK], boards[PE_OMAHA_BLOCK];
    int st = PE_OK;
    for (size_t r0 = 0; r0 < rows && st == PE_OK; r0 += PE_OMAHA_BLOCK) {
        size_t r1 = rows - r0 < PE_OMAHA_BLOCK ? rows : r0 + PE_OMAHA_BLOCK;
        size_t nq = 0;
        for (size_t r = r0; r < r1; r++) {
            const uint8_t *h = hole + r * (size_t)nh, *b = board + r * (size_t)nb;
            pe_v2 hs = {PE_OMAHA_HOLE_INIT, 0}, bs = {PE_OMAHA_BOARD_INIT, 0}, any = {0, 0};
            pe_row_add(h, nh, &hs, &any, pc);
            pe_row_add(b, nb, &bs, &any, pc);
            if (PE_UNLIKELY(!pe_row_bits_ok(hs[1] + bs[1], any[1], nh + nb, pc))) {
                if (bad_row) *bad_row = r;
                st = pe_omaha_check(h, nh, b, nb);
                r1 = r;
                break;
            }
            if (kind == PE_OMAHA_LOW8) out[r] = pe_omaha_low8_k(h, nh, b, nb);
            else if (nb == 5) {
                /* pass 1: the board's row of the table, fetched ahead of pass 2 */
                const uint32_t f = pe_omaha_flush_bits(hs[0], bs[0]);
                const uint32_t row = 91u * PE_OMAHA_BOARD_OF_HIGH[pe_var_rank_value((uint32_t)bs[0])];
                boards[r - r0] = row;
                PE_PREFETCH(t + row);
                PE_PREFETCH(t + row + 90);
                queue[nq] = (uint32_t)(r - r0) << 2 | (uint32_t)pe_ctz32(f | 0x10000u) >> 2;
                nq += f != 0;
            } else out[r] = pe_omaha_high_k(h, nh, b, nb);
        }
        if (kind == PE_OMAHA_HIGH && nb == 5)
            for (size_t r = r0; r < r1; r++)
                out[r] = pe_omaha_pairs(t + boards[r - r0], hole + r * (size_t)nh, nh);
        for (size_t q = 0; q < nq; q++) {
            const size_t r = r0 + (queue[q] >> 2);
            out[r] = pe_omaha_flush_suit(hole + r * (size_t)nh, nh, board + r * (size_t)nb, nb, queue[q] & 3u, out[r]);
        }
    }
    return st;
}

#define PE_OMAHA_DISPATCH(pc)                                                                       \
    do {                                                                                            \
        if (kind == PE_OMAHA_HIGH && nb == 5) {                                                     \
            if (nh == 4) return pe_omaha_rows(t, hole, board, rows, 4, 5, PE_OMAHA_HIGH, out, bad_row, pc); \
            if (nh == 5) return pe_omaha_rows(t, hole, board, rows, 5, 5, PE_OMAHA_HIGH, out, bad_row, pc); \
            return pe_omaha_rows(t, hole, board, rows, 6, 5, PE_OMAHA_HIGH, out, bad_row, pc);      \
        }                                                                                           \
        if (kind == PE_OMAHA_LOW8 && nh == 4 && nb == 5)                                            \
            return pe_omaha_rows(t, hole, board, rows, 4, 5, PE_OMAHA_LOW8, out, bad_row, pc);      \
        return pe_omaha_rows(t, hole, board, rows, nh, nb, kind, out, bad_row, pc);                 \
    } while (0)

PE_POPCNT_TARGET static int pe_omaha_batch_pc(const uint16_t *t, const uint8_t *hole, const uint8_t *board,
                                              size_t rows, int nh, int nb, int kind, uint16_t *out, size_t *bad_row)
{
    PE_OMAHA_DISPATCH(1);
}

static int pe_omaha_batch_or(const uint16_t *t, const uint8_t *hole, const uint8_t *board, size_t rows, int nh,
                             int nb, int kind, uint16_t *out, size_t *bad_row)
{
    PE_OMAHA_DISPATCH(0);
}
#else
static int pe_omaha_batch_or(const uint16_t *t, const uint8_t *hole, const uint8_t *board, size_t rows, int nh,
                             int nb, int kind, uint16_t *out, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++) {
        const uint8_t *h = hole + r * (size_t)nh, *b = board + r * (size_t)nb;
        const int st = pe_omaha_check(h, nh, b, nb);
        if (st != PE_OK) {
            if (bad_row) *bad_row = r;
            return st;
        }
        out[r] = kind == PE_OMAHA_LOW8 ? pe_omaha_low8_k(h, nh, b, nb) : pe_omaha_high_any(t, h, nh, b, nb);
    }
    return PE_OK;
}
#define pe_omaha_batch_pc pe_omaha_batch_or
#endif

int pe_omaha_batch(const uint16_t *tables, const uint8_t *hole, const uint8_t *board, size_t rows, int nh, int nb,
                   int kind, uint16_t *out, size_t *bad_row)
{
    if (kind != PE_OMAHA_HIGH && kind != PE_OMAHA_LOW8) return PE_ERR_ARG;
    if (kind == PE_OMAHA_HIGH && !pe_omaha_tables_ok(tables)) return PE_ERR_ARG;
    if (nh < 4 || nh > 6 || nb < 3 || nb > 5) return PE_ERR_COUNT;
    if ((!hole || !board || !out) && rows) return PE_ERR_ARG;
    return pe_have_popcnt() ? pe_omaha_batch_pc(tables, hole, board, rows, nh, nb, kind, out, bad_row)
                            : pe_omaha_batch_or(tables, hole, board, rows, nh, nb, kind, out, bad_row);
}
