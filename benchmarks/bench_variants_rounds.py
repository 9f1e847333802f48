"""Rounds to showdown per second for every variant of chapter 637a, through the Python API.

Run: ``pytest benchmarks/bench_variants_rounds.py`` (pokerkit in the same run when installed).
Two drivers per variant, 6 players, stacks of 200, dealt from the shoe:

* ``random``: random legal actions (a fold now and then when facing a bet, calls, bets and raises
  of random size, random discards in draw games), the issue 8 floor: >= 5,000 rounds/s each;
* ``check/call``: every player checks or calls (and stands pat) to showdown, the same work as
  pokerkit's loop beside it (pokerkit's automations deal, show and push chips).

The random driver draws from a precomputed byte stream so that the driver itself costs little.
In draw games a draw the stub cannot serve reshuffles the discards (``Shoe.reshuffle_rack``).
"""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.poker import BettingStructure, Round, PokerRules
from pyeval.shoe import Shoe
from pyeval.poker.games import VARIANTS

FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
N_PYEVAL = 1_000
N_POKERKIT = 20
PLAYERS = 6
CODES = sorted(VARIANTS)


def rules_for(code: str) -> PokerRules:
    v = VARIANTS[code]
    if v.stud:
        return PokerRules(seats=PLAYERS, blinds=(), ante=1, bring_in=1, min_bet=2, structure=FL, max_raises=4,
                          variant=v)
    structure = NL if code in ("T", "5D", "2L1D") else PL if "O" in code else FL
    return PokerRules(seats=PLAYERS, blinds=(1, 2), min_bet=2, structure=structure, variant=v,
                      max_raises=4 if structure is FL else None)


def random_rounds(rules: PokerRules, n: int, shoe: Shoe, seed: int = 1) -> int:
    """Play ``n`` rounds of random legal actions; returns the chips won (a checksum)."""
    rnd = np.random.default_rng(seed).integers(0, 256, size=1 << 16, dtype=np.uint8).tolist()
    k = 0
    total = 0
    for _ in range(n):
        shoe.shuffle()
        r = Round(rules, [200] * PLAYERS, shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while not r.awarded:
            a = r.actor
            k = (k + 1) & 0xFFFF
            x = rnd[k]
            if a is not None:
                if x < 26 and r.bet_to > r.bets[a]:
                    r.fold()
                elif x < 205:
                    r.check_or_call()
                else:
                    la = r.betting_options()
                    if la.can_raise:
                        r.bet_or_raise_to(la.min_to + (x * 7919) % (la.max_to - la.min_to + 1))
                    else:
                        r.check_or_call()
            elif r._draw_queue:  # a short stub is completed by reshuffling the discards
                hole = r.hole[r._draw_queue[0]]
                r.discard(hole[:x % (len(hole) + 1)])
            else:
                r.run_dealer()
        total += sum(r.winnings)
    return total


def check_call_rounds(rules: PokerRules, n: int, shoe: Shoe) -> int:
    total = 0
    for _ in range(n):
        shoe.shuffle()
        r = Round(rules, [200] * PLAYERS, shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while not r.awarded:
            if r.actor is not None:
                r.check_or_call()
            elif r._draw_queue:
                r.discard(())
            else:
                r.run_dealer()
        total += sum(r.winnings)
    return total


@pytest.mark.parametrize("code", CODES)
def test_pyeval_random_rounds(benchmark, record, code):
    benchmark.group = f"{code}: random rounds to showdown"
    rules, shoe = rules_for(code), Shoe(seed=7)
    record(benchmark, N_PYEVAL)
    benchmark.pedantic(random_rounds, args=(rules, N_PYEVAL, shoe), rounds=3)


@pytest.mark.parametrize("code", CODES)
def test_pyeval_check_call_rounds(benchmark, record, code):
    benchmark.group = f"{code}: check/call rounds to showdown"
    rules, shoe = rules_for(code), Shoe(seed=7)
    record(benchmark, N_PYEVAL)
    benchmark.pedantic(check_call_rounds, args=(rules, N_PYEVAL, shoe), rounds=3)


def _pokerkit_state(pk, code: str):
    auto = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
            pk.Automation.CARD_BURNING, pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING,
            pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pk.Automation.HAND_KILLING,
            pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING)
    stacks = (200,) * PLAYERS
    games = {
        "T": lambda: pk.NoLimitTexasHoldem.create_state(auto, True, 0, (1, 2), 2, stacks, PLAYERS),
        "O": lambda: pk.PotLimitOmahaHoldem.create_state(auto, True, 0, (1, 2), 2, stacks, PLAYERS),
        "O/8": lambda: pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            auto, True, 0, (1, 2), 2, 4, stacks, PLAYERS),
        "7S": lambda: pk.FixedLimitSevenCardStud.create_state(auto, True, 1, 1, 2, 4, stacks, PLAYERS),
        "7S/8": lambda: pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            auto, True, 1, 1, 2, 4, stacks, PLAYERS),
        "R": lambda: pk.FixedLimitRazz.create_state(auto, True, 1, 1, 2, 4, stacks, PLAYERS),
        "2L1D": lambda: pk.NoLimitDeuceToSevenLowballSingleDraw.create_state(auto, True, 0, (1, 2), 2, stacks,
                                                                             PLAYERS),
        "2L3D": lambda: pk.FixedLimitDeuceToSevenLowballTripleDraw.create_state(auto, True, 0, (1, 2), 2, 4,
                                                                                stacks, PLAYERS),
        "B": lambda: pk.FixedLimitBadugi.create_state(auto, True, 0, (1, 2), 2, 4, stacks, PLAYERS),
    }
    return games.get(code)


@pytest.mark.parametrize("code", ["T", "O", "O/8", "7S", "7S/8", "R", "2L1D", "2L3D", "B"])
def test_pokerkit_check_call_rounds(benchmark, record, code):
    pk = pytest.importorskip("pokerkit")
    benchmark.group = f"{code}: check/call rounds to showdown"
    make = _pokerkit_state(pk, code)

    def run() -> None:
        for _ in range(N_POKERKIT):
            s = make()
            while s.status:
                if s.can_post_bring_in():
                    s.post_bring_in()
                elif s.can_stand_pat_or_discard():
                    s.stand_pat_or_discard()
                else:
                    s.check_or_call()

    record(benchmark, N_POKERKIT)
    benchmark.pedantic(run, rounds=2)
