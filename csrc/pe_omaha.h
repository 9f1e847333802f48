/*
 * pe_omaha.h - Omaha evaluators: exactly two of the 4..6 hole cards with exactly three of the
 * 3..5 board cards.
 *   high: value 1..7462 as pe_eval.h (higher is stronger);
 *   low8: the ace-to-five eight-or-better low (pe_low.h values PE_LOW_A5_8_MIN..6175), 0 when no
 *         qualifying low can be made.
 * Cards as in pe_eval.h; hole and board together must be distinct cards 0..51, else PE_ERR_*.
 *
 * The high evaluator takes a caller-owned table (pe_omaha_tables_size() bytes, 16-bit aligned,
 * filled once by pe_omaha_tables_init and read-only afterwards): for every hole-rank pair and every
 * multiset of five board ranks, the best non-flush hand. Calls check that it was initialised.
 */
#ifndef PE_OMAHA_H
#define PE_OMAHA_H

#include <stddef.h>
#include <stdint.h>

enum { PE_OMAHA_HIGH = 0, PE_OMAHA_LOW8 = 1 };

size_t pe_omaha_tables_size(void);
int pe_omaha_tables_init(uint16_t *tables, size_t size);

int pe_omaha_high(const uint16_t *tables, const uint8_t *hole, int nh, const uint8_t *board, int nb);
int pe_omaha_low8(const uint8_t *hole, int nh, const uint8_t *board, int nb);

/*
 * Batch: row r is hole[r*nh .. r*nh+nh) with board[r*nb .. r*nb+nb); kind PE_OMAHA_HIGH or
 * PE_OMAHA_LOW8 (tables may be NULL for PE_OMAHA_LOW8). On an invalid row returns its PE_ERR_*
 * code and stores the row in *bad_row (rows before it may have been written).
 */
int pe_omaha_batch(const uint16_t *tables, const uint8_t *hole, const uint8_t *board, size_t rows, int nh, int nb,
                   int kind, uint16_t *out, size_t *bad_row);

#endif
