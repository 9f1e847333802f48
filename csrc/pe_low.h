/*
 * pe_low.h - low-hand evaluators: ace-to-five (razz; eight-or-better qualifier for high-low split
 * games) and deuce-to-seven (lowball draw).
 *
 * Cards as in pe_eval.h (card = rank * 4 + suit, ranks 2..A = 0..12, suits c d h s = 0..3).
 * Values: HIGHER IS BETTER (the better low), dense classes:
 *   ace-to-five 1..6175 (6175 = 5-4-3-2-A, 1 = K-K-K-K-Q): aces low, straights and flushes do not
 *     count, pairs count against; the best five of 5..7 cards.
 *   ace-to-five eight-or-better: the ace-to-five value when five distinct ranks 8 or lower make a
 *     low (values PE_LOW_A5_8_MIN..6175), else 0 (no qualifying low).
 *   deuce-to-seven 1..7462 (7462 = 7-5-4-3-2 offsuit, 1 = A-K-Q-J-T suited): aces high only,
 *     straights and flushes count against; exactly five cards.
 * Functions validate cards (0..51, distinct) and return a negative PE_ERR_* code (pe_eval.h).
 */
#ifndef PE_LOW_H
#define PE_LOW_H

#include <stddef.h>
#include <stdint.h>

#define PE_LOW_A5_CLASSES 6175
#define PE_LOW_A5_8_MIN 6120
#define PE_LOW_27_CLASSES 7462

enum { PE_LOW_A5 = 0, PE_LOW_A5_8 = 1, PE_LOW_27 = 2 };

/* One hand of n cards (5..7 for ace-to-five, 5 for deuce-to-seven). */
int pe_low_a5(const uint8_t *cards, int n);
int pe_low_a5_8(const uint8_t *cards, int n);
int pe_low_27(const uint8_t *cards, int n);

/*
 * Batch: `rows` hands of `k` cards row-major; kind is PE_LOW_A5, PE_LOW_A5_8 or PE_LOW_27. On an
 * invalid row returns its PE_ERR_* code and stores the row index in *bad_row (rows before it may
 * have been written).
 */
int pe_low_batch(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row);

#endif
