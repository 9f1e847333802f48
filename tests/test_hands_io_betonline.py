"""The BetOnline network's layouts the one Stars-layout driver reads from its dialect
(:data:`pyeval.hands_io.stars_like.DIALECTS` ``betonline``): hands written for these tests on the
network's layout (no room's file is copied), each checked by replay, every player's result and the
room's total pot (printed after the rake)."""
from __future__ import annotations

import pytest

from pyeval.hands_io import HandParseError, detect_format, parse_text


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "betonline"
    [h] = list(parse_text(text, "betonline"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


OMAHA = """\
BetOnline Poker Game #900000010: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 21:25:46 EDT
Table 'Weeds (Hi)' 10-Max, Seat #3 is the button
Seat 3: Cid (8.00 in chips) - The button
Seat 1: Ann (10.00 in chips) - Small Blind
Seat 2: Bob (1.10 in chips) - Big Blind
Ann: posts small blind 0.05
Bob: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Cid [Ah Kh Qd Jd]
Cid: raises 0.35 to 0.35
Ann: folds
Zed said "gl"
Bob: raises 1.00 to 1.10 and is all in
Cid: calls 0.75
Total pot 2.25 | Rake 0.00
*** SHOW DOWN ***
Bob shows 9s 9c 2h 3h
Cid shows Ah Kh Qd Jd
*** SUMMARY ***
Total pot 2.20 | Rake 0.05
Board [9d 5c 2s 7h 4d]
Seat 1: Ann folded before Flop
Seat 2: Bob showed [9s 9c 2h 3h] and won (2.20)
Seat 3: Cid showed [Ah Kh Qd Jd] but did not win
"""


def test_omaha_headed_hold_em_all_in_before_the_flop_with_the_board_in_the_summary_only() -> None:
    """The network heads its Omaha tables "Hold'em": four hole cards make the hand Omaha. All in
    before the flop it writes no street line (the board is the summary's), a running ``Total pot``
    line before the showdown (not the summary's, which is after the rake) and a railbird's chat."""
    hh = _one(OMAHA)
    assert hh.variant == "PO" and hh.players == ["Ann", "Bob", "Cid"]
    assert hh.extra["winnings"] == [0, 220, 0] and hh.extra["_rake"] == 5 and hh.extra["_total_pot"] == 225
    assert hh.finishing_stacks == [995, 220, 690]
    assert any("Omaha" in n for n in hh.extra["_notes"])


TOURNEY = """\
BetOnline Poker Game #900000011: Tournament #555001: Hold'em $10.00/$20.00 - 2016/03/21 17:09:38 Eastern Daylight Time
Table '555001-01' 10-Max, Seat #1 is the button
Seat 1: Ann (1500.00 in chips) - The button
Seat 2: Bob (1500.00 in chips) - Small Blind
Seat 3: Cid (1500.00 in chips) - Big Blind
Bob: posts small blind 10.00
Cid: posts big blind 20.00
*** HOLE CARDS ***
Ann: raises 60.00 to 60.00
Bob: folds
Cid: calls 40.00
*** FLOP *** [2c 7d Kh]
Cid: checks
Ann: bets 100.00
Cid: folds
Uncalled bet (100.00) returned to Ann
Total pot 130.00
*** SUMMARY ***
Total pot 130.00 | Rake 0.00
Board [2c 7d Kh]
Seat 1: Ann collected (130.00)
Seat 2: Bob folded before Flop
Seat 3: Cid folded on the Flop
"""


def test_a_tournament_header_naming_no_structure_is_read_as_no_limit() -> None:
    """``Tournament #T: Hold'em $10.00/$20.00`` names no betting structure: read as no limit (every
    action of the other structures is a legal no-limit action), the blinds from the header."""
    hh = _one(TOURNEY)
    assert hh.variant == "NT" and hh.players == ["Bob", "Cid", "Ann"]
    scale = hh.starting_stacks[0] // 1500
    assert hh.blinds_or_straddles == [10 * scale, 20 * scale, 0]
    assert hh.extra["winnings"] == [0, 0, 130 * scale]
    assert hh.finishing_stacks == [1490 * scale, 1440 * scale, 1570 * scale]


def test_a_tournament_file_opening_with_the_lobby_message_is_detected_and_read() -> None:
    hh = _one("\n\nTournament will start in a moment.\n\n\n" + TOURNEY)
    assert hh.extra["winnings"][2] > 0
    with pytest.raises(HandParseError):  # the lobby message alone is no BetOnline file
        detect_format("Tournament will start in a moment.\n\nSome other text\n")


LEFT = """\
BetOnline Poker Game #900000012: Hold'em No Limit ($0.25/0.50) - 2011/08/07 15:11 Eastern Daylight Time
Table 'Test (50bb)' 10-Max, Seat #3 is the button
Seat 9: Dan (57.13 in chips)
Seat 1: Cid (48.34 in chips)
Seat 0: Eve (21.70 in chips)
Seat 3: Ann (27.00 in chips) - The button
Seat 8: Bob (22.50 in chips) - Big Blind
Seat 5: Fay (24.00 in chips) - Small Blind
Fay: posts small blind 0.25
Bob: posts big blind 0.50
*** HOLE CARDS ***
Dealt to Ann [Ac 7c]
Dan: calls 0.50
Eve: calls 0.50
Cid: raises 5.00 to 5.00
Ann: folds
Fay: folds
Dan has left the table
Bob: folds
Eve: folds
Uncalled bet (4.50) returned to Cid
*** SUMMARY ***
Total pot 2.25 | Rake 0.00
Board []
Seat 1: Cid collected (2.25)
Seat 0: Eve folded before Flop
Seat 3: Ann folded before Flop
Seat 8: Bob folded before Flop
Seat 5: Fay folded before Flop
"""


def test_a_player_who_left_the_table_with_his_hand_live_folds_at_his_turn() -> None:
    """Dan calls, leaves the table after the raise and never acts again: he folds at his turn (after
    the big blind, before Eve), which the record does not write."""
    hh = _one(LEFT)
    assert hh.actions[-3:] == ["p2 f", "p3 f", "p4 f"] and hh.players[2] == "Dan"
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {
        "Fay": 2375, "Bob": 2200, "Dan": 5663, "Eve": 2120, "Cid": 5009, "Ann": 2700}


def test_a_button_seat_no_table_has_is_the_seat_before_the_small_blind() -> None:
    text = LEFT.replace("Seat #3 is the button", "Seat #2684684 is the button").replace(" - The button", "")
    hh = _one(text)
    assert hh.extra["_button_seat"] == 3 and any("the button is not recorded" in n for n in hh.extra["_notes"])


def test_a_hand_the_file_cuts_off_before_its_summary_is_refused_as_such() -> None:
    text = LEFT + "\n\n" + "\n".join(LEFT.splitlines()[:10]) + "\n"
    first, cut = parse_text(text, "betonline")
    assert first.hand is not None and cut.hand is None and "the file ends mid-hand (no summary" in (cut.error or "")


SIDE_POT = """\
BetOnline Poker Game #900000013: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight Time
Table '24' 10-Max, Seat #4 is the button
Seat 4: Ann (0.63 in chips) - The button
Seat 2: Bob (4.33 in chips)
Seat 6: Cid (1.93 in chips) - Big Blind
Seat 9: Dan (1.52 in chips)
Seat 7: Eve (0.85 in chips)
Seat 5: Fay (0.60 in chips) - Small Blind
Fay: posts small blind 0.01
Cid: posts big blind 0.02
*** HOLE CARDS ***
Dealt to Ann [7h 10c]
Eve: raises 0.04 to 0.04
Dan: calls 0.04
Bob: calls 0.04
Ann: folds
Fay: calls 0.03
Cid: calls 0.02
*** FLOP *** [5d Ad 4h]
Fay: checks
Cid: checks
Eve: bets 0.81
Dan: raises 1.48 to 1.48 and is all in
Bob: calls 1.48
Fay: folds
Cid: folds
Total pot 1.26 | Rake 0.22
*** SHOW DOWN ***
Dan shows Qh Ac
Eve shows 9d 8d
Bob shows 5s 4s
*** SUMMARY ***
Total pot 2.49 | Rake 0.22
Board [5d Ad 4h 5c 9s]
Seat 4: Ann folded before Flop
Seat 2: Bob showed [5s 4s] and won (2.49)
Seat 6: Cid folded on the Flop
Seat 9: Dan showed [Qh Ac] but did not win
Seat 7: Eve showed [9d 8d] but did not win
Seat 5: Fay folded on the Flop
"""


def test_a_side_pot_printed_only_before_the_showdown_goes_to_the_main_pots_winner_in_it() -> None:
    """Eve is all in for 0.85, Dan for 1.52, Bob covers both: the pot line before the showdown is the
    side pot of Dan and Bob after its rake (1.34 - 0.08), the summary's total and Bob's win the main
    pot's (2.63 - 0.14); Bob, best of the main pot and in the side pot, collects both."""
    hh = _one(SIDE_POT)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {
        "Fay": 56, "Cid": 189, "Eve": 0, "Dan": 0, "Ann": 63, "Bob": 656}
    assert hh.extra["_rake"] == 22 and any("a side pot the summary leaves out" in n for n in hh.extra["_notes"])
    # the short all-in's win would not tell who won the side pot: nothing is derived
    [h] = list(parse_text(SIDE_POT.replace("Bob showed [5s 4s] and won (2.49)", "Bob showed [5s 4s] but did not win")
                          .replace("Eve showed [9d 8d] but did not win", "Eve showed [9d 8d] and won (2.49)"), "betonline"))
    assert h.hand is not None and not any("side pot" in n for n in h.hand.extra.get("_notes", []))


def test_a_check_the_record_leaves_out_before_a_later_players_bet() -> None:
    """On the flop Bob (big blind) acts after Fay and before Cid; the record writes Fay's check, then
    Cid's bet, then Bob's fold: Bob's check before the bet is unwritten."""
    text = """\
BetOnline Poker Game #900000014: Hold'em No Limit ($0.05/0.10) - 2012/09/30 21:38:06 EDT
Table 'Weeds' 10-Max, Seat #6 is the button
Seat 8: Fay (4.50 in chips) - Small Blind
Seat 6: Ann (10.00 in chips) - The button
Seat 9: Bob (4.00 in chips) - Big Blind
Seat 1: Cid (2.90 in chips)
Fay: posts small blind 0.05
Bob: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Ann [Ad 5s]
Cid: calls 0.10
Ann: folds
Fay: calls 0.05
Bob: checks
*** FLOP *** [Kh Kd 5h]
Fay: checks
Cid: bets 0.15
Fay: folds
Bob: folds
Uncalled bet (0.15) returned to Cid
*** SUMMARY ***
Total pot 0.30 | Rake 0.00
Board [Kh Kd 5h]
Seat 8: Fay folded on the Flop
Seat 6: Ann folded before Flop
Seat 9: Bob folded on the Flop
Seat 1: Cid collected (0.30)
"""
    hh = _one(text)
    flop = hh.actions.index("d db KhKd5h")
    assert hh.players[:3] == ["Fay", "Bob", "Cid"] and hh.actions[flop + 1:] == ["p1 cc", "p2 cc", "p3 cbr 15", "p1 f", "p2 f"]
    assert any("check(s) before the bet" in n for n in hh.extra["_notes"])
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"Fay": 440, "Bob": 390, "Cid": 310, "Ann": 1000}
