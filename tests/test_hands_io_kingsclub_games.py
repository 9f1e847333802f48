"""KingsClub's draw and stud layouts (issue 22, decision 045): hands written for these tests on the
club's layout (no file is copied), checked by replay and by the room's per-player results."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

TRIPLE_DRAW = """\
#40000001: Limit 2-7 Triple Draw - 10/20
2021-01-02 15:42:06
Table 'Test Mix' Seat 1 is the button
Seat 1: ann (500)
Seat 3: bob (400)
Seat 6: Hero (600)
*** 1ST BETTING ROUND ***
bob: posts the small blind 5
Hero: posts the big blind 10
Dealt to ann: [X X X X X]
Dealt to bob: [X X X X X]
Dealt to Hero: [Ts 8h Jh 4c 6h]
ann folds
bob raises to 20
Hero calls 20
*** 1ST DRAW ***
bob draws 2
Hero discards [Ts Jh] draws [3c 7c]
*** 2ND BETTING ROUND ***
bob bets 10
Hero raises to 20
bob calls 20
*** 2ND DRAW ***
bob stands pat
Hero discards [7c] draws [2d]
*** 3RD BETTING ROUND ***
bob checks
Hero bets 20
bob calls 20
*** 3RD DRAW ***
bob draws 1
Hero stands pat
*** 4TH BETTING ROUND ***
bob bets 20
Hero calls 20
bob shows [2h 4d 5s 7h 8c]
Hero shows [3c 8h 2d 4c 6h]
*** SUMMARY ***
Seat 1: ann (500)
Seat 3: bob (320) -80
Seat 6: Hero (679) +79
Rake 1
Hero wins pot (159)
"""

STUD = """\
#40000002: Limit Seven Card Stud - 10/20
2021-01-02 15:52:36
Table 'Test Mix'
Seat 1: ann (500)
Seat 4: bob (300)
Seat 6: Hero (400)
ann: posts ante 2
bob: posts ante 2
Hero: posts ante 2
Dealt to ann: [X X 2c]
Dealt to bob: [X X Kd]
Dealt to Hero: [Qh 4s Qs]
ann brings in for 5
bob calls 5
Hero bets 10
ann folds
bob calls 10
*** 3RD STREET ***
Dealt to bob: [9c]
Dealt to Hero: [3d]
bob checks
Hero bets 10
bob calls 10
*** 4TH STREET ***
Dealt to bob: [5d]
Dealt to Hero: [6h]
bob checks
Hero bets 20
bob calls 20
*** 5TH STREET ***
Dealt to bob: [6d]
Dealt to Hero: [As]
Hero bets 20
bob calls 20
*** 6TH STREET ***
Dealt to bob: [X]
Dealt to Hero: [Kc]
Hero bets 20
bob calls 20
Hero shows [4s Qh Qs 3d 6h As Kc]
bob shows [7s Td Kd 9c 5d 6d 2h]
*** SUMMARY ***
Seat 1: ann (493) -7
Seat 4: bob (218) -82
Seat 6: Hero (488) +88
Rake 1
Hero wins pot (170)
"""


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "kingsclub"
    [h] = list(parse_text(text, "kingsclub", source="kc.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_triple_draw_rounds_draws_and_a_hero_discarding_and_drawing_on_one_line() -> None:
    hh = _one(TRIPLE_DRAW)
    assert hh.variant == "F2L3D" and hh.players == ["bob", "Hero", "ann"]
    assert hh.extra["winnings"] == [0, 159, 0] and hh.extra["_rake"] == 1
    assert hh.finishing_stacks == [320, 679, 500]
    acts = hh.actions
    assert "p1 sd ????" in acts and "p2 sd TsJh" in acts and "d dh p2 3c7c" in acts and "d dh p2 2d" in acts
    assert "p1 sd" in acts  # bob stands pat


def test_stud_streets_are_numbered_from_the_fourth_card_and_a_hidden_seventh_card_is_no_line() -> None:
    hh = _one(STUD)
    assert hh.variant == "F7S" and hh.extra["winnings"] == [0, 0, 170]
    assert hh.antes == [2, 2, 2] and hh.bring_in == 5 and hh.finishing_stacks == [493, 218, 488]


def test_a_player_coming_in_posts_the_big_blind_live_and_the_small_blind_dead() -> None:
    text = TRIPLE_DRAW.replace("Hero: posts the big blind 10\n", "Hero: posts the big blind 10\nann: posts blind 10\n")
    text = text.replace("Seat 1: ann (500)\nSeat 3: bob (320)", "Seat 1: ann (485) -15\nSeat 3: bob (320)")
    text = text.replace("Rake 1\nHero wins pot (159)", "Rake 1\nHero wins pot (174)").replace(
        "Seat 6: Hero (679) +79", "Seat 6: Hero (694) +94")
    hh = _one(text)
    assert hh.finishing_stacks == [320, 694, 485] and hh.extra["winnings"] == [0, 174, 0]


def test_a_draw_run_twice_and_games_pyeval_does_not_play_are_refused_with_their_reason() -> None:
    twice = TRIPLE_DRAW.replace("Hero discards [7c] draws [2d]", "Hero discards [7c] draws [2d] [5c]")
    [h] = list(parse_text(twice, "kingsclub"))
    assert h.hand is None and h.error is not None and "a draw run more than once" in h.error
    runs = TRIPLE_DRAW.replace("Hero shows [3c", "Run 1: Hero shows [3c")
    [h] = list(parse_text(runs, "kingsclub"))
    assert h.hand is None and h.error is not None and "a draw run more than once" in h.error
    [h] = list(parse_text(TRIPLE_DRAW.replace("2-7 Triple Draw", "Badacey"), "kingsclub"))
    assert h.hand is None and h.error is not None and "game not supported: Badacey" in h.error


SIDE_POT = """\
#40000003: Limit Omaha Hi-Lo - 100/200
2021-04-01 08:16:08
Table 'Test Omaha' Seat 5 is the button
Seat 1: Hero (2,000)
Seat 5: ann (40)
Seat 7: bob (3,000)
bob: posts the small blind 50
Hero: posts the big blind 100
*** HOLE CARDS ***
Dealt to Hero: [Kh Kd 9c 3s]
Dealt to ann: [X X X X]
Dealt to bob: [X X X X]
ann calls 40, and is all in
bob folds
Hero shows [Kh Kd 9c 3s]
ann shows [Ah 2h 8d 4c]
*** RIVER *** [2s Th 6h 7c] [5s]
*** SUMMARY ***
Seat 1: Hero (1,970) -30
Seat 5: ann (120) +80
Seat 7: bob (2,950) -50
ann wins pot (120)
"""

WALK = """\
#40000004: No Limit Holdem - 5/10
2021-01-02 15:49:35
Table 'Test Mix' Seat 1 is the button
Seat 1: ann (1,000)
Seat 2: bob (1,000)
Seat 3: cat (1,000)
bob: posts the small blind 5
cat: posts the big blind 10
*** HOLE CARDS ***
Dealt to ann: [Ah Kh]
Dealt to bob: [X X]
Dealt to cat: [X X]
ann raises to 30
bob folds
cat folds
*** SUMMARY ***
Seat 1: ann (1,015) +15
Seat 2: bob (995) -5
Seat 3: cat (990) -10
ann wins pot (25)
"""


def test_a_side_pot_won_alone_that_the_room_writes_no_line_for_is_read_from_the_summary_stack() -> None:
    """ann is all in for 40 on a big blind of 100 after the small blind folds: the main pot (120) is
    hers, the rest of the small blind (10) a side pot the big blind wins alone, which only his
    summary line (1,970) shows; no rake is taken for it."""
    hh = _one(SIDE_POT)
    assert hh.players == ["bob", "Hero", "ann"] and hh.finishing_stacks == [2950, 1970, 120]
    assert hh.extra["winnings"] == [0, 20, 120] and not hh.extra.get("_rake")
    assert any("Hero won 20 the room writes no line for" in n for n in hh.extra["_notes"])


def test_a_win_that_no_reading_of_the_amounts_gives_with_the_winners_summary_line_is_refused() -> None:
    assert _one(WALK).finishing_stacks == [995, 990, 1015]
    [h] = list(parse_text(WALK.replace("ann wins pot (25)", "ann wins pot (30)"), "kingsclub"))
    assert h.hand is None and h.error is not None
    assert "the room's figures do not add up: ann's summary line gives 1015 after the hand" in h.error
