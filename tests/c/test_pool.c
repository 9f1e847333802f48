/* The C pool (csrc/pe_pool.c): pe_eval_batch_threads and pe_eq_spot_threads give the one-thread
 * values, errors and sums on any thread count; several callers at once share the pool; a forked
 * child starts without workers and makes its own (POSIX; skipped when PE_TEST_NO_FORK is set, as
 * under ThreadSanitizer). Run by tests/test_sanitizers.py (ASan + UBSan, and TSan) and, cross-built,
 * under qemu-aarch64 by tools/check_portability.sh. Prints "ok". */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* fork, waitpid under -std=c11 */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pe_compat.h"
#include "pe_eval.h"
#include "pe_equity.h"
#include "pe_pool.h"

#if !defined(_WIN32)
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); return 1; } while (0)

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

enum { N = 150001, MIN_ROWS = 8192 };

static void deal(uint8_t *hands, size_t n, int k)
{
    for (size_t r = 0; r < n; r++) {
        uint8_t deck[52];
        for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
        for (int i = 0; i < k; i++) {
            const int j = i + (int)(next() % (uint64_t)(52 - i));
            const uint8_t t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
            hands[r * (size_t)k + (size_t)i] = deck[i];
        }
    }
}

/* AhKh vs QsQd, and a three-way spot, on a board of nboard cards. */
static int spot(int threads, int three, const uint8_t *board, int nboard, pe_eq_spot_out *out)
{
    static const uint8_t combos[6] = {50, 46, 43, 41, 21, 20};
    const uint32_t offs[4] = {0, 1, 2, 3}, w[3] = {1, 1, 1};
    return pe_eq_spot_threads(combos, offs, w, three ? 3 : 2, board, nboard, NULL, 0, (uint64_t)1 << 40, threads, out);
}

static int same_spot(const pe_eq_spot_out *a, const pe_eq_spot_out *b, int players)
{
    if (a->deals != b->deals || a->boards != b->boards || a->total[0] != b->total[0] || a->total[1] != b->total[1])
        return 0;
    for (int i = 0; i < players; i++)
        if (memcmp(a->win[i], b->win[i], sizeof a->win[i]) || memcmp(a->tie[i], b->tie[i], sizeof a->tie[i]) ||
            memcmp(a->share[i], b->share[i], sizeof a->share[i]) || a->combos[i] != b->combos[i] ||
            a->equity[i] != b->equity[i])
            return 0;
    return 1;
}

static int check_batches(uint8_t *hands, uint16_t *want, uint16_t *got)
{
    for (int k = 5; k <= 7; k++) {
        deal(hands, N, k);
        size_t bad = 0;
        if (pe_eval_batch(hands, N, k, want, &bad) != PE_OK) FAIL("valid %d-card batch rejected", k);
        const int counts[] = {1, 2, 3, 8, 100};
        for (size_t t = 0; t < sizeof counts / sizeof counts[0]; t++) {
            memset(got, 0, (size_t)N * sizeof *got);
            if (pe_eval_batch_threads(hands, N, k, PE_KERNEL_AVX512, got, &bad, counts[t], MIN_ROWS) != PE_OK)
                FAIL("%d-card batch on %d threads rejected at %zu", k, counts[t], bad);
            if (memcmp(want, got, (size_t)N * sizeof *got)) FAIL("%d-card batch on %d threads differs", k, counts[t]);
        }
        /* two bad rows in different blocks: the first is named, with its status, on any count */
        const size_t first = 3 * MIN_ROWS + 5, second = MIN_ROWS + (size_t)(next() % (3 * MIN_ROWS));
        uint8_t keep1 = hands[first * (size_t)k], keep2 = hands[(first + 1000) * (size_t)k];
        hands[first * (size_t)k] = hands[first * (size_t)k + 1];
        hands[(first + 1000) * (size_t)k] = 77;
        const uint8_t keep3 = hands[second * (size_t)k];
        if (second < first) hands[second * (size_t)k] = 52;
        const size_t expect = second < first ? second : first;
        const int want_st = pe_eval_batch(hands, N, k, got, &bad);
        if (want_st == PE_OK || bad != expect) FAIL("one thread: bad row %zu, expected %zu", bad, expect);
        for (int t = 2; t <= 5; t++) {
            size_t b2 = 0;
            if (pe_eval_batch_threads(hands, N, k, PE_KERNEL_AVX512, got, &b2, t, MIN_ROWS) != want_st || b2 != expect)
                FAIL("%d threads: bad row %zu, expected %zu", t, b2, expect);
        }
        hands[first * (size_t)k] = keep1;
        hands[(first + 1000) * (size_t)k] = keep2;
        hands[second * (size_t)k] = keep3;
    }
    return 0;
}

static int check_spots(void)
{
    static const uint8_t boards[3][5] = {{0}, {0, 22, 29}, {0, 22, 29, 9}};
    static const int nb[3] = {0, 3, 4};
    for (int three = 0; three <= 1; three++)
        for (int b = 0; b < 3; b++) {
            pe_eq_spot_out one, many;
            if (spot(1, three, boards[b], nb[b], &one) != PE_OK) FAIL("spot %d/%d on one thread", three, b);
            for (int t = 2; t <= 5; t++) {
                memset(&many, 0xAB, sizeof many);
                if (spot(t, three, boards[b], nb[b], &many) != PE_OK) FAIL("spot %d/%d on %d threads", three, b, t);
                if (!same_spot(&one, &many, three ? 3 : 2)) FAIL("spot %d/%d on %d threads differs", three, b, t);
            }
        }
    pe_eq_spot_out o; /* an error is the one-thread error */
    const uint8_t dup[3] = {50, 1, 2};
    if (spot(2, 0, dup, 3, &o) != spot(1, 0, dup, 3, &o) || spot(1, 0, dup, 3, &o) == PE_OK) FAIL("spot error");
    return 0;
}

#if !defined(_WIN32)
static pe_eq_spot_out reference;

static void *caller(void *arg)
{
    (void)arg;
    for (int i = 0; i < 20; i++) {
        pe_eq_spot_out o;
        if (spot(2, 0, NULL, 0, &o) != PE_OK || !same_spot(&o, &reference, 2)) return (void *)1;
    }
    return NULL;
}

static int check_concurrent(void)
{
    if (spot(1, 0, NULL, 0, &reference) != PE_OK) FAIL("reference spot");
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&t[i], NULL, caller, NULL)) FAIL("pthread_create");
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        void *r = NULL;
        pthread_join(t[i], &r);
        bad |= r != NULL;
    }
    if (bad) FAIL("a concurrent caller got other sums");
    return 0;
}

static int check_fork(uint8_t *hands, uint16_t *want, uint16_t *got)
{
    if (getenv("PE_TEST_NO_FORK")) return 0;
#if !PE_GNUC
    return 0; /* portable fallbacks (no GCC/clang builtins): pe_pool.c runs every part on the caller */
#endif
    if (pe_pool_workers() < 1) FAIL("no workers in the parent");
    const pid_t pid = fork();
    if (pid < 0) FAIL("fork");
    if (pid == 0) { /* the child: no workers until its first threaded call, then its own */
        size_t bad = 0;
        int code = pe_pool_workers() != 0;
        code |= check_spots() != 0;
        code |= pe_eval_batch_threads(hands, N, 7, PE_KERNEL_AVX512, got, &bad, 2, MIN_ROWS) != PE_OK;
        code |= memcmp(want, got, (size_t)N * sizeof *got) != 0;
        code |= pe_pool_workers() < 1;
        _exit(code);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) FAIL("the forked child failed");
    return 0;
}
#endif

int main(void)
{
    uint8_t *hands = malloc((size_t)N * 7);
    uint16_t *want = malloc((size_t)N * sizeof *want), *got = malloc((size_t)N * sizeof *got);
    if (!hands || !want || !got) return 2;
    if (check_batches(hands, want, got) || check_spots()) return 1;
#if !defined(_WIN32)
    if (check_concurrent()) return 1;
    size_t bad = 0;
    deal(hands, N, 7);
    if (pe_eval_batch(hands, N, 7, want, &bad) != PE_OK) FAIL("batch");
    if (check_fork(hands, want, got)) return 1;
#endif
    free(hands);
    free(want);
    free(got);
    printf("ok\n");
    return 0;
}
