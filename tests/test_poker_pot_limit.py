"""Pot limit when the posted minimum is larger than the pot: the minimum stays a legal bet."""
from __future__ import annotations

import pytest

from pyeval.errors import IllegalActionError
from pyeval.poker import BettingStructure, PokerRules, Round


def _round() -> Round:
    r = Round(PokerRules(seats=2, blinds=(1,), structure=BettingStructure.POT_LIMIT, min_bet=3), [50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["AsKs", "2c3d"])
    return r


def test_pot_limit_minimum_raise_allowed_when_the_pot_is_smaller():
    r = _round()
    la = r.betting_options()
    assert la.can_raise and la.min_to == la.max_to == 4  # pot limit would be 3: the minimum wins
    r.bet_or_raise_to(4)
    assert sorted(r.stacks) == [46, 49]  # the blind of 1 and the raise to 4


def test_pot_limit_above_the_minimum_still_capped_by_the_pot():
    r = _round()
    before = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.bet_or_raise_to(5)
    assert r.snapshot() == before
