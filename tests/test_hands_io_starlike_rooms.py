"""More layouts of the Stars-variant rooms (Cake, Bovada, GGPoker, Winamax, Absolute) and the text
rooms added as data on the same driver: hands written for these tests on the rooms' real layouts
(no room's file is copied), each checked by replay, per-player results and the room's own figures."""
from __future__ import annotations

import codecs

import pytest

from pyeval.hands_io import detect_format, parse_text
from pyeval._text import decode


def _one(text: str, fmt: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == fmt
    [h] = list(parse_text(text, fmt))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


CAKE_TOURNEY = """\
Hand#2865A00000000004 - $1,200 Guaranteed T10600001 -- CASH -- $9 + $0.9 -- 10 Max -- Table 1 -- 0/10/20 NL Hold'em -- 2012.02.07 - 23:01:32
Seat 1: 7Ann (4,000 in chips)
Seat 2: Bob (3,000 in chips) DEALER
Seat 4: Cid (4,000 in chips)
Cid: posts small blind 10
7Ann: posts big blind 20
Dealt to Cid [Kh,2s]
Bob: raises to 60
Cid: folds
7Ann: calls 40
*** FLOP *** [Jd,8h,Jc]
7Ann: checks
Bob: bets 1\xa0000
7Ann: calls 1\xa0000
*** TURN *** [8c]
7Ann: checks
Bob: checks
*** RIVER *** [9s]
7Ann: checks
Bob: checks
***SHOW DOWN***
7Ann: shows [4h Jh] (Full House Jacks full of Eights)
Bob: mucks
7Ann wins 2\xa0130 with Full House Jacks full of Eights
Tournament: 7Ann wins 1 bounty. (1)
"""


def test_cake_button_on_its_seat_line_a_tournament_and_thousands_spaces() -> None:
    """Cake's later files mark the button ``DEALER`` on its seat line (no ``Dealer: Seat N``), write
    tournament ids (``T123``), dotted dates and a space between thousands; a name may start with a digit."""
    hh = _one(CAKE_TOURNEY, "cake")
    x = hh.extra
    assert x["_button_seat"] == 2 and x["_pyeval_tournament"] and hh.players == ["Cid", "7Ann", "Bob"]
    assert x["winnings"] == [0, 2130, 0] and not x.get("_rake")
    assert hh.finishing_stacks == [3990, 4000 - 1060 + 2130, 3000 - 1060]


def test_a_bom_written_twice_over_is_dropped() -> None:
    data = codecs.BOM_UTF8 + codecs.BOM_UTF8.decode("cp1252").encode("utf-8") + CAKE_TOURNEY.encode("utf-8")
    text, _ = decode(data)
    assert text.startswith("Hand#2865A") and detect_format(text) == "cake"


CAKE_HILO = """\
Hand#3100A00000000009 - Heads-up PLO8 T11900001 -- CASH -- $5 + $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/01 - 10:00:00
Seat 1: Hero (500 in chips) DEALER
Seat 2: Zed (500 in chips)
Hero: posts small blind 10
Zed: posts big blind 20
Dealt to Hero [Ah,2h,Kd,Qc]
Hero: calls 10
Zed: checks
*** FLOP *** [3c,4d,7h]
Zed: checks
Hero: bets 40
Zed: calls 40
*** TURN *** [Kh]
Zed: checks
Hero: checks
*** RIVER *** [9s]
Zed: checks
Hero: checks
***SHOW DOWN***
Zed: shows [Kc,Ks,8s,7s] (Three of a Kind)
Hero: shows [Ah,2h,Kd,Qc] (Pair of Kings)
Zed wins high pot 60 with Three of a Kind
Hero wins low pot 60 with
"""


def test_cake_high_and_low_pots() -> None:
    hh = _one(CAKE_HILO, "cake")
    assert hh.extra["winnings"] == [60, 60] and hh.finishing_stacks == [500, 500]


BOVADA_TOURNEY = """\
Bovada Hand #3300000001: HOLDEM Tournament #14300001 TBL#1, No Limit- Level 8 (200/400) - 2016-01-01 03:10:55
Seat 9: UTG (2,819 in chips)
Seat 2: UTG+1 (165 in chips)
Seat 4: Dealer (3,497 in chips)
Seat 3: Big Blind [ME] (7,019 in chips)
Dealer : Set dealer [7]
UTG : Ante chip 40
UTG+1 : Ante chip 40
Dealer : Ante chip 40
Big Blind [ME] : Ante chip 40
Big Blind [ME] : Big blind 400
*** HOLE CARDS ***
UTG : Card dealt to a spot [8d 2d]
UTG+1 : Card dealt to a spot [8c Kc]
Dealer : Card dealt to a spot [6d 7d]
Big Blind [ME] : Card dealt to a spot [6s Qh]
UTG : Folds
UTG+1 : All-in 125
Dealer : Call 400
Big Blind [ME] : Checks
*** FLOP *** [Ts Kh 6h]
Big Blind [ME] : Checks
Dealer : Checks
*** TURN *** [Ts Kh 6h] [3s]
Big Blind [ME] : Checks
Dealer : Checks
*** RIVER *** [Ts Kh 6h 3s] [6c]
Big Blind [ME] : Checks
Dealer : Checks
Big Blind [ME] : Showdown [6s 6h 6c Kh Qh] (Three of a kind)
UTG+1 : Showdown [Kc Kh 6h 6c Ts] (Two pair)
Dealer : Showdown [6d 6h 6c Ts 7d] (Three of a kind)
Big Blind [ME] : Hand result-Side Pot 550
Big Blind [ME] : Hand result 535
*** SUMMARY ***
Total Pot(1085)
Board [Ts Kh 6h 3s 6c]
"""


def test_bovada_a_short_all_in_calls_the_blind_posted_before_the_hole_cards() -> None:
    """``All-in X`` adds X chips: below the big blind posted before ``*** HOLE CARDS ***`` it is a call
    (the blind counts on the first round), not a bet."""
    hh = _one(BOVADA_TOURNEY, "bovada")
    assert hh.players == ["Big Blind", "UTG", "UTG+1", "Dealer"]
    assert hh.extra["winnings"] == [1085, 0, 0, 0] and hh.extra["_total_pot"] == 1085
    assert hh.finishing_stacks == [7019 - 440 + 1085, 2779, 0, 3057]


BOVADA_STUD = """\
Bovada Hand #2633100001: 7CARD Tournament #1378001 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 22:21:03
Seat+1: 1,500 in chips
Seat+4 [ME]: 1,500 in chips
Seat+5: 1,500 in chips
Seat+1 : Ante chip 2
Seat+4 [ME] : Ante chip 2
Seat+5 : Ante chip 2
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [9d Td 5c]
Seat+4 [ME] : Card dealt to a spot [2h 2c 3c]
Seat+5 : Card dealt to a spot [Kc 4s Kd]
Seat+4 [ME] : Big blind/Bring in 5
Seat+5 : Call 5
Seat+1 : Call 5
Seat+1 : Card dealt to a spot [8s]
Seat+4 [ME] : Card dealt to a spot [7d]
Seat+5 : Card dealt to a spot [Ts]
Seat+5 : Bets 10
Seat+1 : Folds
Seat+4 [ME] : Call 10
Seat+4 [ME] : Card dealt to a spot [4c]
Seat+5 : Card dealt to a spot [Tc]
Seat+5 : Bets 20
Seat+4 [ME] : Folds
Seat+5 : Return uncalled portion of bet 20
Seat+5 : Does not show [Kc 4s Kd Ts Tc] (Two pair)
Seat+5 : Hand result 41
*** SUMMARY ***
Total Pot(41)
"""


def test_bovada_stud_streets_by_the_cards_dealt_and_limits_from_the_bets() -> None:
    """Bovada's stud writes no street lines (a street begins when a player is dealt a card beyond the
    street's) and no stakes (``Level 1 (0/0)``): the big bet is 5th street's first bet (20), the small
    bet half of it; the seat is the name (``Seat+1``); ``Big blind/Bring in`` is the bring-in."""
    hh = _one(BOVADA_STUD, "bovada")
    assert hh.variant == "F7S" and hh.small_bet == 10 and hh.big_bet == 20 and hh.bring_in == 5
    assert hh.players == ["Seat+1", "Seat+4", "Seat+5"]
    assert hh.extra["winnings"] == [0, 0, 41] and hh.finishing_stacks == [1493, 1483, 1524]


def test_bovada_2021_player_info_and_a_board_dealt_to_the_table() -> None:
    text = BOVADA_TOURNEY.replace("Dealer : Set dealer [7]\n", "Dealer : Set dealer [7]\nPlayer Info: Seat1: P1-ab12\n") \
        .replace("*** FLOP *** [Ts Kh 6h]", "Card to the table [Ts Kh 6h]")
    hh = _one(text, "bovada")
    assert hh.extra["winnings"] == [1085, 0, 0, 0]


GG_OVER_STRADDLE = """\
Poker Hand #OM9000001: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48
Table 'PLO-5Test' 6-max Seat #3 is the button
Seat 1: aa01 ($5 in chips)
Seat 3: bb02 ($15.35 in chips)
Seat 4: Hero ($31.73 in chips)
Hero: posts small blind $0.1
aa01: posts big blind $0.25
bb02: straddle $0.5
bb02: straddle $15.35 and is all-in
*** HOLE CARDS ***
Dealt to aa01
Dealt to bb02
Dealt to Hero [2s 3c 9d 9h Ad]
Hero: folds
aa01: folds
Uncalled bet ($15.1) returned to bb02
*** SHOWDOWN ***
bb02 collected $0.6 from pot
*** SUMMARY ***
Total pot $0.6 | Rake $0 | Jackpot $0 | Bingo $0
"""


def test_gg_a_straddle_over_ones_own_straddle_raises_it() -> None:
    """``straddle $15.35`` after ``straddle $0.5`` by the same player is his straddle raised to 15.35
    (the total), of which 15.10 nobody called comes back."""
    hh = _one(GG_OVER_STRADDLE, "ggpoker")
    assert hh.players == ["Hero", "aa01", "bb02"] and hh.blinds_or_straddles == [10, 25, 1535]
    assert hh.extra["winnings"] == [0, 0, 60] and hh.finishing_stacks == [3163, 475, 1570]


@pytest.mark.parametrize("line, why", [  # a Cash Drop is read (PHH _house_money, decision 037)
    ("aa01: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))", "insurance"),
])
def test_gg_lines_no_replay_can_pay_are_refused_with_their_reason(line: str, why: str) -> None:
    text = GG_OVER_STRADDLE.replace("*** HOLE CARDS ***\n", f"*** HOLE CARDS ***\n{line}\n")
    [h] = list(parse_text(text, "ggpoker", source="g.txt"))
    assert h.hand is None and h.error is not None and h.error.startswith("g.txt:11: ") and why in h.error


GG_LEVEL = """\
Poker Hand #TM9000002: Tournament #5200001, Daily Test $250 Hold'em No Limit - Level4 (90/180) - 2020/06/02 19:37:42
Table '6' 8-max Seat #1 is the button
Seat 1: Hero (4,028 in chips)
Seat 2: aa (13,731 in chips)
Seat 3: bb (16,493 in chips)
Seat 4: cc (10,869 in chips)
aa: posts small blind 80
bb: posts big blind 160
*** HOLE CARDS ***
Dealt to Hero [Ks Kc]
cc: raises 160 to 320
Hero: calls 320
aa: folds
bb: folds
*** FLOP *** [2c 7d 9h]
cc: checks
Hero: bets 3,708 and is all-in
cc: folds
Uncalled bet (3,708) returned to Hero
*** SHOWDOWN ***
Hero collected 880 from pot
*** SUMMARY ***
Total pot 880 | Rake 0 | Jackpot 0 | Bingo 0
"""


def test_gg_a_level_posting_smaller_blinds_than_its_header_raises_by_the_posted_blind() -> None:
    """The header says 90/180, the blinds posted are 80/160: a raise of 160 is a full raise."""
    hh = _one(GG_LEVEL, "ggpoker")
    assert hh.min_bet == 160 and hh.extra["winnings"] == [0, 0, 0, 880]
    assert hh.finishing_stacks == [13651, 16333, 10549, 4028 + 560]


WINAMAX_OVER_ALL_IN = """\
Winamax Poker - Tournament "Freeroll Test" buyIn: Gratuit level: 2 - HandId: #22000000000000001-7-1299346692 - Holdem no limit (20/40) - 2011/03/05 18:38:12 UTC
Table: 'Freeroll Test(5100001)#348' 6-max (real money) Seat #3 is the button
Seat 1: pia (10420)
Seat 3: axe (2900)
Seat 4: bes (3130)
*** ANTE/BLINDS ***
bes posts small blind 20
pia posts big blind 40
Dealt to bes [Ts Ad]
*** PRE-FLOP ***
axe calls 40
bes raises 160 to 200
pia folds
axe calls 160
*** FLOP *** [8h 3h 6s]
bes bets 320
axe calls 320
*** TURN *** [8h 3h 6s][Qc]
bes checks
axe bets 2380 and is all-in
bes raises 230 to 2610 and is all-in
*** RIVER *** [8h 3h 6s Qc][7s]
*** SHOW DOWN ***
bes shows [Ts Ad] (High card : Ace)
axe shows [Qs Qd] (Three of a kind : Queens)
axe collected 5840 from pot
bes collected 230 from pot
*** SUMMARY ***
Total pot 6070 | No rake
Board: [8h 3h 6s Qc 7s]
"""


def test_winamax_a_raise_over_an_all_in_is_a_call_and_a_return() -> None:
    """Nobody is left to call ``raises 230 to 2610``: a call of 2380; the 230 (in Winamax's
    collected amount, with no ``Uncalled bet`` line) goes back to the raiser."""
    hh = _one(WINAMAX_OVER_ALL_IN, "winamax")
    assert hh.players == ["bes", "pia", "axe"] and hh.actions[hh.actions.index("d db Qc") + 1:][:4] == [
        "p1 cc", "p3 cbr 2380", "p1 cc", "d db 7s"]
    assert hh.extra["winnings"] == [0, 0, 5840] and hh.extra["_total_pot"] == 5840
    assert any("a call of 2380, 230 returned" in n for n in hh.extra["_notes"])
    assert hh.finishing_stacks == [230, 10380, 5840]


BOVADA_NO_STREETS = """\
Bovada Hand #2601400001 TBL#1090001 OMAHA Pot Limit - 2012-04-24 02:55:07
Seat 1: Small Blind ($900 in chips)
Seat 2: Big Blind ($1,200 in chips)
Seat 3: UTG ($3,000 in chips)
Seat 4: Dealer ($1,700 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c 3s 5c 9h]
Big Blind : Card dealt to a spot [5d 6c 4s Qh]
UTG : Card dealt to a spot [Qd Ks 4c 2c]
Dealer : Card dealt to a spot [2s 7d 8d Jd]
UTG : Calls $10
Dealer : Folds
Small Blind : Calls $5
Big Blind : Checks
Small Blind : Bets $30
Big Blind : Calls $30
UTG : Calls $30
Small Blind : Checks
Big Blind : Bets $50
UTG : Folds
Small Blind : Calls $50
Small Blind : Checks
Big Blind : Checks
Small Blind : Showdown [9c 9h Td Ah Ad] (Two pair)
Big Blind : Mucks [5d 6c 4s Qh] (Two pair)
Small Blind : Hand result $215
*** SUMMARY ***
Total Pot($220) | Rake ($5)
Board [Td Ah Ad Th 4d]
Seat 1: Small Blind $215  with Two pair [9c 3s 5c 9h-9c 9h Td Ah Ad]
Seat 2: Big Blind [Mucked] [5d 6c 4s Qh   ]
"""


def test_bovada_streets_left_implicit_begin_as_each_betting_round_closes() -> None:
    """Old Bovada files print no street lines: the flop starts after the big blind checks, the turn
    after the three calls of 30 (``Bets $30`` on the flop counts from nothing), the river after the
    call of 50; the board comes from the summary."""
    hh = _one(BOVADA_NO_STREETS, "bovada")
    assert [a for a in hh.actions if a.startswith("d db")] == ["d db TdAhAd", "d db Th", "d db 4d"]
    i = hh.actions.index("d db TdAhAd")
    assert hh.actions[i - 1] == "p2 cc" and hh.actions[i + 1:i + 5] == ["p1 cbr 3000", "p2 cc", "p3 cc", "d db Th"]
    assert hh.extra["winnings"] == [21500, 0, 0, 0] and hh.extra["_rake"] == 500
    assert hh.finishing_stacks == [90000 - 9000 + 21500, 120000 - 9000, 300000 - 4000, 170000]


def test_bovada_fixed_limit_tournament_levels_give_the_blinds() -> None:
    """``Fixed Limit- Level 6 (75/150)`` with a big blind of 150 posted: the small bet is 150."""
    text = """\
Bovada Hand #2641100001: OMAHA HiLo Tournament #1235001 TBL#13, Fixed Limit- Level 6 (75/150) - 2012-07-10 23:17:04
Seat 2: Dealer (1,200 in chips)
Seat 3: Small Blind [ME] (900 in chips)
Seat 4: Big Blind (5,020 in chips)
Dealer : Set dealer/Bring in spot [2]
Small Blind [ME] : Ante/Small blind 75
Big Blind : Big blind/Bring in 150
*** HOLE CARDS ***
Dealer : Card dealt to a spot [4s 8c Kd 9c]
Small Blind [ME] : Card dealt to a spot [2s 4c 3c 5h]
Big Blind : Card dealt to a spot [3s Jh Th 6d]
Dealer : Raises 300
Small Blind [ME] : Folds
Big Blind : Call 150
*** FLOP *** [Ts Jd 5d]
Big Blind : Bets 150
Dealer : Folds
Big Blind : Return uncalled portion of bet 150
Big Blind : Hand Result 675
*** SUMMARY ***
Total Pot(675)
"""
    hh = _one(text, "bovada")
    assert hh.small_bet == 150 and hh.big_bet == 300 and hh.extra["winnings"] == [0, 675, 0]


def test_bovada_a_line_written_twice_is_read_once() -> None:
    """Damaged Bovada files repeat lines (``Small Blind : Ante/Small blind 125`` four times, a raise
    nine times): nobody posts a blind twice or acts twice in a row, so the repeat is read once."""
    text = BOVADA_TOURNEY.replace("Big Blind [ME] : Big blind 400\n", "Big Blind [ME] : Big blind 400\n" * 3) \
        .replace("Dealer : Call 400\n", "Dealer : Call 400\nDealer : Call 400\n")
    hh = _one(text, "bovada")
    assert hh.extra["winnings"] == [1085, 0, 0, 0] and hh.finishing_stacks == [7019 - 440 + 1085, 2779, 0, 3057]
    assert sum("read once" in n for n in hh.extra["_notes"]) == 3


def test_absolute_normal_stakes_are_fixed_limit_and_preselected_actions() -> None:
    """``Holdem  Normal $5/$10`` is fixed limit with those bets; ``Folds (Preselection)`` and
    ``Calls $5 (Timeout)`` are the actions themselves; ``Posts $5`` is a big blind posted to come in."""
    text = """\
Stage #C379000001: Holdem  Normal $5/$10 Turbo - 2011-02-21 05:08:53.010 (ET) [ 2011-02-21 05:08:53 ]
Table: ELM ST (Real Money) Seat #3 is the dealer
Seat 1 - ALPHA ($100 in chips)
Seat 2 - BRAVO ($80 in chips)
Seat 3 - CHARLIE ($120 in chips)
ALPHA - Posts small blind $2.50
BRAVO - Posts big blind $5
*** POCKET CARDS ***
CHARLIE - Raises $10 to $10
ALPHA - Folds (Preselection)
BRAVO - Calls $5 (Timeout)
*** FLOP *** [2c 7c Kd]
BRAVO - Checks
CHARLIE - Bets $5
BRAVO - Folds
CHARLIE - returned ($5) : not called
*** SHOW DOWN ***
CHARLIE - Does not show
CHARLIE Collects $21.50 from main pot
*** SUMMARY ***
Total Pot($22.50) | Rake ($1)
"""
    hh = _one(text, "absolute")
    assert hh.variant == "FT" and hh.small_bet == 500 and hh.big_bet == 1000
    assert hh.extra["winnings"] == [0, 0, 2150] and hh.extra["_rake"] == 100
    assert hh.finishing_stacks == [9750, 7000, 13150]


def test_bovada_a_dead_chip_above_the_big_blind_is_a_big_blind_and_a_dead_small() -> None:
    """``UTG : Posts dead chip $0.35`` at $0.10/$0.25 (no stakes in the header: the blinds posted give
    them) is a live big blind of 0.25 and 0.10 dead: UTG may then check his option."""
    text = """\
Bovada Hand #2629900001 TBL#1900001 HOLDEM No Limit - 2012-09-02 13:34:17
Seat 1: Small Blind ($24.75 in chips)
Seat 2: Big Blind ($7.50 in chips)
Seat 3: UTG ($31.34 in chips)
Seat 4: Dealer [ME] ($33.66 in chips)
Dealer  [ME] : Set dealer/Bring in spot [4]
Small Blind : Ante/Small Blind $0.10
Big Blind : Big blind/Bring in $0.25
UTG : Posts dead chip $0.35
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [3c 2h]
Big Blind : Card dealt to a spot [7s 5s]
UTG : Card dealt to a spot [Jh Td]
Dealer  [ME] : Card dealt to a spot [8c 5h]
UTG : Checks
Dealer  [ME] : Folds
Small Blind : Folds
Big Blind : Checks
*** FLOP *** [2c 7d 9h]
Big Blind : Bets $0.50
UTG : Folds
Big Blind : Return uncalled portion of bet $0.50
Big Blind : Hand result $0.67
*** SUMMARY ***
Total Pot($0.70)
Board [2c 7d 9h]
"""
    hh = _one(text, "bovada")
    assert hh.extra["_dead_blinds"] == [0, 0, 10, 0] and hh.extra["_live_blinds"] == [0, 0, 25, 0]
    assert hh.extra["winnings"] == [0, 67, 0, 0] and hh.extra["_rake"] == 3
    assert hh.finishing_stacks == [2465, 750 - 25 + 67, 3134 - 35, 3366]
