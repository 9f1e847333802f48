"""Issue 13 ("Faults found by the held-back game checks"): heads-up ``HeadsUpRound.replay`` verifies
the record (58 Pa. Code § 677a.11(j)). A record with a Raise moved to another street, or whose
stored settlement was inflated by 3,000 chips, used to replay without complaint.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.errors import IllegalActionError
from pyeval.headsup.paytables import example_rules
from pyeval.headsup.round import Event, HeadsUpRound, HeadsUpStreet as Street, SequenceSource

RULES = example_rules()


def _played(seed: int, raise_first: bool = True) -> HeadsUpRound:
    rng = random.Random(seed)
    rnd = HeadsUpRound(RULES)
    for player in (1, 3):
        rnd.place_wagers(player, 10, 10)
    # player 1 raises before the flop when it can; the others answer at random
    rnd.run(SequenceSource(rng.sample(range(52), 52)),
            lambda d: (d.options[-1] if raise_first and d.player == 1 and d.street is Street.PREFLOP
                       else rng.choice((0, *d.options))))
    return rnd


def _index(events: list[Event], kind: str, player: int | None = None) -> int:
    return next(i for i, e in enumerate(events) if e.kind == kind and (player is None or e.player == player))


@pytest.mark.regulation("677a.11(j)")
def test_677a_11_j_replay_refuses_a_raise_moved_to_another_street():
    rnd = _played(1)
    events = list(rnd.events)
    i = _index(events, "raise", 1)
    street, amount = events[i].detail, events[i].amount
    assert street is Street.PREFLOP
    assert HeadsUpRound.replay(RULES, events).settlement == rnd.settlement
    events[i] = Event("raise", 1, amount, (), Street.FLOP)  # the record says the Raise came after the flop
    with pytest.raises(IllegalActionError, match=rf"event {i} does not match the round.*FLOP.*PREFLOP.*677a.11\(j\)"):
        HeadsUpRound.replay(RULES, events)


@pytest.mark.regulation("677a.11(j)")
def test_677a_11_j_replay_refuses_an_inflated_settlement():
    rnd = _played(2)
    events = list(rnd.events)
    i = _index(events, "settle")
    res = events[i].detail
    inflated = res._replace(results=(res.results[0]._replace(net=res.results[0].net + 3000),) + res.results[1:])
    events[i] = events[i]._replace(detail=inflated)
    with pytest.raises(IllegalActionError, match=rf"event {i} does not match the round"):
        HeadsUpRound.replay(RULES, events)


@pytest.mark.regulation("677a.11(j)")
def test_677a_11_j_replay_refuses_a_wrong_dealer_hand_value_and_a_cut_record():
    rnd = _played(3)
    events = list(rnd.events)
    i = _index(events, "expose_dealer")
    hole, value = events[i].cards, events[i].amount
    bad = events[:i] + [Event("expose_dealer", None, value + 1, hole)] + events[i + 1:]
    with pytest.raises(IllegalActionError, match=rf"event {i} does not match"):
        HeadsUpRound.replay(RULES, bad)
    j = _index(events, "burn")
    with pytest.raises(IllegalActionError, match="stops inside a dealer step"):
        HeadsUpRound.replay(RULES, events[: j + 1])
    with pytest.raises(IllegalActionError, match="unknown kind 'bonus'"):
        HeadsUpRound.replay(RULES, events + [Event("bonus", 1, 3000)])  # type: ignore[arg-type]


@pytest.mark.regulation("677a.11(j)")
def test_677a_11_j_replay_of_a_record_read_back_from_json():
    rnd = _played(4, raise_first=False)
    # a record stored as JSON comes back with lists (and enum names as text where the writer chose so);
    # the cards and decisions given as lists replay and verify the same
    events = [Event(str(e.kind), e.player, e.amount, json.loads(json.dumps(e.cards)),  # type: ignore[arg-type]
                    json.loads(json.dumps(e.detail)) if e.kind == "wagers" else e.detail) for e in rnd.events]
    assert HeadsUpRound.replay(RULES, events).settlement == rnd.settlement


@pytest.mark.regulation("677a.11(j)")
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), k=st.integers(0, 200), delta=st.integers(1, 5000))
def test_677a_11_j_any_changed_amount_in_a_record_is_caught(seed, k, delta):
    rnd = _played(seed, raise_first=bool(seed % 2))
    events = list(rnd.events)
    assert HeadsUpRound.replay(RULES, events).settlement == rnd.settlement  # an honest record replays
    settles = [i for i, e in enumerate(events) if e.kind == "settle"]
    i = settles[k % len(settles)]
    res = events[i].detail
    w = k % len(res.results)
    changed = res._replace(results=tuple(r._replace(net=r.net + delta) if j == w else r
                                         for j, r in enumerate(res.results)))
    events[i] = events[i]._replace(detail=changed)
    with pytest.raises(IllegalActionError, match="does not match"):
        HeadsUpRound.replay(RULES, events)
