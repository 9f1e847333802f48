"""Records of PartyPoker, 888poker, Winamax, iPoker, WPN and OnGame that the readers once refused or
misread (issue 22, decision 048): hands written for these tests, modelled on the rooms' layouts, each
read, replayed and compared with the room's own figures; a record that contradicts itself is refused
as such."""
from __future__ import annotations

from pyeval.hands_io import ImportedHand, parse_text


def _one(text: str, fmt: str) -> ImportedHand:
    [h] = list(parse_text(text, fmt))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h


def _notes(h: ImportedHand) -> str:
    assert h.hand is not None
    return " | ".join(h.hand.extra.get("_notes", ()))


# PartyPoker: the button comes back and checks the big blind with no post written; the pot the room
# pays out says he posted both blinds (the small one dead).
PARTY_SILENT_BOTH = """\
#Game No : 9900101
***** Hand History for Game 9900101 *****
$10 USD NL Texas Hold'em - Monday, September 3, 00:26:18 ET 2012
Table Vaduz (Real Money)
Seat 3 is the button
Total number of players : 5
Seat 1: Abe ( $5.87 USD )
Seat 2: Bob ( $9.72 USD )
Seat 3: Cid ( $14.77 USD )
Seat 5: Dan ( $15.76 USD )
Seat 6: Eve ( $7.36 USD )
Dan posts small blind [$0.05 USD].
Eve posts big blind [$0.10 USD].
** Dealing down cards **
Abe folds.
Bob calls [$0.10 USD].
Cid checks.
Dan folds.
Eve checks.
** Dealing Flop ** [ Td, Qc, 6d ]
Eve checks.
Bob checks.
Cid checks.
** Dealing Turn ** [ 8s ]
Eve checks.
Bob checks.
Cid checks.
** Dealing River ** [ 5d ]
Eve bets [$0.20 USD].
Bob folds.
Cid folds.
Eve wins $0.58 USD
"""


def test_party_a_silent_post_of_both_blinds() -> None:
    h = _one(PARTY_SILENT_BOTH, "partypoker")
    assert h.hand is not None
    stacks = dict(zip(h.hand.players, h.hand.finishing_stacks or ()))
    assert stacks["Cid"] == 1477 - 15 and stacks["Eve"] == 736 - 10 + 38  # the 20 uncalled came back
    assert h.hand.extra["_rake"] == 2 and "posted both blinds (15, 5 dead)" in _notes(h)
    # with a pot the big blind alone makes, he posted the big blind alone
    h = _one(PARTY_SILENT_BOTH.replace("$0.58", "$0.54"), "partypoker")
    assert h.hand is not None and "both blinds" not in _notes(h) and "a big blind of 10" in _notes(h)


# A tournament table's folds written as they were clicked (ahead of turn), then a short all-in raise
# that reopens fixed-limit betting (the bettor raises one bet above it).
PARTY_FOLDS = """\
#Game No : 9900102
***** Hand History for Game 9900102 *****
FL Texas Hold'em  Trny:7100001 Level:4  Stakes(200/400) - Tuesday, July 17, 21:38:11 YEKST 2012
Table $50 Freeroll (2600001) Table #1 (Real Money)
Seat 6 is the button
Total number of players : 7/10
Seat 1: Ann ( 3,220 )
Seat 2: Ben ( 2,250 )
Seat 3: Cal ( 2,250 )
Seat 4: Don ( 2,250 )
Seat 5: Ed ( 5,340 )
Seat 6: Hero ( 1,390 )
Seat 7: Flo ( 8,960 )
Trny:7100001 Level:4
Stakes(200/400)
** Dealing down cards **
Dealt to Hero [  6s 6c ]
Don folds
Ben folds
Cal folds
Ed calls [200]
Hero raises [400]
Flo calls [300]
Ann calls [200]
Ed calls [200]
** Dealing Flop ** [ 3h, Ts, 9d ]
Flo checks
Ann checks
Ed bets [200]
Hero calls [200]
Flo calls [200]
Ann calls [200]
** Dealing Turn ** [ 9h ]
Flo checks
Ann checks
Ed bets [400]
Hero is all-In  [790]
Flo calls [790]
Ann folds
Ed raises [790]
Flo calls [400]
** Dealing River ** [ 4s ]
Flo checks
Ed bets [400]
Flo folds
Ed shows [ 9s, 9c ]four of a kind, Nines.
Hero shows [ 6s, 6c ]two pairs, Nines and Sixes.
Ed wins 1,200 chips from the side pot 1 with four of a kind, Nines.
Ed wins 4,770 chips from the main pot with four of a kind, Nines.
"""


def test_party_folds_out_of_turn_and_a_short_all_in_that_reopens() -> None:
    h = _one(PARTY_FOLDS, "partypoker")
    assert h.hand is not None and "folds written out of turn" in _notes(h)
    assert h.hand.extra["_pyeval_limit_short_all_in"] == "half-bet"
    # a fold before a chip-putting action is never moved over it
    text = PARTY_FOLDS.replace("Don folds\nBen folds\nCal folds\nEd calls [200]",
                               "Don folds\nBen folds\nEd calls [200]\nCal folds")
    [h2] = list(parse_text(text, "partypoker"))
    assert h2.verification is None or not h2.verification.ok


# An export renamed on some lines but not on the seats: the two names no seat has are the two
# seated players with no line of their own, in turn order; a fold by a stranger when every seated
# player has his lines carries no chips.
PARTY_RENAMED = """\
***** Hand History for Game 9900103 *****
$200 USD PL Omaha Hi-Lo - Monday, January 04, 13:33:15 EST 2016
Table Cairo (Real Money)
Seat 5 is the button
Total number of players : 3/6
Seat 4: Jack ( $60 USD )
Seat 3: Kim ( $657.64 USD )
Seat 5: Lou ( $259.22 USD )
Kim posts small blind [$1 USD].
Jack posts big blind [$2 USD].
** Dealing down cards **
Dealt to Jack [  5h Td Ac Qs ]
holdem_AA folds
playclever folds
Jack does not show cards.
Jack wins $3 USD
"""


def test_party_renamed_lines_are_read_as_the_quiet_seats() -> None:
    h = _one(PARTY_RENAMED, "partypoker")
    assert "holdem_AA as Lou, playclever as Kim" in _notes(h)
    text = PARTY_RENAMED.replace("holdem_AA folds\n", "Lou folds\nmr_x folds\n").replace("playclever folds", "Kim folds")
    h = _one(text, "partypoker")
    assert "a fold by 'mr_x'" in _notes(h)
    [bad] = list(parse_text(PARTY_RENAMED.replace("holdem_AA folds", "holdem_AA calls [$2 USD]"), "partypoker"))
    assert bad.verification is None or not bad.verification.ok


def test_party_a_stack_smaller_than_the_first_line_puts_in_is_a_record_that_does_not_add_up() -> None:
    text = PARTY_FOLDS.replace("Seat 5: Ed ( 5,340 )", "Seat 5: Ed ( 1 )")
    [h] = list(parse_text(text, "partypoker"))
    assert h.hand is None and h.error is not None
    assert "the room's figures do not add up: Ed sits with 1 chips yet his first line puts 200 in" in h.error


# 7 Card Stud: a fourth-street "double bets" (an open pair: the big bet; the up cards unprinted).
PARTY_STUD = """\
#Game No : 9900104
***** Hand History for Game 9900104 *****
FL 7 Card Stud $6 USD Buy-in Trny:6900001 Level:2  Stakes-Antes(60/120-10) - Wednesday, May 30, 14:41:43 EDT 2012
Table Regular (2600002) Table #2 (Real Money)
Seat 0 is the button
Total number of players : 3/8
Seat 1: Hero ( 2,930 )
Seat 4: Ann ( 3,955 )
Seat 8: Bo ( 2,910 )
Trny:6900001 Level:2
Stakes-Antes(60/120-10)
Hero posts ante [10]
Ann posts ante [10]
Bo posts ante [10]
** Dealing **
Dealt to Hero [  9d Qh 3h ]
Bo opens
Bo bring-ins [20]
Hero folds
Ann calls [20]
** Dealing Fourth street **
Bo opens
Bo double bets [120]
Ann raises [240]
Bo calls [120]
** Dealing Fifth street **
Bo opens
Bo bets [120]
Ann calls [120]
** Dealing Sixth street **
Bo opens
Bo checks
Ann checks
** Dealing River **
Bo opens
Bo checks
Ann bets [120]
Bo calls [120]
Ann shows [ 7s, 8h, 7c, 5d, 6h, 4d, Ad ]a straight, Four to Eight.
Bo doesn't show [ 2s, Tc, 2h, 2d, 6d, 9s, Qc ]three of a kind, Twos.
Ann wins 1,030 chips from the main pot with a straight, Four to Eight.
"""


def test_party_stud_double_bet_on_fourth_street() -> None:
    h = _one(PARTY_STUD, "partypoker")
    assert h.hand is not None and h.hand.extra["_pyeval_open_pair_big_bet"] is True


# Winamax: an all-in written as "raises -X to Y", Y the chips it adds (below the bet), in a stud hand.
WINAMAX_NEGATIVE = """\
Winamax Poker - CashGame - HandId: #9250001-1578-1479092164 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/14 02:56:04 UTC
Table: 'Lyon' 6-max (real money)
Seat 2: Ada (33.90€)
Seat 3: Bea (2417.80€)
Seat 5: Hero (802.07€)
*** ANTE/BLINDS ***
Ada posts ante 5€
Bea posts ante 5€
Hero posts ante 5€
*** 3rd STREET ***
Dealt to Ada [X X 8h]
Dealt to Bea [X X Kc]
Dealt to Hero [Kd 3s 9h]
Ada brings in 10€
Bea raises 25€ to 25€
Hero folds
Ada raises -6.10€ to 18.90€
Bea calls 3.90€
*** 4th STREET ***
Dealt to Bea [X X Kc] [6d]
Dealt to Ada [X X 8h] [5c]
*** 5th STREET ***
Dealt to Bea [X X Kc 6d] [7d]
Dealt to Ada [X X 8h 5c] [Js]
*** 6th STREET ***
Dealt to Bea [X X Kc 6d 7d] [2d]
Dealt to Ada [X X 8h 5c Js] [Ad]
*** 7th STREET ***
Dealt to Bea [X X Kc 6d 7d 2d] [X]
Dealt to Ada [X X 8h 5c Js Ad] [X]
*** SHOW DOWN ***
Bea shows [Jh 6h Kc 6d 7d 2d 9s] (One pair : 6)
Ada shows [4d Ac 8h 5c Js Ad Ts] (One pair : Aces)
Ada collected 70.30€ from pot
*** SUMMARY ***
Total pot 70.30€ | Rake 2.50€
Seat 2: Ada showed [4d Ac 8h 5c Js Ad Ts] and won 70.30€ with One pair : Aces
Seat 3: Bea showed [Jh 6h Kc 6d 7d 2d 9s] and lost with One pair : 6
"""


def test_winamax_a_negative_raise_is_the_chips_an_all_in_adds() -> None:
    h = _one(WINAMAX_NEGATIVE, "winamax")
    assert h.hand is not None and "p1 cbr 2890" in h.hand.actions  # 10 + 18.90: a short all-in raise over 25
    assert h.hand.finishing_stacks is not None and h.hand.finishing_stacks[h.hand.players.index("Ada")] == 7030


# A Winamax tournament pays a half-chip return rounded up (2999.50 -> 3000) and prints the total in
# thousands: a tournament takes no rake, so the room's figures do not add up (counted apart).
WINAMAX_ROUNDED = """\
Winamax Poker - Tournament "KING 5" buyIn: Ticket level: 8 - HandId: #63002-71-1288124090 - Holdem no limit (15/75/150) - 2010/10/26 21:14:50 UTC
Table: 'KING 5(1468666)#118' 9-max (real money) Seat #3 is the button
Seat 3: Pam (7410.50)
Seat 4: Quy (3820)
Seat 5: Ray (4455.50)
*** ANTE/BLINDS ***
Pam posts ante 15
Quy posts ante 15
Ray posts ante 15
Quy posts small blind 75
Ray posts big blind 150
*** PRE-FLOP ***
Pam raises 450 to 600
Quy folds
Ray calls 450
*** FLOP *** [Td 6c 4c]
Ray bets 1170
Pam raises 1170 to 2340
Ray raises 1500.50 to 3840.50 and is all-in
Pam raises 2999.50 to 6840
*** TURN *** [Td 6c 4c][8c]
*** RIVER *** [Td 6c 4c 8c][Kh]
*** SHOW DOWN ***
Ray shows [6d 6s] (Trips of 6)
Pam shows [Jd Jc] (One pair : Jacks)
Pam collected 3000 from side pot 1
Ray collected 9001 from main pot
*** SUMMARY ***
Total pot 12k | No rake
Board: [Td 6c 4c 8c Kh]
"""


def test_winamax_a_tournament_pot_paid_rounded_does_not_add_up() -> None:
    [h] = list(parse_text(WINAMAX_ROUNDED, "winamax"))
    assert h.error is None and h.hand is not None
    assert h.hand.extra["_total_pot"] == 900100 and h.hand.extra["_rake"] == 0  # the pot of the plays, no rake
    assert sum(h.hand.extra["winnings"]) == 900150 and "the room's figures do not add up" in _notes(h)
    exact = WINAMAX_ROUNDED.replace("collected 3000", "collected 2999.50")
    [h] = list(parse_text(exact, "winamax"))
    assert h.hand is not None and "_total_pot" not in h.hand.extra and h.verification is not None and h.verification.ok


# 888poker: a tournament's pots collected short of what was put in (the side pot's 576 paid as 76).
PACIFIC_SHORT = """\
#Game No : 4890001
***** Cassava Hand History for Game 4890001 *****
$125/$250 Blinds Pot Limit OmahaHL - *** 16 06 2013 13:52:20
Tournament #48700001 $1.80 + $0.20 - Table #19 (Real Money)
Seat 8 is the button
Total number of players : 4
Seat 1: Abe ( $58 )
Seat 3: Ben ( $2,000 )
Seat 7: Cy ( $4,000 )
Seat 8: Di ( $2,000 )
Abe posts small blind [$58]
Ben posts big blind [$250]
** Dealing down cards **
Cy calls [$250]
Di calls [$250]
Ben checks
** Dealing flop ** [ 7s, 3h, Kh ]
Ben checks
Cy checks
Di checks
** Dealing turn ** [ Ah ]
Ben checks
Cy bets [$500]
Di folds
Ben folds
** Dealing river ** [ 5c ]
** Summary **
Abe shows [ 8c, 2d, 2s, 4h ]
Cy shows [ 8d, Js, Kd, As ]
Abe collected [ $116 ]
Abe collected [ $116 ]
Cy collected [ $38 ]
Cy collected [ $38 ]
"""


def test_888_a_tournament_pot_collected_short_does_not_add_up() -> None:
    [h] = list(parse_text(PACIFIC_SHORT, "888poker"))
    assert h.error is None and h.hand is not None
    assert h.hand.extra["_total_pot"] == 808 and h.hand.extra["_rake"] == 0 and "do not add up" in _notes(h)
    paid = PACIFIC_SHORT.replace("Cy collected [ $38 ]\nCy collected [ $38 ]", "Cy collected [ $576 ]")
    h = _one(paid, "888poker")
    assert h.hand is not None and "_total_pot" not in h.hand.extra


# OnGame heads-up: the button comes back posting the big blind and a dead small blind; the other
# player posts the big blind too. The button acts first, as the heads-up button's blind does.
ONGAME_TWO_BIG = """\
***** History for hand R5-70000001-72 *****
Start hand: Sat Sep 4 05:34:19 GMT+0100 2010
Table: Haifa [70000001] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
User: Hero
Button: seat 10
Players in round: 2
Seat 1: Ofer ($6.86)
Seat 10: Hero ($15.44)
Hero posts big blind ($0.10)
Hero posts dead blind ($0.05)
Ofer posts big blind ($0.10)
---
Dealing pocket cards
Dealing to Hero: [Qh, 4h]
Hero raises $0.20 to $0.30
Ofer calls $0.20
--- Dealing flop [6c, Qs, 7h]
Ofer checks
Hero bets $0.45
Ofer folds
---
Summary:
Main pot: $0.65 won by Hero ($0.62)
Rake taken: $0.03
Seat 1: Ofer ($6.56), net: -$0.30
Seat 10: Hero ($15.71), net: +$0.27
***** End of hand R5-70000001-72 *****
"""


def test_ongame_heads_up_two_big_blinds() -> None:
    h = _one(ONGAME_TWO_BIG, "ongame")
    assert h.hand is not None and h.hand.blinds_or_straddles == [10, 10] and h.hand.extra["_dead_blinds"] == [0, 5]
    assert "read as the button's small blind" in _notes(h)


# OnGame stud: "raises $1 to $1.37" on fifth street, 1.37 what the raiser put in over the hand
# (antes left out), $1 the chips the raise adds.
ONGAME_STUD = """\
***** History for hand R5-70000002-62 *****
Start hand: Sat Aug 28 20:33:38 GMT+0300 2010
Table: Daegu [70000002] (LIMIT SEVEN_CARD_STUD $0.25/$0.50, ante: $0.05, Real money)
User: Hero
Players in round: 3
Seat 1: Hero ($25)
Seat 3: Bo ($27.78)
Seat 6: Mila ($40.73)
Bo posts ante $0.05
Mila posts ante $0.05
Hero posts ante $0.05
---
Dealing pocket cards
Dealing to Hero: [8d, 8s, 4d]
Dealing to Bo: [-, -, Kd]
Dealing to Mila: [-, -, 5c]
Hero small bring in $0.12
Bo folds
Mila calls $0.12
---
Dealing 4th street
Dealing to Hero: [3h]
Dealing to Mila: [2h]
Mila bets $0.25
Hero calls $0.25
---
Dealing 5th street
Dealing to Hero: [8c]
Dealing to Mila: [Kh]
Mila bets $0.50
Hero raises $1 to $1.37
Mila calls $0.50
---
Dealing 6th street
Dealing to Hero: [4c]
Dealing to Mila: [Qh]
Hero bets $0.50
Mila calls $0.50
---
Dealing river
Dealing to Hero: [5h]
Hero bets $0.50
Mila calls $0.50
---
Summary:
Main pot: $4.89 won by Hero ($4.64)
Rake taken: $0.25
Seat 1: Hero ($27.22), net: +$2.22, [8d, 8s, 4d, 3h, 8c, 4c, 5h] (FULL_HOUSE EIGHT, FOUR)
Seat 3: Bo ($27.73), net: -$0.05
Seat 6: Mila ($38.31), net: -$2.42
***** End of hand R5-70000002-62 *****
"""


def test_ongame_stud_raise_to_the_hand_total() -> None:
    h = _one(ONGAME_STUD, "ongame")
    assert h.hand is not None and "a raise to 100 on this street" in _notes(h)
    # a "to" that is neither reading stays as written (and the replay refuses it)
    [bad] = list(parse_text(ONGAME_STUD.replace("raises $1 to $1.37", "raises $1 to $1.40"), "ongame"))
    assert bad.verification is not None and not bad.verification.ok


# iPoker: a stud tournament hand whose game type gives no limits, nobody brings in or bets, and one
# all-in that everyone folds to: any limits give the same chips.
IPOKER_STUD_ALL_IN = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="9100002">
<general>
<mode>real</mode>
<gametype>7 Card Stud L</gametype>
<tablename>Stud Sit, 547000002</tablename>
<currency>USD</currency>
<tournamentname>Stud Sit</tournamentname><place>1</place>
</general>
<game gamecode="4044000001">
<general>
<startdate>2012-03-19 21:41:31</startdate>
<players>
<player seat="1" name="Ada" chips="314" dealer="1" win="434" bet="314" rebuy="0" addon="0"/>
<player seat="2" name="Bob" chips="1,557" dealer="0" win="0" bet="40" rebuy="0" addon="0"/>
<player seat="4" name="Cyd" chips="1,150" dealer="0" win="0" bet="40" rebuy="0" addon="0"/>
<player seat="7" name="Dee" chips="9,370" dealer="0" win="0" bet="40" rebuy="0" addon="0"/>
</players>
</general>
<round no="0">
<action no="1" player="Ada" type="15" sum="40" cards="[cards]"/><action no="2" player="Bob" type="15" sum="40" cards="[cards]"/>
<action no="3" player="Cyd" type="15" sum="40" cards="[cards]"/><action no="4" player="Dee" type="15" sum="40" cards="[cards]"/>
</round>
<round no="1">
</round>
<round no="2">
<cards type="Third Street" player="Ada">X X H2</cards><action no="5" player="Ada" type="7" sum="274" cards=""/>
<cards type="Third Street" player="Bob">X X D9</cards><action no="6" player="Bob" type="0" sum="0" cards=""/>
<cards type="Third Street" player="Cyd">X X H4</cards><action no="7" player="Cyd" type="0" sum="0" cards=""/>
<cards type="Third Street" player="Dee">D7 C8 CK</cards><action no="8" player="Dee" type="0" sum="0" cards=""/>
</round>
</game>
</session>
"""


def test_ipoker_stud_without_limits_one_all_in_nobody_calls() -> None:
    h = _one(IPOKER_STUD_ALL_IN, "ipoker")
    assert "do not matter to the hand" in _notes(h)
    [bad] = list(parse_text(IPOKER_STUD_ALL_IN.replace('player="Bob" type="0" sum="0"', 'player="Bob" type="3" sum="274"'),
                            "ipoker"))
    assert bad.hand is None and bad.error is not None and "its limits are unknown" in bad.error


# The 2013 layout with the hero's name written longer on some lines than on his seat line.
PARTY_LONGER = """\
***** Hand History For Game 9900105 *****
0.50/1 Texas Hold'em Game Table (NL)  -  Sun Jan 20 13:58:07 EST 2013
Table Table Arad  (Real Money) -- Seat 4 is the button
Total number of players : 4/6
Seat 2: Hero ($100)
Seat 4: Gil ($95)
Seat 5: Hal ($137.41)
Seat 6: Ivy ($191.91)
Hal posts small blind (0.5)
Ivy posts big blind (1.0)
** Dealing down cards **
Dealt to Hero Name [ Ad, 5d ]
Hero Name raises 3.0 to 3.0
Gil calls (3.0)
Hal folds
Ivy folds
** Dealing Flop ** :  [ 9h, Kh, Qc ]
Hero checks
Gil checks
** Dealing Turn ** :  [ 9d ]
Hero checks
Gil checks
** Dealing River ** :  [ 2d ]
Hero checks
Gil checks
** Summary **
Main Pot: $7.13 Rake: $0.37
Board: [ 9h Kh Qc 9d 2d ]
Hero Name balance $100.57, bet $3, collected $3.57, net +$0.57 [ Ad 5d ] [ a pair of nines -- Ad,Kh,Qc,9h,9d ]
Gil balance $95.56, bet $3, collected $3.56, net +$0.56 [ As Th ] [ a pair of nines -- As,Kh,Qc,9h,9d ]
Hal balance $136.91, lost $0.5 (folded)
Ivy balance $190.91, lost $1 (folded)
"""


def test_party_a_seated_name_written_longer() -> None:
    h = _one(PARTY_LONGER, "partypoker")
    assert "'Hero Name' is the seated 'Hero' written longer" in _notes(h)
    [bad] = list(parse_text(PARTY_LONGER.replace("Hero Name balance $100.57, bet $3", "Hero Name balance $100.57, bet $4"),
                            "partypoker"))
    assert bad.hand is None and bad.error is not None and "the summary has Hero put in 400" in bad.error


# Winamax pays a tie's odd chips by the highest hole card (suits c < d < h < s): 87 to As and Ad,
# 86 to Ac, although Ac's player sits first left of the button.
WINAMAX_TIE = """\
Winamax Poker - Tournament "Quitte ou Double" buyIn: 0.92-0.08 level: 1 - HandId: #119400001-1-1343577528 - Holdem no limit (10/20) - 2012/07/29 15:58:48 UTC
Table: 'Quitte ou Double(27800001)#0' 10-max (real money) Seat #2 is the button
Seat 2: Bo (1500)
Seat 3: Cy (1500)
Seat 4: Di (1500)
Seat 7: Ed (1500)
Seat 8: Flo (1500)
*** ANTE/BLINDS ***
Cy posts small blind 10
Di posts big blind 20
*** PRE-FLOP ***
Ed calls 20
Flo raises 40 to 60
Bo folds
Cy calls 50
Di folds
Ed calls 40
*** FLOP *** [Tc Td Qd]
Cy checks
Ed checks
Flo checks
*** TURN *** [Tc Td Qd][Qh]
Cy bets 20
Ed calls 20
Flo calls 20
*** RIVER *** [Tc Td Qd Qh][4c]
Cy checks
Ed checks
Flo checks
*** SHOW DOWN ***
Cy shows [Ac 4d] (Two pairs : Queens and Tens)
Ed shows [Kh As] (Two pairs : Queens and Tens)
Flo shows [Ad 9h] (Two pairs : Queens and Tens)
Flo collected 87 from pot
Ed collected 87 from pot
Cy collected 86 from pot
*** SUMMARY ***
Total pot 260 | No rake
"""


def test_winamax_odd_chips_by_the_highest_hole_card() -> None:
    h = _one(WINAMAX_TIE, "winamax")
    assert h.hand is not None and h.hand.extra["_pyeval_odd_chip"] == "high-card-by-suit"
    swapped = WINAMAX_TIE.replace("collected 87 from pot\nCy collected 86", "collected 86 from pot\nCy collected 87")
    [bad] = list(parse_text(swapped, "winamax"))
    assert bad.verification is not None and not bad.verification.ok
