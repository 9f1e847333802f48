"""Mistakes a new user made in a trial from the README: each is a pyeval error that names what was
wrong, and changes nothing."""
from __future__ import annotations

import pytest

import pyeval
from pyeval.crisscross import CrissCrossRules, CrissCrossTable, ShufflerDeck, play_round
from pyeval.errors import CardTypeError, ChipTypeError, WagerNotAllowedError
from pyeval.poker import PokerRules, Round


def test_a_bet_that_is_not_an_int_is_a_chip_error_not_a_card_error():
    r = Round(PokerRules(seats=2, blinds=(1, 2)), [50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["AsKs", "2c3d"])
    before = r.snapshot()
    with pytest.raises(ChipTypeError, match="int amount of chips"):
        r.bet_or_raise_to("abc")  # type: ignore[arg-type]
    assert not isinstance(ChipTypeError("x"), CardTypeError) and isinstance(ChipTypeError("x"), TypeError)
    assert r.snapshot() == before


def test_shoe_take_of_a_single_int_is_a_card_type_error():
    shoe = pyeval.Shoe(seed=1)
    before = shoe.stub()
    with pytest.raises(CardTypeError, match="sequence of card ints"):
        shoe.take(51)  # type: ignore[arg-type]
    assert shoe.stub() == before
    assert shoe.take([51]) == (51,)


def test_criss_cross_play_round_with_a_malformed_wager_is_refused_before_the_round():
    table = CrissCrossTable(CrissCrossRules(min_ante=1), ShufflerDeck(seed=1))
    with pytest.raises(WagerNotAllowedError, match=r"pair \(ante, bonus\)"):
        play_round(table, {1: (5,)})  # type: ignore[dict-item]
    rec = play_round(table, {1: (5, 0)})  # the table still plays a proper round afterwards
    assert rec is not None
