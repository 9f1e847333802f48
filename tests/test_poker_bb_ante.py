"""A big-blind ante that takes the big blind's whole stack (58 Pa. Code § 637a.8(b)(5)): the dead
money is a bottom pot every live hand contends; found by the PHH round-trip tests."""
from __future__ import annotations

import pytest

from pyeval import Shoe
from pyeval.poker import Round, PokerRules


def _play_out(r: Round) -> None:
    for _ in range(100):
        if r.awarded:
            return
        if r.actor is not None:
            r.check_or_call()
        elif r.can_show():
            r.show()
        else:
            r.run_dealer()
    raise AssertionError("the round did not finish")


@pytest.mark.regulation("637a.8(b)(5)(i)", "637a.8(b)(5)(iii)")
def test_637a_8_b_5_bb_ante_all_in_pots():
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, bb_ante=2), [1, 1], Shoe(seed=3))
    r.post_forced_bets()
    pots = r._pots([True, True])
    # SB's 1 chip is live and only he can win it back; BB's 1 chip went to the ante: dead money
    # that both hands contend
    assert sorted((p.amount, p.eligible) for p in pots) == [(1, (0,)), (1, (0, 1))]


@pytest.mark.parametrize("seed", range(20))
def test_bb_ante_all_in_round_completes_and_conserves_chips(seed):
    shoe = Shoe(seed=seed)
    shoe.shuffle()  # each seed its own deal (a never-shuffled shoe deals new-deck order whatever the seed)
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, bb_ante=2), [1, 1], shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    _play_out(r)
    assert sum(r.stacks) == 2 and min(r.stacks) >= 0
