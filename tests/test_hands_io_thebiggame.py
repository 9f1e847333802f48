"""The Big Game's replayer hands (``LoadHand({...})``): hands written for these tests on the layout of
the show's web files (no file is copied), checked by replay and by the record's ``Wins``."""
from __future__ import annotations

import pytest

from pyeval.hands_io import detect_format, parse_text


def _p(seat: int, name: str, stack: int, cards: str = "") -> str:
    cs = ",".join(f'"{cards[i:i + 2]}"' for i in range(0, len(cards), 2))
    return f'{{Name:"{name}",Seat:{seat},Stack:{stack},Cards:[{cs}],CurrentBet:0}}'


def _hand(title: str, dealer: int, players: list[str], plays: str) -> str:
    return (f'LoadHand({{Hand:{{Title:"{title}",NumberOfSeats:6,PotSize:0,BigBlind:200,SmallBlind: 100,Ante:300,'
            f'CurrentBet:0,Dealer:{dealer},CardsOut:[],Players: [{",".join(players)}]}},Plays:[{plays}]}})')


BUTTON_ANTE = "URL: http://thebiggame.pokerstars.net/data/s1/w9/d9/d9h1.js\n" + _hand("t1", 4, [
    _p(1, "A. ONE", 10000, "h2c3"), _p(2, "B. TWO", 20000, "d4d5"), _p(3, "C. THREE", 10000, "s6s7"),
    _p(4, "D. FOUR", 10000, "c8c9"), _p(5, "E. FIVE", 10000, "htcj"), _p(6, "F. SIX", 10000, "dqdk")],
    '{Seat:1,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Calls"},'
    '{Seat:5,Action:"Calls"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},'
    '{Seat:5,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:4,Action:"Bets",value:500},'
    '{Seat:5,Action:"Folds"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:4,Action:"Wins",value:1600},'
    '{Seat:0,Action:"Deal",value:["ha"]}') + "\n"

EMPTY_SEAT = _hand("t2", 5, [
    _p(1, "A. ONE", 10000, "h2c3"), _p(2, "B. TWO", 10000, "sasq"), _p(3, "C. THREE", 10000, "s6s7"),
    _p(4, "D. FOUR", 10000, "c8h4"), _p(5, "E. FIVE", 10000, "c9d9"), '{Name:"",Seat:6,Stack:0,Cards:[],CurrentBet:0}'],
    '{Seat:2,Action:"Raises To",value:600},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},{Seat:5,Action:"Calls"},'
    '{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["ha","dk","c7"]},{Seat:1,Action:"Checks"},'
    '{Seat:2,Action:"Bets",value:1000},{Seat:5,Action:"Calls"},{Seat:1,Action:"Folds"},{Seat:0,Action:"Deal",value:["s2"]},'
    '{Seat:2,Action:"Checks"},{Seat:5,Action:"Checks"},{Seat:0,Action:"Deal",value:["h9"]},{Seat:2,Action:"Checks"},'
    '{Seat:5,Action:"Checks"},{Seat:5,Action:"Wins",value:4100}') + "\n"

TAKES_BACK = _hand("t3", 1, [_p(1, "A. ONE", 8000, "hkhq"), _p(2, "B. TWO", 10000, "d4d5"), _p(3, "C. THREE", 3000, "cacj")],
    '{Seat:1,Action:"Raises To",value:600},{Seat:2,Action:"Folds"},{Seat:3,Action:"All-In"},{Seat:1,Action:"All-In"},'
    '{Seat:1,Action:"Takes Back",value:4700},{Seat:0,Action:"Deal",value:["d2","s7","h9"]},'
    '{Seat:0,Action:"Deal",value:["c4"]},{Seat:0,Action:"Deal",value:["s5"]},{Seat:3,Action:"Wins",value:6400}') + "\n"


def _stacks(text: str) -> dict[str, int]:
    [h] = list(parse_text(text, source="tbg.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return dict(zip(h.hand.players, h.hand.finishing_stacks or []))


@pytest.mark.parametrize("text", [BUTTON_ANTE, EMPTY_SEAT, TAKES_BACK])
def test_the_big_game_files_are_detected(text: str) -> None:
    assert detect_format(text) == "thebiggame"


def test_the_dealer_posts_the_ante_and_wins_count_the_uncalled_bet() -> None:
    assert _stacks(BUTTON_ANTE) == {"E. FIVE": 9800, "F. SIX": 9800, "A. ONE": 9800, "B. TWO": 20000,
                                    "C. THREE": 10000, "D. FOUR": 10600}


def test_an_empty_small_blind_seat_posts_no_small_blind_and_the_cards_decide() -> None:
    assert _stacks(EMPTY_SEAT) == {"A. ONE": 9400, "B. TWO": 8400, "C. THREE": 10000, "D. FOUR": 10000,
                                   "E. FIVE": 12200}
    [bad] = list(parse_text(EMPTY_SEAT.replace('{Seat:5,Action:"Wins"', '{Seat:2,Action:"Wins"'), source="tbg.txt"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok


def test_takes_back_is_the_return_of_the_uncalled_all_in() -> None:
    assert _stacks(TAKES_BACK) == {"B. TWO": 9900, "C. THREE": 6400, "A. ONE": 4700}


@pytest.mark.parametrize("old, new, why", [
    ("value:6400", "value:6300", "are not the pot"),
    ("value:4700", "value:4600", "takes back"),
    ('Action:"Folds"', 'Action:"Dances"', "does not read"),
    ("Stack:3000", "Stack:-3", "not a chip count"),
    ("LoadHand({Hand:", "LoadHand({Hand:{"[:0] + "LoadHand({Hand:[", "not readable"),
])
def test_a_bad_record_is_refused_with_its_reason(old: str, new: str, why: str) -> None:
    assert old in TAKES_BACK
    [h] = list(parse_text(TAKES_BACK.replace(old, new, 1), fmt="thebiggame", source="tbg.txt"))
    assert h.hand is None and h.error is not None and why in h.error


def test_a_player_with_no_cards_and_no_play_sits_out_and_posts_no_blind() -> None:
    text = (TAKES_BACK.replace('Cards:["d4","d5"]', "Cards:[]").replace('{Seat:2,Action:"Folds"},', "")
            .replace("value:6400", "value:6300"))
    [h] = list(parse_text(text, source="tbg.txt"))
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    assert dict(zip(h.hand.players, h.hand.finishing_stacks or [])) == {"C. THREE": 6300, "A. ONE": 4700}
    assert h.hand.extra["_sitting_out"] == ["B. TWO"]
