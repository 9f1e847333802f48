"""The house layer (pyeval/house/, issue 24 item 3): the one paytable model, the one settlement step,
the one payout formula in Python and C, the simulation base's field maps, the audit function, the
argument error, and the deprecation path of the names that left the shoe."""
from __future__ import annotations

import pickle
import warnings
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyeval
from pyeval import HouseArgumentError, PaytableError, ShoeArgumentError, TableRulesError, evaluate, parse_cards
from pyeval._bindings import ffi, lib
from pyeval.contracts import Outcome
from pyeval.crisscross import CrissCrossPaytable, CrissCrossRules
from pyeval.crisscross.rules import PAIR_OF_JACKS, PAIR_OF_SIXES
from pyeval.crisscross.sim import CrissCrossSim, simulate_rounds
from pyeval.hands.high import CATEGORY_RANGES, MAX_VALUE, HandCategory
from pyeval.headsup import HeadsUpPaytable, PaytableKind, example_rules
from pyeval.headsup.paytables import ODDS_STRAIGHT_OR_BETTER, POCKET_BONUS_HOLDEM_BONUS_LADDER
from pyeval.headsup.sim import HeadsUpSim, play_batch
from pyeval.house import LinePaytable, PaidLine, PaytableLine, category_scale, settle_line, winnings
from pyeval.house import play_rounds
from pyeval.house.sim import fill_struct, ratios


# ---- one payout formula, Python and C ------------------------------------------------------------
def _c_winnings(stake: int, num: int, den: int, up: bool) -> int:
    out = ffi.new("int64_t *")
    assert lib.pe_house_winnings(stake, num, den, 1 if up else 0, out) == 0
    return int(out[0])


@given(st.integers(0, 2**40), st.integers(0, 2**22), st.integers(1, 2**31 - 1), st.booleans())
def test_the_c_payout_helper_pays_what_python_pays(stake: int, num: int, den: int, up: bool) -> None:
    assert _c_winnings(stake, num, den, up) == winnings(stake, num, den, up)


def test_winnings_round_down_or_up_in_whole_chips() -> None:
    assert winnings(5, 3, 2) == 7 and winnings(5, 3, 2, True) == 8 and winnings(4, 3, 2, True) == 6
    assert _c_winnings(5, 3, 2, False) == 7 and _c_winnings(5, 3, 2, True) == 8


@pytest.mark.parametrize("args", [(-1, 1, 1, 0), (1, -1, 1, 0), (1, 1, 0, 0), (1, 1, 1, 2), (2**62, 4, 1, 0)])
def test_the_c_payout_helper_refuses_bad_arguments(args: tuple[int, int, int, int]) -> None:
    out = ffi.new("int64_t *")
    assert lib.pe_house_winnings(*args, out) == lib.PE_ERR_ARG


# ---- one paytable model ------------------------------------------------------------------------
def test_a_value_table_pays_the_line_a_hand_reaches() -> None:
    pt = LinePaytable.of("t", [("Flush+", CATEGORY_RANGES[HandCategory.FLUSH][0], 5), ("Jacks", PAIR_OF_JACKS, 1),
                               ("Sixes", PAIR_OF_SIXES, 0)])
    assert pt.line_for(evaluate(parse_cards("Ah Kh 9h 5h 2h"))).label == "Flush+"  # type: ignore[union-attr]
    assert pt.line_for(evaluate(parse_cards("Jc Jd 9h 5h 2s"))).label == "Jacks"  # type: ignore[union-attr]
    assert pt.line_for(evaluate(parse_cards("7c 7d 9h 5h 2s"))).is_push  # type: ignore[union-attr]
    assert pt.line_for(evaluate(parse_cards("5c 5d 9h 4h 2s"))) is None
    table = pt.by_value()
    assert len(table) == MAX_VALUE + 1 and table[0] is None
    assert all(table[v] == pt.paid_for(v) for v in range(1, MAX_VALUE + 1))
    assert CrissCrossPaytable is LinePaytable


def test_a_category_table_is_the_special_case_of_one_line_per_category() -> None:
    pt = ODDS_STRAIGHT_OR_BETTER
    assert isinstance(pt, LinePaytable) and pt.lines[0].label == "ROYAL_FLUSH"
    scale = category_scale()
    for name, (lo, hi) in scale.items():
        for v in (lo, hi):
            line = pt.line_for(v)
            assert (line.label if line else None) == (name if pt.odds(name) is not None else None)
    assert scale["ROYAL_FLUSH"] == (MAX_VALUE, MAX_VALUE) and scale["STRAIGHT_FLUSH"][1] == MAX_VALUE - 1
    assert pt.payouts()["FLUSH"] == Fraction(3, 2) and pt.ratio("FLUSH") == (3, 2) and pt.odds("PAIR") is None
    assert pt.denominators_lcm == 2
    # a class table on a scale of its own: every Pocket Bonus class is one line, found by its label
    pb = POCKET_BONUS_HOLDEM_BONUS_LADDER
    assert pb.paid("AKs") == PaidLine(25, 1, Fraction(25), "AKs") and pb.paid("KQs") is None


def test_paytables_pickle_and_compare_by_content() -> None:
    for pt in (ODDS_STRAIGHT_OR_BETTER, CrissCrossRules().main_paytable):
        again = pickle.loads(pickle.dumps(pt))
        assert again == pt and hash(again) == hash(pt) and type(again) is type(pt)
    assert HeadsUpPaytable(PaytableKind.ODDS, {"FLUSH": 1}) != LinePaytable.of("x", [("FLUSH", 5864, 1)])


@pytest.mark.parametrize("lines", [
    [],  # no lines
    [("a", 100, 1), ("b", 200, 1)],  # weakest first
    [("a", 300, 1), ("a", 200, 1)],  # one label twice
    [("a", 100, 1.5)],  # a float
    [("a", 100, -1)],  # negative odds
    [("a", 0, 1)],  # below the scale
])
def test_a_bad_paytable_is_a_paytable_error_and_a_table_rules_error(lines: list[tuple[str, int, object]]) -> None:
    with pytest.raises(PaytableError):
        LinePaytable.of("x", lines)  # type: ignore[arg-type]
    assert issubclass(PaytableError, TableRulesError)


def test_lines_may_not_overlap() -> None:
    with pytest.raises(PaytableError):
        LinePaytable("x", (PaytableLine("a", 300, Fraction(1)), PaytableLine("b", 200, Fraction(1), max_value=300)))
    with pytest.raises(PaytableError):
        PaytableLine("a", 300, Fraction(1), max_value=200)


# ---- one settlement step -----------------------------------------------------------------------
def test_settle_line_wins_pushes_and_loses() -> None:
    pays = PaidLine(3, 2, Fraction(3, 2), "x")
    push = PaidLine(0, 1, Fraction(0), "p")
    assert settle_line(pays, 5) == (Outcome.WIN, 7) and settle_line(pays, 5, True) == (Outcome.WIN, 8)
    assert settle_line(push, 5) == (Outcome.PUSH, 0)
    assert settle_line(None, 5) == (Outcome.LOSE, -5)
    assert settle_line(None, 5, absent=Outcome.PUSH) == (Outcome.PUSH, 0)
    assert settle_line(pays, 4, win=Outcome.BAD_BEAT) == (Outcome.BAD_BEAT, 6)


# ---- the simulation base and the audit function --------------------------------------------------
def test_fill_struct_fills_from_a_field_map_and_refuses_unknown_fields() -> None:
    cfg = fill_struct("pe_cc_config", {"main_pt": CrissCrossRules().main_paytable, "ante": 3})
    assert cfg.ante == 3 and cfg.main_pt.n == len(CrissCrossRules().main_paytable.lines) and cfg.bonus_wager == 0
    with pytest.raises(HouseArgumentError):
        fill_struct("pe_cc_config", {"nonesuch": 1})
    with pytest.raises(HouseArgumentError):
        fill_struct("pe_cc_config", {"ante": 2**70})
    long = LinePaytable.of("long", [(f"l{i}", 7000 - 10 * i, 1) for i in range(17)])
    with pytest.raises(HouseArgumentError, match="16"):
        fill_struct("pe_cc_config", {"bonus_pt": long})
    assert ratios(ODDS_STRAIGHT_OR_BETTER, ("PAIR", "FLUSH")) == ([0, 3], [0, 2]) and ratios(None, ("A",)) == ([0], [0])


def test_play_rounds_is_the_audit_path_of_both_games() -> None:
    rules = example_rules(ante_min=1)
    assert play_rounds(HeadsUpSim(rules), 30, 5) == play_batch(rules, 30, seed=5)
    assert play_rounds(CrissCrossSim(ante=2), 30, 5) == simulate_rounds(30, 5, ante=2)
    for bad in (-1, 1.5, True, 10**8):
        with pytest.raises(HouseArgumentError):
            play_rounds(CrissCrossSim(), bad, 1)  # type: ignore[arg-type]


def test_house_argument_error_is_its_own_class_and_still_a_shoe_argument_error() -> None:
    assert issubclass(HouseArgumentError, ShoeArgumentError) and HouseArgumentError is not ShoeArgumentError
    with pytest.raises(HouseArgumentError):
        CrissCrossSim(ante=0).check()
    with pytest.raises(ShoeArgumentError):  # code written before the class existed still catches it
        simulate_rounds(10, 1, bonus=-1)


# ---- names that moved out of the shoe --------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(pyeval.shoe.MOVED))
def test_moved_names_still_import_from_the_shoe_with_a_deprecation_warning(name: str) -> None:
    import importlib

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = getattr(pyeval.shoe, name)
    assert old is getattr(importlib.import_module(pyeval.shoe.MOVED[name]), name)
    assert any(issubclass(w.category, DeprecationWarning) and pyeval.shoe.MOVED[name] in str(w.message) for w in caught)
    with pytest.raises(AttributeError):
        pyeval.shoe.nonesuch  # noqa: B018
