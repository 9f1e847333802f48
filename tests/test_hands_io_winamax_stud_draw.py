"""Winamax's stud, razz and 2-7 triple draw hands on the one Stars-layout driver: hands written for
these tests on the room's layout (no room's file is copied), each checked by replay, every player's
result and the room's own figures (collected + rake = total pot)."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text

STUD = """\
Winamax Poker - CashGame - HandId: #9000001-12-1478990000 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/12 22:00:00 UTC
Table: 'Testville' 6-max (real money)
Seat 1: Ann (500€)
Seat 2: Bob (1000€)
Seat 4: Cat (800€)
*** ANTE/BLINDS ***
Ann posts ante 5€
Bob posts ante 5€
Cat posts ante 5€
*** 3rd STREET ***
Dealt to Ann [X X 8h]
Dealt to Bob [Ah 7d 2c]
Dealt to Cat [X X Kd]
Bob brings in 10€
Cat raises 25€ to 25€
Ann folds
Bob calls 15€
*** 4th STREET ***
Dealt to Bob [Ah 7d 2c] [3c]
Dealt to Cat [X X Kd] [9s]
Cat bets 25€
Bob calls 25€
*** 5th STREET ***
Dealt to Bob [Ah 7d 2c 3c] [4c]
Dealt to Cat [X X Kd 9s] [9d]
Cat bets 50€
Bob raises 50€ to 100€
Cat calls 50€
*** 6th STREET ***
Dealt to Bob [Ah 7d 2c 3c 4c] [5c]
Dealt to Cat [X X Kd 9s 9d] [Qh]
Cat checks
Bob bets 50€
Cat calls 50€
*** 7th STREET ***
Dealt to Cat [X X Kd 9s 9d Qh] [X]
Dealt to Bob [Ah 7d 2c 3c 4c 5c] [6h]
Cat checks
Bob checks
*** SHOW DOWN ***
Bob shows [Ah 7d 2c 3c 4c 5c 6h] (Straight Seven high)
Cat shows [Ks Kh Kd 9s 9d Qh Js] (Full house : Kings full of 9)
Cat collected 413€ from pot
*** SUMMARY ***
Total pot 413€ | Rake 2€
Seat 4: Cat showed [Ks Kh Kd 9s 9d Qh Js] and won 413€ with Full house : Kings full of 9
Seat 2: Bob showed [Ah 7d 2c 3c 4c 5c 6h] and lost with Straight Seven high
"""

RAZZ_WORDS = """\
Winamax Poker - CashGame - HandId: #8800001-5-1465760000 - Razz fixed limit (0.01/0.05/0.10) - 2016/06/12 19:00:00 UTC
Table: 'Testberg' 6-max (play money) Seat #0 is the button
Seat 2: Ann (2.05)
Seat 3: Bob (3.15)
*** ANTE/BLINDS ***
Bob posts ante 0.01
Ann posts ante 0.01
*** THIRD ***
Dealt to Ann [X X 4d]
Dealt to Bob [2s 3s Kc]
Bob bring-in 0.02
Ann raises 0.03 to 0.05
Bob folds
Ann collected 0.09 from pot
*** SUMMARY ***
Total pot 0.09 | No rake
Seat 2: Ann won 0.09
"""

DRAW = """\
Winamax Poker - CashGame - HandId: #9250000-38-1478989000 - Lowball27 fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC
Table: 'Testdraw' 6-max (real money) Seat #4 is the button
Seat 1: Hero (2000€)
Seat 4: Vil (300€)
*** ANTE/BLINDS ***
Vil posts small blind 12.50€
Hero posts big blind 25€
*** FIRST-BET ***
Dealt to Vil [X X X X X]
Dealt to Hero [2h Td 8c 7c 3s]
Vil raises 25€ to 50€
Hero calls 25€
*** FIRST-DRAW ***
Hero stands pat [2h Td 8c 7c 3s]
Vil stands pat [X X X X X]
*** SECOND-BET ***
Hero checks
Vil bets 25€
Hero calls 25€
*** SECOND-DRAW ***
Hero stands pat [2h Td 8c 7c 3s]
Vil stands pat [X X X X X]
*** THIRD-BET ***
Hero checks
Vil bets 50€
Hero calls 50€
*** THIRD-DRAW ***
Hero stands pat [2h Td 8c 7c 3s]
Vil discard 1 card
*** FOURTH-BET ***
Hero bets 50€
Vil folds
Hero collected 298€ from pot
*** SUMMARY ***
Total pot 298€ | Rake 2€
Seat 1: Hero (big blind) won 298€
"""


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "winamax"
    [h] = list(parse_text(text, "winamax"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_stud_with_face_down_cards_completion_and_rake() -> None:
    """``[X X 8h]``: the others' face-down cards; ``raises 25€ to 25€`` completes the 10€ bring-in;
    the rake is added back to the collected amount (Winamax prints the pot after the rake)."""
    hh = _one(STUD)
    assert hh.variant == "F7S"
    assert hh.players == ["Ann", "Bob", "Cat"]
    assert hh.antes == [500, 500, 500] and hh.bring_in == 1000
    assert hh.small_bet == 2500 and hh.big_bet == 5000
    assert hh.finishing_stacks == [49500, 79500, 100800]
    assert hh.extra["winnings"] == [0, 0, 41300]
    assert hh.extra["_rake"] == 200 and hh.extra["_total_pot"] == 41500


def test_razz_with_the_word_sections_and_bring_in() -> None:
    """``*** THIRD ***`` and ``NAME bring-in 0.02`` (the play-money client's words)."""
    hh = _one(RAZZ_WORDS)
    assert hh.variant == "FR"
    assert hh.bring_in == 2
    assert hh.finishing_stacks == [208, 312]
    assert hh.extra["winnings"] == [6, 0]  # the 0.03 nobody called is in the 0.09 collected


def test_triple_draw_lowball27_uncalled_bet_in_collected() -> None:
    """``Lowball27``: 2-7 triple draw; ``discard N card(s)``, ``stands pat [CARDS]`` and ``stands pat [X X X X X]``; the bet
    nobody called is in Hero's 298€ and taken back out; the blinds count on the first round."""
    hh = _one(DRAW)
    assert hh.variant == "F2L3D"
    assert hh.players == ["Hero", "Vil"]
    assert hh.finishing_stacks == [212300, 17500]
    assert hh.extra["winnings"] == [24800, 0]
    assert hh.extra["_rake"] == 200 and hh.extra["_total_pot"] == 25000
    assert sum(1 for a in hh.actions if " sd" in a) == 6 and hh.actions[-4:-2] == ["p2 sd ??", "d dh p2 ??"]


def test_stud_is_refused_before_its_words_are_known() -> None:
    """A stud line the reader does not know (a face-down card ``Y``) refuses the hand with its line."""
    [h] = list(parse_text(STUD.replace("Dealt to Ann [X X 8h]", "Dealt to Ann [Y Y 8h]"), "winamax"))
    assert h.hand is None and h.error is not None and "line 11" in h.error
