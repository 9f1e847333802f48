"""World Poker Tour Heads-Up Hold 'Em throughput: the Python procedure (every § 677a.11 step as a
method call, the basic strategy as a Python callable) and the C simulation path.

Run: ``pytest benchmarks/bench_headsup.py``. Floors (issue 5, this machine): Python procedure
>= 20,000 single-player rounds/s; simulation path >= 2,000,000 rounds/s; exact Trips Plus < 5 s.
"""
from __future__ import annotations

import pytest

from pyeval.headsup import HeadsUpRound, SequenceSource, basic_strategy, example_rules
from pyeval import simulate
from pyeval.headsup.sim import HeadsUpSim, play_batch, trips_plus_exact
from pyeval.shoe import Shoe

N_PY = 5_000
N_SIM = 2_000_000
RULES = example_rules(ante_min=1)


@pytest.mark.benchmark(group="heads-up rounds")
def test_pyeval_python_procedure_single_player_shoe(benchmark, record):
    """Shuffle a pyeval Shoe, then every step of the round, one player."""
    shoe = Shoe(seed=1)

    def run():
        for _ in range(N_PY):
            shoe.shuffle()
            rnd = HeadsUpRound(RULES)
            rnd.place_wagers(1, 10, 10, 5, 5)
            rnd.run(shoe, basic_strategy)

    record(benchmark, N_PY)
    benchmark(run)


@pytest.mark.benchmark(group="heads-up rounds")
def test_pyeval_python_procedure_single_player_fixed_orders(benchmark, record):
    """The procedure alone: card orders dealt in advance (as in the differential test)."""
    orders = [r.cards for r in play_batch(RULES, N_PY, seed=2)]

    def run():
        for o in orders:
            rnd = HeadsUpRound(RULES)
            rnd.place_wagers(1, 10, 10, 5, 5)
            rnd.run(SequenceSource(o), basic_strategy)

    record(benchmark, N_PY)
    benchmark(run)


@pytest.mark.benchmark(group="heads-up rounds")
def test_pyeval_python_procedure_six_players(benchmark, record):
    shoe = Shoe(seed=3)

    def run():
        for _ in range(N_PY // 5):
            shoe.shuffle()
            rnd = HeadsUpRound(RULES)
            for s in range(1, 7):
                rnd.place_wagers(s, 10, 10, 5, 5)
            rnd.run(shoe, basic_strategy)

    record(benchmark, N_PY // 5)
    benchmark(run)


@pytest.mark.benchmark(group="heads-up rounds")
def test_pyeval_c_simulation_path(benchmark, record):
    record(benchmark, N_SIM)
    benchmark(simulate, HeadsUpSim(RULES), N_SIM, seed=4)


@pytest.mark.benchmark(group="heads-up exact")
def test_pyeval_trips_plus_exact(benchmark, record):
    record(benchmark, 133_784_560)
    benchmark.pedantic(trips_plus_exact, args=(RULES.trips_plus,), rounds=3, iterations=1)
