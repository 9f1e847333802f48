"""A tournament's number, buy-in and level survive PokerStars -> PHH -> PokerStars -> PHH; the
equity doc says where the per-call functions are imported from."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyeval.errors import HandHistoryError
from pyeval.hands_io import parse_text
from pyeval.hands_io.export import hand_history_to_pokerstars, to_pokerstars
from pyeval.poker import phh

TOURN = """\
PokerStars Hand #230000000001: Tournament #3100000001, $4.40+$0.40 USD Hold'em No Limit - Level V (100/200) - 2021/03/01 12:00:00 ET
Table '3100000001 7' 9-max Seat #1 is the button
Seat 1: Dan (5000 in chips)
Seat 4: Eve (150 in chips)
Seat 7: Fay (8000 in chips)
Dan: posts the ante 25
Eve: posts the ante 25
Fay: posts the ante 25
Eve: posts small blind 100
Fay: posts big blind 200
*** HOLE CARDS ***
Dealt to Dan [Ac Qc]
Dan: raises 400 to 600
Eve: calls 25 and is all-in
Fay: folds
Uncalled bet (400) returned to Dan
*** FLOP *** [2h 5d 9s]
*** TURN *** [2h 5d 9s] [Jd]
*** RIVER *** [2h 5d 9s Jd] [Kh]
*** SHOW DOWN ***
Eve: shows [8h 8c] (a pair of Eights)
Dan: shows [Ac Qc] (high card Ace)
Dan collected 150 from side pot
Eve collected 450 from main pot
*** SUMMARY ***
Total pot 600 Main pot 450. Side pot 150. | Rake 0
Board [2h 5d 9s Jd Kh]
Seat 1: Dan (button) showed [Ac Qc] and collected (150)
Seat 4: Eve (small blind) showed [8h 8c] and won (450) with a pair of Eights
Seat 7: Fay (big blind) folded before Flop
"""


def _hand(text: str) -> phh.HandHistory:
    (h,) = parse_text(text)
    assert h.error is None and h.verification.ok, (h.error, h.verification)
    assert h.hand is not None
    return h.hand


def test_a_tournaments_number_buy_in_and_level_survive_the_round_trip() -> None:
    first = _hand(TOURN)
    assert first.extra["event"] == "Tournament #3100000001"
    assert first.extra["_buy_in"] == "$4.40+$0.40 USD" and first.extra["level"] == "V"
    text = hand_history_to_pokerstars(first)
    assert text.splitlines()[0].startswith("PokerStars Hand #230000000001: Tournament #3100000001, "
                                           "$4.40+$0.40 USD Hold'em No Limit - Level V (100/200)")
    again = _hand(text)
    for key in ("event", "_buy_in", "level", "hand", "table"):
        assert again.extra[key] == first.extra[key], key


@pytest.mark.parametrize("buy_in", ["Freeroll", "€10+€1 EUR", "100+10", "$0.98+$0.02"])
def test_the_buy_in_is_read_back_as_written(buy_in: str) -> None:
    text = TOURN.replace("$4.40+$0.40 USD", buy_in)
    h = _hand(text)
    assert h.extra["_buy_in"] == buy_in
    assert f"Tournament #3100000001, {buy_in} Hold'em" in hand_history_to_pokerstars(h)


def test_a_bad_tournament_header_is_refused() -> None:
    rnd = _hand(TOURN).replay()
    with pytest.raises(HandHistoryError):
        to_pokerstars(rnd, tournament=("31x", "Freeroll", "I"))
    with pytest.raises(HandHistoryError):
        to_pokerstars(rnd, tournament=("31", "Freeroll Hold'em", "I"))


def test_the_equity_doc_shows_where_to_import_from() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "equity.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    code = next(b for b in blocks if "hand_vs_range" in b)
    assert "from pyeval.equity import" in code
    exec(compile(code, "docs/equity.md", "exec"), {})  # the example runs as written


def _bare_record() -> phh.HandHistory:
    """A record without room details (as a Pluribus PHH file): no date, table or venue; hand = 1."""
    h = _hand(TOURN.replace("Tournament #3100000001, $4.40+$0.40 USD ", "").replace(" - Level V (100/200)",
                                                                                    " ($100/$200 USD)"))
    for key in ("year", "month", "day", "time", "time_zone_abbreviation", "table", "venue"):
        h.extra.pop(key, None)
    h.extra["hand"] = 1
    return h


def test_the_exports_stand_ins_are_not_read_back_as_the_hands() -> None:
    text = hand_history_to_pokerstars(_bare_record())
    assert "pyeval record: date=none table=none hand=int" in text.splitlines()
    back = _hand(text)
    assert back.extra["hand"] == 1 and type(back.extra["hand"]) is int
    for key in ("year", "month", "day", "time", "time_zone_abbreviation", "table"):
        assert key not in back.extra, key


def test_a_records_own_date_and_table_are_kept() -> None:
    text = hand_history_to_pokerstars(_hand(TOURN))
    assert "pyeval record:" not in text
    back = _hand(text)
    assert (back.extra["year"], back.extra["table"], back.extra["hand"]) == (2021, "3100000001 7", "230000000001")


def test_an_unknown_record_mark_is_refused() -> None:
    text = hand_history_to_pokerstars(_bare_record()).replace("hand=int", "hand=float")
    (h,) = parse_text(text)
    assert h.error is not None and "record mark" in str(h.error)
