"""PokerMaster's straddle written as a second big blind and its data line, Enet's ``Total pot €0``
(issue 22). Hands written for these tests on the rooms' layouts; no file is copied."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

POKERMASTER = """\
PokerMaster Hand #150000000000000001: Hold'em No Limit ($2/$4 USD) - 2019/01/03 11:48:00 UTC
Table 'T1' 9-max Seat #5 is the button
Seat 1: aa ($500 in chips)
Seat 2: bb ($500 in chips)
Seat 3: cc ($500 in chips)
Seat 4: dd ($500 in chips)
Seat 5: ee ($500 in chips)
# {"gt":"NLH","tn":"T1","tid":1,"pn":{"1":"aa"}}
aa: posts small blind $2
bb: posts big blind $4
cc: posts big blind $8
*** HOLE CARDS ***
Dealt to ee [Td Jd]
dd: folds
ee: raises $17 to $25
aa: folds
bb: folds
cc: folds
Uncalled bet ($17) returned to ee
ee collected $22 from pot
*** SUMMARY ***
Total pot $22 | Rake $0
Seat 1: aa (small blind) folded before Flop
Seat 2: bb (big blind) folded before Flop
Seat 3: cc folded before Flop
Seat 4: dd folded before Flop (didn't bet)
Seat 5: ee (button) collected ($22)
"""

ENET = """\
Game #12000002: Omaha (€0,10/€0,25) - 21:50:56 23.8.2012 - %6
Table 'Reunion 1 - Pot Limit' 9-max Seat #0 is the button
Seat 1: ann (€10 in chips)
Seat 2: bob (€10 in chips)
Seat 3: cat (€10 in chips)
bob: posts small blind €0,10
cat: posts big blind €0,25
*** HOLECARDS ***
ann: raises €0,75
bob: folds
cat: calls €0,50
Rake: €0,05
*** FLOP *** [4s2d3h]
cat: checks
ann: bets €1
cat: folds
Uncalled bet (€1) returned to ann
ann: collected (€1,55) from pot
*** SUMMARY ***
Total pot €0 | Rake €0,05
Board [4s2d3h]
Seat 1: ann (dealer) collected (€1,55) from pot
Seat 2: bob (small blind) folded
Seat 3: cat (big blind) folded
"""


def _one(text: str, fmt: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == fmt
    [h] = list(parse_text(text, fmt, source="t.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_pokermaster_second_big_blind_is_a_straddle_and_its_data_line_is_chatter() -> None:
    hh = _one(POKERMASTER, "pokermaster")
    assert hh.blinds_or_straddles[:3] == [200, 400, 800]
    assert hh.finishing_stacks == [49800, 49600, 49200, 50000, 51400]


def test_enet_total_pot_written_as_zero_is_the_chips_put_in_and_the_printed_rake_is_kept() -> None:
    hh = _one(ENET, "enet")
    assert hh.extra["_total_pot"] == 160 and hh.extra["_rake"] == 5 and hh.extra["winnings"] == [0, 0, 155]
    # a win that with the printed rake is not the pot: the room's figures do not add up
    [bad] = list(parse_text(ENET.replace("(€1,55)", "(€1,50)"), "enet", source="t.txt"))
    assert bad.hand is not None and bad.hand.extra["_total_pot"] == 160 != sum(bad.hand.extra["winnings"]) + 5


def test_enet_collected_amounts_that_differ_between_the_hand_and_its_summary_are_the_rooms_contradiction() -> None:
    text = ENET.replace("ann: collected (€1,55)", "ann: collected (€1,50)")
    [bad] = list(parse_text(text, "enet", source="t.txt"))
    assert bad.hand is None and bad.error is not None and "the room's figures do not add up: " in bad.error
    # that reason comes before a blind posted without its amount; with the two agreeing, the blind's
    posted = ENET.replace("cat: posts big blind €0,25\n", "cat: posts big blind €0,25\nbob: posts big blind\n")
    [nb] = list(parse_text(posted, "enet", source="t.txt"))
    assert nb.error is not None and "a blind posted without its amount" in nb.error
    [both] = list(parse_text(posted.replace("ann: collected (€1,55)", "ann: collected (€1,50)"), "enet"))
    assert both.error is not None and "the room's figures do not add up: " in both.error
