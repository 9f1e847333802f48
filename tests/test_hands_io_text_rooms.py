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


def test_everleaf_stud_bring_in_and_completion() -> None:
    """Everleaf's stud: ``NAME posts bring-in $0.02.`` and ``completes to $0.05.`` (a full stop after
    the amount), streets ``**** dealing 4th street ****``; the bring-in's poster folds his hand."""
    text = ("Everleaf Gaming Game #1\n***** Hand history for game #1 *****\n"
            "$0.05/$0.10 7 Card Stud - 2011/07/01 - 10:00:00\nTable T\nTotal number of players: 3\n"
            "Seat 1: a (  $ 1 USD )\nSeat 2: b (  $ 1 USD )\nSeat 3: c (  $ 1 USD )\n"
            "a: posts ante [$ 0.01 USD]\nb: posts ante [$ 0.01 USD]\nc: posts ante [$ 0.01 USD]\n"
            "** Dealing down cards **\nb posts bring-in $0.02.\nc completes to $0.05.\na folds\nb folds\n"
            "c does not show cards\nc wins $ 0.07 USD from main pot\n")
    hh = _one(text, "everleaf")
    assert hh.variant == "F7S" and hh.bring_in == 2 and hh.small_bet == 5
    assert hh.extra["winnings"] == [0, 0, 7] and hh.finishing_stacks == [99, 97, 104]


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


def test_kingsclub_games_pyeval_does_not_play_are_refused_per_hand() -> None:
    text = KINGSCLUB.replace("Pot Limit Omaha - 5/10", "Limit Badeucey - 5/10")
    [h] = list(parse_text(text, "kingsclub"))
    assert h.hand is None and h.error is not None and "game not supported: Badeucy" in h.error


ENET = """\
Game #12000001: Omaha (€0,10/€0,25) - 21:50:56 23.8.2012 - %6
Table 'Testunion 1 - No Limit' 9-max Seat #3 is the button
Seat 1: ann (€72,89 in chips)
Seat 2: bob (€52,29 in chips)
Seat 4: Hero (€24,65 in chips)
Seat 6: cid (€25 in chips)
cid: posts small blind €0,10
ann: posts big blind €0,25
*** HOLECARDS ***
bob: folds
Hero: calls €0,25
cid: raises €0,65
ann: folds
Hero: calls €0,50
Rake: €0,05
*** FLOP *** [4s2d3h]
cid: bets €1,50
Hero: goes all-in €23,90
cid: calls €22,40
Rake: €0,60
*** TURN *** [4s2d3h5h]
*** RIVER *** [4s2d3h5hQc]
*** SHOWDOWN ***
Hero: shows [AsAd6c7c] (Straight, Seven high)
cid: shows [KsKd9c8c] (Straight, Five high)
Hero: collected (€49,45) from pot
*** SUMMARY ***
Total pot €0 | Rake €0,10
Board [4s2d3h5hQc]
Seat 4: Hero (dealer) showed [AsAd6c7c] and won (€49,45) with Straight, Seven high
"""


def test_enet_amounts_added_the_button_from_zero_and_the_structure_in_the_table_name() -> None:
    """Enet counts the button from 0 (``Seat #3``: seat 4), names the structure in the table's name (``- No Limit'``),
    writes what each action adds (``raises €0,65`` from the small blind's 0.10: to 0.75), a decimal
    comma and a total pot of 0: the rake is derived (the pot, 49.55, less the win)."""
    hh = _one(ENET, "enet")
    x = hh.extra
    [pl] = list(parse_text(ENET.replace("- No Limit'", "- Pot Limit'"), "enet"))
    assert pl.hand is not None and pl.hand.variant == "PO"  # (the all-in is then above the pot: not replayable)
    assert hh.variant == "NO" and x["_button_seat"] == 4 and hh.players == ["cid", "ann", "bob", "Hero"]
    assert "p1 cbr 75" in hh.actions and x["winnings"] == [0, 0, 0, 4945] and x["_rake"] == 10
    assert hh.finishing_stacks == [35, 7264, 5229, 4945]


SWC = """\
Hand #5200001-18 - 2013-04-09 19:37:28
Game: NL Hold'em (40 - 200) - Blinds 0.5/1
Site: Seals With Clubs
Table: NLHE 6max .5/1 #5
Seat 1: ann (40.125)
Seat 2: bob (52)
Seat 3: Hero (191) - sitting out
Seat 4: cid (21)
cid has the dealer button
ann posts small blind 0.5
bob posts big blind 1
** Hole Cards **
cid raises to 3
ann calls 2.5
bob folds
** Flop ** [Td 3h 5s]
ann checks
cid bets 18 (All-in)
ann calls 18
** Turn ** [Ah]
** River ** [Kh]
** Pot Show Down ** [Td 3h 5s Ah Kh]
ann shows [6d 4d] (High Card Ace +KT65)
cid shows [Tc Th] (Three of a Kind, Tens +AK)
cid wins Pot (42.5) with Three of a Kind
Rake (0.5)
ann adds 2 chips
"""


def test_seals_with_clubs_mbtc_amounts_in_thousandths_and_the_button_named_by_player() -> None:
    """Amounts are mBTC with up to three decimals (read in thousandths); the button is the seat of the
    player who ``has the dealer button``; ``calls 2.5`` adds 2.5; the rake is derived (43 - 42.5)."""
    hh = _one(SWC, "sealswithclubs")
    x = hh.extra
    assert x["_units_per_currency"] == 1000 and x["currency"] == "mBTC" and x["_button_seat"] == 4
    assert hh.players == ["ann", "bob", "cid"] and x["_sitting_out"] == ["Hero"]
    assert x["winnings"] == [0, 0, 42500] and x["_rake"] == 500
    assert hh.finishing_stacks == [19125, 51000, 42500]


ENTRACTION = """\
Game # 2300000001 - Texas Hold'em No Limit EUR 0.10/0.20 - Table "Test Max"

Players(max 6):
Ann                         (EUR 20.00 in seat 1)
Bob                         (EUR 15.50 in seat 2)
Hero                        (EUR 20.00 in seat 4)

Dealer:                     Hero
Small Blind:                Ann     (0.10)
Big Blind:                  Bob     (0.20)

hero was dealt:             4c - 5c

Hero                        Raise       (0.60)
Ann                         Fold
Bob                         Raise       (1.60)
Hero                        Call        (1.20)

Flop                        Kh - 8s - Ks

Bob                         Bet         (2.00)
Hero                        Fold
Bob                         Payback     (2.00)

Bob didn't show hand

Bob wins:                   EUR 3.50
Rake:                       EUR 0.20

Game ended 2011-07-20 23:45:00 CEST
"""


def test_entraction_columns_amounts_added_and_a_name_in_another_case() -> None:
    """Entraction's columns: ``Raise (1.60)`` by the big blind adds 1.60 to his 0.20 (to 1.80), ``Call
    (1.20)`` brings the raiser from 0.60 to 1.80; ``hero was dealt`` is the seated ``Hero``; the win
    (3.50) plus the rake (0.20) is the pot."""
    hh = _one(ENTRACTION, "entraction")
    x = hh.extra
    assert hh.players == ["Ann", "Bob", "Hero"] and x["_button_seat"] == 4 and "p2 cbr 180" in hh.actions
    assert x["winnings"] == [0, 350, 0] and x["_rake"] == 20 and hh.finishing_stacks == [1990, 1720, 1820]


UNIBET = """\
Game #1463100001: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
*** Seated players ***
Seat 1: Ann (€5.15)
Seat 2: Bob (€1)
Seat 4: Hero (€0.95)
*** Blinds and button ***
Hero has the button
Ann posts small blind €0.05
Bob posts big blind €0.10
*** Hole cards ***
Dealt in Ann
Dealt in Bob
Dealt to Hero [Ac 7c]
*** Preflop ***
Hero raises €0.85 to €0.95, and is all-in
Ann folds
Bob calls €0.85
*** Flop *** [2c 7d 9h]
*** Turn *** [2c 7d 9h] [Kd]
*** River *** [2c 7d 9h Kd] [3s]
Hero shows [Ac 7c]
Bob shows [Qs Jd]
Hero wins €1.90
*** Summary ***
Total pot €1.95 Rake €0.05
Seat 1: Ann: bet €0.05 and won €0, net result: €-0.05
Seat 2: Bob: bet €0.95 and won €0, net result: €-0.95
Seat 4: Hero: bet €0.95 and won €1.90, net result: €0.95
"""


def test_unibet_sections_the_button_by_name_and_the_total_with_its_rake() -> None:
    hh = _one(UNIBET, "unibet")
    x = hh.extra
    assert hh.players == ["Ann", "Bob", "Hero"] and x["_button_seat"] == 4
    assert x["winnings"] == [0, 0, 190] and x["_rake"] == 5 and x["_total_pot"] == 195
    assert hh.finishing_stacks == [510, 5, 190]


def test_unibet_a_bet_nobody_called_is_in_the_win_and_the_total() -> None:
    """Unibet writes no return line: ``wins €1.10`` and ``Total pot €1.10`` count the 0.85 nobody
    called; the reader gives it back and takes it out of both (the pot is 0.25)."""
    text = UNIBET.split("Bob calls")[0] + \
        "Bob folds\nHero wins €1.10\n*** Summary ***\nTotal pot €1.10 Rake €0\n"
    hh = _one(text, "unibet")
    assert hh.extra["winnings"] == [0, 0, 25] and hh.extra["_total_pot"] == 25 and hh.finishing_stacks == [510, 90, 110]
