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


DEAD_CHIP_NO_STREETS = """\
Bovada Hand #2599656001 TBL#1039001 HOLDEM Fixed Limit - 2012-04-16 04:14:53
Seat 1: UTG ($300 in chips)
Seat 3: Cat ($400 in chips)
Seat 4: Dealer ($500 in chips)
Seat 5: Small Blind ($600 in chips)
Seat 6: Big Blind ($700 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind : Ante/Small Blind $10
Big Blind : Big blind/Bring in $20
Cat : Posts dead chip $30
*** HOLE CARDS ***
UTG : Card dealt to a spot [Ad 7h]
Cat : Card dealt to a spot [4h Qd]
Dealer : Card dealt to a spot [2d 9h]
Small Blind : Card dealt to a spot [9d Td]
Big Blind : Card dealt to a spot [3s 7c]
UTG : Folds
Cat : Checks
Dealer : Folds
Small Blind : Raises $40
Big Blind : Folds
Cat : Calls $20
Small Blind : Bets $20
Cat : Folds
Small Blind : Return uncalled portion of bet $20
Small Blind : Does not show [9d Td] (One pair)
Small Blind : Hand result $107
*** SUMMARY ***
Total Pot($110) | Rake ($3)
Board [Kd 9s 5c  ]
"""


def test_bovada_a_dead_chip_is_not_in_the_bet_that_closes_a_round_without_a_street_line():
    h = _one(DEAD_CHIP_NO_STREETS.replace("Cat", "UTG+1"), "bovada")
    assert h.verification.ok, h.verification  # the call of $20 closes the round: the flop bet is $20
    assert "d db Kd9s5c" in h.hand.actions and h.hand.actions[-2:] == ["p1 cbr 2000", "p4 f"]


REPEATED_LINES = """\
Bovada Hand #3031605001: HOLDEM Tournament #8660001 TBL#11, No Limit- Level 2 (20/40) - 2014-08-06 22:07:21
Seat 1: UTG (5,000 in chips)
Seat 4: Dealer (3,000 in chips)
Seat 6: Small Blind (2,500 in chips)
Seat 7: Big Blind (3,300 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind : Ante/Small blind 20
Big Blind : Big blind/Bring in 40
*** HOLE CARDS ***
UTG : Card dealt to a spot [6c 5c]
Dealer : Card dealt to a spot [8d Qh]
Small Blind : Card dealt to a spot [Ad 4s]
Big Blind : Card dealt to a spot [Jh Qc]
UTG : Call 40
Dealer : Folds
Small Blind : Call 20
Big Blind : Checks
*** FLOP *** [2h 2s 7d]
Small Blind : Checks
Big Blind : Checks
UTG : Bets 135
UTG : Bets 135
UTG : Bets 135
Small Blind : Folds
Big Blind : Folds
UTG : Return uncalled portion of bet 135
UTG : Return uncalled portion of bet 135
UTG : Return uncalled portion of bet 135
UTG : Does not show [6c 5c] (One pair)
UTG : Hand Result 120
UTG : Hand Result 120
UTG : Hand Result 120
*** SUMMARY ***
Total Pot(120)
Board [2h 2s 7d  ]
"""


def test_bovada_a_file_whose_lines_repeat_reads_each_return_and_collect_once():
    h = _one(REPEATED_LINES, "bovada")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks[2] == 5080  # UTG: 5,000 - 40 + 120 (his bet of 135 back once)
    assert any("collect line(s) written again" in n for n in h.verification.notes)


def test_repeated_collect_lines_that_the_total_pot_allows_are_each_read():
    text = REPEATED_LINES.replace("UTG : Hand Result 120\nUTG : Hand Result 120\nUTG : Hand Result 120",
                                  "UTG : Hand Result 60\nUTG : Hand Result 60")
    h = _one(text, "bovada")  # two pots of 60 to one player: both lines count
    assert h.verification.ok, h.verification
    assert not any("collect line(s)" in n for n in h.verification.notes)


CUT_SUMMARY = """\
Bovada Hand #3178646001 TBL#10189001 HOLDEM No Limit - 2015-11-23 17:24:20
Seat 1: Dealer [ME] ($985 in chips)
Seat 2: Small Blind ($1,808.75 in chips)
Seat 3: Big Blind ($1,025 in chips)
Dealer  [ME] : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
Dealer  [ME] : Card dealt to a spot [7d Ad]
Small Blind : Card dealt to a spot [Ts Ks]
Big Blind : Card dealt to a spot [6s 6c]
Dealer  [ME] : Raises $20 to $20
Small Blind : Raises $55 to $60
Big Blind : Folds
Dealer  [ME] : Calls $40
*** FLOP *** [Js 5s 8d]
Small Blind : Bets $100
Dealer  [ME] : Folds
Small Blind : Return uncalled portion of bet $100
Small Blind : Does not show [Ts Ks] (High Card)
Small Blind : Hand result $127
*** SUMMARY ***
Total Pot($130)
Board [Js 5s 8d  ]
Seat+1: Dealer Folded on the FLOP
Seat+2: Small Blind $127 [75 in chips)
Seat 3: Dealer ($1,437.05 in chips)
Dealer : Set dealer/Bring in spot [3]
Small Blind : Ante/Small Blind $5
Big Blind  [ME] : Big blind/Bring in $10
*** HOLE CARDS ***
Big Blind  [ME] : Card dealt to a spot [3s Jd]
Dealer : Card dealt to a spot [2c Ah]
Small Blind : Card dealt to a spot [4s Ac]
Dealer : Folds
Small Blind : Raises $105 to $110
Big Blind  [ME] : Folds
Small Blind : Return uncalled portion of bet $100
Small Blind : Hand result $20
*** SUMMARY ***
Total Pot($20)
"""


def test_bovada_a_summary_broken_off_by_another_hands_lines_is_read_up_to_them():
    h = _one(CUT_SUMMARY, "bovada")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks[0] == 180875 - 6000 + 12700  # the small blind's: his pot less the rake
    assert any("another hand's lines follow the summary" in n for n in h.verification.notes)


STUD_SHORT_BIG_BET = """\
Bovada Hand #2633132001: 7CARD Tournament #1378001 TBL#1, Fixed Limit- Level 8 (0/0) - 2012-06-17 23:05:39
Seat+1: 1,467 in chips
Seat+3: 2,693 in chips
Seat+7: 2,174 in chips
Seat+8: 800 in chips
Seat+1 : Ante chip 40
Seat+3 : Ante chip 40
Seat+7 : Ante chip 40
Seat+8 : Ante chip 40
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [Jd Js 3d]
Seat+3 : Card dealt to a spot [Kh 8c 2c]
Seat+7 : Card dealt to a spot [9c Ts Td]
Seat+8 : Card dealt to a spot [8h As Ac]
Seat+3 : Big blind/Bring in 100
Seat+7 : Raises 200
Seat+8 : Call 200
Seat+1 : Folds
Seat+3 : Folds
Seat+7 : Card dealt to a spot [9d]
Seat+8 : Card dealt to a spot [5d]
Seat+8 : Bets 200
Seat+7 : Call 200
Seat+7 : Card dealt to a spot [Ks]
Seat+8 : Card dealt to a spot [4s]
Seat+8 : All-in(raise) 360
Seat+7 : Call 360
Seat+7 : Card dealt to a spot [Th]
Seat+8 : Card dealt to a spot [6h]
Seat+7 : Card dealt to a spot [Ah]
Seat+8 : Card dealt to a spot [2s]
Seat+7 : Showdown [Ts Th Td 9d 9c] (Full House)
Seat+8 : Showdown [As Ac 8h 6h 5d] (One pair)
Seat+7 : Hand Result 1780
*** SUMMARY ***
Total Pot(1780)
"""


def test_bovada_stud_limits_are_not_taken_from_a_bet_all_in_for_less():
    h = _one(STUD_SHORT_BIG_BET, "bovada")
    assert h.verification.ok, h.verification
    assert (h.hand.small_bet, h.hand.big_bet) == (200, 400)  # not 180/360 from the all-in on 5th street


OMAHA_TWO_SHOWN = """\
PokerStars Hand #1338: Omaha Pot Limit ($0.50/$1.00 USD) - 2012/04/12 23:00:00 ET
Table 'Tiny III' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 3: Bob ($100 in chips)
Seat 4: Cid ($9 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: folds
Bob: raises $2 to $3
Cid: raises $6 to $9 and is all-in
Bob: calls $6
*** FLOP *** [Kc 2s Jc]
*** TURN *** [Kc 2s Jc] [Qd]
*** RIVER *** [Kc 2s Jc Qd] [6h]
*** SHOW DOWN ***
Bob: shows [Kd Qc Jh 9h] (two pair, Kings and Queens)
Cid: shows [Ah As]
Bob collected $17.10 from pot
*** SUMMARY ***
Total pot $18 | Rake $0.90
Board [Kc 2s Jc Qd 6h]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 3: Bob (small blind) showed [Kd Qc Jh 9h] and won ($17.10) with two pair, Kings and Queens
Seat 4: Cid (big blind) mucked [Ah As]
"""


def test_an_omaha_hand_shown_by_two_of_its_four_cards_is_no_show():
    h = _one(OMAHA_TWO_SHOWN, "pokerstars")
    assert h.verification.ok, h.verification
    assert h.hand.actions[-1] == "p2 sm"  # Cid (the big blind) shows no cards: he mucks
    assert any("shows only part of his hand" in n for n in h.verification.notes)


CAKE_DEAD_NEGATIVE = """\
Hand#2862015946001001 - Paris (6-max, shallow) 15946 -- $0,05/$0,10 NL Hold'em -- 2012.02.05 - 21:01:45
Dealer: Seat 3
Seat 1: Ann ($2,88 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Cid ($2 in chips)
Seat 8: Dee ($1,90 in chips)
Seat 9: Eve ($3,27 in chips)
Dee: posts small blind $0,05
Eve: posts big blind $0,10
Bob:posts dead blind $-0,10 and big blind $0,10
Dealt to Cid [Kh,2s]
Ann: calls $0,10
Bob: checks
Cid: folds
Dee: folds
Eve: checks
*** FLOP *** [Ad,6s,2c]
Eve: checks
Ann: bets $0,10
Bob: folds
Eve: folds
Ann: returns uncalled bet $0,10
***SHOW DOWN***
Ann: mucks
Ann wins $0,35
"""


def test_cake_a_big_blind_posted_with_a_negative_dead_blind_is_a_big_blind():
    h = _one(CAKE_DEAD_NEGATIVE, "cake")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks[h.hand.players.index("Ann")] == 288 + 25
    assert h.hand.extra.get("_rake", 0) == 0  # no dead chips: the pot is the 35 Ann wins


CAKE_WALK = """\
Hand#2701011985001001 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:54:23
Seat 3: Hero ($10 in chips) DEALER
Seat 8: Ann ($9.96 in chips)
Hero: posts small blind $0.05
Ann: posts big blind $0.10
Dealt to Hero [2s,9c]
Hero: folds
***SHOW DOWN***
Ann: mucks
Ann wins $0.15
"""


def test_cake_a_win_with_no_return_line_counts_the_bet_nobody_called():
    h = _one(CAKE_WALK, "cake")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks[h.hand.players.index("Ann")] == 1001  # +0.05 (the next hand's $10.01)


def test_cake_a_pot_nobody_collects_is_a_record_whose_figures_do_not_add_up():
    text = CAKE_WALK.replace("Hero: folds\n", "Hero: calls $0.05\nAnn: checks\n").replace(
        "Ann wins $0.15\n", "Player left the table\n")
    h = _one(text, "cake")
    assert h.hand is None and "the room's figures do not add up: nobody collects the pot of 20" in h.error


ABSOLUTE_ALL_IN_BLIND = """\
Stage #1968055001: Holdem  Normal $200/$400 - 2010-03-24 00:50:15 (ET)
Table: TOKYO HWY (Real Money) Seat #3 is the dealer
Seat 3 - Hero ($17,202 in chips)
Seat 4 - Ann ($40,442 in chips)
Seat 1 - Bob ($150 in chips)
Seat 2 - Cid ($10,016 in chips)
Ann - Posts small blind $100
Bob - All-In $150
*** POCKET CARDS ***
Dealt to Hero [Qh 7d]
Cid - Raises $400 to $400
Hero - Folds
Ann - Folds
Cid - returned ($250) : not called
*** FLOP *** [5d 3c 9d]
*** TURN *** [5d 3c 9d] [8d]
*** RIVER *** [5d 3c 9d 8d] [7s]
*** SHOW DOWN ***
Bob - Shows [9h 6d] (Straight, five to nine)
Cid - Shows [7h Kc] (One pair, sevens)
Bob Collects $397 from main pot
*** SUMMARY ***
Total Pot($400) | Rake ($3)
Board [5d 3c 9d 8d 7s]
"""


def test_absolute_an_all_in_among_the_blinds_is_the_big_blind_posted_all_in():
    h = _one(ABSOLUTE_ALL_IN_BLIND, "absolute")
    assert h.verification.ok, h.verification  # a raise to $400 is one bet over the $200 big blind
    assert h.hand.blinds_or_straddles[:2] == [10000, 20000]


FLIPOUT = """\
Full Tilt Poker Game #34541726001: $300 Flipout (272237001), Table 1 - NL Hold'em - 2B/2B Ante 2B - 04:46:00 ET - 2014/08/07
Seat 1: Ann (3,000)
Seat 2: Bob (3,000)
Seat 3: Hero (3,000)
Ann antes 3,000, and is all in
Bob antes 3,000, and is all in
Hero antes 3,000, and is all in
Ann checks
Bob checks
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [Tc 9d]
Ann shows [9s 3c]
Bob shows [Js Th]
Hero shows [Tc 9d]
*** FLOP *** [2d 5h Kc]
*** TURN *** [2d 5h Kc] [7s]
*** RIVER *** [2d 5h Kc 7s] [Qd]
Bob wins the pot (9,000) with King Queen high
*** SUMMARY ***
Total pot 9,000 | Rake 0
Board: [2d 5h Kc 7s Qd]
Seat 1: Ann showed [9s 3c] and lost
Seat 2: Bob showed [Js Th] and won (9,000) with King Queen high
Seat 3: Hero (button) showed [Tc 9d] and lost
"""


def test_full_tilt_checks_by_players_all_in_on_the_ante_before_the_deal_carry_no_chips():
    h = _one(FLIPOUT, "fulltilt")
    assert h.verification.ok, h.verification
    assert h.hand.finishing_stacks == [0, 9000, 0]


MERGE_NO_WINNER = """\
<description type="Holdem" stakes="Limit ($0.02/$0.04)"/>
<game id="33325001-509" starttime="20110416151234" numholecards="2" gametype="2" realmoney="true" data="20110416|Tower Bridge (33325001)|33325001|33325001-509|false">
	<players dealer="3">
		<player seat="0" nickname="Abe" balance="$0.62" dealtin="true" />
		<player seat="3" nickname="Bo" balance="$0.44" dealtin="true" />
		<player seat="4" nickname="Cy" balance="$0.48" dealtin="true" />
		<player seat="7" nickname="Di" balance="$2.77" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="4" amount="0.01"/>
		<event sequence="2" type="BIG_BLIND" player="7" amount="0.02"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="FOLD" player="0"/>
		<event sequence="4" type="LEAVE" player="0"/>
		<cards type="HOLE" cards="2d,Td" player="0" hand="Ten High"/>
	</round>
</game>
"""


def test_merge_a_game_that_stops_before_anyone_collects_is_a_record_whose_figures_do_not_add_up():
    h = _one(MERGE_NO_WINNER, "merge")
    assert h.hand is None and "the room's figures do not add up: nobody collects the pot" in h.error


MERGE_ALL_IN_FOLD = """\
<description type="Holdem Tournament" stakes="No Limit"/>
<game id="35400001-26" starttime="20110531181531" numholecards="2" gametype="23" realmoney="true" data="20110531|Dragonfly|35400001-1|35400001-26|true">
	<players dealer="2">
		<player seat="0" nickname="Eve" balance="$2500.00" dealtin="true" />
		<player seat="2" nickname="Fay" balance="$25.00" dealtin="true" />
		<player seat="5" nickname="Gus" balance="$2100.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="ANTE" player="0" amount="25.00"/>
		<event sequence="2" type="ANTE" player="2" amount="25.00"/>
		<event sequence="3" type="ANTE" player="5" amount="25.00"/>
		<event sequence="4" type="SMALL_BLIND" player="5" amount="50.00"/>
		<event sequence="5" type="BIG_BLIND" player="0" amount="100.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="6" type="FOLD" player="2"/>
		<event sequence="7" type="CALL" player="5" amount="50.00"/>
		<event sequence="8" type="CHECK" player="0"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="9" type="CHECK" player="5"/>
		<event sequence="10" type="CHECK" player="0"/>
		<cards type="COMMUNITY" cards="Ts,Kh,9h" hand="King High"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="11" type="CHECK" player="5"/>
		<event sequence="12" type="CHECK" player="0"/>
		<cards type="COMMUNITY" cards="Ts,Kh,9h,3c" hand="King High"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<event sequence="13" type="CHECK" player="5"/>
		<event sequence="14" type="CHECK" player="0"/>
		<event sequence="15" type="SHOW" player="5"/>
		<event sequence="16" type="SHOW" player="0"/>
		<cards type="COMMUNITY" cards="Ts,Kh,9h,3c,2d" hand="King High"/>
		<cards type="SHOWN" cards="Th,Qs" player="5"/>
		<cards type="SHOWN" cards="4h,7s" player="0"/>
	</round>
	<round id="END_OF_GAME" sequence="6">
		<winner amount="275.00" uncalled="false" potnumber="1" player="5" hand="" pottype="n"/>
	</round>
</game>
"""


def test_merge_a_player_all_in_on_his_ante_who_folds_gives_up_his_hand():
    h = _one(MERGE_ALL_IN_FOLD, "merge")
    assert h.verification.ok, h.verification
    assert any("is all in and folded" in n for n in h.verification.notes)


CONCORD = """\
Everleaf Gaming - Concord Gaming - Game #404865001
***** Hand history for game #404865001 *****
Blinds €0.10/€0.20 NL Hold'em - 4 Max - 2012/09/01 - 22:44:57
Table Bergen 18
Seat 1 is the button
Total number of players: 3
Seat 1: Ann ( € 34.43 EURO )
Seat 2: Bob ( € 0 EURO )
Seat 4: Hero ( € 20 EURO )
Ann: posts small blind [€ 0.10 EURO]
Hero: posts big blind [€ 0.20 EURO]
** Dealing down cards **
Dealt to Hero [ 9s, Qh ]
Ann folds
Hero does not show cards
Hero wins € 0.20 EURO from main pot
"""

PARTOUCHE = """\
Partouche Poker Gibraltar
*** Historique des Mains pour la partie 25324001 ***
Blinds  €0.01/ €0.02 NL Hold'em - 2009/10/27 - 19:04:57
Table Biarritz 2
Seat 1 is the button
Total number of players: 3
Seat 1: Ann (   € 0.76 EUR )
Seat 2: Bob (   € 1.83 EUR )
Seat 3: Cid (   € 0.81 EUR )
Bob: posts small blind [ € 0.01 EUR]
Cid: posts big blind [ € 0.02 EUR]
** Dealing down cards **
Dealt to Cid [ 5s, 4s ]
Ann folds
Bob calls [ € 0.01 EUR]
Cid est déconnecté et dispose de 20 secondes supplémentaires pour agir
Cid checks
** Dealing Flop ** [ Qs, 8s, 7c ]
Bob checks
Cid: bets [ € 0.04 EUR]
Bob folds
Cid wins  € 0.04 EUR from main pot
"""


def test_everleaf_skins_concord_and_partouche_are_read():
    for text in (CONCORD, PARTOUCHE):
        h = _one(text, "everleaf")
        assert h.verification.ok, h.verification
    assert _one(PARTOUCHE, "everleaf").hand.extra["hand"] == "25324001"
    from pyeval.hands_io import detect_format
    assert detect_format(CONCORD) == detect_format(PARTOUCHE) == "everleaf"


ABSOLUTE_WALK = """\
Stage #C284520001: Holdem No Limit $4  - 2010-12-09 22:49:17 (ET)
Table: Cedar Ave (Real Money) Seat #1 is the dealer
Seat 1 - Ann ($404 in chips)
Seat 2 - Hero ($392 in chips)
Seat 3 - Bob ($400 in chips)
Hero - Posts small blind $2
Bob - Posts big blind $4
*** POCKET CARDS ***
Dealt to Hero [5s 7c]
Ann - Folds
Hero - Folds
*** SHOW DOWN ***
Bob - Does not show
Bob Collects $6 from main pot
*** SUMMARY ***
Total Pot($6)
Seat 1: Ann (dealer) Folded on the POCKET CARDS
Seat 2: Hero (small blind) Folded on the POCKET CARDS
Seat 3: Bob (big blind) collected Total ($6)
"""


def test_absolute_a_walk_whose_collected_total_counts_the_bet_nobody_called():
    h = _one(ABSOLUTE_WALK, "absolute")
    assert h.verification.ok, h.verification
    assert h.hand.extra["_total_pot"] == 400 and h.hand.finishing_stacks[h.hand.players.index("Bob")] == 40200


TRIPLE_DRAW_CONTRADICTS = """\
PokerStars Hand #81631597001:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2012/06/07 20:44:17 CET [2012/06/07 14:44:17 ET]
Table 'Arnica V' 6-max Seat #3 is the button
Seat 1: Hero ($48.96 in chips)
Seat 2: Ann ($7.61 in chips)
Seat 3: Bob ($41.56 in chips)
Hero: posts small blind $0.50
Ann: posts big blind $1
*** DEALING HANDS ***
Dealt to Hero [2s 7s 5h 3c Qh]
Bob: calls $1
Hero: calls $0.50
Ann: checks
*** FIRST DRAW ***
Hero: discards 2 cards []
Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]
Ann: discards 4 cards
Bob: discards 2 cards
Hero: bets $1
Ann: folds
Bob: folds
Uncalled bet ($1) returned to Hero
Hero collected $2.90 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $3 | Rake $0.10
Seat 1: Hero (small blind) collected ($2.90)
Seat 2: Ann (big blind) folded after the 1st Draw
Seat 3: Bob (button) folded after the 1st Draw
"""


def test_a_draw_record_whose_hero_cards_contradict_themselves_is_read_with_them_unknown():
    h = _one(TRIPLE_DRAW_CONTRADICTS, "pokerstars")
    assert h.verification.ok, h.verification
    assert any("draws contradict his own cards" in n for n in h.verification.notes)
    assert "d dh p1 ??????????" in h.hand.actions
