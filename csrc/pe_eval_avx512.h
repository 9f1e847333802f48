/* pe_eval_avx512.h - internal: the AVX-512 batch kernel (see pe_eval_avx512.c). Not a public
 * component (no .cdef): pe_eval_batch calls it when pe_have_avx512vbmi() is true. */
#ifndef PE_EVAL_AVX512_H
#define PE_EVAL_AVX512_H

#include <stddef.h>
#include <stdint.h>
#include "pe_compat.h"

/* Evaluates leading blocks of 16 valid rows of k cards (5..7) into out; returns the rows done (a
 * multiple of 16), stopping before the first block with an invalid row. 0 without AVX-512. */
PE_INTERNAL size_t pe_eval_avx512_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out);

#endif
