"""More Full Tilt (2006-2014) layouts: a seated player sitting out between the blinds (not dealt in),
5 Card Stud's streets named from ``*** 2ND STREET ***``, and the 2013 ``Seats: N`` line between blank
lines. Hands written for these tests on the room's layouts; each is checked by replay against the
room's per-player results and its total pot and rake."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

SITTING_OUT = """\
Full Tilt Poker Game #25000000001: Table Testvale (6 max) - $0.05/$0.10 - No Limit Hold'em - 03:02:56 ET - 2010/11/07
Seat 1: Ann ($10)
Seat 2: Bob ($10)
Seat 3: Cid ($10)
Seat 4: Dan ($10)
Bob posts the small blind of $0.05
Cid is sitting out
Dan posts the big blind of $0.10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Ann raises to $0.30
Bob folds
Dan calls $0.20
*** FLOP *** [2c 7d Kd]
Dan checks
Ann bets $0.40
Dan folds
Uncalled bet of $0.40 returned to Ann
Ann mucks
Ann wins the pot ($0.62)
*** SUMMARY ***
Total pot $0.65 | Rake $0.03
Board: [2c 7d Kd]
Seat 1: Ann (button) collected ($0.62), mucked
Seat 2: Bob (small blind) folded before the Flop
Seat 4: Dan (big blind) folded on the Flop
"""

FIVE_STUD = """\
Full Tilt Poker Game #32400000001: Big Game Test (251300001), Table 1 - 800/1600 Ante 150 - Limit 5 Card Stud - 18:30:57 ET - 2013/03/31
Seat 1: Ann (5,000)
Seat 2: Bob (6,000)
Seat 3: Hero (8,000)
Ann antes 150
Bob antes 150
Hero antes 150
*** 2ND STREET *** (Total Pot: 450, 3 Players)
Dealt to Ann [Kc]
Dealt to Bob [2c]
Dealt to Hero [6s] [6h]
Bob is low with [2c]
Bob brings in for 250
Hero completes it to 800
Ann folds
Bob calls 550
*** 3RD STREET *** (Total Pot: 2,050, 2 Players)
Dealt to Bob [2c] [3h]
Dealt to Hero [6s 6h] [Qd]
Hero bets 800
Bob calls 800
*** 4TH STREET *** (Total Pot: 3,650, 2 Players)
Dealt to Bob [2c 3h] [4d]
Dealt to Hero [6s 6h Qd] [Qs]
Hero bets 1,600
Bob calls 1,600
*** 5TH STREET *** (Total Pot: 6,850, 2 Players)
Dealt to Bob [2c 3h 4d] [5s]
Dealt to Hero [6s 6h Qd Qs] [9c]
Hero bets 1,600
Bob calls 1,600
*** SHOW DOWN ***
Hero shows [6s 6h Qd Qs 9c] two pair, Queens and Sixes
Bob shows [Ac 2c 3h 4d 5s] a straight, Five high
Bob wins the pot (10,050) with a straight, Five high
*** SUMMARY ***
Total pot 10,050 | Rake 0
Seat 1: Ann folded on 2nd St.
Seat 2: Bob showed [Ac 2c 3h 4d 5s] and won (10,050) with a straight, Five high
Seat 3: Hero showed [6s 6h Qd Qs 9c] and lost with two pair, Queens and Sixes
"""

RUSH_SEATS = """\
Full Tilt Poker Game #31900000001: $17,500 Rush Guar (Rebuy) (248000001), Table 21 - 10/20 - No Limit Hold'em - 11:31:21 CT - 2013/01/25 [12:31:21 ET - 2013/01/25]

Seats: 9

Seat 1: Hero (1,500)

Seat 2: Vil (1,500)

Hero posts the small blind of 10

Vil posts the big blind of 20

The button is in seat #1

*** HOLE CARDS ***

Dealt to Hero [9c 9d]

Hero raises to 60

Vil folds

Uncalled bet of 40 returned to Hero

Hero mucks

Hero wins the pot (40)

*** SUMMARY ***

Total pot 40 | Rake 0

Seat 1: Hero (small blind) collected (40), mucked

Seat 2: Vil (big blind) folded before the Flop
"""


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "fulltilt"
    [h] = list(parse_text(text, "fulltilt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_a_player_sitting_out_between_the_blinds_is_not_dealt_in() -> None:
    """``Cid is sitting out`` after the small blind: Dan's post is the big blind, not an extra blind."""
    hh = _one(SITTING_OUT)
    assert hh.players == ["Bob", "Dan", "Ann"]
    assert hh.blinds_or_straddles == [5, 10, 0]
    assert hh.finishing_stacks == [995, 970, 1032]
    assert hh.extra["winnings"] == [0, 0, 62]
    assert hh.extra["_rake"] == 3 and hh.extra["_total_pot"] == 65


def test_five_card_stud_streets_from_second_street() -> None:
    """``*** 2ND STREET ***`` (one card down, one up) ... ``*** 5TH STREET ***`` are 5 Card Stud's rounds."""
    hh = _one(FIVE_STUD)
    assert hh.variant == "F5S"
    assert hh.players == ["Ann", "Bob", "Hero"]
    assert hh.antes == [150, 150, 150] and hh.bring_in == 250
    assert hh.small_bet == 800 and hh.big_bet == 1600
    assert hh.finishing_stacks == [4850, 11100, 3050]
    assert hh.extra["winnings"] == [0, 10050, 0]


def test_the_rush_seats_line_between_blank_lines() -> None:
    """``Seats: 9`` with a blank line either side (the UTF-16 Rush exports of 2013)."""
    hh = _one(RUSH_SEATS)
    assert hh.extra["seat_count"] == 9
    assert hh.players == ["Vil", "Hero"] and hh.extra["winnings"] == [0, 40]
    assert hh.finishing_stacks == [1480, 1520]


KING_OF_THE_HILL = """\
Full Tilt Poker Game #29600000001: Table King Test (heads up, deep) - 500K/1000K - No Limit Hold'em - 21:40:27 ET - 2011/04/15
Seat 1: Ann (100,000,000)
Seat 2: Bob (80,000,000)
Ann posts the small blind of 500,000
Bob posts the big blind of 1,000,000
The button is in seat #1
*** HOLE CARDS ***
Ann raises to 3,000,000
Bob folds
Uncalled bet of 2,000,000 returned to Ann
Ann mucks
Ann wins the pot (2,000,000)
*** SUMMARY ***
Total pot 2,000,000 | Rake 0
Seat 1: Ann (small blind) collected (2,000,000), mucked
Seat 2: Bob (big blind) folded before the Flop
"""

DRAW_MUCK_FIRST = """\
Full Tilt Poker Game #25300000001: Table Draw Test (6 max) - $10/$20 - Limit 2-7 Triple Draw - 10:00:00 ET - 2010/12/20
Seat 1: Ann ($500)
Seat 2: Bob ($500)
Seat 3: Cid ($500)
Bob posts the small blind of $5
Cid posts the big blind of $10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [2h 3d 4s 7c Kd]
Ann raises to $20
Bob folds
Cid calls $10
*** FIRST DRAW *** (Pot: $45)
Cid discards 2 cards
Ann discards 1 card [Kd]
Cid is dealt 2 cards
Dealt to Ann [2h 3d 4s 7c] [8h]
Cid checks
Ann bets $10
Cid calls $10
*** SECOND DRAW *** (Pot: $65)
Cid discards 1 card
Ann stands pat on [2h 3d 4s 7c 8h]
Cid is dealt 1 card
Cid checks
Ann checks
*** THIRD DRAW *** (Pot: $65)
Cid stands pat
Ann stands pat on [2h 3d 4s 7c 8h]
Cid checks
Ann checks
*** SHOW DOWN ***
Ann shows [2h 3d 4s 7c 8h] 8,7,4,3,2
Cid mucks
Ann wins the pot ($63) with 8,7,4,3,2
*** SUMMARY ***
Total pot $65 | Rake $2
Seat 1: Ann (button) showed [2h 3d 4s 7c 8h] and won ($63) with 8,7,4,3,2
Seat 2: Bob (small blind) folded before the Draw
Seat 3: Cid (big blind) mucked [9c 9d 5h 4c 3c] - a pair of Nines
"""

LOW_LINE = """\
Full Tilt Poker Game #1080000001: Table Low Test (6 max) - $2/$4 - Limit Omaha H/L - 17:47:12 ET - 2006/10/09
Seat 1: Ann ($500)
Seat 2: Bob ($500)
Seat 3: Cid ($500)
Bob posts the small blind of $1
Cid posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $4
Bob folds
Cid calls $2
*** FLOP *** [Ks 7d 3c]
Cid checks
Ann checks
*** TURN *** [Ks 7d 3c] [8h]
Cid checks
Ann checks
*** RIVER *** [Ks 7d 3c 8h] [Qd]
Cid checks
Ann checks
*** SHOW DOWN ***
Cid shows [Qs Qh Jc Tc] (three of a kind, Queens)
Ann shows [As 2d Kc Kh] (three of a kind, Kings)
 (8,7,3,2,A)
Ann wins the high pot ($4.50) with three of a kind, Kings
Ann wins the low pot ($4.50) with 8,7,3,2,A
*** SUMMARY ***
Total pot $9 | Rake $0
Board: [Ks 7d 3c 8h Qd]
Seat 1: Ann (button) showed [As 2d Kc Kh] and won ($9) with three of a kind, Kings and 8,7,3,2,A
Seat 2: Bob (small blind) folded before the Flop
Seat 3: Cid (big blind) showed [Qs Qh Jc Tc] and lost with three of a kind, Queens
"""


def test_a_heads_up_deep_table_with_stakes_in_thousands_of_k() -> None:
    """``(heads up, deep)`` and ``500K/1000K`` (play money, 2011)."""
    hh = _one(KING_OF_THE_HILL)
    assert hh.extra["seat_count"] == 2
    assert hh.players == ["Bob", "Ann"] and hh.blinds_or_straddles == [500000, 1000000]  # heads-up: reversed
    assert hh.extra["winnings"] == [0, 2000000]
    assert hh.finishing_stacks == [79000000, 101000000]


def test_a_draw_showdown_where_the_first_to_show_mucks() -> None:
    """Ann showed first, but Cid acts first on the last round: in the engine's order Cid mucks and
    Ann wins without showing (58 Pa. Code § 637a.18(e)); the rake is the room's."""
    hh = _one(DRAW_MUCK_FIRST)
    assert hh.players == ["Bob", "Cid", "Ann"]
    assert hh.actions[-1] == "p2 sm"
    assert hh.finishing_stacks == [49500, 47000, 53300]
    assert hh.extra["winnings"] == [0, 0, 6300]
    assert hh.extra["_rake"] == 200 and hh.extra["_total_pot"] == 6500


def test_the_low_hand_on_its_own_line_after_a_show() -> None:
    """2006 files print a low hand's ranks ``(8,7,3,2,A)`` on the line after its show: kept, not fatal."""
    hh = _one(LOW_LINE)
    assert hh.variant == "FO/8"
    assert hh.extra["winnings"] == [0, 0, 900]
    assert hh.finishing_stacks == [49900, 49600, 50500]


MATRIX_UNWRITTEN_FOLD = """\
Full Tilt Poker Game #31490000001: $26 Super Turbo Matrix (244600001), Match 1 - 15/30 - No Limit Hold'em - 09:20:53 EET - 2012/11/23 [02:20:53 ET - 2012/11/23]
Seat 1: Hero (285)
Seat 2: Ann (255)
Seat 3: Bob (300)
Seat 4: Cid (270)
Cid posts the small blind of 15
Hero posts the big blind of 30
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [Qh Tc]
Ann folds
Bob folds
*** SUMMARY ***
Total pot 30 | Rake 0
Seat 1: Hero (big blind) collected (30), mucked
Seat 2: Ann didn't bet (folded)
Seat 3: Bob (button) didn't bet (folded)
Seat 4: Cid (small blind) folded before the Flop
"""


def test_a_matrix_fold_written_only_in_the_summary() -> None:
    """The small blind's fold is in the summary only, and the big blind's 15 nobody called has no
    line: both are derived (the room's total pot 30 is the pot after the return)."""
    hh = _one(MATRIX_UNWRITTEN_FOLD)
    assert hh.players == ["Cid", "Hero", "Ann", "Bob"]
    assert hh.actions[-1] == "p1 f"
    assert hh.extra["winnings"] == [0, 30, 0, 0] and hh.extra["_total_pot"] == 30
    assert hh.finishing_stacks == [255, 300, 255, 300]
