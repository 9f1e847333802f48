"""Thread scaling, 1 against 2 threads in interleaved rounds: ``evaluate_batch`` and exact heads-up
equity (issue 25: x1.8 for batches and x1.7 for exact heads-up on two idle cores).

Run: ``python benchmarks/batch_threads.py [rows] [cards] [rounds]`` (default 2,000,000 7-card rows,
21 rounds). Both calls split their work in C (csrc/pe_pool.c, decision 031). For each item it prints
the median wall time on 1 and 2 threads, the median of the per-round ratios (wall speed-up: what
the issue asks; meaningful only on idle cores, so the load average is printed before and after),
and the process CPU time of each (the second thread's cost: CPU 2 / CPU 1 above 1 is the work the
split adds, the pool's spinning included).
"""
from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

import pyeval
from pyeval.hands import high

SPOT = (["AhKh", "QsQd"], "")  # exact heads-up preflop: 1,712,304 boards, one deal
EQUITY_CALLS = 10  # calls per timing (~0.3 ms a call on one thread)


def interleave(run: Callable[[int], object], rounds: int) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """``run(threads)`` timed on 1 and 2 threads, alternating which goes first; wall and CPU times."""
    wall: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    run(2)  # the pool exists before timing
    for r in range(rounds):
        for t in (1, 2) if r % 2 == 0 else (2, 1):
            gc.disable()
            w0, c0 = time.perf_counter(), time.process_time()
            run(t)
            wall[t].append(time.perf_counter() - w0)
            cpu[t].append(time.process_time() - c0)
            gc.enable()
    return wall, cpu


def report(name: str, wall: dict[int, list[float]], cpu: dict[int, list[float]], unit: float, label: str) -> None:
    print(f"{name}")
    for t in (1, 2):
        print(f"  {t} thread{'s' if t > 1 else ' '}: wall {statistics.median(wall[t]) * unit:8.3f} {label}, "
              f"process CPU {statistics.median(cpu[t]) * unit:8.3f} {label}")
    ratios = [a / b for a, b in zip(wall[1], wall[2])]
    print(f"  wall speed-up x{statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}]; "
          f"CPU of 2 threads / 1: x{statistics.median(cpu[2]) / statistics.median(cpu[1]):.2f}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 21
    hands = np.ascontiguousarray(pyeval.deal_batch(n, k, seed=1), dtype=np.uint8)
    out = np.empty(n, np.uint16)
    want = pyeval.evaluate_batch(hands)
    eq_want = pyeval.equity(SPOT[0], board=SPOT[1], exact=True)
    print(f"pyeval {pyeval.__version__}, kernel {high.batch_kernel()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f} (1 min) before")

    def batch(t: int) -> None:
        pyeval.evaluate_batch(hands, out, threads=t)

    def exact(t: int) -> None:
        for _ in range(EQUITY_CALLS):
            pyeval.equity(SPOT[0], board=SPOT[1], exact=True, threads=t)

    wall, cpu = interleave(batch, rounds)
    assert np.array_equal(out, want)
    report(f"evaluate_batch, {n:,} {k}-card rows, {rounds} rounds", wall, cpu, 1e3, "ms")
    wall, cpu = interleave(exact, rounds)
    assert pyeval.equity(SPOT[0], board=SPOT[1], exact=True, threads=2) == eq_want
    report(f"exact equity {' vs '.join(SPOT[0])}, {rounds} rounds of {EQUITY_CALLS} calls", wall, cpu,
           1e3 / EQUITY_CALLS, "ms a call")
    print(f"load {os.getloadavg()[0]:.2f} (1 min) after")


if __name__ == "__main__":
    main()
