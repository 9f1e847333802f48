"""Stepping through recorded hands (pyeval.hands_io.steps): every state, read-only views."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pyeval.errors import IllegalHandHistoryError
from pyeval.hands_io import parse_file
from pyeval.hands_io.steps import steps, view

DATA = Path(__file__).parent / "data" / "hands_io"


def _good_hands():
    for name in ("pokerstars_holdem.txt", "pokerstars_games.txt", "fulltilt.txt", "ipoker.xml", "acpc_nolimit.log"):
        for h in parse_file(DATA / name):
            if h.ok:
                yield h.hand


def test_every_state_of_every_hand():
    count = 0
    for hh in _good_hands():
        states = list(steps(hh))
        total = sum(hh.starting_stacks)
        assert states[0].index == -1 and states[0].action is None
        for s in states:
            t = s.table
            assert sum(t.stacks) + t.pot == total  # chips are only moved, never made
            assert t.pot == sum(a for a, _ in t.pots) or not t.pots
        final = states[-1].table
        assert final.complete and final.stacks == tuple(hh.replay().stacks)
        assert [s.action for s in states if s.action is not None] == [a for a in hh.actions if a.split()]
        count += 1
    assert count == 26  # the board run twice (issue 16 item 2) and the cash-out (decision 039) too


def test_the_table_as_it_stood():
    hh = next(h for h in _good_hands() if h.extra.get("hand") == "200000000001")
    states = list(steps(hh))
    first = states[0].table
    assert first.bets == (1, 2, 0, 0, 0) and first.phase == "hole cards"
    raise_to_6 = next(s for s in states if s.action == "p4 cbr 6").table
    assert raise_to_6.bets[3] == 6 and raise_to_6.actor == 4 and raise_to_6.to_call == 6
    flop = next(s for s in states if s.action == "d db Ks7d2c").table
    assert flop.board == (47, 21, 0) and flop.bets == (0, 0, 0, 0, 0)
    assert states[-1].table.winnings == (0, 0, 0, 99, 0)  # the pot of 103 less the recorded rake of 4


def test_views_are_read_only_and_do_not_follow_the_round():
    hh = next(iter(_good_hands()))
    it = steps(hh)
    s0 = next(it).table
    with pytest.raises(dataclasses.FrozenInstanceError):
        s0.stacks = (10**6,)  # type: ignore[misc]
    with pytest.raises(TypeError):
        s0.stacks[0] = 10**6  # type: ignore[index]
    before = s0.stacks
    rest = list(it)
    assert s0.stacks == before and rest[-1].table.stacks != before
    rnd = hh.replay()
    v = view(rnd)
    with pytest.raises(TypeError):
        rnd.stacks[0] += 1  # type: ignore[index]  # the round's own attributes are read-only too
    assert v.stacks == rnd.stacks


def test_a_bad_action_is_reached_in_order():
    hh = next(iter(_good_hands()))
    hh.actions.insert(len(hh.actions) - 1, "p1 cbr 999999")
    got = []
    with pytest.raises(IllegalHandHistoryError):
        for s in steps(hh):
            got.append(s)
    assert len(got) >= 2


def test_round_view_is_read_only():
    from pyeval.poker import PokerRules, Round, TableView
    from pyeval.shoe import Shoe

    shoe = Shoe(seed=2)
    shoe.shuffle()
    r = Round(PokerRules(seats=3, blinds=(1, 2)), [100, 100, 100], shoe)
    r.run_dealer()
    v = r.view()
    assert isinstance(v, TableView) and v.stacks == (99, 98, 100) and v.actor == 2 and v.to_call == 2
    with pytest.raises(TypeError):
        v.stacks[2] = 10**6  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.stacks = (1, 2, 3)  # type: ignore[misc]
    r.fold()
    assert v.folded == (False, False, False) and r.view().folded == (False, False, True)
