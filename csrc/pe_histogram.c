/* pe_histogram.c - see pe_histogram.h. */
#include "pe_compat.h"
#include "pe_eval.h"
#include "pe_histogram.h"

int pe_value_histogram(int k, uint64_t *counts)
{
    if (!counts) return PE_ERR_ARG;
    if (k < 5 || k > 7) return PE_ERR_COUNT;
    uint8_t c[7];
    for (int a = 0; a < 52; a++) {
        c[0] = (uint8_t)a;
        for (int b = a + 1; b < 52; b++) {
            c[1] = (uint8_t)b;
            for (int d = b + 1; d < 52; d++) {
                c[2] = (uint8_t)d;
                for (int e = d + 1; e < 52; e++) {
                    c[3] = (uint8_t)e;
                    for (int f = e + 1; f < 52; f++) {
                        c[4] = (uint8_t)f;
                        if (k == 5) {
                            counts[pe_eval_n(c, 5)]++;
                            continue;
                        }
                        for (int g = f + 1; g < 52; g++) {
                            c[5] = (uint8_t)g;
                            if (k == 6) {
                                counts[pe_eval_n(c, 6)]++;
                                continue;
                            }
                            for (int h = g + 1; h < 52; h++)
                                counts[pe_eval7(a, b, d, e, f, g, h)]++;
                        }
                    }
                }
            }
        }
    }
    return PE_OK;
}
