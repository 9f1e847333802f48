"""PokerTracker 4's ``GAME #`` export (issue 22): hands written for these tests on the export's layout
(no file is copied), checked by replay and by the record's pot, rake and wins."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

CASH = """\
GAME #9000000001 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT
Table Testa
Seat 1: ann (€2.00 in chips) DEALER
Seat 3: bob (€2.00 in chips)
Seat 5: cat (€2.00 in chips)
bob: Post SB €0.01
cat: Post BB €0.02
*** HOLE CARDS ***
Dealt to ann [SQ DQ]
ann: Raise (NF) €0.06
bob: Call €0.05
cat: Fold
*** FLOP *** [S3 S9 C4]
bob: Check
ann: Bet €0.10
bob: Call €0.10
*** TURN *** [C9]
bob: Bet €0.20
ann: Fold
*** SUMMARY ***
Total pot €0.32 Rake €0.02
bob: wins €0.32
"""

TOURNEY = """\
GAME #9000000002: Texas Hold'em  NL  Tournament 2011-06-15 21:58:37
Table "TEST TURBO" $2 Double up*6, 1, 2 (Tournament: "TEST TURBO" $2 Double up*6 Buy-In: $2+$0.20)
Seat 1: ann ($1,500.00 in chips)
Seat 3: bob ($1,192.50 in chips)
Seat 5: cat ($1,500.00 in chips)
bob: Post SB $20.00
cat: Post BB $40.00
*** HOLE CARDS ***
Dealt to ann [D10 CJ]
ann: Raise (NF) $100.00
bob: Allin $1,172.50
cat: Fold
ann: Call $1,092.50
*** FLOP *** [CK CA H6]
*** TURN *** [S2]
*** RIVER *** [D3]
*** SUMMARY ***
Total pot $2,425.00 Rake $0.00
ann: Shows [D10 CJ]
bob: Shows [HA H7]
bob: wins $2,425.00
"""


EVEREST = """\
EverestPoker Game #9000000003: Table Testa-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02
Seat 1: ann ($100.00)
Seat 2: bob ($50.00)
Seat 3: cat ($100.00)
Seat 4: dan ($40.00)
bob posts the small blind of $0.50
cat posts the big blind of $1.00
ann posts the dead blind of $1.00
The button is in seat #1
*** HOLE CARDS ***
Dealt to cat [5d 3c]
dan raises to $3.00
ann calls $2.00
bob folds
cat folds
*** FLOP *** [Ks 5s 6c]
dan bets $37.00, and is all-in
ann calls $37.00
ann shows [Kd Qd]
dan shows [Ah Ac]
*** TURN *** [2d]
*** RIVER *** [7h]
*** SUMMARY ***
ann shows [Kd Qd]
dan shows [Ah Ac]
dan collects $81.40
"""


def _one(text: str, fmt: str = "pokertracker4"):  # type: ignore[no-untyped-def]
    assert detect_format(text) == fmt
    [h] = list(parse_text(text, fmt, source="pt4.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_a_cash_hand_suit_first_cards_raise_to_and_a_total_after_the_rake() -> None:
    hh = _one(CASH)
    assert hh.players == ["bob", "cat", "ann"] and hh.actions[2] == "d dh p3 QsQd"
    assert hh.extra["_rake"] == 2 and hh.extra["winnings"] == [32, 0, 0]
    assert hh.finishing_stacks == [216, 198, 184]


def test_a_tournament_with_chip_fractions_no_button_mark_and_shows_in_the_summary() -> None:
    hh = _one(TOURNEY)
    assert hh.extra["_button_seat"] == 1 and hh.extra["winnings"] == [242500, 0, 0]
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"bob": 242500, "cat": 146000, "ann": 30750}
    assert {"p1 sm Ah7h", "p3 sm TdJc"} <= set(hh.actions)
    # the summary's shows decide the pot: the tens-and-jack hand shown as the winner's fails the check
    [bad] = list(parse_text(TOURNEY.replace("bob: wins", "ann: wins"), "pokertracker4", source="pt4.txt"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok


def test_everest_text_a_big_blind_posted_to_come_in_and_a_derived_rake() -> None:
    """``posts the dead blind of $1.00`` is the poster's live bet (he calls the raise with $2 more);
    the pot of $81.50 less the $81.40 collected is the rake, derived."""
    hh = _one(EVEREST, "pt4everest")
    assert hh.extra["_button_seat"] == 1 and hh.extra["_rake"] == 10
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"bob": 4950, "cat": 9900, "dan": 8140, "ann": 6000}


MERGE_TOURNEY = """\
MERGE_GAME #9000000004: Holdem NL Tournament 11/02/2011 21:16:13
Table $2 Test Turbo, 7 (Tournament: $2 Test Turbo, 7 Buy-In: $2+$0.20)
Seat 1: ann ($6,000.00 in chips) DEALER
Seat 2: bob ($1,250.00 in chips)
Seat 3: cat ($8,000.00 in chips)
ann: Post Ante $25.00
bob: Post Ante $25.00
cat: Post Ante $25.00
bob: Post SB $125.00
cat: Post BB $250.00
*** HOLE CARDS ***
Dealt to ann [9d 4c]
ann: Fold
bob: Allin $1,250.00
cat: Call $1,125.00
*** FLOP *** [9h 5s Qc]
*** TURN *** [6c]
*** RIVER *** [Jd]
*** SUMMARY ***
bob: Shows [Qs 2h]
cat: Shows [6h 7s]
bob: wins $2,825.00
"""


def test_merge_tournament_stacks_are_written_after_the_blinds_and_antes() -> None:
    """bob's $1,250 is what he has after his ante and small blind: his all-in adds all of it (his
    street total 1,375, which cat calls); the buy-in's "$0.20" does not make the chips hundredths."""
    hh = _one(MERGE_TOURNEY)
    assert dict(zip(hh.players, hh.starting_stacks)) == {"ann": 6025, "bob": 1400, "cat": 8275}
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 6000, "bob": 2825, "cat": 6875}
    assert any("after the blinds and antes" in n for n in hh.extra["_notes"])
    # read as starting stacks, bob's all-in would be 150 more than he has
    [cash] = list(parse_text(MERGE_TOURNEY.replace("Holdem NL Tournament", "Holdem NL $25/$50"), "pokertracker4"))
    assert cash.hand is None or cash.verification is None or not cash.verification.ok


def test_an_ipoker_tournament_hand_the_hero_was_not_dealt_gives_stacks_after_the_forced_bets() -> None:
    """A hand of the 2011 export without a ``Dealt to`` line (the hero away) writes each stack after
    its ante and blind (bob raises all in for the $1,615 he has left); the hands dealt to the hero
    give the stacks before them (TOURNEY above)."""
    text = """\
GAME #9000000005: Texas Hold'em  NL  Tournament 2011-06-15 22:04:13
Table "TEST TURBO" $2 Double up*6, 1, 2 (Tournament: "TEST TURBO" $2 Double up*6 Buy-In: $2+$0.20)
Seat 1: ann ($1,225.00 in chips)
Seat 3: bob ($1,615.00 in chips) DEALER
Seat 5: cat ($1,440.00 in chips)
ann: Post Ante $25.00
bob: Post Ante $25.00
cat: Post Ante $25.00
cat: Post SB $100.00
ann: Post BB $200.00
*** HOLE CARDS ***
bob: Call $200.00
cat: Call $100.00
ann: Check
*** FLOP *** [H9 HQ H7]
cat: Check
ann: Check
bob: Bet $400.00
cat: Fold
ann: Raise (NF) $1,225.00
bob: Call $825.00
*** TURN *** [S2]
*** RIVER *** [D3]
*** SUMMARY ***
ann: Shows [HA H2]
bob: Shows [CK CQ]
ann: wins $3,125.00
"""
    hh = _one(text)
    assert dict(zip(hh.players, hh.starting_stacks)) == {"ann": 1450, "bob": 1640, "cat": 1565}
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 3125, "bob": 190, "cat": 1340}


def test_everest_text_a_dead_small_blind_besides_a_big_blind_to_come_in() -> None:
    """``posts the dead blind of $0.50`` with ``posts $1.00`` by the same player: the half is dead
    money, the dollar his live big blind (he checks his option); alone, a dead blind of the big blind's
    size stays his live big blind (EVEREST above)."""
    text = """\
EverestPoker Game #9000000006: Table Testa-1 - $0.50/$1 - No Limit Hold'em - 19:59:20 - 2011/01/10
Seat 1: ann ($90.00)
Seat 2: bob ($98.00)
Seat 3: cat ($69.50)
Seat 4: dan ($99.00)
cat posts the small blind of $0.50
dan posts the big blind of $1.00
bob posts the dead blind of $0.50
bob posts $1.00
The button is in seat #2
*** HOLE CARDS ***
Dealt to ann [7c Tc]
ann calls $1.00
bob checks
cat folds
dan checks
*** FLOP *** [Ad 6h Kh]
dan checks
ann checks
bob bets $2.00
dan folds
ann folds
*** SUMMARY ***
bob collects $4.00
"""
    hh = _one(text, "pt4everest")
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 8900, "bob": 10050, "cat": 6900, "dan": 9800}
    assert hh.extra["_dead_blinds"] == [0, 0, 0, 50] and hh.extra["_rake"] == 0


_SNG = """\
GAME #{id}: Texas Hold'em  NL  Tournament 2011-06-15 22:04:12
Table "TEST TURBO" $2 Double up*6, 1, 2 (Tournament: "TEST TURBO" $2 Double up*6 Buy-In: $2+$0.20)
"""


def test_a_turn_line_written_after_the_turns_betting() -> None:
    """The flop closes (bet, call, fold); the next checks are the turn's, whose line the export writes
    after them, just before the river's: the turn begins where the flop closed."""
    text = _SNG.format(id=9000000007) + """\
Seat 1: ann ($1,380.00 in chips) DEALER
Seat 3: bob ($1,380.00 in chips)
Seat 5: cat ($1,440.00 in chips)
bob: Post SB $10.00
cat: Post BB $20.00
*** HOLE CARDS ***
Dealt to ann [S2 S9]
ann: Raise $60.00
bob: Call $50.00
cat: Call $40.00
*** FLOP *** [H7 D7 D6]
bob: Check
cat: Check
ann: Bet $60.00
bob: Call $60.00
cat: Fold
bob: Check
ann: Check
*** TURN *** [DJ]
*** RIVER *** [CQ]
bob: Bet $225.00
ann: Fold
*** SUMMARY ***
Total pot $525.00 Rake $0.00
bob: wins $525.00
"""
    hh = _one(text)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"bob": 1560, "cat": 1380, "ann": 1260}
    turn = hh.actions.index("d db Jd")
    assert hh.actions[turn - 2:turn + 5] == ["p1 cc", "p2 f", "d db Jd", "p1 cc", "p3 cc", "d db Qc", "p1 cbr 225"]


def test_a_lone_big_blind_a_short_big_blind_and_chips_the_stack_does_not_hold() -> None:
    walk = _SNG.format(id=9000000008) + """\
Seat 1: ann ($1,500.00 in chips)
Seat 3: bob ($1,410.00 in chips) DEALER
Seat 5: cat ($1,560.00 in chips)
cat: Post BB $40.00
*** HOLE CARDS ***
Dealt to ann [C6 S4]
ann: Fold
bob: Fold
*** SUMMARY ***
Total pot $40.00 Rake $0.00
cat: wins $40.00
"""
    hh = _one(walk)  # everyone folds to the one blind: it goes back whole, the pot is empty
    assert hh.finishing_stacks == hh.starting_stacks and any("uncalled bet of 40" in n for n in hh.extra["_notes"])
    short = _SNG.format(id=9000000009) + """\
Seat 1: ann ($165.00 in chips) DEALER
Seat 3: bob ($2,990.00 in chips)
Seat 5: cat ($185.00 in chips)
Seat 6: dan ($5,660.00 in chips)
bob: Post Ante $120.00
cat: Post Ante $120.00
dan: Post Ante $120.00
ann: Post Ante $120.00
bob: Post SB $600.00
cat: Post BB $65.00
*** HOLE CARDS ***
Dealt to bob [S10 HQ]
dan: Call $1,200.00
ann: Fold
bob: Call $600.00
*** FLOP *** [H9 D5 HJ]
bob: Check
dan: Check
*** TURN *** [H6]
bob: Check
dan: Check
*** RIVER *** [H4]
bob: Bet $1,200.00
dan: Call $1,200.00
*** SUMMARY ***
Total pot $5,345.00 Rake $0.00
bob: Shows [S10 HQ]
cat: Shows [H2 D4]
dan: Shows [H7 CA]
bob: wins $5,345.00
"""
    hh = _one(short)  # cat's 65 is all in below the 600 small blind: dan's call of 1,200 is the big blind
    assert hh.min_bet == 1200 and dict(zip(hh.players, hh.finishing_stacks or [])) == {
        "bob": 5815, "cat": 0, "dan": 3140, "ann": 45}
    over = _SNG.format(id=9000000010) + """\
Seat 1: ann ($2,332.60 in chips)
Seat 3: bob ($18,645.00 in chips) DEALER
Seat 5: cat ($9,376.25 in chips)
Seat 6: dan ($1,063.80 in chips)
cat: Post SB $20.00
dan: Post BB $40.00
*** HOLE CARDS ***
ann: Call $40.00
bob: Raise (NF) $200.00
cat: Fold
dan: Fold
ann: Call $160.00
*** FLOP *** [C6 S5 H9]
ann: Bet $2,172.60
bob: Fold
*** SUMMARY ***
Total pot $2,632.60 Rake $0.00
ann: wins $2,632.60
"""
    [h] = list(parse_text(over, "pokertracker4"))  # ann's 2,372.60 put in, counted by the total: 40 more than she has
    assert h.hand is None and "the room's figures do not add up: ann has 233260 in chips" in (h.error or "")
    [h] = list(parse_text(over.replace("$2,332.60 in", "$2,372.60 in"), "pokertracker4"))
    assert h.hand is not None and h.verification is not None and h.verification.ok


def test_merge_streets_dealt_after_every_other_player_folded_are_left_out() -> None:
    text = """\
MERGE_GAME #9000000011: Texas Hold'em NL $0.50/$1 01/01/2011 12:11:53
Table Test (1)
Seat 1: ann ($99.00 in chips)
Seat 2: bob ($81.30 in chips) DEALER
Seat 3: cat ($29.00 in chips)
cat: Post SB $0.50
ann: Post BB $1.00
*** HOLE CARDS ***
bob: Raise $2.00
cat: Call $1.50
ann: Call $1.00
*** FLOP *** [3h 5h 3c]
cat: Bet $1.00
ann: Fold
bob: Fold
*** TURN *** [Js]
*** RIVER *** [8d]
*** SUMMARY ***
cat: Shows [Jh 2h]
cat: wins $6.20
"""
    hh = _one(text)
    assert not any(a.startswith("d db") and a != "d db 3h5h3c" for a in hh.actions)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"cat": 3220, "ann": 9700, "bob": 7930}


ARCHIVE = """\
GAME #9000000012: Omaha 50/100 - 2013-08-01 22:16:18
Table Testa (No DP Heads Up)
Server poker9.example.com

Seat 3: ann ($10,000.00 in chips)
Seat 8: bob ($10,000.00 in chips)

bob: SB $50.00
ann: BB $100.00
*** HOLE CARDS ***
Dealt to ann [C7 SQ HJ CK]
bob: Raise to $250.00
ann: Raise to $800.00
bob: Call $600.00
*** FLOP *** [C6 DK D7]
ann: Check
bob: Bet $1,200.00
ann: Raise to $5,400.00
bob: Fold
*** TURN *** [C6 DK D7 S2]
*** SUMMARY ***
Total pot $8,398.00 Rake $2.00
ann: wins $8,398.00
"""


def test_the_2013_archive_layout_blinds_raises_by_the_chips_added_and_pot_limit_omaha() -> None:
    """``SB``/``BB`` without ``Post``, ``Raise to X`` adding X (bob's 50 + 250 = 300, ann's 100 + 800 =
    900, which bob's call of 600 matches), ``Omaha`` with no structure pot limit (ann's 5,400 is the pot
    raise), a ``Server`` line and blank lines around the seats, a street's whole board in one bracket."""
    hh = _one(ARCHIVE)
    assert hh.variant == "PO" and hh.extra["_rake"] == 2
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"bob": 7900, "ann": 12098}
    assert "p1 cbr 900" in hh.actions and "p1 cbr 5400" in hh.actions


def test_everest_text_a_player_all_in_on_disconnection_at_his_turn() -> None:
    """``has been disconnected, and is allin`` at cat's turn: the room's disconnect protection plays
    him all in for the small blind he put in; he contends for the main pot only (he loses it)."""
    text = """\
EverestPoker Game #9000000013: Table Testa-1 - $0.50/$1 - No Limit Hold'em - 20:10:26 - 2011/01/10
Seat 1: cat ($71.30)
Seat 2: dan ($117.00)
Seat 3: ann ($98.83)
Seat 10: bob ($91.50)
cat posts the small blind of $0.50
dan posts the big blind of $1.00
The button is in seat #10
*** HOLE CARDS ***
Dealt to dan [6h Jh]
ann calls $1.00
bob calls $1.00
cat has been disconnected, and is allin
dan checks
*** FLOP *** [8h 9c 4h]
dan checks
ann checks
bob checks
*** TURN *** [Qs]
dan bets $4.00
ann folds
bob calls $4.00
*** RIVER *** [Kd]
dan bets $8.00
bob calls $8.00
dan shows [6h Jh]
bob shows [Ad Qd]
cat mucked [Ts 7c]
*** SUMMARY ***
dan shows [6h Jh]
bob shows [Ad Qd]
cat mucked [Ts 7c]
bob collects $1.90
bob collects $25.20
"""
    hh = _one(text, "pt4everest")
    assert hh.extra.get("_pyeval_disconnect_all_in") is True or any("disconnect" in a for a in hh.actions)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"cat": 7080, "dan": 10400, "ann": 9783, "bob": 10560}
