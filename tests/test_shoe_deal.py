"""Dealing procedures as data, stub counts and misdeals, the automated shuffler, and the batch API.

Named scenarios cite the rule they check (58 Pa. Code).
"""
from __future__ import annotations

import numpy as np
import pytest

from pyeval import evaluate, evaluate_batch
from pyeval.errors import CardTypeError, SeedError, ShoeArgumentError, ShoeExhaustedError, ShoeTypeError
from pyeval.crisscross.dealing import CRISS_CROSS_HAND_DEAL
from pyeval.headsup.dealing import WPT_HEADS_UP_DEAL
from pyeval.house.dealing import HOLDEM_DEAL, DealFaults, StepKind, deal_procedure, plan_deal
from pyeval.house.stub import AutomatedShuffler, StubCountPolicy, StubOutcome, check_stub, judge_stub_count
from pyeval.poker.batch import holdem_showdowns
from pyeval.shoe import BatchDealer, RackKind, Shoe, deal_batch


# ---- Hold'em, § 637a.11 ---------------------------------------------------------------------------
@pytest.mark.regulation("637a.11(f)")
def test_637a_11_f_two_rounds_left_of_button_button_last() -> None:
    shoe = Shoe.from_order(range(52))
    r = deal_procedure(shoe, HOLDEM_DEAL, [1, 3, 5, 8], button=5)
    assert r.seats == (8, 1, 3, 5)  # left of the button first, the button last
    assert r.hands == {8: (0, 4), 1: (1, 5), 3: (2, 6), 5: (3, 7)}
    # § 637a.11(h)-(j): burn, flop; burn, turn; burn, river
    assert r.burns == (8, 12, 14)
    assert r.community == (("flop1", 9), ("flop2", 10), ("flop3", 11), ("turn", 13), ("river", 15))
    assert r.board == (9, 10, 11, 13, 15) and r.at("turn") == 13
    assert shoe.discards == (8, 12, 14)
    assert all(e.kind is RackKind.BURN for e in shoe.rack)
    assert [e.to for e in r.events[:8]] == [8, 1, 3, 5, 8, 1, 3, 5]


@pytest.mark.regulation("637a.11(f)")
def test_637a_11_f_button_wraps_around() -> None:
    shoe = Shoe.from_order(range(52))
    r = deal_procedure(shoe, HOLDEM_DEAL, [2, 4, 9], button=9, stages=["preflop"])
    assert r.seats == (2, 4, 9)
    assert r.hands == {2: (0, 3), 4: (1, 4), 9: (2, 5)}
    assert r.board == () and shoe.remaining == 46


@pytest.mark.regulation("637a.11(h)", "637a.11(i)", "637a.11(j)", part="dealing")
def test_637a_11_h_to_j_stage_by_stage_between_betting_rounds() -> None:
    """§ 637a.11(h) burn and flop, § 637a.11(i) burn and turn, § 637a.11(j) burn and river."""
    shoe = Shoe.from_order(range(52))
    r = deal_procedure(shoe, HOLDEM_DEAL, [1, 2], button=2, stages=["preflop"])
    assert r.hands == {1: (0, 2), 2: (1, 3)}
    r = deal_procedure(shoe, HOLDEM_DEAL, [1, 2], button=2, stages=["flop"], previous=r)
    assert r.burns == (4,) and r.board == (5, 6, 7)
    r = deal_procedure(shoe, HOLDEM_DEAL, [1, 2], button=2, stages=["turn", "river"], previous=r)
    assert r.burns == (4, 8, 10) and r.board == (5, 6, 7, 9, 11)
    assert r.hands == {1: (0, 2), 2: (1, 3)}
    assert HOLDEM_DEAL.cards_needed(2) == 4 + 3 + 5 and HOLDEM_DEAL.hole_cards == 2


@pytest.mark.regulation("677a.11(c)", "677a.11(e)")
def test_677a_11_c_e_wpt_heads_up_burns_and_dealer_hand() -> None:
    shoe = Shoe.from_order(range(52))
    r = deal_procedure(shoe, WPT_HEADS_UP_DEAL, [4, 1])
    assert r.seats == (1, 4)
    assert r.hands == {1: (0, 3), 4: (1, 4)} and r.dealer_hand == (2, 5)
    assert r.burns == (6, 10)  # § 677a.11(c): burn before the flop; (e): before turn and river
    assert r.community == (("flop1", 7), ("flop2", 8), ("flop3", 9), ("turn", 11), ("river", 12))
    assert WPT_HEADS_UP_DEAL.stages == ("hole", "flop", "turn_river")


@pytest.mark.regulation("674a.9(b)", "674a.9(c)")
def test_674a_9_b_c_criss_cross_cross_then_hole_cards_then_stub_unexposed() -> None:
    shoe = Shoe.from_order(range(52))
    r = deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [5, 2, 3])
    # § 674a.9(b): the cross first: far box, the row of three, the near box
    assert r.community == (("column_far", 0), ("row_first", 1), ("center", 2), ("row_last", 3),
                           ("column_near", 4))
    # then one at a time from the player farthest to the dealer's left, clockwise, until two each
    assert r.seats == (2, 3, 5)
    assert r.hands == {2: (5, 8), 3: (6, 9), 5: (7, 10)}
    # § 674a.9(c): the stub to the discard rack without exposing it
    assert r.stub_racked == 41 and shoe.remaining == 0
    assert all(e.kind is RackKind.STUB and e.kind.face_down for e in shoe.rack)
    assert shoe.discards == tuple(range(11, 52))
    assert [e.kind for e in r.events][-1] is StepKind.STUB_TO_RACK


def test_procedures_need_button_and_known_stages() -> None:
    shoe = Shoe.from_order(range(52))
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError, match="button"):
        deal_procedure(shoe, HOLDEM_DEAL, [1, 2])
    with pytest.raises(ShoeArgumentError, match="stage"):
        deal_procedure(shoe, HOLDEM_DEAL, [1, 2], button=1, stages=["showdown"])
    with pytest.raises(ShoeArgumentError):
        deal_procedure(shoe, HOLDEM_DEAL, [1, 1], button=1)
    with pytest.raises(ShoeTypeError):
        deal_procedure(shoe, "holdem", [1, 2], button=1)  # type: ignore[arg-type]
    assert shoe.snapshot() == before


def test_procedure_too_many_players_for_the_shoe_changes_nothing() -> None:
    shoe = Shoe.from_order(range(20))
    before = shoe.snapshot()
    with pytest.raises(ShoeExhaustedError, match="needs"):
        deal_procedure(shoe, HOLDEM_DEAL, list(range(1, 10)), button=1)
    assert shoe.snapshot() == before


# ---- stub counts and misdeals, § 674a.9(d)-(f) ------------------------------------------------------
def _cc_round(faults: DealFaults | None = None, seats: tuple[int, ...] = (1, 2, 3)) -> tuple[Shoe, object]:
    shoe = Shoe(seed=674)
    shoe.shuffle()
    r = deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, seats, faults=faults, count_stub=True)
    return shoe, r


@pytest.mark.regulation("674a.9(e)")
def test_674a_9_e_correct_count_stub_to_rack() -> None:
    shoe, r = _cc_round()
    c = r.stub_check
    assert c.outcome is StubOutcome.CORRECT and c.stub_count == 52 - 5 - 6
    assert c.stub_to_rack and not c.hands_void and not c.remove_deck
    assert r.stub_racked == 41 and shoe.remaining == 0


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_extra_card_to_a_player_is_a_misdeal() -> None:
    shoe, r = _cc_round(DealFaults(extra_card_to=(2,)))
    assert len(r.hands[2]) == 3
    c = r.stub_check
    assert c.outcome is StubOutcome.MISDEAL and c.misdealt and c.present == 52
    assert c.hands_void and c.wagers_returned and not c.remove_deck and not c.stub_to_rack
    assert r.stub_racked == 0 and shoe.remaining == 40  # the stub is not racked


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_short_card_to_a_player_is_a_misdeal() -> None:
    _, r = _cc_round(DealFaults(short_card_to=(3,)))
    assert len(r.hands[3]) == 1
    assert r.stub_check.outcome is StubOutcome.MISDEAL


@pytest.mark.regulation("674a.9(f)")
@pytest.mark.parametrize("faults", [DealFaults(community_extra=1), DealFaults(community_short=1)])
def test_674a_9_f_community_area_miscount_is_a_misdeal(faults: DealFaults) -> None:
    _, r = _cc_round(faults)
    assert len(r.community) != 5
    assert r.stub_check.outcome is StubOutcome.MISDEAL


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_missing_card_not_misdealt_removes_the_deck() -> None:
    shoe = Shoe(seed=1)
    shoe.shuffle()
    lost = shoe.stub()[30]
    r = deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [1, 2], faults=DealFaults(missing_cards=(lost,)),
                       count_stub=True)
    c = r.stub_check
    assert c.outcome is StubOutcome.DECK_REMOVED and not c.misdealt and c.present == 51
    assert c.hands_void and c.wagers_returned and c.remove_deck
    assert lost not in shoe.order()


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_misdealt_and_missing_removes_the_deck() -> None:
    shoe = Shoe(seed=2)
    shoe.shuffle()
    lost = shoe.stub()[40]
    r = deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [1, 2],
                       faults=DealFaults(missing_cards=(lost,), extra_card_to=(1,)), count_stub=True)
    assert r.stub_check.outcome is StubOutcome.DECK_REMOVED and r.stub_check.misdealt


def test_check_stub_directly() -> None:
    shoe = Shoe.from_order(range(52))
    hands = {1: shoe.deal(2), 2: shoe.deal(2)}
    board = shoe.deal(5)
    before = shoe.snapshot()
    assert check_stub(shoe, hands, board).outcome is StubOutcome.CORRECT
    assert check_stub(shoe, {1: hands[1]}, board).outcome is StubOutcome.DECK_REMOVED
    assert shoe.snapshot() == before


@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_stub_count_at_least_every_five_rounds() -> None:
    policy = StubCountPolicy()
    for _ in range(4):
        assert not policy.count_due()
        policy.record_round(counted=False)
    assert policy.count_due()
    with pytest.raises(ShoeArgumentError, match="674a.9"):
        policy.record_round(counted=False)
    policy.record_round(counted=True)
    assert policy.rounds_since_count == 0 and not policy.count_due()
    assert not StubCountPolicy(counting_shuffler=True, rounds_since_count=10).count_due()


@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_automated_shuffler_reports_52_cards() -> None:
    shoe = Shoe(seed=3)
    device = AutomatedShuffler()
    report = device.shuffle(shoe)
    assert report is not None and report.complete and report.counted == 52
    shoe.remove_card(shoe.stub()[7])
    report = device.shuffle(shoe)
    assert not report.complete and report.counted == 51 and report.expected == 52
    assert AutomatedShuffler(counts_cards=False).shuffle(shoe) is None


def test_bad_faults_change_nothing() -> None:
    shoe = Shoe.from_order(range(52))
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError):
        deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [1, 2], faults=DealFaults(extra_card_to=(9,)))
    with pytest.raises(ShoeArgumentError):
        deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [1, 2], faults=DealFaults(community_extra=-1))
    assert shoe.snapshot() == before
    shoe.deal(3)
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError):
        shoe.remove_card(0)  # already dealt: not in the stub
    with pytest.raises(ShoeArgumentError):
        deal_procedure(shoe, CRISS_CROSS_HAND_DEAL, [1, 2], faults=DealFaults(missing_cards=(1,)))
    assert shoe.snapshot() == before


# ---- the batch API ---------------------------------------------------------------------------------
def test_deal_batch_shapes_and_reproducibility() -> None:
    a = deal_batch(1000, 7, seed=1)
    assert a.dtype == np.uint8 and a.shape == (1000, 7)
    assert all(len(set(r)) == 7 for r in a.tolist()) and a.max() < 52
    assert np.array_equal(a, deal_batch(1000, 7, seed=1))
    assert not np.array_equal(a, deal_batch(1000, 7, seed=2))
    out = np.zeros((10, 52), np.uint8)
    assert deal_batch(10, 52, seed=3, out=out) is out
    assert (np.sort(out, axis=1) == np.arange(52)).all()


def test_deal_batch_in_chunks_continues_one_stream() -> None:
    d = BatchDealer(seed=44)
    first, second = d.deal(100, 52), d.deal(100, 52)
    assert not np.array_equal(first, second)
    again = BatchDealer(seed=44)
    assert np.array_equal(again.deal(100, 52), first)


def test_deal_batch_straight_into_evaluation() -> None:
    hands = deal_batch(500, 7, seed=12)
    values = evaluate_batch(hands)
    assert values[0] == evaluate(hands[0].tolist())


@pytest.mark.parametrize("args, exc", [
    ((-1, 7), ShoeArgumentError), ((10, 0), ShoeArgumentError), ((10, 53), ShoeArgumentError),
    ((1.5, 7), ShoeTypeError), ((10, 7, -1), SeedError), ((10, 7, 2**256), SeedError),
])
def test_deal_batch_bad_arguments(args: tuple, exc: type) -> None:
    with pytest.raises(exc):
        deal_batch(*args)


def test_deal_batch_bad_out_buffer_is_not_written() -> None:
    out = np.zeros((10, 7), np.int64)
    with pytest.raises(CardTypeError):
        deal_batch(10, 7, seed=1, out=out)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        deal_batch(10, 7, seed=1, out=np.zeros((10, 6), np.uint8))
    assert not out.any()


def test_secure_batch() -> None:
    a = deal_batch(100, 52, secure=True)
    assert (np.sort(a, axis=1) == np.arange(52)).all()
    with pytest.raises(SeedError):
        deal_batch(10, 7, seed=1, secure=True)


@pytest.mark.regulation("637a.11(k)")
@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_637a_11_holdem_showdowns_match_the_evaluator(players: int) -> None:
    res = holdem_showdowns(2000, players, seed=players, cards=True)
    assert res.values.shape == (2000, players) and res.winners.shape == (2000,)
    cards = res.cards
    assert cards is not None and cards.shape == (2000, 2 * players + 5)
    board = cards[:, 2 * players:]
    for seat in range(players):
        seven = np.hstack([cards[:, 2 * seat:2 * seat + 2], board])
        assert np.array_equal(evaluate_batch(seven), res.values[:, seat])
    best = res.values.max(axis=1)
    mask = np.zeros(2000, np.uint16)
    for seat in range(players):
        mask |= ((res.values[:, seat] == best).astype(np.uint16) << seat)
    assert np.array_equal(mask, res.winners)
    assert all(len(set(r)) == 2 * players + 5 for r in cards.tolist())


def test_holdem_showdowns_deal_order_matches_the_procedure() -> None:
    # the C path deals like HOLDEM_DEAL: hole cards round-robin from seat 0 (left of the button),
    # then burn, flop, burn, turn, burn, river. In the first round of a seed the dealt sequence is
    # the same with or without burns, so the burns show as skipped cards.
    a = holdem_showdowns(50, 3, seed=5, cards=True)
    b = holdem_showdowns(50, 3, seed=5, cards=True, burns=False)
    assert np.array_equal(a.cards, holdem_showdowns(50, 3, seed=5, cards=True).cards)
    assert a.cards is not None and b.cards is not None
    seq = b.cards[0]  # no burns: hole cards seat by seat, then the next five dealt
    dealt = [seq[0], seq[2], seq[4], seq[1], seq[3], seq[5], *seq[6:]]  # back to dealing order
    assert a.cards[0, :6].tolist() == seq[:6].tolist()
    assert a.cards[0, 6:9].tolist() == [int(x) for x in dealt[7:10]]  # burn dealt[6], flop
    with pytest.raises(ShoeArgumentError):
        holdem_showdowns(10, 11)


# ---- deal plans: the one description of a procedure's card order ------------------------------------
@pytest.mark.parametrize("procedure, seats, kw", [
    (HOLDEM_DEAL, [1, 3, 5, 8], {"button": 5}),
    (WPT_HEADS_UP_DEAL, [4, 1], {}),
    (CRISS_CROSS_HAND_DEAL, [5, 2, 3], {}),
    (CRISS_CROSS_HAND_DEAL, [1, 2, 3], {"faults": DealFaults(extra_card_to=(2,))}),
    (CRISS_CROSS_HAND_DEAL, [1, 2, 3], {"faults": DealFaults(short_card_to=(3,))}),
    (CRISS_CROSS_HAND_DEAL, [1, 2], {"faults": DealFaults(community_extra=1)}),
    (CRISS_CROSS_HAND_DEAL, [1, 2], {"faults": DealFaults(community_short=1)}),
])
def test_plan_deal_places_cards_as_deal_procedure_deals_them(procedure, seats, kw) -> None:
    shoe = Shoe(seed=77)
    shoe.shuffle()
    top = shoe.order()[:60]
    r = deal_procedure(shoe, procedure, seats, **kw)
    plan = plan_deal(procedure, seats, **kw)
    assert plan.seats == r.seats
    assert [(p.stage, p.kind, p.to) for p in plan.steps if p.kind is not StepKind.STUB_TO_RACK] == \
        [(e.stage, e.kind, e.to) for e in r.events if e.to != "stub"]
    hands, community, dealer = plan.place(top[:plan.need])
    assert hands == r.hands and dealer == r.dealer_hand
    assert tuple(zip(plan.community_labels, community)) == r.community
    assert plan_deal(procedure, seats, **kw) is plan  # cached per procedure, seats and faults


def test_plan_deal_rejects_what_deal_procedure_rejects() -> None:
    with pytest.raises(ShoeArgumentError):
        plan_deal(HOLDEM_DEAL, [1, 2])  # no button
    with pytest.raises(ShoeArgumentError):
        plan_deal(CRISS_CROSS_HAND_DEAL, [1, 1])
    with pytest.raises(ShoeArgumentError):
        plan_deal(CRISS_CROSS_HAND_DEAL, [1, 2], faults=DealFaults(extra_card_to=(9,)))
    with pytest.raises(ShoeTypeError):
        plan_deal("holdem", [1, 2])  # type: ignore[arg-type]
    with pytest.raises(ShoeTypeError):
        plan_deal(CRISS_CROSS_HAND_DEAL, [True, 2])


@pytest.mark.regulation("674a.9(e)", "674a.9(f)")
@pytest.mark.parametrize("stub, sizes, community, outcome, misdealt", [
    (52 - 5 - 4, [2, 2], 5, StubOutcome.CORRECT, False),
    (52 - 5 - 5, [3, 2], 5, StubOutcome.MISDEAL, True),           # § 674a.9(f): 52 cards present
    (52 - 6 - 4, [2, 2], 6, StubOutcome.MISDEAL, True),
    (52 - 5 - 4 - 1, [2, 2], 5, StubOutcome.DECK_REMOVED, False),  # a card missing, not misdealt
    (52 - 5 - 5 - 1, [3, 2], 5, StubOutcome.DECK_REMOVED, True),   # misdealt and a card missing
    (52 - 5 - 4, [3, 2], 5, StubOutcome.CORRECT, True),            # a lost card hides the misdeal
])
def test_674a_9_e_f_judge_stub_count_from_counts(stub, sizes, community, outcome, misdealt) -> None:
    c = judge_stub_count(stub, sizes, community)
    assert (c.outcome, c.misdealt, c.stub_count) == (outcome, misdealt, stub)
    assert c.remove_deck == (outcome is StubOutcome.DECK_REMOVED)


def test_holdem_showdowns_moved_out_of_the_shoe_with_a_deprecation_path() -> None:
    """Issue 24: the Hold'em procedure lives in pyeval.poker.batch; the shoe's old names still give
    the same function, with a DeprecationWarning naming the new home."""
    import pyeval
    import pyeval.shoe as shoe_pkg

    new = holdem_showdowns(40, 3, seed=9, cards=True)
    with pytest.warns(DeprecationWarning, match="pyeval.poker.batch"):
        old_fn = shoe_pkg.holdem_showdowns
    assert old_fn is holdem_showdowns and pyeval.holdem_showdowns is holdem_showdowns
    assert not hasattr(BatchDealer, "holdem_showdowns")  # the method became dealer= (CHANGELOG)
    d = BatchDealer(9)
    a, b = holdem_showdowns(15, 3, dealer=d, cards=True), holdem_showdowns(25, 3, dealer=d, cards=True)
    assert np.array_equal(np.vstack([a.cards, b.cards]), new.cards)  # the dealer's stream carries on
    with pytest.raises(pyeval.ShoeArgumentError):
        holdem_showdowns(5, 2, seed=1, dealer=d)
    with pytest.raises(pyeval.ShoeTypeError):
        holdem_showdowns(5, 2, dealer=object())  # type: ignore[arg-type]
