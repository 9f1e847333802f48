"""A player who steps away from the table during play (58 Pa. Code § 637a.8(b)(6))."""
from __future__ import annotations

import pytest

from pyeval import Shoe
from pyeval.errors import IllegalActionError
from pyeval.poker import AbsenceSafeguard, Table, PokerRules

RULES = PokerRules(seats=6, blinds=(1, 2), min_bet=2)


def _table() -> Table:
    t = Table(RULES, {1: 100, 3: 100, 5: 100}, shoe=Shoe(seed=4))
    t.place_button()
    return t


@pytest.mark.regulation("637a.8(b)(6)(i)")
def test_637a_8_b_6_i_stakes_counted_and_verified_on_return():
    t = _table()
    a = t.step_away(3)  # counted (the default safeguard)
    assert a.safeguard is AbsenceSafeguard.COUNT and a.stakes == 100 and 3 in t.away
    assert 3 not in t.dealt_in()  # not dealt into new rounds while away
    with pytest.raises(IllegalActionError, match=r"637a\.8\(b\)\(6\)"):
        t.add_chips(3, 50)  # his stakes cannot change while he is away
    with pytest.raises(IllegalActionError):
        t.leave(3)
    report = t.return_to_table(3)
    assert report.verified and report.recorded == report.found == 100
    assert 3 in t.dealt_in() and not t.away


@pytest.mark.regulation("637a.8(b)(6)(ii)")
def test_637a_8_b_6_ii_stakes_covered_during_a_round():
    t = _table()
    rnd = t.start_round()
    rnd.run_dealer()
    seat = t.seats_in_round[rnd.actor]
    rnd.fold()
    a = t.step_away(seat, AbsenceSafeguard.COVER)
    stakes_when_left = a.stakes
    while not rnd.complete:
        rnd.fold() if rnd.actor is not None else rnd.run_dealer()
    t.end_round()
    report = t.return_to_table(seat)
    assert report.safeguard is AbsenceSafeguard.COVER
    assert report.verified and report.found == stakes_when_left == t.stacks[seat]


@pytest.mark.regulation("637a.8(b)(6)")
def test_637a_8_b_6_rejected_steps_change_nothing():
    t = _table()
    t.step_away(1)
    before = (t.away, t.stacks, t.dealt_in())
    with pytest.raises(IllegalActionError):
        t.step_away(1)  # already away
    with pytest.raises(IllegalActionError):
        t.step_away(2)  # an empty seat
    with pytest.raises(IllegalActionError):
        t.step_away(5, "count")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        t.return_to_table(5)  # not away
    assert (t.away, t.stacks, t.dealt_in()) == before


@pytest.mark.regulation("637a.8(b)(6)(i)")
def test_637a_8_b_6_player_who_wins_a_pot_while_away_returns_verified():
    """An all-in player steps away during the round and his hand wins: the pot he won is the play's
    result, expected on his return; chips missing from the count are not verified."""
    t = Table(RULES, {1: 100, 3: 40, 5: 100})
    t.place_button()  # seat 5; seat 1 small blind, seat 3 big blind
    rnd = t.start_round()
    rnd.post_forced_bets()
    rnd.deal_hole_cards(["7c2d", "AsAh", "KdQc"])
    rnd.bet_or_raise_to(40, 2)
    rnd.fold(0)
    rnd.check_or_call(1)  # seat 3 all-in for 40
    away = t.step_away(3)
    assert away.stakes == 0
    assert rnd.actor is None  # no betting is left: both hands are turned up, the board dealt
    while rnd.showdown_queue:
        rnd.show()
    for board in ("2h5h8c", "Jc", "3d"):
        rnd.deal_board(board)
    rnd.award()
    won = rnd.winnings[1]
    assert won == 81  # aces hold: 40 + 40 + the small blind
    t.end_round()
    report = t.return_to_table(3)
    assert report.play == won == t.stacks[3]
    assert report.verified and report.recorded == 0 and report.found == 81
    assert 3 in t.dealt_in()  # back and dealt in again
    away = t.step_away(3)  # between rounds: nothing happens while he is away
    short = t.return_to_table(3, counted=away.stakes - 1)  # a chip is missing
    assert not short.verified and short.expected == away.stakes
