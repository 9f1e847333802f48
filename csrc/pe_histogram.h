/*
 * pe_histogram.h - how many of all k-card hands (k = 5, 6, 7) have each hand value: the frequency
 * table behind a hand-strength percentile. Enumerates every combination of k of the 52 cards and
 * evaluates it with pe_eval.h (133,784,560 hands for k = 7). No state; re-entrant.
 */
#ifndef PE_HISTOGRAM_H
#define PE_HISTOGRAM_H

#include <stdint.h>

/* counts[v] += number of k-card hands of value v, for v in 1..7462 (counts has 7463 entries, [0]
 * unused). Returns PE_OK, PE_ERR_COUNT for k outside 5..7, or PE_ERR_ARG for a NULL buffer. */
int pe_value_histogram(int k, uint64_t *counts);

#endif
