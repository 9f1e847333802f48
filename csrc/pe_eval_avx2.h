/* pe_eval_avx2.h - internal: the AVX2 batch kernel (see pe_eval_avx2.c). Not a public component
 * (no .cdef): pe_eval_batch_max calls it when pe_have_avx2() is true and AVX-512 is not chosen. */
#ifndef PE_EVAL_AVX2_H
#define PE_EVAL_AVX2_H

#include <stddef.h>
#include <stdint.h>
#include "pe_compat.h"

/* Evaluates leading blocks of 16 valid rows of k cards (5..7) into out; returns the rows done (a
 * multiple of 16), stopping before the first block with an invalid row and before the last rows
 * (a block reads up to 16 bytes from each row's start). 0 without an AVX2 build. */
PE_INTERNAL size_t pe_eval_avx2_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out);

#endif
