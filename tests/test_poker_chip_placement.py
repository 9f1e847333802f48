"""Chip placement as a floorperson rules it: what counts as a bet and string bets
(58 Pa. Code § 637a.8(e)-(g)); the announced-amount and single-chip rules ((d), (i)) are in
test_poker.py."""
from __future__ import annotations

import pytest

from pyeval.errors import CardTypeError, IllegalActionError
from pyeval.poker import PokerRules, Round, Ruling

NL = PokerRules(seats=9, blinds=(1, 2), min_bet=2)


def _facing_bet() -> Round:
    """Three players, blinds 1/2; the first to act (seat left of the big blind) faces a call of 2."""
    r = Round(NL, [200, 200, 200])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd"])
    return r


def test_637a_8_e_chips_pushed_forward_are_the_bet():
    """§ 637a.8(e)(1), § 637a.8(e)(2): chips pushed forward (or placed toward the pot) are the bet."""
    r = _facing_bet()
    before = r.snapshot()
    assert r.rule_chip_placement(10) == r.rule_chip_placement(motions=[10])
    assert r.rule_chip_placement(10).action == "raise" and r.rule_chip_placement(10).to == 10
    assert r.snapshot() == before  # a ruling changes nothing


def test_637a_8_f_no_string_bets():
    """§ 637a.8(f): a bet cannot be increased after it is made: a second motion does not count."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[2, 8])  # called with 2, then pushed 8 more
    assert (ruling.action, ruling.to, ruling.change) == ("call", None, 8)
    ruling = r.rule_chip_placement(motions=[6, 6])  # a raise to 6, then 6 more
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 6, 6)
    ruling = r.rule_chip_placement(motions=[1, 5])  # short of the call, then more: a call
    assert (ruling.action, ruling.to, ruling.change) == ("call", None, 4)


def test_637a_8_f_1_declared_incomplete_bet_may_be_completed():
    """§ 637a.8(f)(1): a player who says the bet is not yet complete may add to it."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[6, 6], declared_incomplete=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 12, 0)


def test_637a_8_f_2_call_then_announced_raise():
    """§ 637a.8(f)(2): the call amount put in with an announced raise: the raise stands."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[2, 8], announced_raise=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 10, 0)


def test_637a_8_g_announced_raise_keeps_betting_until_hands_rest():
    """§ 637a.8(g): after announcing "raise" the player may keep placing chips (within the limits)."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[4, 4, 4, 8], announced_raise=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 20, 0)
    r.apply_ruling(ruling)
    assert r.bet_to == 20


@pytest.mark.parametrize("motions", [[], [2, -1], [2, True], "22"])
def test_bad_motions_are_rejected(motions):
    r = _facing_bet()
    before = r.snapshot()
    with pytest.raises(CardTypeError):
        r.rule_chip_placement(motions=motions)
    assert r.snapshot() == before


def test_rule_chip_placement_is_a_pure_function_of_what_the_player_faces() -> None:
    from pyeval.poker import Facing, rule_chip_placement

    facing = Facing(player=2, call=100, bet_to=100, bet=0, stack=1000)
    assert rule_chip_placement(facing, 100) == Ruling("call", None, 0)
    assert rule_chip_placement(facing, 500, single_chip=True) == Ruling("call", None, 400)  # § 637a.8(i)
    assert rule_chip_placement(facing, 300) == Ruling("raise", 300, 0)
    assert rule_chip_placement(facing, motions=[100, 200]) == Ruling("call", None, 200)  # § 637a.8(f)
    assert rule_chip_placement(Facing(0, 0, 0, 0, 50), 0) == Ruling("check", None, 0)
    with pytest.raises(IllegalActionError):
        rule_chip_placement(facing, 50)
    with pytest.raises(IllegalActionError):
        rule_chip_placement(facing, 2000)
