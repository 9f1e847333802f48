"""Hold'em showdown simulation throughput (pyeval.poker.sim): rounds/s on one stream in this
thread vs several streams on a thread pool (the C batch call releases the GIL, so threads scale
up to the cores; the numpy counting between calls mostly does too).

Run: ``pytest benchmarks/bench_holdem_sim.py``. The summary prints rounds/s per benchmark; the
ratio of the thread-pool run to the one-stream run is the parallel speed-up on this machine.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyeval import HoldemShowdown, simulate

N = 2_000_000
WORKERS = os.cpu_count() or 1


@pytest.mark.benchmark(group="holdem showdowns, 6 players")
def test_pyeval_holdem_sim_one_stream(benchmark, record):
    record(benchmark, N)
    benchmark.pedantic(simulate, args=(HoldemShowdown(6), N), kwargs={"seed": 1, "streams": 1}, rounds=3, iterations=1)


@pytest.mark.benchmark(group="holdem showdowns, 6 players")
def test_holdem_sim_streams_on_threads(benchmark, record):
    with ThreadPoolExecutor(WORKERS) as ex:
        record(benchmark, N)
        benchmark.pedantic(simulate, args=(HoldemShowdown(6), N), kwargs={"seed": 1, "streams": 4 * WORKERS, "executor": ex},
                           rounds=3, iterations=1)


@pytest.mark.benchmark(group="holdem showdowns, 2 players")
def test_pyeval_holdem_sim_heads_up_one_stream(benchmark, record):
    record(benchmark, N)
    benchmark.pedantic(simulate, args=(HoldemShowdown(2), N), kwargs={"seed": 1, "streams": 1}, rounds=3, iterations=1)


@pytest.mark.benchmark(group="holdem showdowns, 2 players")
def test_holdem_sim_heads_up_streams_on_threads(benchmark, record):
    with ThreadPoolExecutor(WORKERS) as ex:
        record(benchmark, N)
        benchmark.pedantic(simulate, args=(HoldemShowdown(2), N), kwargs={"seed": 1, "streams": 4 * WORKERS, "executor": ex},
                           rounds=3, iterations=1)
