"""The text rooms added as data on the one Stars-layout driver (Everleaf, PKR, ...): hands written
for these tests on the rooms' real layouts (no room's file is copied), each checked by replay, the
per-player results and the rake the room's figures give."""
from __future__ import annotations

import pytest

from pyeval.hands_io import detect_format, parse_text


def _one(text: str, fmt: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == fmt
    [h] = list(parse_text(text, fmt))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


EVERLEAF = """\
Everleaf Gaming Game #196300001
***** Hand history for game #196300001 *****
Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15
Table Testville XIV
Seat 6 is the button
Total number of players: 4
Seat 1: anna (  $ 12.40 USD )
Seat 2: Hero (  $ 5 USD )
Seat 3: carl (  $ 5.45 USD )
Seat 4: dora ( new player )
Seat 6: emil (  $ 8.30 USD )
anna: posts small blind [$ 0.05 USD]
Hero: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ 9c, Ac ]
carl raises [$ 0.35 USD]
emil folds
anna: i am back
anna calls [$ 0.30 USD]
Hero folds
** Dealing Flop ** [ 4c, Kh, 6h ]
anna checks
carl: bets [$ 0.40 USD]
anna calls [$ 0.40 USD]
** Dealing Turn ** [ Qh ]
anna checks
dora has joined the table
carl checks
** Dealing River ** [ Qd ]
anna: bets [$ 1 USD]
carl folds
anna does not show cards
anna wins $ 1.52 USD from main pot
"""


def test_everleaf_amounts_added_a_new_player_chat_and_a_derived_rake() -> None:
    """Everleaf writes what each action adds (``raises [$ 0.35 USD]`` from nothing is a raise to 0.35;
    ``calls [$ 0.30 USD]`` after a small blind of 0.05), no total pot and no rake: the rake is the pot
    (1.60) less the win (1.52); the river bet nobody called comes back; ``( new player )`` sits out."""
    hh = _one(EVERLEAF, "everleaf")
    x = hh.extra
    assert hh.players == ["anna", "Hero", "carl", "emil"] and x["_sitting_out"] == ["dora"]
    assert x["winnings"] == [152, 0, 0, 0] and x["_rake"] == 8 and x["_returned"] == [100, 0, 0, 0]
    assert hh.finishing_stacks == [1240 - 75 + 152, 490, 545 - 75, 830]


def test_everleaf_fixed_limit_tournament_and_a_skin() -> None:
    """A skin's first line (``- - Grand Poker - Game #N``), a tournament line, chips, fixed limit
    written without a structure (the stakes are the small and big bet), a high-only win line."""
    text = """\
- - Grand Poker - Game #15600001
***** Hand history for game #15600001 *****
Tournament #2768001 - Level 2
Blinds 15/30 Omaha Hi/Lo - 9 Max - 2019/01/21 - 13:05:02
Table 1
Seat 3 is the button
Total number of players: 3
Seat 1: ivo (  2000 Chips )
Seat 2: jan (  1970 Chips )
Seat 3: kim (  2000 Chips )
ivo: posts small blind [ 15 Chips]
jan: posts big blind [ 30 Chips]
** Dealing down cards **
kim raises [ 60 Chips]
ivo folds
jan raises [ 60 Chips]
kim calls [ 30 Chips]
** Dealing Flop ** [ Ks, 9c, 9d ]
jan checks
kim: bets [ 30 Chips]
jan folds
kim does not show cards
kim wins  high ( 195 Chips) from main pot
"""
    hh = _one(text, "everleaf")
    assert hh.extra["_pyeval_tournament"] and hh.small_bet == 30 and hh.big_bet == 60
    assert "p2 cbr 90" in hh.actions  # the big blind's "raises [ 60 Chips]" adds 60 to his 30
    assert hh.extra["winnings"] == [0, 0, 195] and hh.finishing_stacks == [1985, 1880, 2105]


def test_everleaf_stud_is_refused_as_a_game_the_reader_does_not_read() -> None:
    text = ("Everleaf Gaming Game #1\n***** Hand history for game #1 *****\n"
            "$0.05/$0.10 7 Card Stud - 2011/07/01 - 10:00:00\nTable T\nSeat 1 is the button\n"
            "Total number of players: 2\nSeat 1: a (  $ 1 USD )\nSeat 2: b (  $ 1 USD )\n")
    [h] = list(parse_text(text, "everleaf"))
    assert h.hand is None and h.error is not None and "game not supported by the Everleaf reader yet" in h.error


PKR = """\
Table #15200001 - Test Beach 2
Starting Hand #746300001
Start time of hand: 30 Mar 2009 21:00:00
Last Hand #746300000
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.02 / $0.04
Button is at seat 5
Seat 1: ann - $0.23 (away from table)
Seat 2: bob - $5.28
Seat 3: cid - $1.80
Seat 5: dan - $1.47
Seat 6: Hero - $4
Shuffling Deck
Moving Button to seat 6
bob posts small blind ($0.02)
cid posts big blind ($0.04)
Dealing Cards
Dealing [a d][8h] to Hero
dan calls $0.04
bob: hi all
Hero folds
bob calls $0.04
cid checks
Dealing Flop [9s][Ac][5s]
bob bets $0.08
cid raises to $0.24
dan folds
bob calls $0.24
Dealing Turn [4 s]
bob checks
cid bets $0.50
bob folds
Returning $0.50 to cid uncalled
cid claps.
Taking Rake of $0.03 from pot 1
cid wins $0.57
Seat 2: bob - $5
Seat 3: cid - $2.09
End Of Hand #746300001
"""


def test_pkr_calls_to_the_street_total_the_moving_button_and_a_derived_rake() -> None:
    """PKR writes a call as the street total it reaches (the small blind's ``calls $0.04``; the flop
    bettor's ``calls $0.24`` over his 0.08), moves the button in the body, prints the rake only as
    ``Taking Rake``: the rake is the pot less the win, 0.60 - 0.57."""
    hh = _one(PKR, "pkr")
    x = hh.extra
    assert hh.players == ["bob", "cid", "dan", "Hero"] and x["_sitting_out"] == ["ann"] and x["_button_seat"] == 6
    assert x["winnings"] == [0, 57, 0, 0] and x["_rake"] == 3
    assert hh.finishing_stacks == [500, 209, 143, 400]


KINGSCLUB = """\
#39900001: Pot Limit Omaha - 5/10
2021-01-02 15:49:35
Table 'Test Mix' Seat 6 is the button
Seat 1: ann (860.38)
Seat 3: bob (500)
Seat 6: Hero (1,000)
ann: posts ante 1
bob: posts ante 1
Hero: posts ante 1
ann: posts the small blind 5
bob: posts the big blind 10
*** HOLE CARDS ***
Dealt to ann: [X X X X]
Dealt to bob: [X X X X]
Dealt to Hero: [Kd 8s Ks 2c]
Hero raises to 25
ann calls 25
bob folds
*** FLOP *** [6s 5h Js]
ann checks
Hero bets 16.17
ann raises to 57.34
Hero folds
*** SUMMARY ***
Seat 1: ann (912.55) +52.17
Seat 3: bob (489) -11
Seat 6: Hero (957.83) -42.17
Rake 1
ann wins pot (94.34)
"""


def test_kingsclub_calls_to_the_street_total_cents_and_a_derived_rake() -> None:
    """The small blind's ``calls 25`` brings him to 25; a cent anywhere makes every amount cents; the
    win (94.34) is the pot (95.34) less the rake, which the reader derives (the summary's ``Rake 1``)."""
    hh = _one(KINGSCLUB, "kingsclub")
    x = hh.extra
    assert hh.players == ["ann", "bob", "Hero"] and x["_units_per_currency"] == 100
    assert x["winnings"] == [9434, 0, 0] and x["_rake"] == 100
    assert hh.finishing_stacks == [91255, 48900, 95783]


def test_kingsclub_draw_games_are_refused_per_hand() -> None:
    text = KINGSCLUB.replace("Pot Limit Omaha - 5/10", "No Limit 2-7 Single Draw - 5/10")
    [h] = list(parse_text(text, "kingsclub"))
    assert h.hand is None and h.error is not None and "game not supported by the KingsClub reader yet" in h.error
