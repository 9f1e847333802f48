"""iPoker, PartyPoker, 888poker and WPN layouts the readers learned, and the new rooms (Merge, OnGame,
Microgaming, Everest): hands written for these tests on the rooms' layouts (no room's file is
copied), each checked by replay and by the room's per-player results and rake."""
from __future__ import annotations

from typing import Any

import pytest

from pyeval.hands_io import detect_format, parse_text
from pyeval.hands_io._xml import XMLRefused, close_cut, parse_xml


def _one(text: str, fmt: str) -> Any:
    assert detect_format(text) == fmt
    [h] = list(parse_text(text, source=f"{fmt}.txt"))
    assert h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification
    return h.hand


# ---------------------------------------------------------------------------------------- Merge
MERGE_2012 = """\
<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>
<game id="70000001-12" starttime="20120301120000" numholecards="2" gametype="2" realmoney="true" \
data="20120301|Test Table (70000001)|70000001|70000001-12|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Ann" balance="$20.00" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="$30.00" dealtin="true" />
\t\t<player seat="2" nickname="Cid" balance="$25.00" dealtin="true" />
\t\t<player seat="4" nickname="Dee" balance="$10.00" dealtin="false" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="1" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" player="2" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" player="0" amount="1.50"/>
\t\t<event sequence="4" type="CALL" player="1" amount="1.25"/>
\t\t<event sequence="5" type="FOLD" player="2"/>
\t\t<cards type="HOLE" cards="Ah,Kd" player="0" hand="Ace High"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="6" type="CHECK" player="1"/>
\t\t<event sequence="7" type="BET" player="0" amount="2.00"/>
\t\t<event sequence="8" type="RAISE" player="1" amount="6.00"/>
\t\t<event sequence="9" type="RAISE" player="0" amount="14.00"/>
\t\t<event sequence="10" type="CALL" player="1" amount="8.00"/>
\t\t<cards type="COMMUNITY" cards="Ks,7c,2d" hand="Pair of Kings"/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<event sequence="11" type="BET" player="1" amount="4.50"/>
\t\t<event sequence="12" type="FOLD" player="0"/>
\t\t<cards type="COMMUNITY" cards="Ks,7c,2d,9h" hand="Pair of Kings"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<event sequence="13" type="MUCK" player="1"/>
\t\t<winner amount="30.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t\t<winner amount="4.50" uncalled="true" potnumber="2" player="1" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t</round>
</game>
"""

MERGE_2009 = """\
<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>
<game id="15000001-3" starttime="20091013150000" numholecards="2" gametype="2" realmoney="true" \
data="20091013|Old Table (15000001)|15000001|15000001-3|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="Ann" balance="$20.00" dealtin="true" />
\t\t<player seat="3" nickname="Bob" balance="$30.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="0" amount="0.25"/>
\t\t<event sequence="2" type="BIG_BLIND" player="3" amount="0.50"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="RAISE" player="0" amount="1.25"/>
\t\t<event sequence="4" type="RAISE" player="3" amount="3.00"/>
\t\t<event sequence="5" type="CALL" player="0" amount="2.00"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="6" type="BET" player="3" amount="4.00"/>
\t\t<event sequence="7" type="FOLD" player="0"/>
\t\t<cards type="COMMUNITY" cards="Qs,8c,3d"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<winner amount="6.75" uncalled="false" potnumber="1" player="3" pottype="n"/>
\t\t<winner amount="4.00" uncalled="true" potnumber="2" player="3" pottype="n"/>
\t</round>
</game>
"""

MERGE_TOURNEY = """\
<description type="Holdem Tournament" stakes="No Limit"/>
<game id="80000001-3" starttime="20120228010347" numholecards="2" gametype="23" seats="2" realmoney="true" \
data="20120228|Turbo HU|80000000-1|80000001-3|true">
\t<players dealer="1">
\t\t<player seat="0" nickname="Ann" balance="$800.00" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="$1900.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="1" amount="100.00"/>
\t\t<event sequence="2" type="BIG_BLIND" player="0" amount="200.00"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" player="1" amount="100.00"/>
\t\t<event sequence="4" type="CHECK" player="0"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="5" type="CHECK" player="0"/>
\t\t<event sequence="6" type="ALL_IN" player="1" amount="1800.00"/>
\t\t<event sequence="7" type="ALL_IN" player="0" amount="800.00"/>
\t\t<event sequence="8" type="SHOW" player="0"/>
\t\t<event sequence="9" type="SHOW" player="1"/>
\t\t<cards type="COMMUNITY" cards="9h,7h,2c"/>
\t\t<cards type="SHOWN" cards="7d,5s" player="0"/>
\t\t<cards type="SHOWN" cards="Qc,Qd" player="1"/>
\t</round>
\t<round id="POSTTURN" sequence="4">
\t\t<cards type="COMMUNITY" cards="9h,7h,2c,3s"/>
\t</round>
\t<round id="POSTRIVER" sequence="5">
\t\t<cards type="COMMUNITY" cards="9h,7h,2c,3s,Kd"/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t\t<winner amount="1000.00" uncalled="true" potnumber="2" player="1" pottype="n"/>
\t\t<winner amount="2000.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
</game>
"""


def test_merge_raises_to_totals_rake_and_a_player_sitting_out() -> None:
    """The 2011+ layout: RAISE names the total (Ann's re-raise to 14 is called for 8); the winner's
    uncalled bet comes back; the rake is the pot less what was won."""
    hh = _one(MERGE_2012, "merge")
    x = hh.extra
    assert hh.players == ["Bob", "Cid", "Ann"] and x["_sitting_out"] == ["Dee"]
    assert x["winnings"] == [3000, 0, 0] and x["_rake"] == 150 and x["_total_pot"] == 3150
    assert hh.finishing_stacks == [4450, 2450, 450]


def test_merge_before_2011_raises_add_chips() -> None:
    """Before 2011 a RAISE names the chips added (Bob's raise of 3 over his blind is to 3.50; Ann
    calls 2): read that way because the calls say so, and noted."""
    hh = _one(MERGE_2009, "merge")
    assert hh.players == ["Bob", "Ann"] and hh.extra["winnings"] == [675, 0] and hh.extra["_rake"] == 25
    assert hh.finishing_stacks == [3325, 1650]
    assert any("chips added" in n for n in hh.extra["_notes"])


def test_merge_tournament_balances_written_after_the_blinds() -> None:
    """An export whose balances leave the posted blinds out (Bob puts in 2,000 of a 1,900 balance):
    each stack gets its forced bets back; tournament chips, no rake."""
    hh = _one(MERGE_TOURNEY, "merge")
    assert hh.players == ["Ann", "Bob"] and hh.starting_stacks == [1000, 2000]
    assert hh.extra["winnings"] == [0, 2000] and hh.finishing_stacks == [0, 3000] and hh.extra["_rake"] == 0
    assert hh.extra["_pyeval_tournament"]


def test_merge_cut_cancelled_and_unsupported_hands_are_reported() -> None:
    cut = MERGE_2012[:MERGE_2012.index("<round id=\"POSTTURN\"")]
    [h] = list(parse_text(cut, "merge"))
    assert h.hand is None and "file ends mid-hand" in (h.error or "")
    a5 = MERGE_2012.replace('type="Holdem" stakes="No Limit', 'type="A-5 Lowball" stakes="Limit')
    [h] = list(parse_text(a5, "merge"))
    assert h.hand is None and "game not supported: A-5 Lowball" in (h.error or "")
    gone = MERGE_2012.replace('<round id="BLINDS"', '<round id="GAME_CANCELLED"')
    [h] = list(parse_text(gone, "merge"))
    assert h.hand is None and "cancelled the hand" in (h.error or "")


# ---------------------------------------------------------------------------------------- safe XML
def test_xml_with_a_dtd_or_entities_is_refused_before_parsing() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><d>&b;</d>'
    with pytest.raises(XMLRefused, match="DTD or entities"):
        parse_xml(bomb)
    hostile = MERGE_2012.replace("\t<players", '<!DOCTYPE g [<!ENTITY x SYSTEM "file:///etc/passwd">]>\t<players', 1)
    [h] = list(parse_text(hostile, "merge"))
    assert h.hand is None and "DTD or entities" in (h.error or "")
    with pytest.raises(XMLRefused, match="malformed XML") as info:
        parse_xml("<a>\n<b>\n</a>")
    assert info.value.line == 3
    assert close_cut("<g><r>1</r><r>2", "</r>", "</g>") == "<g><r>1</r></g>" and close_cut("<g><r>", "</r>", "") is None


# ---------------------------------------------------------------------------------------- iPoker
IPOKER_HEAD = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="9000002">
<general>
<mode>real</mode>
<gametype>Holdem NL</gametype>
<tablename>Test MTT, 77</tablename>
<currency>USD</currency>
<tournamentname>Test MTT</tournamentname><place>3</place>
</general>
"""

IPOKER_GAME = """\
<game gamecode="9200001">
<general>
<startdate>2012-03-19 20:46:31</startdate>
<players>
<player seat="1" name="Ann" chips="1,500" dealer="0" win="0" bet="120" />
<player seat="3" name="Bob" chips="1,500" dealer="0" win="0" bet="60" />
<player seat="6" name="Cid" chips="1,500" dealer="0" win="430" bet="260" />
</players>
</general>
<round no="0">
<action no="1" player="Ann" type="15" sum="10" /><action no="2" player="Bob" type="15" sum="10" />
<action no="3" player="Cid" type="15" sum="10" />
<action no="4" player="Bob" type="1" sum="50" /><action no="5" player="Cid" type="2" sum="100" />
</round>
<round no="1">
<cards type="Pocket" player="Ann">S10 HK</cards><cards type="Pocket" player="Bob">X X</cards>
<cards type="Pocket" player="Cid">X X</cards>
<action no="6" player="Ann" type="3" sum="100" /><action no="7" player="Bob" type="0" sum="0" />
<action no="8" player="Cid" type="4" sum="0" />
</round>
<round no="2">
<cards type="Flop" player="">D2 C7 H9</cards>
<action no="9" player="Cid" type="5" sum="150" /><action no="10" player="Ann" type="0" sum="0" />
</round>
"""


def test_ipoker_cut_file_tournament_name_button_from_the_blinds_and_a_bet_figure_slip() -> None:
    """A file cut inside its last game: the game's complete rounds are read (the room's win figures,
    written first, check the hand), the game after it is reported as cut. No dealer marked: the
    button is the seat before the small blind. Ann's bet figure counts her ante twice: the actions
    decide, noted."""
    text = IPOKER_HEAD + IPOKER_GAME + '</game>\n<game gamecode="9200002">\n<general>\n<players>\n'
    first, cut = list(parse_text(text, source="ip.xml"))
    assert first.hand is not None and first.verification is not None and first.verification.ok, first.verification
    hh = first.hand
    assert hh.players == ["Bob", "Cid", "Ann"] and hh.extra["_button_seat"] == 1
    assert hh.extra["winnings"] == [0, 280, 0] and hh.finishing_stacks == [1440, 1670, 1390]
    assert hh.extra["event"] == "Tournament #Test MTT"
    notes = " ".join(hh.extra["_notes"])
    assert "cut" not in notes and "the room's bet figure says 120" in notes and "button is taken as seat 1" in notes
    assert cut.hand is None and "file ends mid-hand" in (cut.error or "")
    # the same game with its file ending after its last complete round
    [h] = list(parse_text(IPOKER_HEAD + IPOKER_GAME, source="ip.xml"))
    assert h.ok and "the file ends inside this game" in " ".join(h.hand.extra["_notes"])


# ---------------------------------------------------------------------------------------- PartyPoker
PARTY_NO_POSTS = """\
***** Hand History for Game 9000000001 *****
NL Texas Hold'em $11 USD Buy-in Trny: 12345678 Level: 7  Blinds(300/600) - Friday, April 01, 11:44:54 CEST 2011
Table Turbo #1000001 (Real Money)
Seat 5 is the button
Total number of players : 2/6
Seat 5: Ann ( 4,520 )
Seat 4: Bob ( 7,480 )
Trny: 12345678 Level: 7
Blinds(300/600)
** Dealing down cards **
Dealt to Ann [  Jh Kh ]
Ann is all-In  [4,220]
Bob folds
Ann does not show cards.
Ann wins 5,120 chips
"""

PARTY_2021 = """\
***** Hand History For Game 1620000000001abcdef *****
250/500 Tourney Texas Holdem Game Table (NL) (MTT Tournament #300000001) (Buyin $3.0 + $0.3) - Tue May 04 12:00:14 EDT 2021
Table (300000001) Table #22 (Real Money) -- Seat 2 is the button
Total number of players : 3/8
Seat 1: Ann (50000)
Seat 2: Bob (50000)
Seat 3: Cid (50000)
Ann posts ante (65)
Bob posts ante (65)
Cid posts ante (65)
Cid posts small blind (250)
Ann posts big blind (500)
** Dealing down cards **
Dealt to Cid [ 6d, 6c ]
Bob raises 1250 to 1250
Cid folds
Ann calls (750)
** Dealing Flop ** :  [ Jc, 7d, 2c ]
Ann checks
Bob bets (2000)
Ann folds
** Summary **
Main Pot: 2945
Ann balance 48685, lost 1315 (folded)
Bob balance 51630, bet 3315, collected 4945, net +1630
Cid balance 49685, lost 315 (folded)
"""


def test_party_tournament_export_without_blind_posts_places_them_by_position() -> None:
    """Heads-up, the button posts the small blind; Ann's all-in is returned above Bob's blind."""
    hh = _one(PARTY_NO_POSTS, "partypoker")
    assert hh.players == ["Bob", "Ann"] and hh.blinds_or_straddles == [300, 600]
    assert hh.extra["winnings"] == [0, 1200] and hh.finishing_stacks == [6880, 5120]
    assert any("placed by position" in n for n in hh.extra["_notes"])


def test_party_2019_client_layout() -> None:
    """Amounts in parentheses, ``raises X to Y`` (the total), the summary's ``collected`` (which
    counts the bet nobody called)."""
    hh = _one(PARTY_2021, "partypoker")
    assert hh.players == ["Cid", "Ann", "Bob"] and hh.antes == [65, 65, 65]
    assert hh.extra["winnings"] == [0, 0, 2945] and hh.finishing_stacks == [49685, 48685, 51630]


def test_party_double_holdem_is_a_game_not_supported() -> None:
    text = PARTY_NO_POSTS.replace("NL Texas Hold'em $11 USD Buy-in Trny", "NL Double Hold'em $11 USD Buy-in Trny")
    [h] = list(parse_text(text, "partypoker"))
    assert h.hand is None and "game not supported: Double Hold'em" in (h.error or "")


# ---------------------------------------------------------------------------------------- 888poker
PACIFIC_ADDED = """\
#Game No : 700000001
***** 888poker Hand History for Game 700000001 *****
$10/$20 Blinds No Limit Holdem - *** 19 01 2012 20:17:23
Tournament #35000000 $2.50 + $0.25 - Table #1 (Real Money)
Seat 4 is the button
Total number of players : 2
Seat 4: Ann ( $1,200 )
Seat 9: Bob ( $1,200 )
Ann posts small blind [$10]
Bob posts big blind [$20]
** Dealing down cards **
Dealt to Ann [ 7s, 7c ]
Ann raises [$30]
Bob calls [$20]
** Dealing flop ** [ Ad, 3s, Jd ]
Bob checks
Ann bets [$40]
Bob folds
** Summary **
Ann did not show his hand
Ann collected [ $80 ]
"""


def test_888_raises_read_as_the_chips_added_when_the_calls_say_so() -> None:
    """Ann's raise of 30 over her small blind of 10 is to 40 (Bob calls 20): read as the chips added."""
    hh = _one(PACIFIC_ADDED, "888poker")
    assert hh.players == ["Bob", "Ann"] and hh.extra["winnings"] == [0, 80]
    assert hh.finishing_stacks == [1160, 1240]


def test_888_ro_european_numbers() -> None:
    text = PACIFIC_ADDED.replace("$10/$20 Blinds No Limit Holdem - *** 19 01 2012 20:17:23",
                                 "10 $/20 $ Blinds No Limit Holdem - ***").replace("( $1,200 )", "( 1.200 $ )")
    hh = _one(text, "888poker")
    assert hh.starting_stacks == [1200, 1200] and hh.extra["winnings"] == [0, 80]


# ---------------------------------------------------------------------------------------- WPN
WPN_STUD = """\
Game started at: 2016/8/2 11:17:2
Game ID: 693000001 1/2 (PRR) Test Table (Seven Cards Stud)
Seat 1: Ann (10).
Seat 5: Bob (50).
Player Ann ante (0.10)
Player Bob ante (0.10)
Player Ann received card: [3c]
Player Ann received card: [9d]
Player Bob received a card.
Player Bob received a card.
Player Ann received card: [Kh]
Player Bob received card: [4s]
Player Bob bring in (0.25)
Player Ann calls (0.25)
*** Third street ***
Player Ann received card: [Qh]
Player Bob received card: [7s]
Player Ann bets (1)
Player Bob calls (1)
*** Fourth street ***
Player Ann received card: [2h]
Player Bob received card: [8s]
Player Ann checks
Player Bob bets (2)
Player Ann folds
Uncalled bet (2) returned to Bob
Player Bob mucks cards
------ Summary ------
Pot: 2.60. Rake 0.10
Player Ann does not show cards.Bets: 1.35. Collects: 0. Loses: 1.35.
*Player Bob mucks (does not show cards). Bets: 1.35. Collects: 2.60. Wins: 1.25.
Game ended at: 2016/8/2 11:17:41
"""

WPN_RAISES_ADDED = """\
Game started at: 2016/8/4 14:8:56
Game ID: 695000001 15/30 $2.40 Hyper Turbo Heads-up, Table 1 (Hold'em)
Seat 2 is the button
Seat 1: Ann (620).
Seat 2: Bob (380).
Player Bob has small blind (15)
Player Ann has big blind (30)
Player Ann received a card.
Player Ann received a card.
Player Bob received card: [4c]
Player Bob received card: [Ah]
Player Bob raises (45)
Player Ann folds
Uncalled bet (30) returned to Bob
Player Bob mucks cards
------ Summary ------
Pot: 60
Player Ann does not show cards.Bets: 30. Collects: 0. Loses: 30.
*Player Bob mucks (does not show cards). Bets: 30. Collects: 60. Wins: 30.
Game ended at: 2016/8/4 14:9:20
"""


def test_wpn_seven_card_stud() -> None:
    """Fixed limit from the Game ID's small and big bet, the bring-in, the cards dealt face down
    kept in dealing order, the room's street labels (its "Third street" deals the fourth card)."""
    hh = _one(WPN_STUD, "winning")
    assert hh.variant == "F7S" and hh.small_bet == 100 and hh.big_bet == 200 and hh.bring_in == 25
    assert hh.players == ["Ann", "Bob"] and hh.extra["winnings"] == [0, 260] and hh.extra["_rake"] == 10
    assert hh.finishing_stacks == [865, 5125]


def test_wpn_raises_as_chips_added_when_the_summary_says_so() -> None:
    hh = _one(WPN_RAISES_ADDED, "winning")
    assert hh.extra["winnings"] == [0, 60] and hh.finishing_stacks == [590, 410]
    assert any("chips added" in n for n in hh.extra["_notes"])


# ---------------------------------------------------------------------------------------- OnGame
ONGAME = """\
***** History for hand R5-100000001-7 *****
Start hand: Wed Aug 01 18:09:42 EEST 2012
Table: Test [100000001] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)
User: Ann
Button: seat 3
Players in round: 3 (6)
Seat 1: Bob ($1,250)
Seat 2: Cid ($200)
Seat 3: Ann ($150.50)
Bob posts small blind ($1)
Cid posts big blind ($2)
---
Dealing pocket cards
Dealing to Ann: [Ah, Ad]
Ann raises $6 to $6
Bob folds
Cid calls $4
--- Dealing flop [Kh, 7c, 2d]
Cid checks
Ann bets $144.50 [all in]
Cid calls $144.50
--- Dealing turn [5s]
--- Dealing river [9c]
---
Summary:
Main pot: $302 won by Ann ($299)
Rake taken: $3
Seat 1: Bob ($1,249), net: -$1
Seat 2: Cid ($49.50), net: -$150.50, [Kd, Qs] (ONE_PAIR KING)
Seat 3: Ann ($299), net: +$148.50, [Ah, Ad] (ONE_PAIR ACE)
***** End of hand R5-100000001-7 *****
***** History for hand R5-100000001-8 *****
Start hand: Wed Aug 01 18:11:02 EEST 2012
Table: Test [100000001] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)
User: Ann
Button: seat 1
Players in round: 2 (6)
Seat 1: Bob ($1,249)
Seat 3: Ann ($299)
Bob posts small blind ($1)
Ann posts big blind ($2)
---
Dealing pocket cards
Dealing to Ann: [9s, 8s]
Bob raises $999 to $1,000
Ann folds
---
Summary:
Main pot: $4 won by Bob ($4)
Rake taken: $0
Seat 1: Bob ($1,251), net: +$2
Seat 3: Ann ($297), net: -$2
***** End of hand R5-100000001-8 *****
"""


def test_ongame_pots_rake_balances_and_an_implicit_return() -> None:
    first, second = list(parse_text(ONGAME, source="og.txt"))
    for h in (first, second):
        assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    a, b = first.hand, second.hand
    assert a.players == ["Bob", "Cid", "Ann"] and a.extra["winnings"] == [0, 0, 29900] and a.extra["_rake"] == 300
    assert a.extra["_total_pot"] == 30200 and a.finishing_stacks == [124900, 4950, 29900]
    assert b.players == ["Ann", "Bob"] and b.extra["winnings"] == [0, 400] and b.finishing_stacks == [29700, 125100]
    assert b.extra["_returned"] == [0, 99800]


def test_ongame_a_balance_the_actions_do_not_give_is_reported() -> None:
    bad = ONGAME.replace("Seat 3: Ann ($299), net", "Seat 3: Ann ($298), net")
    first = next(iter(parse_text(bad, "ongame")))
    assert first.hand is None and "Ann ends with 29800 by the summary, 29900 by the actions" in (first.error or "")


# ---------------------------------------------------------------------------------------- Microgaming
MICROGAMING = """\
----PRIMA.DAT----

<Game hhversion="2" id="5000000001" date="2012-08-10 23:38:09" tablename="Test PLO - E5 Min" stakes="0.05|0.10" \
betlimit="PL" tabletype="Cash Game" gametypeid="50" gametype="Omaha" realmoney="true" currencysymbol="rCA=" \
playerseat="2" betamount="0" istournament="0" rake="20">
   <Seats>
      <Seat num="1" alias="Ann" balance="10.00" endbalance="11.10" dealer="true"/>
      <Seat num="2" alias="Bob" balance="5.00" endbalance="4.70"/>
      <Seat num="3" alias="Cid" balance="8.00" endbalance="7.00"/>
      <Seat num="4" alias="Dee" balance="6.00" endbalance="6.00"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="2" value="0.05"/>
      <Action seq="2" type="BigBlind" seat="3" value="0.10"/>
      <Action seq="3" type="DealCards" seat="2">
         <Card value="Q" suit="s"/><Card value="J" suit="c"/><Card value="10" suit="c"/><Card value="8" suit="d"/>
      </Action>
      <Action seq="4" type="Raise" seat="1" value="0.30"/>
      <Action seq="5" type="Call" seat="2" value="0.25"/>
      <Action seq="6" type="Raise" seat="3" value="1.00"/>
      <Action seq="7" type="Call" seat="1" value="0.70"/>
      <Action seq="8" type="Fold" seat="2"/>
      <Action seq="9" type="DealFlop">
         <Card value="7" suit="s"/><Card value="K" suit="s"/><Card value="5" suit="h"/>
      </Action>
      <Action seq="10" type="Check" seat="3"/>
      <Action seq="11" type="Bet" seat="1" value="1.00"/>
      <Action seq="12" type="Fold" seat="3"/>
      <Action seq="13" type="MoneyReturned" seat="1" value="1.00"/>
      <Action type="Win">
         <Seat num="1" amount="2.10" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>

ExtendedTableName: Test PLO - E5 Min [100001]
"""


def test_microgaming_raise_totals_by_the_calls_rake_and_end_balances() -> None:
    """Cid's raise is to 1.00 (Ann calls 0.70 over her 0.30); Dee never acts: sat out."""
    hh = _one(MICROGAMING, "microgaming")
    x = hh.extra
    assert hh.players == ["Bob", "Cid", "Ann"] and x["_sitting_out"] == ["Dee"] and x["currency"] == "EUR"
    assert x["winnings"] == [0, 0, 210] and x["_rake"] == 20 and x["_total_pot"] == 230
    assert hh.finishing_stacks == [470, 700, 1110]
    [h] = list(parse_text(MICROGAMING.replace('endbalance="11.10"', 'endbalance="11.20"')))
    assert h.hand is None and "Ann ends with 1120 by the room, 1110 by the actions" in (h.error or "")


# ---------------------------------------------------------------------------------------- Everest
EVEREST = """\
<SESSION time="1331809137" tableName="Test-1" id="1.2.3" type="ring" money="$" screenName="Ann" game="hold-em" \
gametype="no-limit"/>
<HAND time="1331809153" id="7000000001" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
  <SEAT position="0" name="Ann" balance="10000"/>
  <SEAT position="1" name="Bob" balance="5000"/>
  <SEAT position="2" name="Cid" balance="8000"/>
  <SEAT position="4" name="Dee" balance="3000"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="50" penalty="0"/>
  <BLIND position="2" amount="100" penalty="0"/>
  <XBLIND position="4"/>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">Ah</HOLE>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">Kh</HOLE>
  <BET position="0" amount="300"/>
  <BET position="1" amount="250"/>
  <FOLD position="2"/>
  <SWEEP rake="0" tax="0">700</SWEEP>
  <COMMUNITY>Kc, 7s, 2d</COMMUNITY>
  <BET position="1" amount="0"/>
  <BET position="0" amount="500"/>
  <BET position="1" amount="1500"/>
  <BET position="0" amount="1000"/>
  <SWEEP rake="30" tax="0">3000</SWEEP>
  <COMMUNITY>9h</COMMUNITY>
  <BET position="1" amount="2000"/>
  <FOLD position="0"/>
  <PUSH position="1" amount="2000"/>
  <XSHOW position="1"/>
  <WIN position="1" amount="3670" pot="0" potAmount="3670"/>
</HAND>
"""


def test_everest_bets_as_chips_added_sweeps_rake_and_a_blind_not_posted() -> None:
    hh = _one(EVEREST, "everest")
    x = hh.extra
    assert hh.players == ["Bob", "Cid", "Ann"] and x["_sitting_out"] == ["Dee"]
    assert x["winnings"] == [3670, 0, 0] and x["_rake"] == 30 and hh.finishing_stacks == [6870, 7900, 8200]


# ---------------------------------------------------------------------------------------- robustness
_SAMPLES = {"merge": MERGE_2012, "ongame": ONGAME, "microgaming": MICROGAMING, "everest": EVEREST,
            "partypoker": PARTY_2021, "winning": WPN_STUD, "888poker": PACIFIC_ADDED}


@pytest.mark.parametrize("fmt", sorted(_SAMPLES))
def test_damaged_lines_are_the_readers_own_reasons_never_a_reader_fault(fmt: str) -> None:
    """Each line of each sample cut short, doubled or emptied: every hand is read or refused with the
    reader's own reason, never the driver's last resort for an exception a reader let through."""
    lines = _SAMPLES[fmt].splitlines()
    for k in range(1, len(lines)):
        for bad in (lines[k][: len(lines[k]) // 2], lines[k] + lines[k], "", lines[k].replace("0", "x")):
            text = "\n".join(lines[:k] + [bad] + lines[k + 1:]) + "\n"
            for h in parse_text(text, fmt, source="mutant"):
                assert h.error is None or "the reader failed" not in h.error, (k, bad, h.error)


def test_888_localised_cards() -> None:
    """Swedish ranks (Kn jack, D queen, E ace), German suits (Pik, Herz, Karo, Kreuz) and Spanish
    suits (p spades, c hearts, t clubs) read as the same cards."""
    base = _one(PACIFIC_ADDED, "888poker")
    for hole, flop in (("[ 7Pik, 7Kreuz ]", "[ EKaro, 3Pik, KnKaro ]"), ("[ 7s, 7c ]", "[ Ed, 3s, Knd ]"),
                       ("[ 7p, 7t ]", "[ Ad, 3p, Jd ]")):
        text = PACIFIC_ADDED.replace("[ 7s, 7c ]", hole).replace("[ Ad, 3s, Jd ]", flop)
        hh = _one(text, "888poker")
        assert hh.actions == base.actions and hh.extra["winnings"] == [0, 80]
    spanish = _one(PACIFIC_ADDED.replace("[ 7s, 7c ]", "[ 7p, 7c ]"), "888poker")
    assert "7s7h" in " ".join(spanish.actions)


ONGAME_DRAW = """\
***** History for hand R5-81000001-5 *****
Start hand: Mon Sep 13 00:21:02 GMT+0100 2010
Table: Suez [81000001] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)
User: Ann
Button: seat 3
Players in round: 3
Seat 8: Bob ($1.07)
Seat 10: Ann ($1)
Seat 3: Cid ($2.51)
Bob posts small blind ($0.02)
Ann posts big blind ($0.05)
---
Dealing pocket cards
Dealing to Ann: [Tc, 9h, 7c, Ah, Jh]
Cid raises $0.10 to $0.10
Bob folds
Ann calls $0.05
---
Ann changed 2 cards
New hand for Ann: [8h, 9h, 6s, Ah, Jh]
Cid changed 3 cards
Ann checks
Cid bets $0.10
Ann calls $0.10
---
Summary:
Main pot: $0.42 won by Cid ($0.40)
Rake taken: $0.02
Seat 8: Bob ($1.05), net: -$0.02
Seat 10: Ann ($0.80), net: -$0.20, [8h, 9h, 6s, Ah, Jh] (HIGH_CARD ACE)
Seat 3: Cid ($2.71), net: +$0.20, [2c, Ac, Td, As, Qc] (PAIR ACE)
***** End of hand R5-81000001-5 *****
"""


def test_ongame_five_card_draw_discards_and_the_new_hand() -> None:
    """Ann throws Tc 7c for 8h 6s (her old hand less the new one); Cid draws three unseen."""
    hh = _one(ONGAME_DRAW, "ongame")
    assert hh.variant == "F5D" and hh.small_bet == 5 and hh.big_bet == 10
    assert "p2 sd Tc7c" in hh.actions and "d dh p2 8h6s" in hh.actions
    assert hh.extra["winnings"] == [0, 0, 40] and hh.extra["_rake"] == 2 and hh.finishing_stacks == [105, 80, 271]


ONGAME_TOURNEY = """\
***** History for hand T5-17000001-1 (TOURNAMENT: "Test Freeroll", R-274-70, buy-in: €0) *****
Start hand: Mon Dec 27 09:28:36 GMT+0100 2010
Table: Table #38 [17000001] (NO_LIMIT TEXAS_HOLDEM 10/20, TC)
User: Ann
Button: seat 1
Players in round: 2
Seat 1: Ann (1500)
Seat 2: Bob (900)
Ann posts small blind (10)
Bob posts big blind (20)
---
Dealing pocket cards
Dealing to Ann: [6c, 3d]
Ann raises 80 to 100
Bob raises 880 to 900 [all in]
Ann calls 800
---
--- Dealing flop [Ad, Js, 2c]
--- Dealing turn [Jd]
--- Dealing river [4s]
---
Summary:
Main pot: 1800 won by Bob (1800)
Seat 1: Ann (600), net: -900
Seat 2: Bob (1800), net: +900, [Ah, Kc] (TWO_PAIR ACE JACK)
***** End of hand T5-17000001-1 *****
"""


def test_a_tournament_all_in_the_room_did_not_table_replays_without_that_rule() -> None:
    """Ann called all in and her hand was not shown: the engine's tournament rule (every hand tabled
    at an all-in) would refuse the record, so the hand replays without it, noted."""
    hh = _one(ONGAME_TOURNEY, "ongame")
    assert hh.players == ["Bob", "Ann"] and hh.extra["_pyeval_tournament"] is False and hh.extra["winnings"] == [1800, 0]
    assert hh.finishing_stacks == [1800, 600] and any("not shown in a tournament" in n for n in hh.extra["_notes"])
