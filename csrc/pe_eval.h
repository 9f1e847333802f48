/*
 * pe_eval.h - pyeval's lookup-table poker hand evaluator (5, 6 and 7 cards).
 *
 * Card encoding (PokerHandEvaluator's): card = rank * 4 + suit, an integer 0..51.
 *   rank: 2,3,4,5,6,7,8,9,T,J,Q,K,A = 0..12     suit: c,d,h,s = 0..3
 *   so 2c = 0, 2d = 1, ..., As = 51.
 *
 * Hand value: the hand's equivalence class, dense 1..7462, HIGHER IS STRONGER.
 *   1 = 7-5-4-3-2 offsuit (the weakest high card), 7462 = royal flush.
 *   Cactus Kev / PokerHandEvaluator rank (1 = royal flush, lower is stronger) = 7463 - value.
 *
 * Categories: the PE_CAT_*_LOW constants below (the one definition of the boundaries).
 *
 * All functions are re-entrant: no mutable state, tables are const. Functions that take cards
 * from a caller validate them (0..51, no duplicates, 5..7 of them) before any table lookup and
 * return a negative PE_ERR_* code instead of a value when they are invalid.
 */
#ifndef PE_EVAL_H
#define PE_EVAL_H

#include <stddef.h>
#include <stdint.h>

#define PE_EVAL_ABI 1 /* bump when any signature or the value convention changes */

enum {
    PE_OK = 0,
    PE_ERR_CARD = -1,  /* a card outside 0..51 */
    PE_ERR_DUP = -2,   /* the same card twice */
    PE_ERR_COUNT = -3, /* not 5, 6 or 7 cards */
    PE_ERR_ARG = -4    /* any other invalid argument (NULL buffer, bad size) */
};

/*
 * Hand-category boundaries, defined here once: the lowest value of each category, in category
 * order (pe_class_info's category numbers 0..8, pyeval.HandCategory). A category runs up to one
 * below the next one's lowest value; straight flushes up to PE_EVAL_CLASSES, the highest value,
 * which is the royal flush (category 9 where it is told apart).
 * A pair of rank r (2 = 0 .. A = 12) starts at PE_CAT_PAIR_LOW + PE_PAIR_RANK_STEP * r.
 * Exported to Python through pe_eval.cdef (pyeval.CATEGORY_RANGES); tests/test_evaluate.py checks
 * them against the census of every hand.
 */
enum {
    PE_CAT_HIGH_CARD_LOW = 1,
    PE_CAT_PAIR_LOW = 1278,
    PE_CAT_TWO_PAIR_LOW = 4138,
    PE_CAT_THREE_OF_A_KIND_LOW = 4996,
    PE_CAT_STRAIGHT_LOW = 5854,
    PE_CAT_FLUSH_LOW = 5864,
    PE_CAT_FULL_HOUSE_LOW = 7141,
    PE_CAT_FOUR_OF_A_KIND_LOW = 7297,
    PE_CAT_STRAIGHT_FLUSH_LOW = 7453,
    PE_EVAL_CLASSES = 7462,   /* the highest value: the royal flush */
    PE_PAIR_RANK_STEP = 220   /* values per pair rank: C(12, 3) kicker sets */
};

int pe_eval_abi(void);

/* One hand. Returns the value 1..PE_EVAL_CLASSES (7462) or a negative PE_ERR_* code.
 * pe_eval_n takes 5..52 cards: the best five of any number (pe_eval_internal.h). */
int pe_eval5(int a, int b, int c, int d, int e);
int pe_eval6(int a, int b, int c, int d, int e, int f);
int pe_eval7(int a, int b, int c, int d, int e, int f, int g);
int pe_eval_n(const uint8_t *cards, int n);

/*
 * Batch: `rows` hands of `k` cards (5..52; 8 and more one row at a time) stored row-major in `cards` (rows * k bytes); values
 * written to out[0..rows). Validation is fused with evaluation: on an invalid row returns its
 * PE_ERR_* code and stores the row index in *bad_row; rows of `out` other than the bad one may
 * already have been written.
 */
int pe_eval_batch(const uint8_t *cards, size_t rows, int k, uint16_t *out, size_t *bad_row);

/*
 * The batch kernels, best last: portable (16 rows a block validated by GCC/clang vector-extension
 * byte compares, keys summed two cards at a time; the row-by-row kernel elsewhere and for the rows
 * it leaves; decision 030), NEON (aarch64, 16 rows at once by tbl), AVX2 (x86-64, 16 rows at once
 * by byte shuffles), AVX-512 (x86-64, 16 rows at once by byte permutes and gathers). A kernel the CPU lacks is
 * never chosen (max_kernel caps the choice; the scalar kernel is always there).
 * pe_eval_batch uses the best this CPU has; pe_eval_batch_max the best up to `max_kernel` (for
 * measurements and tests: every kernel gives the same values and names the same bad row).
 * pe_eval_batch_kernel says which kernel pe_eval_batch_max(.., max_kernel, ..) runs on this CPU.
 */
enum { PE_KERNEL_SCALAR = 0, PE_KERNEL_NEON = 1, PE_KERNEL_AVX2 = 2, PE_KERNEL_AVX512 = 3 };
int pe_eval_batch_max(const uint8_t *cards, size_t rows, int k, int max_kernel, uint16_t *out, size_t *bad_row);
int pe_eval_batch_kernel(int max_kernel);

/* What this CPU offers the kernels (pyeval.build_info()): PE_CPU_* bits, and the compiler's name. */
enum { PE_CPU_POPCNT = 1, PE_CPU_BMI2 = 2, PE_CPU_AVX2 = 4, PE_CPU_AVX512 = 8, PE_CPU_NEON = 16 };
int pe_cpu_features(void);
const char *pe_build_compiler(void);

/*
 * The five of `n` cards (5..52) that make the hand, written to out5 in a canonical order: the
 * first 5-card subset, in the input's order, whose value equals the whole hand's. Returns the
 * value or a negative PE_ERR_* code.
 */
int pe_best_five(const uint8_t *cards, int n, uint8_t *out5);

/*
 * Describe a value: category (0 high card .. 8 straight flush, 9 royal flush) in bits 20..23,
 * then the five ranks (0..12) in describe order (grouped by count, then rank; a wheel as 5-4-3-2-A)
 * in bits 16..19, 12..15, 8..11, 4..7, 0..3. Returns 0 for a value outside 1..7462.
 */
uint32_t pe_class_info(int value);

/*
 * Census: evaluate every k-card hand (k = 5, 6, 7: C(52, k) of them) and count them by category
 * (category_counts[0..9], index as in pe_class_info, royal flush at 9) and mark the values seen
 * (seen[0..7462]). For exhaustive tests; all 133,784,560 seven-card hands take well under 2 s.
 */
int pe_eval_census(int k, uint64_t *category_counts, uint8_t *seen);

/* Table footprint in bytes of the lookups on the evaluation path (for the docs and tests). */
size_t pe_eval_table_bytes(void);

#endif
