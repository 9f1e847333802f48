"""A betting cap per player per hand (``PokerRules.cap``: Full Tilt's and WPN's Cap tables) and a
room's disconnect protection (``PokerRules.disconnect_all_in``, ``Round.disconnect``: Absolute,
iPoker, WPN): the engine, PHH (``_pyeval_cap``, ``_pyeval_disconnect_all_in``, ``pK cc #
disconnected``) and the room readers (issue 22, decision 043). Hands written for these tests on the
rooms' layouts."""
from __future__ import annotations

import pytest

from pyeval.errors import IllegalActionError, OutOfTurnError, TableRulesError
from pyeval.hands_io import parse_text
from pyeval.poker import PokerRules, Round, phh


def _capped(cap=30):
    r = Round(PokerRules(seats=3, blinds=(1, 2), cap=cap), [100, 20, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "QsQh", "KsKh"])
    return r


def test_a_capped_player_is_all_in_at_the_cap_and_gets_the_rest_back():
    r = _capped()
    assert list(r.stacks) == [29, 18, 30]  # 70 of each big stack set aside: out of play this hand
    r.bet_or_raise_to(30)  # p3 to the cap: capped, all in for it
    assert r.stacks[2] == 0
    r.check_or_call()  # p1 calls to the cap
    r.check_or_call()  # p2 all in for 20 (his own stack)
    assert r.betting_closed
    assert list(r.stacks) == [70, 0, 70]  # the betting is over: the chips set aside are back
    for board in ("2c 7d 9h", "Js", "3c"):
        r.deal_board(board)
    while r.showdown_order():
        r.show()
    r.award()
    assert list(r.stacks) == [70 + 60 + 20, 0, 70] and sum(r.stacks) == 220


def test_no_raise_past_the_cap_and_a_bad_cap_is_refused():
    r = _capped()
    assert not r.can_bet_or_raise_to(40)
    with pytest.raises(IllegalActionError):
        r.bet_or_raise_to(40)
    with pytest.raises(TableRulesError, match="cap"):
        PokerRules(cap=0)


def _river_bet(disconnect=True):
    r = Round(PokerRules(seats=2, blinds=(1, 2), disconnect_all_in=disconnect), [100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh"])
    r.check_or_call()
    r.check_or_call()
    for board in ("2c 7d 9h", "Js", "3c"):
        r.deal_board(board)
        if board != "3c":
            r.check_or_call()
            r.check_or_call()
    r.bet_or_raise_to(10)
    return r


def test_a_disconnected_player_is_played_all_in_for_what_he_put_in():
    r = _river_bet()
    assert r.can_disconnect()
    r.disconnect()
    assert [e.kind for e in r.events][-2:] == ["disconnect", "return"]  # the bet nobody called goes back
    assert r.betting_closed and list(r.stacks) == [98, 98]
    while r.showdown_order():
        r.show()
    r.award()
    assert list(r.stacks) == [102, 98]  # aces win the pot of 4


def test_no_disconnect_protection_unless_the_table_has_it_nor_out_of_turn():
    r = _river_bet(disconnect=False)
    assert not r.can_disconnect()
    with pytest.raises(IllegalActionError, match="no disconnect protection"):
        r.disconnect()
    r = _river_bet()
    with pytest.raises(OutOfTurnError):
        r.disconnect(1 - r.actor)


def test_phh_carries_the_cap_and_the_disconnection():
    r = _river_bet()
    r.disconnect()
    while r.showdown_order():
        r.show()
    r.award()
    hh = phh.from_round(r)
    assert sum(a.endswith(" cc # disconnected: all in for the chips he put in") for a in hh.actions) == 1
    assert hh.extra["_pyeval_disconnect_all_in"] is True or hh.extra["_pyeval_disconnect_all_in"] == "true"
    again = phh.loads(phh.dumps(hh))[0]
    assert phh.check_replay(again).matches and list(again.replay().stacks) == [102, 98]
    c = _capped()
    c.bet_or_raise_to(30)
    c.check_or_call()
    c.check_or_call()
    for board in ("2c 7d 9h", "Js", "3c"):
        c.deal_board(board)
    while c.showdown_order():
        c.show()
    c.award()
    back = phh.loads(phh.dumps(phh.from_round(c)))[0]
    assert back.table_rules().cap == 30 and phh.check_replay(back).matches


CAP_TABLE = """\
Full Tilt Poker Game #20990000001: Table Pam (6 max) - $5/$10 - $400 Pot Limit Omaha Hi - 15:35:09 ET - 2010/10/02
Seat 1: Hero ($400)
Seat 2: Alice ($2,000)
Seat 3: Bob ($900)
Hero posts the small blind of $5
Alice posts the big blind of $10
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [9h 2h 5d Tc]
Bob raises to $35
Hero calls $30
Alice raises to $105
Bob calls $70
Hero calls $70
*** FLOP *** [Td 6c Qs]
Hero checks
Alice bets $295, and is capped
Bob calls $295, and is capped
Hero folds
Alice shows [Jc Qd Ks 8h]
Bob shows [3s Ad 6d Ah]
*** TURN *** [Td 6c Qs] [2d]
*** RIVER *** [Td 6c Qs 2d] [2c]
Alice shows two pair, Queens and Twos
Bob shows two pair, Aces and Twos
Bob wins the pot ($902) with two pair, Aces and Twos
*** SUMMARY ***
Total pot $905 | Rake $3
Board: [Td 6c Qs 2d 2c]
Seat 1: Hero (small blind) folded on the Flop
Seat 2: Alice (big blind) showed [Jc Qd Ks 8h] and lost with two pair, Queens and Twos
Seat 3: Bob (button) showed [3s Ad 6d Ah] and won ($902) with two pair, Aces and Twos
"""


def test_a_full_tilt_cap_table_replays_with_its_cap():
    (h,) = parse_text(CAP_TABLE, "fulltilt")
    assert h.hand.extra["_pyeval_cap"] == 40000 and h.verification.ok
    assert h.hand.finishing_stacks == [29500, 160000, 140200]


DISCONNECTED = """\
Stage #209900003: HOLDEM NORMAL $25/$50 - 2007-08-17 03:11:57 (ET)
Table: PORTO (Real Money) Seat #1 is the dealer
Seat 1 - ALICE ($800 in chips)
Seat 2 - BOB ($2000 in chips)
Seat 3 - CARL ($1000 in chips)
BOB - Posts small blind $15
CARL - Posts big blind $25
*** POCKET CARDS ***
ALICE - Raises $50 to $50
BOB - Calls $35
CARL - Folds
*** FLOP *** [8s Ks Qs]
BOB - Checks
ALICE - Checks (Timeout)
*** TURN *** [8s Ks Qs] [Jd]
BOB - Bets $50
ALICE - All-In (Timeout)
BOB - returned ($50) : not called
*** RIVER *** [8s Ks Qs Jd] [As]
*** SHOW DOWN ***
ALICE - Shows [9c 9h] (One pair, nines)
BOB - Shows [Kc 5s] (Flush, ace high)
BOB Collects $122 from main pot
*** SUMMARY ***
Total Pot($125) | Rake ($3)
Board [8s Ks Qs Jd As]
Seat 1: ALICE (dealer) HI:lost with One pair, nines [9c 9h - P:9h,P:9c,B:As,B:Ks,B:Qs]
Seat 2: BOB (small blind) won Total ($122) HI:($122) with Flush, ace high [Kc 5s - B:As,B:Ks,B:Qs,B:8s,P:5s]
Seat 3: CARL (big blind) Folded on the POCKET CARDS
"""


def test_an_absolute_player_all_in_on_disconnection_is_read_and_matches():
    (h,) = parse_text(DISCONNECTED, "absolute")
    hh = h.hand
    assert any(a.endswith("# disconnected: all in for the chips he put in") for a in hh.actions)
    assert hh.extra["_pyeval_disconnect_all_in"] in (True, "true") and h.verification.ok
    assert hh.finishing_stacks == [207200, 97500, 75000]  # BOB, CARL, ALICE (the button last)


def test_stud_with_every_other_player_all_in_on_the_ante_has_no_bring_in():
    """Heads-up razz, one player all in on his ante (Full Tilt's 2012 sit & go): nobody can bet, so
    no bring-in is due; the cards are dealt out and the pots awarded (decision 043)."""
    from pyeval.poker.games import RAZZ
    from pyeval.poker.rules import BettingStructure
    rules = PokerRules(seats=2, blinds=(), variant=RAZZ, ante=7, bring_in=10, min_bet=40, big_bet=80,
                       structure=BettingStructure.FIXED_LIMIT, tournament=True)
    r = Round(rules, [994, 6])
    r.post_forced_bets()
    r.deal_hole_cards(["6c7c7d", "9d9s2c"])
    assert not r.can_post_bring_in() and r.betting_closed and r.actor is None
    for cards in (["7s", "Ks"], ["3s", "Td"], ["Jd", "Jh"], ["Jc", "2s"]):
        r.deal_board(hole=cards)
    while r.showdown_order():
        r.show()
    r.award()
    assert list(r.stacks) == [988, 12]
