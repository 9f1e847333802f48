"""Full Tilt (2006-2014) layouts read by the one driver: archive banners, the 2013 ``Seats: N`` line,
``stands pat on [..]``, a board run twice (``*** TURN 1 ***`` ... ``*** SUMMARY 2 ***``, ``wins pot 1``)
and a tournament muck at an all-in. Hands written for these tests on the room's layouts; each is
checked by replay against the room's per-player results."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

ARCHIVE = """\ufeff******************** # 1 *************************

FullTiltPoker Game #27000000001: Table Oakwood (6 max) - $1/$2 - No Limit Hold'em - 11:00:00 ET - 2011/01/08

Seat 1: Ann ($200)
Seat 2: Bob ($150)
Seat 3: Cid ($100)
Bob posts the small blind of $1
Cid posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $6
Bob folds
Cid calls $4
*** FLOP *** [Kc 7d 2h]
Cid checks
Ann bets $8
Cid folds
Uncalled bet of $8 returned to Ann
Ann mucks
Ann wins the pot ($12.50)
*** SUMMARY ***
Total pot $13 | Rake $0.50
Board: [Kc 7d 2h]
Seat 1: Ann (button) collected ($12.50), mucked
Seat 2: Bob (small blind) folded before the Flop
Seat 3: Cid (big blind) folded on the Flop

******************** # 2 *************************

FullTiltPoker Game #27000000002: Table Oakwood (6 max) - $1/$2 - No Limit Hold'em - 11:01:00 ET - 2011/01/08

Seat 1: Ann ($206.50)
Seat 2: Bob ($149)
Seat 3: Cid ($94)
Cid posts the small blind of $1
Ann posts the big blind of $2
The button is in seat #2
*** HOLE CARDS ***
Bob folds
Cid calls $1
Ann checks
*** FLOP *** [3s 4s 9d]
Cid checks
Ann checks
*** TURN *** [3s 4s 9d] [Jh]
Cid checks
Ann checks
*** RIVER *** [3s 4s 9d Jh] [2c]
Cid checks
Ann checks
*** SHOW DOWN ***
Cid shows [Jc Td] a pair of Jacks
Ann mucks
Cid wins the pot ($4)
*** SUMMARY ***
Total pot $4 | Rake $0
Board: [3s 4s 9d Jh 2c]
Seat 1: Ann (big blind) mucked [8h 7h]
Seat 2: Bob (button) didn't bet (folded)
Seat 3: Cid (small blind) showed [Jc Td] and won ($4) with a pair of Jacks
"""

RUN_TWICE = """\
Full Tilt Poker Game #31300000001: Table Rymer (6 max, shallow) - $2/$4 - No Limit Hold'em - 17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]
Seat 1: Ann ($50)
Seat 2: Bob ($300)
Seat 3: Cid ($400)
Bob posts the small blind of $2
Cid posts the big blind of $4
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $12
Bob raises to $60
Cid folds
Ann calls $38, and is all in
*** FLOP *** [2c As Jh] (Total Pot: $114, 2 Players, 1 All-In)
Players agree to Run It Twice
Bob shows [Ah Ad]
Ann shows [Kd Qc]
Uncalled bet of $10 returned to Bob
*** TURN 1 *** [2c As Jh] [9h] (Total Pot: $104, 2 Players, 1 All-In)
*** RIVER 1 *** [2c As Jh 9h] [3h] (Total Pot: $104, 2 Players, 1 All-In)
*** TURN 2 *** [2c As Jh] [Th] (Total Pot: $104, 2 Players, 1 All-In)
*** RIVER 2 *** [2c As Jh Th] [5d] (Total Pot: $104, 2 Players, 1 All-In)
*** SHOW DOWN 1 ***
Bob shows three of a kind, Aces
Ann shows a pair of Aces
*** SHOW DOWN 2 ***
Bob shows three of a kind, Aces
Ann shows a straight, Ace high
Bob wins pot 1 ($51) with three of a kind, Aces
Ann wins pot 2 ($51) with a straight, Ace high
*** SUMMARY ***
Total pot $104 | Rake $2
*** SUMMARY 1 ***
Pot 1 $51
Board: [2c As Jh 9h 3h]
Seat 1: Ann (button) showed [Kd Qc] and lost with a pair of Aces
Seat 2: Bob (small blind) showed [Ah Ad] and won ($51) with three of a kind, Aces
Seat 3: Cid (big blind) folded before the Flop
*** SUMMARY 2 ***
Pot 2 $51
Board: [2c As Jh Th 5d]
Seat 1: Ann (button) showed [Kd Qc] and won ($51) with a straight, Ace high
Seat 2: Bob (small blind) showed [Ah Ad] and lost with three of a kind, Aces
Seat 3: Cid (big blind) folded before the Flop
"""

RUSH_DRAW = """\
Full Tilt Poker Game #31800000001: $10,000 Rush Guar (Rebuy) (247000001), Table 6 - 30/60 - Limit 2-7 Triple Draw - 09:31:00 CT - 2013/01/06 [10:31:00 ET - 2013/01/06]
Seats: 6
Seat 1: Hero (1,500)
Seat 2: Vil (1,500)
Vil posts the small blind of 15
Hero posts the big blind of 30
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [6d 2c Ts 3h 3s]
Vil raises to 60
Hero calls 30
*** FIRST DRAW *** (Total Pot: 120, 2 Players)
Hero discards 2 cards [Ts 3h]
Vil discards 2 cards
Dealt to Hero [6d 2c 3s] [9s 7s]
Vil is dealt 2 cards
Hero bets 30
Vil calls 30
*** SECOND DRAW *** (Total Pot: 180, 2 Players)
Hero stands pat on [6d 2c 3s 9s 7s]
Vil discards 1 card
Vil is dealt 1 card
Hero bets 60
Vil calls 60
*** THIRD DRAW *** (Total Pot: 300, 2 Players)
Hero stands pat on [6d 2c 3s 9s 7s]
Vil stands pat
Hero checks
Vil checks
*** SHOW DOWN ***
Hero shows [9s 7s 6d 3s 2c] 9,7,6,3,2
Vil mucks
Hero wins the pot (300) with 9,7,6,3,2
*** SUMMARY ***
Total pot 300 | Rake 0
Seat 1: Hero (big blind) showed [9s 7s 6d 3s 2c] and won (300) with 9,7,6,3,2
Seat 2: Vil (small blind) mucked
"""


def _read(text: str) -> list:
    assert detect_format(text) == "fulltilt"
    hands = list(parse_text(text))
    for h in hands:
        assert h.hand is not None, h.error
        assert h.verification is not None and h.verification.ok, h.verification.problems
    return hands


def test_an_archive_with_banners_between_hands_is_read() -> None:
    a, b = _read(ARCHIVE)
    assert list(a.hand.players) == ["Bob", "Cid", "Ann"] and a.hand.extra["winnings"] == [0, 0, 1250]
    assert a.hand.extra["_rake"] == 50 and a.hand.extra["_total_pot"] == 1300
    assert b.hand.extra["winnings"] == [400, 0, 0]  # Cid, Ann, Bob


def test_a_board_run_twice_pays_each_run_its_half() -> None:
    [h] = _read(RUN_TWICE)
    assert list(h.hand.players) == ["Bob", "Cid", "Ann"]
    assert h.hand.extra["winnings"] == [5100, 0, 5100]
    assert h.hand.extra["_boards"] == ["2cAsJh9h3h", "2cAsJhTh5d"]


def test_a_rush_tournament_seats_line_and_standing_pat_on_cards() -> None:
    [h] = _read(RUSH_DRAW)
    assert h.hand.extra["seat_count"] == 6
    assert list(h.hand.players) == ["Hero", "Vil"] and h.hand.extra["winnings"] == [300, 0]


KILO = """\
Full Tilt Poker Game #29500000001: $7,000 KO Guarantee (229400001), Table 11 - 50K/100K - No Limit Hold'em - 16:06:40 ET - 2011/04/01
Seat 1: Ann (2,500,000)
Seat 2: Bob (1,200,000)
Seat 3: Cid (900,000)
Bob posts the small blind of 50,000
Cid posts the big blind of 100,000
The button is in seat #1
*** HOLE CARDS ***
Ann raises to 300,000
Bob folds
Cid folds
Uncalled bet of 200,000 returned to Ann
Ann mucks
Ann wins the pot (250,000)
*** SUMMARY ***
Total pot 250,000 | Rake 0
Seat 1: Ann (button) collected (250,000), mucked
Seat 2: Bob (small blind) folded before the Flop
Seat 3: Cid (big blind) folded before the Flop
"""


def test_stakes_written_in_thousands() -> None:
    [h] = _read(KILO)
    assert h.hand.blinds_or_straddles == [50000, 100000, 0]
    assert h.hand.extra["winnings"] == [0, 0, 250000]
