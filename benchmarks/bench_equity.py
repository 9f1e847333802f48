"""Equity throughput: exact AhKh vs QsQd preflop (1,712,304 boards) and heads-up Monte Carlo trials/s
on one core and on all cores, with peers measured in the same run where installed (eval7,
poker-equity).

Run: ``pytest benchmarks/bench_equity.py``. Floors (issue 7, this machine): exact AhKh vs QsQd
preflop <= 50 ms through the Python API; Monte Carlo heads-up >= 20,000,000 trials/s on one core.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyeval.equity import equity

N_MC = 4_000_000
CORES = os.cpu_count() or 1
BOARDS = 1_712_304


@pytest.mark.benchmark(group="equity exact AhKh vs QsQd preflop (boards/s)")
def test_pyeval_exact_preflop(benchmark, record):
    record(benchmark, BOARDS)
    r = benchmark(equity, ["AhKh", "QsQd"], exact=True)
    assert round(float(r.players[0].equity) * 100, 3) == 46.214


@pytest.mark.benchmark(group="equity exact AhKh vs QsQd preflop (boards/s)")
def test_poker_equity_exact_preflop(benchmark, record):
    pe = pytest.importorskip("poker_equity")
    record(benchmark, BOARDS)
    r = benchmark(pe.exact_from_text, "holdem", ["AhKh", "QsQd"])
    assert abs(r["players"][0]["equity"] - 0.46214) < 1e-4


@pytest.mark.benchmark(group="equity exact AhKh vs QsQd preflop (boards/s)")
def test_eval7_exact_preflop(benchmark, record):
    eval7 = pytest.importorskip("eval7")
    hand, villain = [eval7.Card("Ah"), eval7.Card("Kh")], eval7.HandRange("QsQd")
    if abs(eval7.py_hand_vs_range_exact(hand, villain, []) - 0.46214) > 1e-3:
        pytest.skip("eval7's exact hand-vs-range does not enumerate preflop boards")
    record(benchmark, BOARDS)
    benchmark(eval7.py_hand_vs_range_exact, hand, villain, [])


@pytest.mark.benchmark(group="equity Monte Carlo heads-up, one core (trials/s)")
def test_pyeval_mc_one_core(benchmark, record):
    record(benchmark, N_MC)
    benchmark(equity, ["AhKh", "QsQd"], trials=N_MC, seed=1, streams=1, workers=1)


@pytest.mark.benchmark(group="equity Monte Carlo heads-up, one core (trials/s)")
def test_eval7_mc_one_core(benchmark, record):
    eval7 = pytest.importorskip("eval7")
    hand, villain = [eval7.Card("Ah"), eval7.Card("Kh")], eval7.HandRange("QsQd")
    record(benchmark, N_MC)
    benchmark(eval7.py_hand_vs_range_monte_carlo, hand, villain, [], N_MC)


@pytest.mark.benchmark(group="equity Monte Carlo heads-up, one core (trials/s)")
def test_poker_equity_mc_one_core(benchmark, record):
    pe = pytest.importorskip("poker_equity")
    record(benchmark, N_MC)
    benchmark(pe.chunk_from_text, "holdem", ["AhKh", "QsQd"], samples=N_MC, seed=1, threads=1)


@pytest.mark.benchmark(group="equity Monte Carlo heads-up, all cores (trials/s)")
def test_pyeval_mc_all_cores_threads(benchmark, record):
    """One stream per core on a thread pool (the C call releases the GIL)."""
    n = N_MC * CORES
    record(benchmark, n)
    with ThreadPoolExecutor(CORES) as ex:
        benchmark(equity, ["AhKh", "QsQd"], trials=n, seed=1, streams=CORES, executor=ex)


@pytest.mark.benchmark(group="equity Monte Carlo heads-up, all cores (trials/s)")
def test_poker_equity_mc_all_cores(benchmark, record):
    pe = pytest.importorskip("poker_equity")
    n = N_MC * CORES
    record(benchmark, n)
    benchmark(pe.chunk_from_text, "holdem", ["AhKh", "QsQd"], samples=n, seed=1, threads=0)


@pytest.mark.benchmark(group="equity Monte Carlo ranges, one core (trials/s)")
def test_pyeval_mc_ranges_one_core(benchmark, record):
    n = N_MC // 4
    record(benchmark, n)
    benchmark(equity, ["AKs, QQ+", "random"], trials=n, seed=1, streams=1, workers=1)


@pytest.mark.benchmark(group="equity Monte Carlo ranges, one core (trials/s)")
def test_eval7_mc_ranges_one_core(benchmark, record):
    """eval7: each hero hand of the range against the villain range (its all-hands-vs-range call)."""
    eval7 = pytest.importorskip("eval7")
    hero, villain = eval7.HandRange("AKs, QQ+"), eval7.HandRange("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32")
    per = N_MC // 4 // len(hero)
    record(benchmark, per * len(hero))
    benchmark(eval7.py_all_hands_vs_range, hero, villain, [], per)
