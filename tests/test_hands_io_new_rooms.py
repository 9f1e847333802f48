"""The rooms read on the Stars-like driver and 888poker: hands written for these tests on the
rooms' layouts (no room's file is copied), each checked by replay and by the room's own figures
(collected + rake + fees = total pot)."""
from __future__ import annotations

import pytest

from pyeval.hands_io import detect_format, parse_text

GG_RIT = """\
Poker Hand #RC1000001: Hold'em No Limit ($1/$2) - 2021/04/13 16:21:36
Table 'NLHSilver3' 6-max Seat #1 is the button
Seat 1: alpha ($200 in chips)
Seat 2: bravo ($150.5 in chips)
Seat 3: Hero ($100 in chips)
bravo: posts small blind $1
Hero: posts big blind $2
*** HOLE CARDS ***
Dealt to alpha
Dealt to bravo
Dealt to Hero [4d 4s]
alpha: raises $4 to $6
bravo: folds
Hero: raises $94 to $100 and is all-in
alpha: calls $94
alpha: shows [Ad As] (Pair of Aces)
Hero: shows [4d 4s] (Pair of Fours)
*** FIRST FLOP *** [4c 2h 6c]
*** FIRST TURN *** [4c 2h 6c] [9c]
*** FIRST RIVER *** [4c 2h 6c 9c] [Kd]
*** SECOND FLOP *** [Ks Ts 7c]
*** SECOND TURN *** [Ks Ts 7c] [3d]
*** SECOND RIVER *** [Ks Ts 7c 3d] [Td]
*** FIRST SHOWDOWN ***
Hero collected $97.5 from pot
*** SECOND SHOWDOWN ***
alpha collected $97.5 from pot
*** SUMMARY ***
Total pot $201 | Rake $5 | Jackpot $1 | Bingo $0
Hand was run two times
FIRST Board [4c 2h 6c 9c Kd]
SECOND Board [Ks Ts 7c 3d Td]
Seat 1: alpha (button) showed [Ad As] and lost with Pair of Aces, and won ($97.5) with Two pair
Seat 2: bravo (small blind) folded before Flop
Seat 3: Hero (big blind) showed [4d 4s] and won ($97.5) with Fives Full, and lost with Pair of Fours
"""

GG_TOURNEY = """\
Poker Hand #TM2000001: Tournament #777, Daily Test $10 Hold'em No Limit - Level3 (50/100) - 2021/04/04 16:06:27
Table '12' 8-max Seat #2 is the button
Seat 1: one (5,000 in chips)
Seat 2: two (4,200 in chips)
Seat 3: three (6,100 in chips)
one: posts the ante 10
two: posts the ante 10
three: posts the ante 10
three: posts small blind 50
one: posts big blind 100
*** HOLE CARDS ***
Dealt to one [Ac Kc]
Dealt to two
Dealt to three
two: raises 150 to 250
three: folds
one: calls 150
*** FLOP *** [2c 7c Qd]
one: checks
two: bets 300
one: raises 700 to 1,000
two: folds
Uncalled bet (700) returned to one
one collected 1,180 from pot
*** SUMMARY ***
Total pot 1,180 | Rake 0 | Jackpot 0 | Bingo 0
Board [2c 7c Qd]
Seat 1: one (big blind) collected (1,180)
Seat 2: two (button) folded on the Flop
Seat 3: three (small blind) folded before Flop
"""

WINAMAX = """\
Winamax Poker - CashGame - HandId: #1111-22-333 - Holdem no limit (0.50€/1€) - 2017/03/28 16:50:52 UTC
Table: 'Lyon' 3-max (real money) Seat #1 is the button
Seat 1: Ana (100€)
Seat 2: Ben (80.50€)
Seat 3: Cal (120€)
*** ANTE/BLINDS ***
Ben posts small blind 0.50€
Cal posts big blind 1€
Dealt to Ana [8h 9s]
*** PRE-FLOP ***
Ana raises 2€ to 3€
Ben folds
Cal calls 2€
*** FLOP *** [Kc 2d 3d]
Cal checks
Ana checks
*** TURN *** [Kc 2d 3d][Qs]
Cal bets 5€
Ana folds
Cal collected 11.20€ from pot
*** SUMMARY ***
Total pot 11.20€ | Rake 0.30€
Board: [Kc 2d 3d Qs]
Seat 3: Cal (big blind) won 11.20€
"""

PACIFIC = """\
#Game No : 5550001
***** 888poker Hand History for Game 5550001 *****
$0.25/$0.50 Blinds No Limit Holdem - *** 04 03 2012 15:32:21
Table Hokkaido (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Xena ( $20 )
Seat 2: Yuri ( $5 )
Seat 3: Zack ( $50.25 )
Xena posts small blind [$0.25]
Yuri posts big blind [$0.50]
** Dealing down cards **
Dealt to Zack [ Td, Qd ]
Zack raises [$10]
Xena folds
Yuri calls [$4.50]
** Dealing flop ** [ 8s, As, 2d ]
** Dealing turn ** [ 6h ]
** Dealing river ** [ 5d ]
** Summary **
Yuri shows [ 2c, 2h ]
Zack shows [ Td, Qd ]
Yuri collected [ $9.75 ]
Zack collected [ $5 ]
"""


@pytest.mark.parametrize("text, fmt, total, rake, jackpot", [
    (GG_RIT, "ggpoker", 20100, 500, 100), (GG_TOURNEY, "ggpoker", 1180, 0, 0),
    (WINAMAX, "winamax", 650, 30, None), (PACIFIC, "888poker", None, 50, None),
], ids=["gg-run-twice", "gg-tournament", "winamax", "888"])
def test_room_hand_reads_and_replays_to_the_rooms_figures(text: str, fmt: str, total: int | None, rake: int,
                                                          jackpot: int | None) -> None:
    assert detect_format(text) == fmt
    [h] = list(parse_text(text))
    assert h.error is None and h.hand is not None
    assert h.verification is not None and h.verification.ok, h.verification.problems
    x = h.hand.extra
    assert x.get("_total_pot") == total and x.get("_rake") == rake and x.get("_jackpot") == jackpot
    if total is not None:  # the room's figures add up
        assert sum(h.hand.extra["winnings"]) + (rake or 0) + (jackpot or 0) == total


def test_gg_run_twice_keeps_both_boards() -> None:
    [h] = list(parse_text(GG_RIT))
    assert h.hand is not None and h.hand.extra["_boards"] == ["4c2h6c9cKd", "KsTs7c3dTd"]


def test_winamax_and_888_return_the_uncalled_bet_they_count_as_collected() -> None:
    [w] = list(parse_text(WINAMAX))
    assert w.hand is not None and w.hand.extra["winnings"] == [0, 620, 0] and w.hand.extra["_returned"] == [0, 500, 0]
    [p] = list(parse_text(PACIFIC))
    assert p.hand is not None and p.hand.extra["_returned"] == [0, 0, 500]
    assert any("derived" in n for n in p.hand.extra["_notes"])


def test_a_bad_amount_is_reported_for_the_hand_not_raised() -> None:
    [h] = list(parse_text(WINAMAX.replace("Cal calls 2€", "Cal calls 2..5€"), source="w.txt"))
    assert h.hand is None and h.error is not None and h.error.startswith("w.txt:13: not an amount")


IPOKER_TOURNEY = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="9000001">
<general>
<mode>real</mode>
<gametype>Holdem NL</gametype>
<tablename>Test SNG, 1</tablename>
<tournamentcode>4242</tournamentcode>
<startdate>2012-10-21 08:00:00</startdate>
</general>
<game gamecode="9100001">
<general>
<startdate>2012-10-21 08:10:09</startdate>
<players>
<player seat="1" name="Ann" chips="1,500" dealer="1" win="0" bet="40" />
<player seat="4" name="Bob" chips="1,500" dealer="0" win="160" bet="120" />
<player seat="6" name="Cid" chips="1,500" dealer="0" win="0" bet="0" />
</players>
</general>
<round no="0">
<action no="3" player="Bob" type="2" sum="20" />
<action no="1" player="Cid" type="8" sum="0" />
<action no="2" player="Ann" type="1" sum="10" />
</round>
<round no="1">
<cards type="Pocket" player="Ann">X X</cards>
<cards type="Pocket" player="Bob">C4 S4</cards>
<action no="6" player="Ann" type="0" sum="0" />
<action no="4" player="Ann" type="23" sum="40" />
<action no="5" player="Bob" type="23" sum="120" />
</round>
</game>
<game gamecode="9100002">
<general>
<players>
<player seat="1" name="Ann" chips="1,460" dealer="0" />
<player seat="4" name="Bob" chips="1,540" dealer="1" />
</players>
</general>
<round no="0">
<action no="1" player="Bob" type="1" sum="10" />
<action no="2" player="Ann" type="2" sum="20" />
</round>
</game>
</session>
"""


def test_ipoker_tournament_actions_by_number_sitting_out_and_a_partial_export() -> None:
    """No stakes in a tournament's game type (the blinds come from the posts), actions replayed by
    their ``no`` (the export lists them out of order), type 8 a player sitting out (not dealt in),
    and a game holding only the forced bets reported as a partial export."""
    first, partial = list(parse_text(IPOKER_TOURNEY, source="ip.xml"))
    assert first.hand is not None and first.verification is not None and first.verification.ok
    hh = first.hand
    assert hh.players == ["Bob", "Ann"] and hh.extra["_sitting_out"] == ["Cid"]
    assert hh.extra["_pyeval_tournament"] and hh.extra["_total_pot"] == 80 and hh.extra["winnings"] == [80, 0]
    assert hh.extra["_returned"] == [80, 0]
    assert partial.hand is None and partial.error is not None and "partial export" in partial.error


BOVADA = """\
Bovada Hand #3000000001 TBL#15000001 HOLDEM No Limit - 2018-04-28 21:52:54
Seat 1: Dealer ($40 in chips)
Seat 2: Small Blind ($50 in chips)
Seat 3: Big Blind [ME] ($50 in chips)
Seat 4: UTG ($70 in chips)
Dealer : Set dealer [1]
Small Blind : Small Blind $0.25
Big Blind  [ME] : Big blind $0.50
UTG : Seat sit out
*** HOLE CARDS ***
Dealer : Card dealt to a spot [8h 5c]
Small Blind : Card dealt to a spot [7s 3s]
Big Blind  [ME] : Card dealt to a spot [Td 8d]
Dealer : Raises $1.50 to $1.50
Small Blind : Folds
Big Blind  [ME] : Calls $1
*** FLOP *** [2c Qc 7h]
Big Blind  [ME] : Checks
Dealer : Bets $2
Big Blind  [ME] : Folds
Dealer : Return uncalled portion of bet $2
Dealer : Does not show [8h 5c] (High Card)
Dealer : Hand result $3.05
Enter(Auto)
*** SUMMARY ***
Total Pot($3.25)
Board [2c Qc 7h ]
Seat+1: Dealer $3.05 [Does not show]
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind Folded on the FLOP
"""


def test_bovada_positions_as_names_sitting_out_and_a_derived_rake() -> None:
    assert detect_format(BOVADA) == "bovada"
    [h] = list(parse_text(BOVADA))
    assert h.hand is not None and h.verification is not None and h.verification.ok, h.verification
    x = h.hand.extra
    assert h.hand.players == ["Small Blind", "Big Blind", "Dealer"] and x["_sitting_out"] == ["UTG"]
    assert x["_total_pot"] == 325 and x["_rake"] == 20 and x["winnings"] == [0, 0, 305]
    assert any("derived" in n for n in x["_notes"])


WPN = """\
Game started at: 2019/2/16 8:37:2

Game ID: 1377000001 0.02/0.05 Test Table (PRR) ($5 Max) (Hold'em)

Seat 5 is the button
Seat 1: Ann (2).
Seat 3: Bob (4.98).
Seat 5: Cid (9.65).
Player Ann has small blind (0.02)
Player Bob has big blind (0.05)
Player Ann received a card.
Player Ann received a card.
Player Bob received card: [6s]
Player Bob received card: [6c]
Player Cid received a card.
Player Cid received a card.
Player Cid raises (0.15)
Player Ann folds
Player Bob calls (0.10)
*** FLOP ***: [7h Kh 8s]
Player Bob checks
Player Cid bets (0.20)
Player Bob folds
Uncalled bet (0.20) returned to Cid
Player Cid mucks cards
------ Summary ------
Pot: 0.31. Rake 0.01
Board: [7h Kh 8s]
Player Ann does not show cards.Bets: 0.02. Collects: 0. Loses: 0.02.
Player Bob does not show cards.Bets: 0.15. Collects: 0. Loses: 0.15.
*Player Cid mucks (does not show cards). Bets: 0.15. Collects: 0.31. Wins: 0.16.
Game ended at: 2019/2/16 8:37:46
"""


def test_wpn_old_export_checks_each_players_bets_against_his_actions() -> None:
    assert detect_format(WPN) == "winning"
    [h] = list(parse_text(WPN))
    assert h.hand is not None and h.verification is not None and h.verification.ok, h.verification
    assert h.hand.extra["_total_pot"] == 32 and h.hand.extra["_rake"] == 1 and h.hand.extra["winnings"] == [0, 0, 31]
    [bad] = list(parse_text(WPN.replace("Bets: 0.15. Collects: 0. Loses", "Bets: 0.16. Collects: 0. Loses"),
                            source="w.txt"))
    assert bad.hand is None and bad.error is not None and "Bob's actions put in 15, the summary's bets are 16" in bad.error


ABSOLUTE = """\
Stage #1000000001: Holdem  No Limit $1 - 2009-11-30 15:50:12 (ET)
Table: ELM ST (Real Money) Seat #3 is the dealer
Seat 1 - ALPHA ($100 in chips)
Seat 2 - BRAVO ($80 in chips)
Seat 3 - CHARLIE ($120 in chips)
ALPHA - Posts small blind $0.50
BRAVO - Posts big blind $1
*** POCKET CARDS ***
Dealt to ALPHA [7h Qd]
CHARLIE - Raises $3 to $3
ALPHA - Folds
BRAVO - Calls $2
*** FLOP *** [2c 7c Kd]
BRAVO - Checks
CHARLIE - Bets $4
BRAVO - Folds
CHARLIE - returned ($4) : not called
*** SHOW DOWN ***
CHARLIE - Does not show
CHARLIE Collects $6.20 from main pot
*** SUMMARY ***
Total Pot($6.50) | Rake ($0.30)
Seat 3: CHARLIE (dealer) won Total ($6.20) HI:($6.20)
"""

CAKE = """\
Hand#2998000000000001 - Lyon (6-max) 11673 -- $0.50/$1 NL Hold'em -- 2012-06-20 - 23:10:52
Dealer: Seat 3
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($50,50 in chips)
Seat 3: Cid ($80 in chips)
Ann: posts small blind $0,50
Bob: posts big blind $1
Dealt to Cid [7h,8h]
Cid: raises to $3
Ann: folds
Bob: calls $2
*** FLOP *** [Jd,7d,Ts]
Bob: checks
Cid: bets $5
Bob: folds
Cid: returns uncalled bet $5
Cid: mucks
Cid wins $6,25
"""


@pytest.mark.parametrize("text, fmt, total, rake, won", [
    (ABSOLUTE, "absolute", 650, 30, [0, 0, 620]), (CAKE, "cake", None, 25, [0, 0, 625]),
], ids=["absolute", "cake"])
def test_more_rooms_on_the_stars_variant_driver(text: str, fmt: str, total: int | None, rake: int,
                                                won: list[int]) -> None:
    """Absolute/UltimateBet (`` - `` after a name, ``returned (X) : not called``) and Cake (a decimal
    comma, ``raises to``, no hole-cards section, no rake printed: derived)."""
    assert detect_format(text) == fmt
    [h] = list(parse_text(text))
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    x = h.hand.extra
    assert x.get("_total_pot") == total and x["_rake"] == rake and x["winnings"] == won
    assert h.hand.starting_stacks[1] == (5050 if fmt == "cake" else 8000)


_SAMPLES = {"ggpoker": GG_RIT, "winamax": WINAMAX, "888poker": PACIFIC, "ipoker": IPOKER_TOURNEY, "bovada": BOVADA,
            "winning": WPN, "absolute": ABSOLUTE, "cake": CAKE}


@pytest.mark.parametrize("fmt", sorted(_SAMPLES))
def test_damaged_lines_are_reported_by_the_reader_never_a_reader_fault(fmt: str) -> None:
    """Each line of each sample cut short, doubled or emptied: every hand is read or refused with the
    reader's own reason (never the driver's last resort for an exception a reader let through)."""
    lines = _SAMPLES[fmt].splitlines()
    for k in range(1, len(lines)):
        for bad in (lines[k][: len(lines[k]) // 2], lines[k] + lines[k], "", lines[k].replace("$", "$$")):
            text = "\n".join(lines[:k] + [bad] + lines[k + 1:]) + "\n"
            for h in parse_text(text, fmt, source="mutant"):
                assert h.error is None or "the reader failed" not in h.error, (k, bad, h.error)
