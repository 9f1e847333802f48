/*
 * pe_shortdeck.h - short-deck (6+) hold'em evaluator: the best five of 5..7 cards of the 36-card
 * deck (ranks 6..A; cards as in pe_eval.h, card = rank * 4 + suit, so valid cards are 16..51).
 *
 * Ranking: a flush beats a full house; A-6-7-8-9 is the lowest straight (and straight flush).
 * kind PE_SD_STRAIGHT_OVER_TRIPS (0): the classic order, straight above three of a kind;
 * kind PE_SD_TRIPS_OVER_STRAIGHT (1): three of a kind above a straight (PokerStars' 6+ order).
 * Values: HIGHER IS BETTER, dense classes 1..PE_SD_CLASSES (1404) in either order.
 * Tables: tools/gen_shortdeck_tables.py (pe_shortdeck_tables.{h,c}, drift-tested).
 * Invalid input returns a negative PE_ERR_* (pe_eval.h): a card outside 16..51 is PE_ERR_CARD.
 * No state: every function is re-entrant.
 */
#ifndef PE_SHORTDECK_H
#define PE_SHORTDECK_H

#include <stddef.h>
#include <stdint.h>

#define PE_SD_CLASSES 1404

enum { PE_SD_STRAIGHT_OVER_TRIPS = 0, PE_SD_TRIPS_OVER_STRAIGHT = 1 };

/* One hand of n (5..7) cards. */
int pe_sd_eval(const uint8_t *cards, int n, int kind);

/*
 * Batch: `rows` hands of `k` (5..7) cards row-major. On an invalid row returns its PE_ERR_* code and
 * stores the row index in *bad_row (rows before it may have been written).
 */
int pe_sd_batch(const uint8_t *cards, size_t rows, int k, int kind, uint16_t *out, size_t *bad_row);

/* category << 20 | the five cards' full-deck ranks (4 bits each, most significant first); 0 for a
 * value or kind out of range. Categories are pyeval.HandCategory numbers. */
uint32_t pe_sd_class_info(int value, int kind);

#endif
