"""Thread scaling of a batch: ``evaluate_batch`` on 1 and on 2 threads, interleaved rounds.

Run: ``python benchmarks/batch_threads.py [rows] [cards] [rounds]`` (default 2,000,000 7-card rows,
21 rounds). Prints wall and process CPU time, and the CPU time of each thread inside the C calls:
wall time on a loaded machine shows the load, but the busiest thread's share of the work bounds
what two idle cores would give (1-thread total / busiest thread). See
docs/decisions/025-avx512-batch-kernel-and-threads.md.
"""
from __future__ import annotations

import gc
import os
import statistics
import sys
import threading
import time

import numpy as np

import pyeval
from pyeval.hands import high


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 21
    hands = np.ascontiguousarray(pyeval.deal_batch(n, k, seed=1), dtype=np.uint8)
    out = np.empty(n, np.uint16)
    want = pyeval.evaluate_batch(hands)
    per: dict[int, float] = {}
    row_blocks = high.row_blocks

    def timed_blocks(*args):  # the C calls, timed per thread
        run = row_blocks(*args)

        def timed(lo, hi):
            t0 = time.thread_time()
            res = run(lo, hi)
            me = threading.get_ident()
            per[me] = per.get(me, 0.0) + time.thread_time() - t0
            return res
        return timed

    high.row_blocks = timed_blocks
    wall: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    total: dict[int, list[float]] = {1: [], 2: []}
    busiest: dict[int, list[float]] = {1: [], 2: []}
    pyeval.evaluate_batch(hands, out, threads=2)  # the pool exists before timing
    for r in range(rounds):
        for t in (1, 2) if r % 2 == 0 else (2, 1):
            per.clear()
            gc.disable()
            w0, c0 = time.perf_counter(), time.process_time()
            pyeval.evaluate_batch(hands, out, threads=t)
            wall[t].append(time.perf_counter() - w0)
            cpu[t].append(time.process_time() - c0)
            gc.enable()
            total[t].append(sum(per.values()))
            busiest[t].append(max(per.values()))
            assert np.array_equal(out, want)
    print(f"{n:,} {k}-card rows, {rounds} rounds, kernel {high.batch_kernel()}, load {os.getloadavg()[0]:.1f}")
    for t in (1, 2):
        print(f"  {t} thread{'s' if t > 1 else ' '}: wall {statistics.median(wall[t]) * 1e3:7.2f} ms, "
              f"process CPU {statistics.median(cpu[t]) * 1e3:7.2f} ms, C calls {statistics.median(total[t]) * 1e3:7.2f} ms "
              f"(busiest thread {statistics.median(busiest[t]) * 1e3:6.2f} ms)")
    print(f"  wall speed-up x{statistics.median(a / b for a, b in zip(wall[1], wall[2])):.2f}; "
          f"two idle cores (1-thread C time / busiest thread) x{statistics.median(a / b for a, b in zip(total[1], busiest[2])):.2f}; "
          f"C time of 2 threads / 1: x{statistics.median(total[2]) / statistics.median(total[1]):.2f}")


if __name__ == "__main__":
    main()
