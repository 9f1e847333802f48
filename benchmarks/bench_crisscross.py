"""Criss-Cross Poker throughput: the Python procedure (every § 674a.9 step, a stub count every
fifth round) and the C simulation path with the basic strategy.

Run: ``pytest benchmarks/bench_crisscross.py``. Floors (issue 6, this machine): Python procedure
>= 20,000 single-player rounds/s; simulation path >= 2,000,000 rounds/s.
"""
from __future__ import annotations

import pytest

from pyeval.crisscross import CrissCrossRules, CrissCrossTable, play_round
from pyeval import simulate
from pyeval.crisscross.sim import CrissCrossSim

N_PY = 5_000
N_SIM = 2_000_000


@pytest.mark.benchmark(group="criss-cross rounds")
def test_pyeval_python_procedure_single_player(benchmark, record):
    table = CrissCrossTable(CrissCrossRules(), seed=1)
    wagers = {1: (5, 1)}

    def run():
        for _ in range(N_PY):
            play_round(table, wagers)

    record(benchmark, N_PY)
    benchmark(run)


@pytest.mark.benchmark(group="criss-cross rounds")
def test_pyeval_python_procedure_six_players(benchmark, record):
    table = CrissCrossTable(CrissCrossRules(), seed=2)
    wagers = {s: (5, 1) for s in range(1, 7)}

    def run():
        for _ in range(N_PY // 2):
            play_round(table, wagers)

    record(benchmark, N_PY // 2)
    benchmark(run)


@pytest.mark.benchmark(group="criss-cross rounds")
def test_pyeval_c_simulation_path(benchmark, record):
    record(benchmark, N_SIM)
    benchmark(simulate, CrissCrossSim(), N_SIM, seed=3)
