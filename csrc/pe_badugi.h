/*
 * pe_badugi.h - Badugi evaluator: four cards; the best hand is the largest subset with no two
 * cards of one rank or one suit, aces low. Value 1..1092, HIGHER IS BETTER: any four-card badugi
 * beats any three-card hand, and so on; within a size, the lower highest card wins, then the next
 * (1092 = A-2-3-4 of four suits). Cards as in pe_eval.h; invalid input returns PE_ERR_*.
 */
#ifndef PE_BADUGI_H
#define PE_BADUGI_H

#include <stddef.h>
#include <stdint.h>

#define PE_BADUGI_CLASSES 1092

int pe_badugi(const uint8_t *cards, int n); /* n must be 4 */
/* Number of cards (1..4) in the Badugi hand of a value, 0 for a value out of range. */
int pe_badugi_size(int value);
int pe_badugi_batch(const uint8_t *cards, size_t rows, uint16_t *out, size_t *bad_row);

#endif
