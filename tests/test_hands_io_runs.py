"""Boards run more than once and streets a room skips after an all-in, in the Stars-layout driver
(KingsClub's ``*** BOARD 2 - RIVER *** [- - - Qd] [5h]``, a ``*** RIVER ***`` line that holds the
whole board) and a double-board game refused per hand (issue 22). Hands written for these tests on the
rooms' layouts; no file is copied."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

RUN_TWICE = """\
#39900002: Pot Limit Omaha - 5/10
2021-01-02 16:00:00
Table 'Test Mix' Seat 6 is the button
Seat 1: ann (1,000)
Seat 3: bob (110)
Seat 6: Hero (1,000)
ann: posts the small blind 5
bob: posts the big blind 10
*** HOLE CARDS ***
Dealt to ann: [X X X X]
Dealt to bob: [X X X X]
Dealt to Hero: [Ad Ac Kd Kc]
Hero raises to 35
ann folds
bob calls 35
*** FLOP *** [2h 7s 9c]
bob bets 75, and is all in
Hero calls 75
bob shows [Qs Qh Jd Td]
Hero shows [Ad Ac Kd Kc]
*** BOARD 1 - RIVER *** [2h 7s 9c 3d] [4c]
*** BOARD 2 - RIVER *** [- - - Qd] [5h]
*** SUMMARY ***
Seat 1: ann (995) -5
Seat 3: bob (112.50) +2.50
Seat 6: Hero (1,002.50) +2.50
bob wins (112.50) from pot
Hero wins (112.50) from pot
"""

SKIPPED = """\
#39900003: No Limit Holdem - 5/10
2021-01-02 16:05:00
Table 'Test Mix' Seat 6 is the button
Seat 1: ann (1,000)
Seat 3: bob (200)
Seat 6: Hero (1,000)
ann: posts the small blind 5
bob: posts the big blind 10
*** HOLE CARDS ***
Dealt to Hero: [Ad Ac]
Dealt to ann: [X X]
Dealt to bob: [X X]
Hero raises to 200
ann folds
bob calls 200, and is all in
Hero shows [Ad Ac]
bob shows [Kd Kc]
*** RIVER *** [2s Th 6h 7c] [5s]
*** SUMMARY ***
Seat 1: ann (995) -5
Seat 3: bob (0) -200
Seat 6: Hero (1,205) +205
Hero wins pot (405)
"""


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "kingsclub"
    [h] = list(parse_text(text, "kingsclub", source="kc.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_a_board_run_twice_with_the_shared_cards_dashed_is_read_run_by_run() -> None:
    hh = _one(RUN_TWICE)
    assert hh.extra["_boards"] == ["2h7s9c3d4c", "2h7s9cQd5h"]
    assert hh.finishing_stacks == [99500, 11250, 100250]
    # the second run's turn to a blank: the aces scoop, the record's split is wrong
    [bad] = list(parse_text(RUN_TWICE.replace("[- - - Qd]", "[- - - 3s]"), "kingsclub", source="kc.txt"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok


def test_a_river_line_holding_the_whole_board_deals_the_streets_it_skipped() -> None:
    hh = _one(SKIPPED)
    assert [a for a in hh.actions if a.startswith("d db")] == ["d db 2sTh6h", "d db 7c", "d db 5s"]
    assert hh.finishing_stacks == [995, 0, 1205]


def test_betting_between_two_boards_is_a_game_pyeval_does_not_play() -> None:
    text = SKIPPED.replace("bob calls 200, and is all in\n", "bob calls 200\n").replace(
        "Seat 3: bob (200)", "Seat 3: bob (900)").replace(
        "*** RIVER *** [2s Th 6h 7c] [5s]",
        "*** BOARD 1 - FLOP *** [2s Th 6h]\n*** BOARD 2 - FLOP *** [Jc 6s 8s]\nbob checks\nHero checks")
    [h] = list(parse_text(text, "kingsclub", source="kc.txt"))
    assert h.hand is None and h.error is not None and "game not supported: " in h.error, h.error
