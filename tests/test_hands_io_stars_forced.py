"""Forced bets the Stars-dialect rooms post all in (issue 22; hands written for these tests, modelled
on the real layouts): Bovada's ``NAME : All-in X`` among the ``Ante chip`` lines is the player's ante
posted all in, after his ante it is his blind; a big blind all in on his ante whose small blind
nobody calls gets the pot back uncalled."""
from __future__ import annotations

from pyeval.hands_io import parse_text


def _one(text: str, fmt: str):
    (h,) = list(parse_text(text, fmt))
    return h


ANTE_ALL_IN = """\
Bovada Hand #3400000001: HOLDEM Tournament #1490001 TBL#3, No Limit- Level 9 (100/200) - 2016-06-29 00:22:02
Seat 1: Small Blind (3,000 in chips)
Seat 2: Big Blind (2,500 in chips)
Seat 3: UTG (15 in chips)
Seat 4: Dealer (4,000 in chips)
Dealer : Set dealer [4]
Small Blind : Ante chip 20
Big Blind : Ante chip 20
UTG : All-in 15
Dealer : Ante chip 20
Small Blind : Small blind 100
Big Blind : Big blind 200
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9s 8s]
Big Blind : Card dealt to a spot [7c 2d]
UTG : Card dealt to a spot [Ah Ad]
Dealer : Card dealt to a spot [Kh Kd]
Dealer : Call 200
Small Blind : Folds
Big Blind : Checks
*** FLOP *** [Qs 3h 4c]
Big Blind : Checks
Dealer : Checks
*** TURN *** [Qs 3h 4c] [6d]
Big Blind : Checks
Dealer : Checks
*** RIVER *** [Qs 3h 4c 6d] [Jc]
Big Blind : Checks
Dealer : Checks
UTG : Showdown [Ah Ad Qs Jc 6d] (One pair)
Big Blind : Showdown [Qs Jc 7c 6d 4c] (High Card)
Dealer : Showdown [Kh Kd Qs Jc 6d] (One pair)
Dealer : Hand Result-Side Pot 515
UTG : Hand Result 60
*** SUMMARY ***
Total Pot(575)
Board [Qs 3h 4c 6d Jc]
Seat+1: Small Blind Folded before the FLOP
Seat+2: Big Blind lose with High Card [7c 2d-Qs Jc 7c 6d 4c]
Seat+3: UTG 60  with One pair [Ah Ad-Ah Ad Qs Jc 6d]
Seat+4: Dealer 515  with One pair [Kh Kd-Kh Kd Qs Jc 6d]
"""


def test_bovada_an_all_in_among_the_antes_is_the_players_ante():
    h = _one(ANTE_ALL_IN, "bovada")
    assert h.verification.ok, h.verification
    assert h.hand.antes == [20, 20, 20, 20]  # UTG's 15 is his ante, all in (the nominal ante is 20)
    assert h.hand.starting_stacks[2] == 15 and h.hand.finishing_stacks[2] == 60


SMALL_BLIND_ALL_IN = """\
Ignition Hand #4294607001: HOLDEM Tournament #41302001 TBL#2, Turbo- Level 9 (100/200) - 2021-04-11 16:30:31
Seat 1: Dealer (4,000 in chips)
Seat 2: Small Blind (90 in chips)
Seat 3: Big Blind (5,000 in chips)
Dealer : Set dealer [1]
Dealer : Ante chip 20
Small Blind : Ante chip 20
Big Blind : Ante chip 20
Small Blind : All-in 70
Big Blind : Big blind 200
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Qh Qd]
Small Blind : Card dealt to a spot [As Ks]
Big Blind : Card dealt to a spot [7c 2d]
Dealer : Call 200
Big Blind : Checks
*** FLOP *** [Ac 3h 4c]
Big Blind : Checks
Dealer : Checks
*** TURN *** [Ac 3h 4c] [6d]
Big Blind : Checks
Dealer : Checks
*** RIVER *** [Ac 3h 4c 6d] [Jc]
Big Blind : Checks
Dealer : Checks
Dealer : Showdown [Qh Qd Ac Jc 6d] (One pair)
Small Blind : Showdown [As Ac Ks Jc 6d] (One pair)
Big Blind : Showdown [Ac Jc 7c 6d 4c] (High Card)
Dealer : Hand Result-Side Pot 260
Small Blind : Hand Result 270
*** SUMMARY ***
Total Pot(530)
Board [Ac 3h 4c 6d Jc]
"""


def test_bovada_an_all_in_after_the_players_ante_is_his_blind():
    h = _one(SMALL_BLIND_ALL_IN, "bovada")
    assert h.verification.ok, h.verification
    assert h.hand.antes == [20, 20, 20]
    assert h.hand.blinds_or_straddles[:2] == [100, 200]  # the small blind posted all in for 70 (nominal 100)
    assert not any(a.startswith("p1 cbr") for a in h.hand.actions)  # not a bet


HEADS_UP_ANTES = """\
Bovada Hand #2690849001: HOLDEM Tournament #1378001 TBL#12, No Limit- Level 24 (24/48) - 2012-11-25 23:56:24
Seat 1: Big Blind [ME] (130 in chips)
Seat 5: Dealer (9,834 in chips)
Dealer : Set dealer/Bring in spot [5]
Big Blind [ME] : All-in 130
Dealer : Ante chip 200
Dealer : Return uncalled portion of bet 70
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [8h Th]
Dealer : Card dealt to a spot [Kc 9d]
*** FLOP *** [9s 3h Ac]
*** TURN *** [9s 3h Ac] [Qd]
*** RIVER *** [9s 3h Ac Qd] [7c]
Big Blind [ME] : Showdown [Ac Qd Th 9s 8h] (High Card)
Dealer : Showdown [9s 9d Ac Kc Qd] (One pair)
Dealer : Hand Result 260
*** SUMMARY ***
Total Pot(260)
Board [9s 3h Ac Qd 7c]
Seat+1: Big Blind lose with High Card [8h Th-Ac Qd Th 9s 8h]
Seat+5: Dealer 260  with One pair [Kc 9d-9s 9d Ac Kc Qd]
"""


def test_bovada_heads_up_all_in_on_the_ante_before_the_other_antes():
    h = _one(HEADS_UP_ANTES, "bovada")
    assert h.verification.ok, h.verification
    assert sorted(h.hand.antes) == [200, 200] and not any(h.hand.blinds_or_straddles)


FOLDED_TO_SMALL_BLIND = """\
Bovada Hand #3412778001: HOLDEM Tournament #14890001 TBL#35, No Limit- Level 9 (100/200) - 2016-06-29 00:28:17
Seat 1: UTG (3,000 in chips)
Seat 2: Dealer (3,000 in chips)
Seat 3: Small Blind (3,000 in chips)
Seat 4: Big Blind (20 in chips)
Dealer : Set dealer [2]
UTG : Ante chip 20
Dealer : Ante chip 20
Small Blind : Ante chip 20
Big Blind : All-in 20
Small Blind : Small blind 100
*** HOLE CARDS ***
UTG : Card dealt to a spot [7s 4d]
Dealer : Card dealt to a spot [Qc 7c]
Small Blind : Card dealt to a spot [Td Jd]
Big Blind : Card dealt to a spot [Ac 3h]
UTG : Folds
Dealer : Folds
Small Blind : Return uncalled portion of bet 100
*** FLOP *** [6h Ks 6d]
*** TURN *** [6h Ks 6d] [Ad]
*** RIVER *** [6h Ks 6d Ad] [4h]
Small Blind : Showdown [6h 6d Ad Ks Jd] (One pair)
Big Blind : Showdown [Ad Ac 6h 6d Ks] (Two pair)
Big Blind : Hand Result 80
*** SUMMARY ***
Total Pot(80)
Board [6h Ks 6d Ad 4h]
"""


def test_bovada_a_big_blind_all_in_on_his_ante_and_everyone_folds_to_the_small_blind():
    h = _one(FOLDED_TO_SMALL_BLIND, "bovada")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks == [2980, 80, 2980, 2980]  # from the small blind
