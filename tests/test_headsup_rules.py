"""Table rules and paytables of WPT Heads-Up Hold 'Em (pyeval.headsup.rules, .paytables)."""
from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from pyeval import HandCategory
from pyeval.errors import PaytableError, TableRulesError
from pyeval.headsup.paytables import EXAMPLE_PAYTABLES, ODDS_STRAIGHT_OR_BETTER, example_rules
from pyeval.headsup.rules import (
    POCKET_CLASSES, HeadsUpPaytable, PaytableKind, Rounding, HeadsUpWager, parse_odds, pocket_class,
)
from pyeval import parse_cards


@pytest.mark.parametrize("text,odds", [("3 to 2", Fraction(3, 2)), ("500:1", Fraction(500)), (7, Fraction(7)),
                                       (Fraction(6, 5), Fraction(6, 5))])
def test_parse_odds_exact(text, odds):
    assert parse_odds(text) == odds


@pytest.mark.parametrize("bad", [1.5, -1, "3 to 0", "lots", True, None])
def test_parse_odds_rejects(bad):
    with pytest.raises(PaytableError):
        parse_odds(bad)


def test_paytable_validation():
    with pytest.raises(PaytableError, match="no hand class 'PAIR'"):
        HeadsUpPaytable(PaytableKind.TRIPS_PLUS, {"PAIR": 1})
    with pytest.raises(PaytableError, match="must pay"):
        HeadsUpPaytable(PaytableKind.TRIPS_PLUS, {"ROYAL_FLUSH": 50})
    with pytest.raises(PaytableError, match="ROYAL_FLUSH"):  # a royal flush can never lose
        HeadsUpPaytable(PaytableKind.BAD_BEAT, {"ROYAL_FLUSH": 100})
    with pytest.raises(PaytableError, match="must pay"):
        HeadsUpPaytable(PaytableKind.POCKET_BONUS, {"AA": 30})
    with pytest.raises(PaytableError, match="pays 0"):
        HeadsUpPaytable(PaytableKind.ANTE_RAISE, {"WIN": 0})
    pt = HeadsUpPaytable(PaytableKind.ODDS, {HandCategory.FLUSH: "3 to 2"})
    assert pt.payouts() == {"FLUSH": Fraction(3, 2)} and pt.odds("PAIR") is None
    assert pt.denominators_lcm == 2
    assert pickle.loads(pickle.dumps(pt)) == pt


def test_examples_are_labelled_with_sources():
    for pt in EXAMPLE_PAYTABLES.values():
        assert pt.example and pt.source
        assert "example" in pt.name.lower() or "illustration" in pt.name.lower()
    assert ODDS_STRAIGHT_OR_BETTER.payouts()["FLUSH"] == Fraction(3, 2)


def test_table_rules_validation():
    with pytest.raises(TableRulesError, match="677a.11\\(b\\)"):
        example_rules(preflop_raise_multiples=(4,))
    with pytest.raises(TableRulesError, match="677a.11\\(d\\)"):
        example_rules(flop_raise_multiples=(3,))
    with pytest.raises(TableRulesError, match="exceeds"):
        example_rules(ante_min=10, ante_max=5)
    with pytest.raises(TableRulesError, match="ODDS"):
        example_rules(odds=EXAMPLE_PAYTABLES["trips-50-40-30-8-6-5-3"])
    with pytest.raises(TableRulesError):
        example_rules(positions=21)
    r = example_rules(pocket_bonus=None, rounding=Rounding.EXACT)
    assert not r.offers(HeadsUpWager.POCKET_BONUS) and r.whole_chip_unit(HeadsUpWager.ODDS) == 2


@pytest.mark.parametrize("hole,dealer,cls", [("As Ad", "Ac Ah", "AA_WITH_DEALER_AA"), ("As Ad", "Kc Kh", "AA"),
                                             ("7s 7d", None, "77"), ("Ks As", None, "AKs"),
                                             ("Jd Ac", None, "AJo"), ("Ts Ac", None, None)])
def test_pocket_class(hole, dealer, cls):
    assert pocket_class(parse_cards(hole), parse_cards(dealer) if dealer else None) == cls
    assert cls is None or cls in POCKET_CLASSES


def test_table_plan_is_derived_and_not_part_of_the_rules():
    import copy
    import pickle

    from pyeval.headsup.paytables import example_rules
    from pyeval.headsup.rules import Rounding
    r = example_rules(rounding=Rounding.UP)
    plan = r.plan
    assert plan is r.plan and plan.round_up and not plan.exact
    assert plan.odds[HandCategory.FLUSH][2] == r.odds.payouts()["FLUSH"]
    assert plan.trips[HandCategory.THREE_OF_A_KIND][2] == r.trips_plus.payouts()["THREE_OF_A_KIND"]
    assert plan.odds[HandCategory.PAIR] is None  # a winning pair pushes the Odds wager
    for r2 in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
        assert r2 == r and "plan" not in vars(r2) and r2.plan == plan
