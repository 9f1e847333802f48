"""The button when seats are skipped (issue 14 item 9): moving-button and dead-button rules, both
labelled settings (§ 637a.11(c)(2) only says the button rotates clockwise), and under both nobody
posts the big blind in two rounds in a row."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import Shoe
from pyeval.errors import IllegalActionError
from pyeval.poker import ButtonRule, HeadsUpOrder, PokerRules, Table

MOVING, DEAD = ButtonRule.MOVING_BUTTON, ButtonRule.DEAD_BUTTON  # noqa: E501


def _play(t: Table) -> tuple[tuple[int, ...], dict[str, int | None]]:
    """Start a round, fold it out, end it; returns the seats dealt in and who posted what (seats)."""
    rnd = t.start_round()
    seats = t.seats_in_round
    posted = {"button": t.button}
    blinds = []
    rnd.run_dealer()
    for e in rnd.events:
        if e.kind == "blind":
            blinds.append(seats[e.player])
    posted["bb"] = blinds[-1] if blinds else None
    posted["sb"] = blinds[0] if len(blinds) > 1 else None
    while not rnd.complete:
        rnd.fold() if rnd.actor is not None else rnd.run_dealer()
    t.end_round()
    return seats, posted


@pytest.mark.parametrize("heads_up", list(HeadsUpOrder))
@pytest.mark.parametrize("rule", [None, MOVING, DEAD])
def test_item9_big_blind_not_twice_when_a_seat_steps_away(rule, heads_up):
    """Three players; the small blind steps away: the next big blind is not last round's."""
    kw = {} if rule is None else {"button_rule": rule}
    t = Table(PokerRules(seats=6, heads_up=heads_up, **kw), {1: 100, 2: 100, 3: 100}, shoe=Shoe(seed=1))
    t.place_button()  # seat 3: seat 1 small blind, seat 2 big blind
    _, first = _play(t)
    assert (first["sb"], first["bb"]) == (1, 2)
    t.step_away(1)
    _, second = _play(t)
    assert second["button"] != first["button"]  # § 637a.11(c)(2): the button moves after every round
    if rule is not DEAD and heads_up is HeadsUpOrder.PA_LITERAL:
        # heads-up the PA-literal order makes the button post the big blind: moving it (the rule)
        # to seat 2 makes seat 2 the big blind again (the convention gives way; docs/conventions.md)
        assert (second["button"], second["bb"]) == (2, 2)
    else:
        assert second["bb"] != first["bb"]


@pytest.mark.parametrize("rule", [None, MOVING, DEAD])
def test_item9_big_blind_not_twice_when_a_busted_player_stays_seated(rule):
    rules = PokerRules(seats=6, **({} if rule is None else {"button_rule": rule}))
    t = Table(rules, {1: 100, 2: 100, 3: 100, 4: 100}, shoe=Shoe(seed=2))
    t.place_button()  # seat 4; blinds seats 1, 2
    _, a = _play(t)
    t.leave(1)
    t.sit(1, 1)  # seated, too short to be dealt in
    _, b = _play(t)
    t.step_away(3)
    _, c = _play(t)
    assert a["button"] != b["button"] != c["button"]  # § 637a.11(c)(2)
    if rule is DEAD:
        assert a["bb"] != b["bb"] != c["bb"]
    else:  # heads-up, PA-literal: the moved button posts the big blind again (see the test above)
        assert a["bb"] != b["bb"] and c["bb"] == c["button"] == 4


@pytest.mark.parametrize("rule", [None, MOVING, DEAD])
def test_item9_button_does_not_stop_on_an_absent_seat(rule):
    """Seat 4 is away for good: the button used to move onto it and the same blinds were posted
    again (seat 2 the big blind in rounds 4 and 5)."""
    rules = PokerRules(seats=6, **({} if rule is None else {"button_rule": rule}))
    t = Table(rules, {1: 100, 2: 100, 3: 100, 4: 100}, shoe=Shoe(seed=6))
    t.step_away(4)
    t.place_button()
    bbs = [_play(t)[1]["bb"] for _ in range(8)]
    assert all(a != b for a, b in zip(bbs, bbs[1:])), bbs
    assert set(bbs) == {1, 2, 3}


def test_item9_dead_button_rule():
    """Dead button: the big blind moves one player; last round's big blind posts the small blind,
    the button goes to last round's small-blind seat (dead when that player is gone)."""
    t = Table(PokerRules(seats=6, button_rule=DEAD), {1: 100, 2: 100, 3: 100, 4: 100}, shoe=Shoe(seed=3))
    t.place_button()  # seat 4: sb 1, bb 2
    _play(t)
    t.step_away(1)  # last round's small blind
    seats, p = _play(t)
    assert (p["button"], p["sb"], p["bb"]) == (1, 2, 3)  # a dead button in front of seat 1
    assert seats == (2, 3, 4)
    t.return_to_table(1)
    t.step_away(3)  # last round's big blind: the small blind is dead this round
    seats, p = _play(t)
    assert (p["button"], p["sb"], p["bb"]) == (2, None, 4) and seats == (4, 1, 2)


def test_item9_dead_button_new_player_waits_between_button_and_big_blind():
    t = Table(PokerRules(seats=6, button_rule=DEAD), {1: 100, 3: 100, 5: 100}, shoe=Shoe(seed=4))
    t.place_button()  # seat 5: sb 1, bb 3
    _play(t)
    t.sit(2, 100)  # between the coming button (seat 1) and big blind (seat 5)
    assert 2 not in t.dealt_in()
    seats, p = _play(t)
    assert 2 not in seats and (p["button"], p["sb"], p["bb"]) == (1, 3, 5)
    assert 2 in t.dealt_in()  # the big blind has passed him


def test_item9_moving_button_is_always_on_a_player_dealt_in():
    t = Table(PokerRules(seats=9), {2: 100, 4: 100, 6: 100, 8: 100}, shoe=Shoe(seed=5))
    t.place_button()
    for away in (4, 6, None, 2):
        if away:
            t.step_away(away)
        seats, p = _play(t)
        assert p["button"] == seats[-1]
        for s in list(t.away):
            t.return_to_table(s)


def test_item9_rule_is_a_validated_setting():
    assert PokerRules().button_rule is MOVING
    with pytest.raises(Exception, match="button_rule"):
        PokerRules(button_rule="dead")  # type: ignore[arg-type]


# ---- the property: random absences, busts and arrivals, many rounds --------------------------------------
_EVENT = st.tuples(st.sampled_from(["away", "back", "bust", "rebuy", "leave", "sit", "none"]), st.integers(1, 7))


@settings(max_examples=60, deadline=None)
@given(rule=st.sampled_from([MOVING, DEAD]), heads_up=st.sampled_from(list(HeadsUpOrder)),
       blinds=st.sampled_from([(1, 2), (2,), (1, 2, 4)]), start=st.sets(st.integers(1, 7), min_size=3, max_size=7),
       events=st.lists(st.lists(_EVENT, max_size=3), min_size=2, max_size=14))
def test_item9_property_never_the_big_blind_twice(rule, heads_up, blinds, start, events):
    rules = PokerRules(seats=7, blinds=blinds, min_bet=4, button_rule=rule, heads_up=heads_up)
    t = Table(rules, {s: 100 for s in start}, shoe=Shoe(seed=9))
    player = {s: s for s in start}  # seat -> player id (a new id when someone else sits down)
    next_id = 100
    t.place_button()
    last_bb = None
    last_button: int | None = None
    for between in events:
        for kind, seat in between:
            try:
                if kind == "away":
                    t.step_away(seat)
                elif kind == "back":
                    t.return_to_table(seat)
                elif kind == "bust":  # still seated, too short to be dealt in
                    t.leave(seat)
                    t.sit(seat, 1)
                elif kind == "rebuy":
                    t.add_chips(seat, 100)
                elif kind == "leave":
                    t.leave(seat)
                    player.pop(seat, None)
                elif kind == "sit":
                    t.sit(seat, 100)
                    player[seat] = next_id
                    next_id += 1
            except IllegalActionError:
                pass
        n_posted = sum(1 for _ in t.dealt_in())
        if n_posted < 2 or (rule is MOVING and n_posted < len(blinds)):
            last_bb = None if n_posted < 2 else last_bb
            continue
        try:
            seats, p = _play(t)
        except IllegalActionError:  # e.g. more blinds than players dealt in
            continue
        bb = player[p["bb"]]
        # the one exception: heads-up under the PA-literal order the button, which § 637a.11(c)(2)
        # moves after every round, posts the big blind, so the player who got it may post it again
        pa_heads_up = rule is MOVING and heads_up is HeadsUpOrder.PA_LITERAL and len(seats) == 2
        assert bb != last_bb or pa_heads_up, (seats, p)
        if rule is MOVING:
            assert p["button"] == seats[-1]
            if last_button in seats:  # § 637a.11(c)(2): the button moves after every round
                assert p["button"] != last_button, (seats, p, last_button)
        last_bb = bb
        last_button = p["button"]
