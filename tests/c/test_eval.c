/* C-level workload for the evaluator, run under AddressSanitizer + UBSan by tests/test_sanitizers.py.
 * Exercises every entry point with valid and hostile input; exits non-zero on any disagreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pe_eval.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); return 1; } while (0)

int main(void)
{
    enum { N = 200000 };
    uint8_t *hands = malloc((size_t)N * 7);
    uint16_t *out = malloc((size_t)N * sizeof *out);
    if (!hands || !out) return 2;
    for (size_t r = 0; r < N; r++) {
        uint8_t deck[52];
        for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
        for (int i = 0; i < 7; i++) {
            int j = i + (int)(next() % (uint64_t)(52 - i));
            uint8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            hands[r * 7 + i] = deck[i];
        }
    }
    size_t bad = 0;
    if (pe_eval_batch(hands, N, 7, out, &bad) != PE_OK) FAIL("valid batch rejected at row %zu", bad);
    for (size_t r = 0; r < N; r++) {
        const uint8_t *h = hands + r * 7;
        int v = pe_eval7(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
        if (v != out[r] || v != pe_eval_n(h, 7) || v < 1 || v > 7462) FAIL("row %zu disagrees", r);
        uint8_t five[5];
        if (pe_best_five(h, 7, five) != v || pe_eval_n(five, 5) != v) FAIL("best five row %zu", r);
        if (pe_eval6(h[0], h[1], h[2], h[3], h[4], h[5]) != pe_eval_n(h, 6)) FAIL("6-card row %zu", r);
        if (pe_eval5(h[0], h[1], h[2], h[3], h[4]) != pe_eval_n(h, 5)) FAIL("5-card row %zu", r);
    }
    /* the portable kernel, forced, gives the same values (and names the same bad row) */
    uint16_t *out2 = malloc((size_t)N * sizeof *out2);
    if (!out2) return 2;
    if (pe_eval_batch_max(hands, N, 7, PE_KERNEL_SCALAR, out2, &bad) != PE_OK) FAIL("scalar batch rejected");
    if (memcmp(out, out2, (size_t)N * sizeof *out) != 0) FAIL("scalar and default kernels disagree");
    if (pe_eval_batch_kernel(PE_KERNEL_SCALAR) != PE_KERNEL_SCALAR) FAIL("kernel cap");
    hands[1000 * 7 + 3] = hands[1000 * 7 + 5];
    size_t bad2 = 0;
    if (pe_eval_batch_max(hands, N, 7, PE_KERNEL_SCALAR, out2, &bad2) != PE_ERR_DUP || bad2 != 1000 ||
        pe_eval_batch(hands, N, 7, out2, &bad) != PE_ERR_DUP || bad != 1000)
        FAIL("bad row %zu / %zu", bad2, bad);
    free(out2);
    /* 5, 6 and 7 cards, plain and flush-heavy rows (two suits only), odd lengths: every kernel this
     * CPU runs (NEON on aarch64, checked under qemu by tools/check_portability.sh; AVX2, AVX-512 on
     * x86-64) against single calls, and the first bad row named */
#if defined(__aarch64__)
    if (pe_eval_batch_kernel(PE_KERNEL_AVX512) != PE_KERNEL_NEON) FAIL("aarch64 without the NEON kernel");
#endif
    for (int kern = PE_KERNEL_SCALAR; kern <= PE_KERNEL_AVX512; kern++) {
        if (pe_eval_batch_kernel(kern) != kern) continue; /* not on this CPU */
        for (int k = 5; k <= 7; k++) {
            for (int suited = 0; suited < 2; suited++) {
                const size_t n = 20011;
                for (size_t r = 0; r < n; r++) {
                    uint8_t deck[52];
                    int m = 0;
                    for (int i = 0; i < 52; i++)
                        if (!suited || (i & 3) < 2) deck[m++] = (uint8_t)i;
                    for (int i = 0; i < k; i++) {
                        int j = i + (int)(next() % (uint64_t)(m - i));
                        uint8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
                        hands[r * (size_t)k + (size_t)i] = deck[i];
                    }
                }
                if (pe_eval_batch_max(hands, n, k, kern, out, &bad) != PE_OK) FAIL("kernel %d k=%d rejected", kern, k);
                for (size_t r = 0; r < n; r++)
                    if (out[r] != pe_eval_n(hands + r * (size_t)k, k)) FAIL("kernel %d k=%d suited=%d row %zu", kern, k, suited, r);
                for (int i = 0; i < k; i++) /* a repeat at every pair of positions (the SIMD kernels compare pairs) */
                    for (int j = i + 1; j < k; j++) {
                        const size_t at = 100 + (size_t)(7 * i + j); /* anywhere in a 16-row block */
                        uint8_t *row = hands + at * (size_t)k;
                        const uint8_t keep = row[j];
                        row[j] = row[i];
                        if (pe_eval_batch_max(hands, n, k, kern, out, &bad) != PE_ERR_DUP || bad != at)
                            FAIL("kernel %d k=%d repeat at %d, %d", kern, k, i, j);
                        row[j] = keep;
                    }
                hands[777 * (size_t)k + 1] = 52; /* an invalid byte, then a repeat: the row is named */
                if (pe_eval_batch_max(hands, n, k, kern, out, &bad) != PE_ERR_CARD || bad != 777) FAIL("k=%d bad card", k);
                hands[777 * (size_t)k + 1] = hands[777 * (size_t)k];
                if (pe_eval_batch_max(hands, n, k, kern, out, &bad) != PE_ERR_DUP || bad != 777) FAIL("k=%d repeat", k);
            }
        }
    }
    /* hostile input: every byte value in every position; no crash, an error or a valid value */
    for (int rep = 0; rep < 200000; rep++) {
        uint8_t h[7];
        for (int i = 0; i < 7; i++) h[i] = (uint8_t)next();
        int k = 5 + (int)(next() % 3);
        int v = pe_eval_n(h, k);
        uint16_t o = 0;
        int b = pe_eval_batch(h, 1, k, &o, &bad);
        if ((v < 0) != (b < 0)) FAIL("single and batch disagree on validity");
        if (v > 0 && o != v) FAIL("single and batch disagree on value");
        uint8_t five[5];
        (void)pe_best_five(h, k, five);
        (void)pe_eval7(h[0] - 128, h[1] * 1000, -h[2], h[3], h[4], h[5], h[6]);
    }
    /* 8..52 cards: hostile bytes as above (no crash; single and batch agree), and valid hands equal
     * the best of their five-card subsets read through pe_best_five */
    for (int rep = 0; rep < 20000; rep++) {
        uint8_t h[52];
        const int k = 8 + (int)(next() % 45);
        for (int i = 0; i < k; i++) h[i] = (uint8_t)(rep & 1 ? next() % 52 : next());
        const int v = pe_eval_n(h, k);
        uint16_t o = 0;
        const int b = pe_eval_batch(h, 1, k, &o, &bad);
        if ((v < 0) != (b < 0) || (v > 0 && o != v)) FAIL("8+ cards: single and batch disagree");
        uint8_t five[5];
        if (v > 0 && (pe_best_five(h, k, five) != v || pe_eval_n(five, 5) != v)) FAIL("8+ cards: best five");
    }
    if (pe_eval_n(NULL, 7) != PE_ERR_ARG || pe_eval_n(hands, 4) != PE_ERR_COUNT || pe_eval_n(hands, 53) != PE_ERR_COUNT)
        FAIL("arg checks");
    if (pe_eval_batch(NULL, 1, 7, out, &bad) != PE_ERR_ARG) FAIL("null batch");
    if (pe_eval_batch(hands, 0, 7, NULL, &bad) != PE_OK) FAIL("empty batch");
    if (pe_class_info(0) != 0 || pe_class_info(7463) != 0 || pe_class_info(-5) != 0) FAIL("info range");
    uint64_t counts[10];
    static uint8_t seen[7463];
    if (pe_eval_census(5, counts, seen) != PE_OK || counts[0] != 1302540) FAIL("census");
    free(hands);
    free(out);
    puts("ok");
    return 0;
}
