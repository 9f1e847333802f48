"""PokerTracker's own export layout (``** Game ID N ... starting``): hands written for these tests on
the layout PokerTracker exports iPoker, Microgaming and Merge hands in (no file is copied). Each hand
is checked by replay and by the room's per-player results: the seat lines' ``at end`` stacks where
printed, else the ``wins`` lines; a record that contradicts itself is refused, never fixed."""
from __future__ import annotations

import pytest

from pyeval.hands_io import detect_format, parse_text

HEADS_UP = """\
** Game ID 1000000001 Version:3 starting - 2013-05-28 16:44:14
** Testing (Heads Up) - €5K Max [Hold'em] (25|50 NL - € Cash Game seats:2 ) Real Money

- Ann sitting in seat 1 with €10000.00 at end €9800.00 [Dealer]
- Hero sitting in seat 2 with €5000.00 at end €5199.00

Ann posted the small blind - €25.00
Hero posted the big blind - €50.00
** Dealing card to Hero: K of c, 7 of d
Ann raised - €75.00
Hero called - €50.00
** Dealing the flop: 7 of s, 10 of h, 2 of c
Hero checked
Ann bet - €100.00
Hero raised - €350.00
Ann folded
Hero mucks:
Hero wins €649.00 from the main pot

End of game 1000000001
"""

OLD_SIDE_POT = """\
** Game ID 1000000002 starting - 2011-11-02 23:08:51
** Deal 7 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash Game) Real Money

- Cid sitting in seat 1 with €3.00 [Dealer]
- Dan sitting in seat 2 with €8.00
- Hero sitting in seat 3 with €8.00
- Eve sitting in seat 4 with €5.00 [Sitting out]

Dan posted the small blind - €0.05
Hero posted the big blind - €0.10
** Dealing card to Hero: 2 of d, 2 of h
Cid raised - €0.30
Dan called - €0.30
Hero raised - €1.00
Cid went all-in - €2.70
Dan called - €3.00
Hero called - €3.00
** Dealing the flop: A of s, 10 of s, 2 of c
Dan bet - €1.00
Hero raised - €2.00
Dan raised - €4.00
Hero went all-in - €3.00
Dan called - €5.00
** Dealing the turn: K of c
** Dealing the river: Q of h
Hero shows: 2 of d, 2 of h
Dan mucks: K of d, A of c
Cid shows: 9 of s, 9 of h
Hero wins €8.55 from the main pot
Hero wins €10.00 from side pot 1

End of game 1000000002
"""

OMAHA = """\
** Hand # 1000000003 starting - 2016-01-12 23:00:07

** Jerold - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money



Ann sitting in seat 1 with €50.00[Dealer]

Hero sitting in seat 2 with €40.00

Bob sitting in seat 3 with €30.00

Hero posted the small blind - €0.25

Bob posted the big blind - €0.50



** Dealing cards to Hero: 6h, 9s, 3h, 4c

Ann raised to €1.50

Hero folded

Bob raised to €4.00

Ann called - €3.00



** Dealing the flop: 2h, 5d, Jc

Bob checked

Ann bet - €6.00

Bob folded

Ann wins €14.80 from the main pot



Rake: €0.45
"""

TOURNEY = """\
** Game ID 1000000005 Version:4 starting - 2013-07-11 14:36:41
** Rebuy (Test)(424242):Table 11 [Multi Table Hold'em] (100|200 NL - MTT seats:9 ) Real Money

- Amy sitting in seat 1 with 5000.00 at end 4480.00
- Ben sitting in seat 2 with 6000.00 at end 6540.00
- Hero sitting in seat 3 with 3000.00 at end 2980.00 [Dealer]

Amy posted ante - 20.00
Ben posted ante - 20.00
Hero posted ante - 20.00
Amy posted the small blind - 100.00
Ben posted the big blind - 200.00
** Dealing card to Hero: J of s, 9 of d
Hero folded
Amy called - 100.00
Ben checked
** Dealing the flop: K of d, 2 of s, 10 of d
Amy checked
Ben bet - 300.00
Amy called - 300.00
** Dealing the turn: K of h
Amy checked
Ben bet - 600.00
Amy is disconnected
Amy folded
Ben mucks:
Ben wins 1660.00 from the main pot

End of game 1000000005


** Game ID 1000000006 Version:4 starting - 2013-07-18 14:34:51
** Heads Up(777):Table 1 [Multi Table Hold'em] (10|20 NL - MTT seats:2 ) Real Money

- Hero sitting in seat 1 with 2990.00 at end 3000.00 [Dealer]
- Zed sitting in seat 2 with 10.00 at end 0.00 [Sitting out]

Hero posted the small blind - 10.00
Zed went all-in - 10.00
** Dealing card to Hero: Q of d, K of h
Hero shows: Q of d, K of h
Zed shows: 7 of s, 4 of s
** Dealing the flop: 9 of d, 8 of d, 3 of c
** Dealing the turn: J of c
** Dealing the river: K of d
Hero shows: Q of d, K of h
Hero wins 20.00 from the main pot

End of game 1000000006
"""


def _one(text: str) -> tuple[dict[str, int], dict[str, object]]:
    [h] = list(parse_text(text, source="pt.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    hh = h.hand
    assert hh.finishing_stacks is not None
    return dict(zip(hh.players, hh.finishing_stacks)), hh.extra


@pytest.mark.parametrize("text", [HEADS_UP, OLD_SIDE_POT, OMAHA, TOURNEY])
def test_pokertracker_exports_are_detected(text: str) -> None:
    assert detect_format(text) == "pokertracker"


def test_end_stacks_are_the_result_and_wins_count_the_uncalled_bet() -> None:
    stacks, x = _one(HEADS_UP)
    assert stacks == {"Hero": 519900, "Ann": 980000}  # the seat lines' "at end" stacks, in cents
    assert x["winnings"] == [39900, 0] and x["_returned"] == [25000, 0] and x["_rake"] == 100
    assert x["currency"] == "EUR" and x["hand"] == "1000000001"


def test_the_2011_layout_writes_street_totals_and_side_pots() -> None:
    stacks, x = _one(OLD_SIDE_POT)
    assert stacks == {"Dan": 0, "Hero": 1855, "Cid": 0}  # Eve sat out: not dealt in
    assert x["winnings"] == [0, 1855, 0] and x["_rake"] == 45 and x["_sitting_out"] == ["Eve"]


def test_hand_number_layout_raised_to_adds_and_the_printed_rake() -> None:
    stacks, x = _one(OMAHA)
    assert stacks == {"Hero": 3975, "Bob": 2550, "Ann": 5430}
    assert x["winnings"] == [0, 0, 880] and x["_returned"] == [0, 0, 600] and x["_rake"] == 45


def test_tournament_antes_and_a_blind_posted_all_in() -> None:
    hands = list(parse_text(TOURNEY, source="pt.txt"))
    assert [h.error for h in hands] == [None, None]
    assert all(h.verification is not None and h.verification.ok for h in hands), [h.verification for h in hands]
    first, second = (h.hand for h in hands)
    assert first is not None and second is not None
    assert dict(zip(first.players, first.finishing_stacks or [])) == {"Amy": 4480, "Ben": 6540, "Hero": 2980}
    assert first.extra["_pyeval_tournament"] and first.extra["event"] == "Tournament #424242"
    assert dict(zip(second.players, second.finishing_stacks or [])) == {"Zed": 0, "Hero": 3000}


@pytest.mark.parametrize("text, old, new, why", [
    (HEADS_UP, "at end €5199.00", "at end €5198.00", "end stacks and the wins lines disagree"),
    (HEADS_UP, "wins €649.00", "wins €648.00", "end stacks and the wins lines disagree"),
    (OMAHA, "Rake: €0.45", "Rake: €0.40", "printed rake"),
    (HEADS_UP, "Ann folded", "Ann sings - €5", "does not read"),
    (HEADS_UP, "Hero raised - €350.00", "Hero raised - €x350", "does not read"),
    (HEADS_UP, "Hero called - €50.00", "Hero called - €70.00", "owes"),
    (TOURNEY, "Amy called - 300.00", "Amy called - 9000.00", "owes"),
])
def test_a_record_that_contradicts_itself_is_refused_with_its_reason(text: str, old: str, new: str,
                                                                     why: str) -> None:
    assert old in text
    hands = list(parse_text(text.replace(old, new), source="pt.txt"))
    assert hands[0].hand is None and hands[0].error is not None and why in str(hands[0].error)


def test_the_replay_checks_who_won() -> None:
    bad = OLD_SIDE_POT.replace("Hero wins €8.55", "Dan wins €8.55").replace("Hero wins €10.00", "Dan wins €10.00")
    [h] = list(parse_text(bad, source="pt.txt"))
    assert h.hand is not None and h.verification is not None and not h.verification.ok
