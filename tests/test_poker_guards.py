"""Regression tests of issue 21 (item 4) for the poker engine: ``run_dealer`` all or nothing,
short-deck snapshots comparable, unknown cards shown as ``??``, and the one chip limit
(:data:`pyeval.contracts.MAX_CHIPS`) shared by the engine, PHH and the room readers."""
from __future__ import annotations

import pytest

from pyeval.contracts import MAX_CHIPS
from pyeval.errors import HandHistoryError, IllegalActionError, TableRulesError
from pyeval.poker import BettingStructure, PokerRules, Round, Table, phh
from pyeval.poker.games import SHORT_DECK, STUD, ShortDeckSource
from pyeval.shoe import Shoe


# ---- run_dealer: a rejected step changes nothing (58 Pa. Code § 637a.11: forced bets, then the deal)
def test_run_dealer_without_a_card_source_posts_no_blinds_when_it_cannot_deal():
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [100, 100, 100])
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match="no card source"):
        r.run_dealer()
    assert r.snapshot() == before
    assert r.stacks == (100, 100, 100) and r.events == [] and r.can_post_forced_bets()
    r.post_forced_bets()  # the steps still work one by one, with explicit cards
    r.deal_hole_cards(["Ah Kh", "2c 3c", "7d 8d"])
    assert r.actor is not None


def test_run_dealer_undoes_the_board_steps_before_a_rejected_one():
    """Hole cards given by hand, then run_dealer with no source: the whole call is undone."""
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["Ah Kh", "2c 3c"])
    while r.actor is not None:
        r.check_or_call()
    before = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.run_dealer()
    assert r.snapshot() == before


def test_run_dealer_unwinds_the_forced_bets_of_a_stud_round_whose_deal_fails():
    r = Round(PokerRules(seats=6, blinds=(), ante=1, bring_in=2, min_bet=5, variant=STUD,
                         structure=BettingStructure.FIXED_LIMIT), [50, 50, 50])
    before = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.run_dealer()
    assert r.snapshot() == before and r.stacks == (50, 50, 50)


def test_run_dealer_still_runs_a_whole_round_from_a_shoe():
    shoe = Shoe(seed=5)
    shoe.shuffle()
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [100, 100, 100], shoe)
    r.run_dealer()
    while not r.complete:
        r.check_or_call() if r.actor is not None else r.run_dealer()
    assert sum(r.stacks) == 300


# ---- snapshots of a short-deck round compare equal when nothing changed
def test_short_deck_round_snapshots_compare_equal_and_see_a_deal():
    shoe = Shoe(seed=3)
    shoe.shuffle()
    r = Round(PokerRules(seats=6, blinds=(1, 2), variant=SHORT_DECK), [100, 100, 100], ShortDeckSource(shoe))
    assert r.snapshot() == r.snapshot()
    r.post_forced_bets()
    a = r.snapshot()
    assert a == r.snapshot()
    r.deal_hole_cards()
    assert r.snapshot() != a  # the source's shoe moved on: the snapshot sees it
    with pytest.raises(IllegalActionError):
        r.post_forced_bets()
    b = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.deal_hole_cards()
    assert r.snapshot() == b


# ---- repr of cards nobody saw
def test_repr_shows_unknown_board_cards_as_question_marks_not_as_the_ace_of_spades():
    (hh,) = phh.loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                      'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", '
                      '"d db ??????"]\n')
    text = repr(hh.replay())
    assert "board [?? ?? ??]" in text and "As" not in text


def test_repr_of_a_known_board_names_its_cards():
    (hh,) = phh.loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                      'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", '
                      '"d db AsKd2c"]\n')
    assert "board [As Kd 2c]" in repr(hh.replay())


# ---- one chip limit: 2**63-1 everywhere
def test_the_engine_refuses_a_stack_over_the_chip_limit_that_phh_refuses_too():
    assert phh.MAX_CHIPS == MAX_CHIPS == 2**63 - 1
    Round(PokerRules(seats=6, blinds=(1, 2)), [MAX_CHIPS, 100])  # the limit itself is a stack
    with pytest.raises(IllegalActionError, match=r"2\*\*63-1"):
        Round(PokerRules(seats=6, blinds=(1, 2)), [MAX_CHIPS + 1, 100])
    with pytest.raises(HandHistoryError, match=r"2\*\*63-1"):
        phh.loads(f'variant = "NT"\nstarting_stacks = [{MAX_CHIPS + 1}, 100]\nblinds_or_straddles = [1, 2]\n'
                  'min_bet = 2\nactions = []\n')


@pytest.mark.parametrize("field", ["ante", "min_bet", "straddle", "bring_in"])
def test_table_rules_refuse_amounts_over_the_chip_limit(field):
    kw = {"seats": 6, "blinds": (1, 2), field: MAX_CHIPS + 1}
    with pytest.raises(TableRulesError, match=r"2\*\*63-1"):
        PokerRules(**kw)


def test_a_rules_error_for_a_huge_amount_is_short():
    with pytest.raises(TableRulesError) as info:
        PokerRules(seats=6, blinds=(1, 10**5000))
    assert len(str(info.value)) < 300


def test_table_chips_stay_within_the_chip_limit():
    t = Table(PokerRules(seats=6, blinds=(1, 2)))
    with pytest.raises(IllegalActionError, match=r"2\*\*63-1"):
        t.sit(1, MAX_CHIPS + 1)
    t.sit(1, MAX_CHIPS - 5)
    with pytest.raises(IllegalActionError, match=r"2\*\*63-1"):
        t.add_chips(1, 10)
    t.add_chips(1, 5)
