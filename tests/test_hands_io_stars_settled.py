"""PokerStars records whose settlement is written otherwise (issue 22; hands written for these tests,
modelled on real layouts): files converted to PokerStars' layout by third-party tools (a walk that
returns the whole big blind; a return left in the total pot and the collected amount) and the
2020+ All-in Cash Out (decision 039)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.errors import HandHistoryError
from pyeval.hands_io import parse_file
from pyeval.poker.phh_replay import cashed_out_stacks

DATA = Path(__file__).parent / "data" / "hands_io" / "pokerstars_settled.txt"


def _hands():
    return {h.hand.extra["hand"]: h for h in parse_file(DATA) if h.hand is not None}


def test_a_return_of_more_than_was_uncalled_is_cut_and_the_rest_collected():
    h = _hands()["200000000501"]  # the big blind gets "$2 back" and collects the small blind's $1
    assert h.verification.ok, h.verification
    assert h.hand.players[1] == "Ida" and h.hand.extra["_returned"] == [0, 100, 0, 0]
    assert h.hand.extra["_total_pot"] == 200 and sum(h.hand.extra["winnings"]) == 200
    assert any("only 100 was uncalled" in n for n in h.verification.notes)


def test_a_return_left_in_the_total_and_the_collected_amount_is_derived():
    h = _hands()["200000000502"]  # everyone folds to Amy's raise: no "Uncalled bet" line
    assert h.verification.ok, h.verification
    assert h.hand.extra["_total_pot"] == 580 and h.hand.extra["winnings"] == [0, 0, 580, 0]
    assert any("uncalled bet of 400 returned to Amy" in n for n in h.verification.notes)


def test_a_cash_out_is_paid_instead_of_the_pot_the_player_would_win():
    h = _hands()["200000000503"]  # Eve wins the pot but cashed out: the house keeps it, pays her $17.10
    assert h.verification.ok, h.verification
    hh = h.hand
    assert hh.extra["winnings"] == [3825, 0, 0] and hh.extra["_cashed_out"] == [1710, 0, 0]
    assert hh.finishing_stacks == [1710, 1975, 0]
    assert hh.extra["_total_pot"] == 4025 and hh.extra["_rake"] == 200
    rnd = hh.replay()
    assert rnd.stacks[0] == 3825 and cashed_out_stacks(hh, rnd, rnd.stacks)[0] == 1710


def test_a_record_whose_return_contradicts_its_result_still_disagrees():
    h = _hands()["200000000504"]  # returns $2 of $2 and collects $2: one dollar too many
    assert not h.verification.ok
    assert h.verification.problems[0].startswith("Jon (p2): the record ends with 15200, the replay with 15100")


@pytest.mark.parametrize("bad", [[1, 2], "x", [0, -1, 0], [0, 1.5, 0], [True, 0, 0]])
def test_a_bad_cash_out_field_is_refused(bad):
    hh = _hands()["200000000503"].hand
    rnd = hh.replay()
    hh.extra["_cashed_out"] = bad
    with pytest.raises(HandHistoryError, match="_cashed_out"):
        cashed_out_stacks(hh, rnd, rnd.stacks)
