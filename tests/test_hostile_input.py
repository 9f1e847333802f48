"""Hostile input raises pyeval errors, never builtin ones (issue 14 item 15, the parts not in the
shoe or equity): arrays of the wrong shape or dtype, and paytable odds too large to pay."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.crisscross import CrissCrossRules
from pyeval.crisscross.rules import DEFAULT_MAIN_PAYTABLE, PaytableLine
from pyeval.crisscross.rules import CrissCrossPaytable as Paytable
from pyeval.errors import CardTypeError, PaytableError, PyevalError, TableRulesError
from pyeval.headsup import paytables as hp
from pyeval.headsup.paytables import example_rules


def test_item15_evaluate_of_a_7x2_array_is_a_card_type_error():
    with pytest.raises(CardTypeError):
        pyeval.evaluate(np.arange(14).reshape(7, 2))


@pytest.mark.parametrize("dtype", ["timedelta64[s]", "timedelta64[ns]", "datetime64[D]"])
def test_item15_time_arrays_are_not_cards(dtype):
    hands = np.array([[1, 5, 9, 13, 17]]).astype(dtype)
    with pytest.raises(CardTypeError, match="integer array"):
        pyeval.evaluate_batch(hands)
    with pytest.raises(CardTypeError):
        pyeval.evaluate(hands[0])
    from pyeval.hands import evaluate_low_batch
    with pytest.raises(CardTypeError):
        evaluate_low_batch(hands, kind="a5")


@pytest.mark.parametrize("odds", [10**30, f"{10**30} to 1", f"1 to {10**30}", "9" * 5000 + " to 1"])
def test_item15_heads_up_paytable_odds_out_of_range_refused_at_configuration(odds):
    pt = hp.ANTE_RAISE_EVEN_MONEY
    with pytest.raises(PaytableError):
        example_rules(ante_raise=type(pt)(pt.kind, {"WIN": odds}))


def test_item15_criss_cross_paytable_odds_out_of_range_refused_at_configuration():
    with pytest.raises(TableRulesError, match="out of range"):
        PaytableLine("Royal Flush", 7462, 10**30)
    lines = [(ln.label, ln.min_value, ln.odds) for ln in DEFAULT_MAIN_PAYTABLE.lines]
    lines[0] = (lines[0][0], lines[0][1], 10**30)
    with pytest.raises(PyevalError):
        CrissCrossRules(main_paytable=Paytable.of("huge", lines))


def test_item15_largest_odds_still_simulate():
    """Odds at the limit are accepted and the simulation pays them in 64-bit integers."""
    from pyeval.headsup.sim import HeadsUpSim
    pt = hp.ANTE_RAISE_EVEN_MONEY
    rules = example_rules(ante_raise=type(pt)(pt.kind, {"WIN": 2**31 - 1}))
    res = pyeval.simulate(HeadsUpSim(rules), 200, seed=1)
    assert res.rounds == 200
