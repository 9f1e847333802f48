/*
 * pe_enum.h - exhaustive enumeration with reductions: every k-card hand from the cards not dead,
 * or every completion of some fixed cards (hole cards plus a partial board) to k cards, evaluated
 * by the 5-7-card evaluator (pe_eval.h) and counted into a histogram of hand values.
 *
 * The enumeration is nested loops over the remaining deck that carry the partial key sum and the
 * packed per-suit rank masks (the key-sum design of docs/architecture.md): each hand costs one add
 * and one table lookup, never a rebuild of its card list. Histograms are hist[0..7462] (index =
 * value 1..7462; hist[0] is left untouched) and the functions ADD to them, so runs merge by adding.
 *
 * Cards are ints 0..51 (see pe_eval.h). All functions validate their arguments, return PE_OK (0) or
 * a negative PE_ERR_* code (leaving the histogram untouched on error), and are re-entrant.
 */
#ifndef PE_ENUM_H
#define PE_ENUM_H

#include <stddef.h>
#include <stdint.h>
#include "pe_eval.h"

#define PE_ENUM_ABI 1
#define PE_ENUM_HIST_SIZE (PE_EVAL_CLASSES + 1)

/*
 * Every hand of k cards (5..7) made of the nfixed fixed cards plus k - nfixed cards chosen from the
 * cards neither fixed nor dead (nfixed 0..k, ndead 0..52). Adds one to hist[value] per hand and the number of hands to *count (when not NULL).
 * Errors: PE_ERR_COUNT (k), PE_ERR_CARD, PE_ERR_DUP (a card twice among fixed + dead), PE_ERR_ARG
 * (NULL buffer, nfixed > k, too few cards left).
 */
int pe_enum_hist(int k, const uint8_t *fixed, int nfixed, const uint8_t *dead, int ndead, uint64_t *hist,
                 uint64_t *count);

/* C(52 - nfixed - ndead, k - nfixed): the hands pe_enum_hist visits (0 when none or invalid). */
uint64_t pe_enum_count(int k, int nfixed, int ndead);

#endif
