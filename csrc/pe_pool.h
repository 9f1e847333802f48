/* pe_pool.h - one C call that runs its work on several threads: a persistent pool of worker threads
 * (POSIX threads, created on first use), and the threaded calls built on it (decision 031).
 *
 * Threads: pe_pool_run runs one job's parts on the calling thread and on up to parts - 1 workers;
 * the parts are taken from a shared counter, so a worker that wakes late leaves its part to the
 * others. One job at a time: a call made while another thread's job holds the pool runs all its
 * parts on its own thread (same results, no waiting on the other job).
 * Processes: a forked child has none of its parent's workers; a pthread_atfork handler (and a
 * process-id check) forgets them in the child, whose first threaded call creates its own. A fork
 * while a job runs leaves that job to the parent.
 * Without POSIX threads (Windows builds) every part runs on the calling thread. */
#ifndef PE_POOL_H
#define PE_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "pe_equity.h"

/* Internal: runs fn(ctx, part) for every part 0..parts-1 (parts >= 1) on the calling thread and up
 * to parts - 1 pool workers, and returns once all have returned. */
void pe_pool_run(int parts, void (*fn)(void *ctx, int part), void *ctx);

/* Workers alive in this process (0 before the first threaded call, and in a freshly forked child). */
int pe_pool_workers(void);

/* pe_eval_batch_max over `threads` threads: blocks of at least `min_rows` rows taken in row order
 * from a shared counter, long first and short last (a guided schedule fixed by rows, threads and
 * min_rows: a late thread leaves at most a short block to wait for); after a failure no later block
 * starts. Returns as pe_eval_batch_max, the
 * first bad row of the whole batch in *bad_row: the same values and errors as one thread. */
int pe_eval_batch_threads(const uint8_t *cards, size_t rows, int k, int max_kernel, uint16_t *out, size_t *bad_row,
                          int threads, size_t min_rows);

/* pe_eq_spot's exact run (no seed) over `threads` threads in one call: every thread walks the
 * enumeration and evaluates the units of work (a board class, a flush board set) of the chunks it
 * takes from a shared counter, so the split follows the work each thread actually does; the sums
 * are added modulo 2**64: the one-thread result, field for field. Errors as pe_eq_spot_part. */
int pe_eq_spot_threads(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                       const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                       int threads, pe_eq_spot_out *out);

#endif
