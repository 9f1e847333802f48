/* pe_eval_neon.h - internal: the NEON batch kernel (see pe_eval_neon.c). Not a public component
 * (no .cdef): pe_eval_batch_max calls it on aarch64, where NEON is part of every CPU. */
#ifndef PE_EVAL_NEON_H
#define PE_EVAL_NEON_H

#include <stddef.h>
#include <stdint.h>
#include "pe_compat.h"

/* Evaluates leading blocks of 16 valid rows of k cards (5..7) into out; returns the rows done (a
 * multiple of 16), stopping before the first block that holds an invalid row (the scalar batch then
 * names it) and before the last rows (a block reads 8 bytes from each row's start). 0 where NEON
 * is not compiled in. */
PE_INTERNAL size_t pe_eval_neon_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out);

#endif
