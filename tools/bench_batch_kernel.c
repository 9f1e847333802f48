/* bench_batch_kernel.c - one batch kernel of pyeval against native OMPEval, from C (decision 030).
 *
 * Rounds alternate (pyeval first on even rounds, OMPEval first on odd ones); each round's ratio is
 * OMPEval's process CPU time over pyeval's; prints the median ns a row of each and the median ratio
 * [min-max]. Random rows of k distinct cards (xorshift, fixed seed), the same for both sides.
 * Build (from the checkout root; nat_omp.so from ../shared/tools/perfbar/build_ompeval.sh):
 *   omp=$(dirname "$(../shared/tools/perfbar/build_ompeval.sh)")
 *   gcc -O3 -std=gnu11 -Icsrc -o /tmp/bbk tools/bench_batch_kernel.c csrc/pe_eval.c csrc/pe_eval_tables.c \
 *       csrc/pe_eval_avx2.c csrc/pe_eval_avx512.c csrc/pe_eval_neon.c csrc/pe_enum.c \
 *       -L"$omp" -l:nat_omp.so -Wl,-rpath,"$omp"
 * Run: /tmp/bbk time K ROWS ROUNDS KERNEL   (KERNEL: 0 scalar, 1 neon, 2 avx2, 3 avx512; e.g. 7 2000000 11 0)
 * Instructions a row: /tmp/bbk py|omp|none K ROWS under `valgrind --tool=callgrind`; (py - none) at
 * 400,000 rows minus the same at 200,000, over 200,000, leaves out the setup and the first-use
 * table builds.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include "pe_eval.h"
int po_init(void);
int po_batch(int k, const uint8_t *c, size_t n, uint16_t *out);

static uint64_t s = 88172645463325252ull;
static uint64_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "time";
    int k = argc > 2 ? atoi(argv[2]) : 7;
    size_t n = argc > 3 ? strtoull(argv[3], 0, 10) : 2000000;
    int rounds = argc > 4 ? atoi(argv[4]) : 9;
    int kern = argc > 5 ? atoi(argv[5]) : PE_KERNEL_SCALAR;
    if ((k != 5 && k != 7) || rounds < 1 || rounds > 2001) {
        fprintf(stderr, "k must be 5 or 7 (OMPEval's shim), rounds 1..2001\n");
        return 1;
    }
    uint8_t *c = malloc(n * k + 64);
    for (size_t r = 0; r < n; r++) {
        uint8_t d[52];
        for (int i = 0; i < 52; i++) d[i] = i;
        for (int i = 0; i < k; i++) { int j = i + rnd() % (52 - i); uint8_t t = d[i]; d[i] = d[j]; d[j] = t; c[r * k + i] = d[i]; }
    }
    uint16_t *a = malloc(n * 2), *b = malloc(n * 2);
    po_init();
    size_t bad;
    if (!strcmp(mode, "py")) { pe_eval_batch_max(c, n, k, kern, a, &bad); return 0; }
    if (!strcmp(mode, "omp")) { po_batch(k, c, n, b); return 0; }
    if (!strcmp(mode, "none")) return 0;
    pe_eval_batch_max(c, n, k, kern, a, &bad); po_batch(k, c, n, b);
    static double rat[2001], tp[2001], to[2001];
    for (int r = 0; r < rounds; r++) {
        double t0, t1;
        if (r & 1) { t0 = cpu(); po_batch(k, c, n, b); to[r] = cpu() - t0; t1 = cpu(); int st = pe_eval_batch_max(c, n, k, kern, a, &bad); tp[r] = cpu() - t1; if (st) return 2; }
        else { t1 = cpu(); int st = pe_eval_batch_max(c, n, k, kern, a, &bad); tp[r] = cpu() - t1; if (st) return 2; t0 = cpu(); po_batch(k, c, n, b); to[r] = cpu() - t0; }
        rat[r] = to[r] / tp[r];
    }
    qsort(rat, rounds, sizeof *rat, cmpd); qsort(tp, rounds, sizeof *tp, cmpd); qsort(to, rounds, sizeof *to, cmpd);
    printf("k=%d kernel=%d: pyeval %.2f ns/row, OMPEval %.2f ns/row, ratio x%.3f [%.2f-%.2f]\n", k, kern,
           tp[rounds / 2] / n * 1e9, to[rounds / 2] / n * 1e9, rat[rounds / 2], rat[0], rat[rounds - 1]);
    return 0;
}
