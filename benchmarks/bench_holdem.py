"""Hold'em table engine: 6-handed no-limit rounds to showdown, and replay of real hand histories.

Run: ``pytest benchmarks/bench_holdem.py`` (pokerkit in the same run when installed; the summary
prints rounds/s and pyeval's ratio to pokerkit). Floors (issue 4, this machine): >= 10,000
six-handed rounds/s dealt from the shoe with every player checking or calling to showdown, through
the Python API; the 7,713 shared hands replayed in under 10 s.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.poker import Round, PokerRules, phh
from pyeval.shoe import Shoe

N_PYEVAL = 2_000
N_POKERKIT = 50
RULES = PokerRules(seats=6, blinds=(50, 100), min_bet=100)
SHARED_PHH = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"


def _pyeval_rounds(n: int, shoe: Shoe) -> int:
    total = 0
    for _ in range(n):
        shoe.shuffle()
        r = Round(RULES, [10_000] * 6, shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while not r.awarded:
            while r.actor is not None:
                r.check_or_call()
            r.run_dealer()
        total += r.stacks[0]
    return total


@pytest.mark.benchmark(group="6-handed NL rounds, check/call to showdown")
def test_pyeval_rounds(benchmark, record):
    shoe = Shoe(seed=1)
    record(benchmark, N_PYEVAL)
    benchmark(_pyeval_rounds, N_PYEVAL, shoe)


@pytest.mark.benchmark(group="6-handed NL rounds, check/call to showdown")
def test_pokerkit_rounds(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    auto = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
            pk.Automation.CARD_BURNING, pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING,
            pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pk.Automation.HAND_KILLING,
            pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING)

    def run() -> None:
        for _ in range(N_POKERKIT):
            s = pk.NoLimitTexasHoldem.create_state(auto, True, 0, (50, 100), 100, (10_000,) * 6, 6)
            while s.status:
                s.check_or_call()

    record(benchmark, N_POKERKIT)
    benchmark(run)


@pytest.fixture(scope="module")
def shared_hands():
    if not SHARED_PHH.is_dir():
        pytest.skip("../shared/data/phh is not beside this checkout")
    return [h for f in phh.iter_paths([SHARED_PHH]) for h in phh.load(f)]


@pytest.mark.benchmark(group="replay of the 7,713 shared PHH hands (parsed)")
def test_pyeval_replay_shared(benchmark, record, shared_hands):
    record(benchmark, len(shared_hands))
    ok = benchmark.pedantic(lambda: sum(phh.check_replay(h).matches for h in shared_hands), rounds=3)
    assert ok == len(shared_hands)
