"""World Poker Tour Heads-Up Hold 'Em: named scenarios for every branch of 58 Pa. Code § 677a.11(f),
(h) and (i), with settlements computed by hand, plus property tests of the round procedure.

Deal order used by pyeval (the text of § 677a.8-10 is not in our hands): one card at a time from
seat 1 (dealer's left) clockwise, the dealer last, twice; then burn, flop, burn, turn, river.
Example rules: Ante/Raise 1 to 1; Odds 500/50/10/3/3:2/1 (straight or better, else push);
Bad Beat illustration SF 50, quads 10, full house 3, flush 3:2, straight 1; Pocket Bonus
AA+dealer AA 1000, AA 30, AKs 25, AQs/AJs 20, AKo 15, KK-JJ 10, AQo/AJo 5, TT-22 3;
Trips Plus 50-40-30-8-6-5-3.
"""
from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import parse_cards
from pyeval.errors import (
    CardCountError, DuplicateCardError, IllegalActionError, InvalidCardError, OutOfTurnError,
    WagerNotAllowedError,
)
from pyeval.headsup.paytables import example_rules
from pyeval.headsup.round import Action, HeadsUpRound, HeadsUpPhase, SequenceSource, HeadsUpStreet, play_round
from pyeval.headsup.rules import HeadsUpPaytable, PaytableKind, Rounding, HeadsUpWager
from pyeval.headsup.settle import Outcome
from pyeval.headsup.strategy import basic_strategy
from conftest import examples

RULES = example_rules()
ANTE = 10


def order(players: list[str], dealer: str, board: str, burns: str = "") -> list[int]:
    """The shoe order for the given hands (first card to each seat in turn, dealer last, twice)."""
    ps = [parse_cards(p) for p in players]
    d = parse_cards(dealer)
    b = parse_cards(board)
    used = set(sum(ps, ())) | set(d) | set(b)
    if burns:
        bu = list(parse_cards(burns))
    else:
        bu = [c for c in range(52) if c not in used][:2]
    first = [p[0] for p in ps] + [d[0]]
    second = [p[1] for p in ps] + [d[1]]
    return first + second + [bu[0], *b[:3], bu[1], b[3], b[4]]


def play(player: str, dealer: str, board: str, decisions: tuple[int, int, int], *, pocket: int = 0,
         trips: int = 0, ante: int = ANTE, rules=RULES):
    """One player at seat 1; decisions = (pre-flop, post-flop, final) Raise amounts, 0 = check/fold."""
    rnd = HeadsUpRound(rules)
    rnd.place_wagers(1, ante, ante, pocket, trips)
    src = SequenceSource(order([player], dealer, board))
    rnd.deal(src)
    for street in (HeadsUpStreet.PREFLOP, HeadsUpStreet.FLOP, HeadsUpStreet.RIVER):
        if street is HeadsUpStreet.FLOP:
            rnd.burn_and_flop(src)
        elif street is HeadsUpStreet.RIVER:
            rnd.burn_turn_and_river(src)
        if rnd.to_act == 1:
            rnd.decide(decisions[street])
    rnd.expose_dealer()
    return rnd.settle().player(1)


def nets(ps) -> dict[HeadsUpWager, tuple[Outcome, int]]:
    return {r.wager: (r.outcome, r.net) for r in ps.results}


# ---- § 677a.11(h)(1): the dealer has no pair -----------------------------------------------------

@pytest.mark.regulation("677a.11(h)(1)(i)")
def test_677a_11_h_1_i_dealer_no_pair_player_higher_flush():
    # Dealer 7c 2d plays Q-high; player Ah Kh makes an ace-high flush. Raised 3x (30) pre-flop.
    # Ante pushes; Raise 30 pays 1:1 = +30; Odds 10 pays flush 3 to 2 = +15.
    ps = play("Ah Kh", "7c 2d", "Qh 9h 3h 8s 4c", (30, 0, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.PUSH, 0), HeadsUpWager.RAISE: (Outcome.WIN, 30),
                        HeadsUpWager.ODDS: (Outcome.WIN, 15)}
    assert ps.result(HeadsUpWager.ODDS).odds == Fraction(3, 2) and ps.result(HeadsUpWager.ODDS).hand_class == "FLUSH"
    assert ps.result(HeadsUpWager.RAISE).rule.endswith("(h)(1)(i)")
    assert ps.net == 45


@pytest.mark.regulation("677a.11(h)(1)(i)")
def test_677a_11_h_1_i_winning_hand_below_straight_odds_push():
    # Player pairs aces and beats the dealer's K-high; the Odds table has no line for a pair: push.
    ps = play("Ah 5c", "7c 2d", "Ad Kh 9s 8s 4c", (0, 20, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.PUSH, 0), HeadsUpWager.RAISE: (Outcome.WIN, 20),
                        HeadsUpWager.ODDS: (Outcome.PUSH, 0)}


@pytest.mark.regulation("677a.11(h)(1)(ii)")
def test_677a_11_h_1_ii_dealer_no_pair_tie_pushes_raise_and_odds():
    # Both play the board A-K-Q-9-7; the dealer has no pair. Player raised the Ante at the end.
    ps = play("4c 2d", "5c 3d", "As Kh Qd 9c 7h", (0, 0, 10))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.PUSH, 0), HeadsUpWager.RAISE: (Outcome.PUSH, 0),
                        HeadsUpWager.ODDS: (Outcome.PUSH, 0)}
    assert ps.result(HeadsUpWager.RAISE).rule.endswith("(h)(1)(ii)")


@pytest.mark.regulation("677a.11(h)(1)(iii)")
def test_677a_11_h_1_iii_dealer_no_pair_player_lower_loses_raise_and_odds():
    # Dealer K-J-9-8-5, player K-J-9-7-5: the Ante pushes, Raise (20) and Odds (10) lose.
    ps = play("7c 4d", "8c 3d", "2c 5d 9h Js Kc", (20, 0, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.PUSH, 0), HeadsUpWager.RAISE: (Outcome.LOSE, -20),
                        HeadsUpWager.ODDS: (Outcome.LOSE, -10)}
    assert ps.net == -30


# ---- § 677a.11(h)(2): the dealer has a pair or better --------------------------------------------

@pytest.mark.regulation("677a.11(h)(2)(i)")
def test_677a_11_h_2_i_dealer_qualifies_player_higher_full_house():
    # Player Kh 7c: kings full of sevens; dealer 9d 4s: kings and nines. Raised 2x after the flop.
    # Ante +10, Raise +20 (1:1), Odds full house 3 to 1 = +30.
    ps = play("Kh 7c", "9d 4s", "Kc Kd 7h 2s 9c", (0, 20, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.WIN, 10), HeadsUpWager.RAISE: (Outcome.WIN, 20),
                        HeadsUpWager.ODDS: (Outcome.WIN, 30)}
    assert ps.result(HeadsUpWager.ODDS).hand_class == "FULL_HOUSE" and ps.net == 60


@pytest.mark.regulation("677a.11(h)(2)(i)")
def test_677a_11_h_2_i_royal_flush_odds_500_to_1():
    ps = play("Ah Kh", "9d 4s", "Qh Jh Th 2s 2c", (30, 0, 0))
    assert nets(ps)[HeadsUpWager.ODDS] == (Outcome.WIN, 5000)
    assert ps.result(HeadsUpWager.ODDS).hand_class == "ROYAL_FLUSH"


@pytest.mark.regulation("677a.11(h)(2)(ii)")
def test_677a_11_h_2_ii_dealer_qualifies_tie_pushes_everything():
    ps = play("2c 3d", "4h 5h", "Ac Ad Kh Qs Jc", (0, 0, 10))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.PUSH, 0), HeadsUpWager.RAISE: (Outcome.PUSH, 0),
                        HeadsUpWager.ODDS: (Outcome.PUSH, 0)}
    assert ps.result(HeadsUpWager.ANTE).rule.endswith("(h)(2)(ii)")


@pytest.mark.regulation("677a.11(h)(2)(iii)(A)")
def test_677a_11_h_2_iii_A_player_lower_below_straight_loses_all():
    # Player two pair (jacks and fives) loses to the dealer's three nines.
    ps = play("Jc 5d", "9h 9s", "Jd 5c 9c 2h 3s", (30, 0, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.LOSE, -10), HeadsUpWager.RAISE: (Outcome.LOSE, -30),
                        HeadsUpWager.ODDS: (Outcome.LOSE, -10)}
    assert ps.result(HeadsUpWager.ODDS).rule.endswith("(h)(2)(iii)(A)") and ps.net == -50


@pytest.mark.regulation("677a.11(h)(2)(iii)(B)")
def test_677a_11_h_2_iii_B_straight_loses_to_flush_bad_beat_pays_odds():
    # Player 8d 9s: a straight 5-9; dealer Ah 3c: an ace-high flush in hearts. Ante and Raise lose;
    # the Odds wager is paid as a bad beat, straight 1 to 1 in the illustration table.
    ps = play("8d 9s", "Ah 3c", "5h 6h 7c Kh 2h", (30, 0, 0))
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.LOSE, -10), HeadsUpWager.RAISE: (Outcome.LOSE, -30),
                        HeadsUpWager.ODDS: (Outcome.BAD_BEAT, 10)}
    r = ps.result(HeadsUpWager.ODDS)
    assert r.hand_class == "STRAIGHT" and r.odds == 1 and r.rule.endswith("(h)(2)(iii)(B)")
    assert ps.net == -30


@pytest.mark.regulation("677a.11(h)(2)(iii)(B)")
def test_677a_11_h_2_iii_B_full_house_loses_to_quads_bad_beat_3_to_1():
    ps = play("Kh Kd", "7h 7d", "7c 7s Kc 2d 3h", (30, 0, 0))
    assert nets(ps)[HeadsUpWager.ODDS] == (Outcome.BAD_BEAT, 30)


@pytest.mark.regulation("677a.11(h)(2)(iii)(B)")
def test_677a_11_h_2_iii_B_class_not_in_bad_beat_table_loses():
    bb = HeadsUpPaytable(PaytableKind.BAD_BEAT, {"FOUR_OF_A_KIND": 10, "STRAIGHT_FLUSH": 50}, name="test")
    ps = play("8d 9s", "Ah 3c", "5h 6h 7c Kh 2h", (30, 0, 0), rules=example_rules(bad_beat=bb))
    assert nets(ps)[HeadsUpWager.ODDS] == (Outcome.LOSE, -10)
    assert ps.result(HeadsUpWager.ODDS).hand_class == "STRAIGHT"


# ---- § 677a.11(f): fold ----------------------------------------------------------------------------

@pytest.mark.regulation("677a.11(f)", "677a.11(i)")
def test_677a_11_f_fold_collects_ante_and_odds_optional_wagers_still_settled():
    # Player 7c 7d checks twice then folds (two sevens, board has no seven). Pocket Bonus 5 on 77
    # pays 3 to 1 = +15; Trips Plus 5 loses (no three of a kind).
    ps = play("7c 7d", "Ah Ad", "Ks Qs 2c 3d 9h", (0, 0, 0), pocket=5, trips=5)
    assert nets(ps) == {HeadsUpWager.ANTE: (Outcome.LOSE, -10), HeadsUpWager.ODDS: (Outcome.LOSE, -10),
                        HeadsUpWager.POCKET_BONUS: (Outcome.WIN, 15), HeadsUpWager.TRIPS_PLUS: (Outcome.LOSE, -5)}
    assert ps.result(HeadsUpWager.ANTE).rule.endswith("(f)")
    assert ps.result(HeadsUpWager.RAISE) is None


# ---- § 677a.11(i)(1): Pocket Bonus -----------------------------------------------------------------

@pytest.mark.regulation("677a.11(i)(1)(i)")
@pytest.mark.parametrize("hole,dealer,cls,win", [
    ("As Ac", "Ah Ad", "AA_WITH_DEALER_AA", 5000),
    ("As Ac", "Kh Kd", "AA", 150),
    ("Ks Kc", "2h 3d", "KK", 50),
    ("Ts Tc", "2h 3d", "TT", 15),
    ("2s 2c", "4h 3d", "22", 15),
    ("As Ks", "2h 3d", "AKs", 125),
    ("As Kc", "2h 3d", "AKo", 75),
    ("Ah Qh", "2c 3d", "AQs", 100),
    ("Ah Jc", "2c 3d", "AJo", 25),
])
def test_677a_11_i_1_i_pocket_bonus_pays_by_class(hole, dealer, cls, win):
    ps = play(hole, dealer, "8c 9d 5h 6s 4s" if "4h" not in dealer else "8c 9d 5h 6s Js",
              (0, 0, 0), pocket=5)
    r = ps.result(HeadsUpWager.POCKET_BONUS)
    assert (r.outcome, r.hand_class, r.net) == (Outcome.WIN, cls, win)
    assert r.rule.endswith("(i)(1)(i)")


@pytest.mark.regulation("677a.11(i)(1)(i)")
def test_677a_11_i_1_i_aa_with_dealer_aa_pays_aa_when_table_lacks_the_line():
    lines = dict(RULES.pocket_bonus.payouts())
    del lines["AA_WITH_DEALER_AA"]
    rules = example_rules(pocket_bonus=HeadsUpPaytable(PaytableKind.POCKET_BONUS, lines, name="t"))
    ps = play("As Ac", "Ah Ad", "8c 9d 5h 6s 4s", (0, 0, 0), pocket=5, rules=rules)
    assert nets(ps)[HeadsUpWager.POCKET_BONUS] == (Outcome.WIN, 150)


@pytest.mark.regulation("677a.11(i)(1)(ii)")
@pytest.mark.parametrize("hole", ["As Tc", "Kh Qh", "7c 2d"])
def test_677a_11_i_1_ii_pocket_bonus_loses(hole):
    ps = play(hole, "4h 3d", "8c 9d 5h 6s Js", (0, 0, 0), pocket=5)
    r = ps.result(HeadsUpWager.POCKET_BONUS)
    assert (r.outcome, r.net) == (Outcome.LOSE, -5) and r.rule.endswith("(i)(1)(ii)")


# ---- § 677a.11(i)(2): Trips Plus -------------------------------------------------------------------

@pytest.mark.regulation("677a.11(i)(2)(i)")
@pytest.mark.parametrize("hole,board,cls,win", [
    ("Ah Kh", "Qh Jh Th 2s 2c", "ROYAL_FLUSH", 250),
    ("9h Kh", "Qh Jh Th 2s 2c", "STRAIGHT_FLUSH", 200),
    ("2h 2d", "2s 2c 9h Js Kd", "FOUR_OF_A_KIND", 150),
    ("Kh Kd", "Kc 7s 7d 2c 3h", "FULL_HOUSE", 40),
    ("Ah 4h", "Qh 9h 3h 8s 2c", "FLUSH", 30),
    ("8d 9s", "5c 6h 7c Kh 2d", "STRAIGHT", 25),
    ("Kh Kd", "Kc 7s 8d 2c 3h", "THREE_OF_A_KIND", 15),
])
def test_677a_11_i_2_i_trips_plus_pays_by_category(hole, board, cls, win):
    ps = play(hole, "4c 5d" if "5c" not in board else "4c Td", board, (0, 0, 10), trips=5)
    r = ps.result(HeadsUpWager.TRIPS_PLUS)
    assert (r.outcome, r.hand_class, r.net) == (Outcome.WIN, cls, win)
    assert r.rule.endswith("(i)(2)(i)")


@pytest.mark.regulation("677a.11(i)(2)(ii)")
def test_677a_11_i_2_ii_trips_plus_loses_below_three_of_a_kind():
    ps = play("Kh 7d", "4c 5d", "Kc 7s 8d 2c 3h", (0, 0, 10), trips=5)
    r = ps.result(HeadsUpWager.TRIPS_PLUS)
    assert (r.outcome, r.net) == (Outcome.LOSE, -5) and r.rule.endswith("(i)(2)(ii)")


# ---- rounding and cap --------------------------------------------------------------------------

def test_payout_rounding_down_up_and_exact():
    args = ("Ah Kh", "7c 2d", "Qh 9h 3h 8s 4c", (0, 0, 5))
    assert nets(play(*args, ante=5))[HeadsUpWager.ODDS] == (Outcome.WIN, 7)  # 7.5 -> 7
    assert nets(play(*args, ante=5, rules=example_rules(rounding=Rounding.UP)))[HeadsUpWager.ODDS] == (Outcome.WIN, 8)
    rnd = HeadsUpRound(example_rules(rounding=Rounding.EXACT))
    with pytest.raises(WagerNotAllowedError, match="multiple of 2"):
        rnd.place_wagers(1, 5, 5)
    assert nets(play(*args[:3], (0, 0, 6), ante=6, rules=example_rules(rounding=Rounding.EXACT)))[HeadsUpWager.ODDS] == \
        (Outcome.WIN, 9)


def test_payout_cap_withholds_from_last_settled_wins():
    rules = example_rules(payout_cap=1000)
    ps = play("Ah Kh", "9d 4s", "Qh Jh Th 2s 2c", (30, 0, 0), trips=5, rules=rules)
    # uncapped: Ante 10 + Raise 30 + Odds 5000 + Trips 250 = 5290
    assert sum(r.net for r in ps.results) == 1000
    assert sum(r.withheld for r in ps.results) == 4290
    assert ps.result(HeadsUpWager.TRIPS_PLUS).net == 0 and ps.result(HeadsUpWager.ANTE).net == 10


# ---- order of play -----------------------------------------------------------------------------

@pytest.mark.regulation("677a.11(b)", "677a.11(f)", "677a.11(g)")
def test_677a_11_b_g_decisions_clockwise_settlement_counterclockwise():
    """Decisions from the dealer's left clockwise (b); a fold's Ante and Odds are collected at the
    fold (f); after the dealer's cards are turned, (g) settles the players who placed a Raise, from
    the dealer's right counterclockwise."""
    rnd = HeadsUpRound(RULES)
    for s in (5, 1, 3):
        rnd.place_wagers(s, 10, 10)
    src = SequenceSource(random.Random(3).sample(range(52), 52))
    rnd.deal(src)
    seen = []
    while rnd.phase is HeadsUpPhase.PREFLOP:
        seen.append(rnd.to_act)
        rnd.check(rnd.to_act)
    assert seen == [1, 3, 5]
    rnd.burn_and_flop(src)
    rnd.raise_wager(1, 20)
    assert rnd.to_act == 3
    rnd.check(3), rnd.check(5)
    rnd.burn_turn_and_river(src)
    assert rnd.to_act == 3  # seat 1 raised and is not asked again (f)
    rnd.raise_wager(3, 10), rnd.fold(5)
    assert [e.kind for e in rnd.events[-2:]] == ["fold", "collect"]  # collected at the fold
    assert [(r.wager, r.net, r.rule) for r in rnd.events[-1].detail] == [
        (HeadsUpWager.ANTE, -10, "58 Pa. Code § 677a.11(f)"), (HeadsUpWager.ODDS, -10, "58 Pa. Code § 677a.11(f)")]
    rnd.expose_dealer()
    assert [rnd.settle_next().player for _ in range(2)] == [3, 1]  # the raisers only
    assert rnd.phase is HeadsUpPhase.COMPLETE and rnd.legal_actions() == frozenset()
    assert [p.player for p in rnd.settlement.players] == [5, 3, 1]  # seat 5 was settled at his fold


@pytest.mark.regulation("677a.11(f)", "677a.11(i)")
def test_677a_11_f_i_folded_hand_tucked_under_an_optional_wager_is_settled_after_the_raisers():
    rnd = HeadsUpRound(RULES)
    rnd.place_wagers(1, 10, 10, 0, 5)  # Trips Plus
    rnd.place_wagers(2, 10, 10)
    src = SequenceSource(random.Random(8).sample(range(52), 52))
    rnd.deal(src)
    rnd.check(1), rnd.check(2)
    rnd.burn_and_flop(src)
    rnd.check(1), rnd.check(2)
    rnd.burn_turn_and_river(src)
    rnd.fold(1)
    assert rnd.events[-1].kind == "collect" and rnd.settlement is None  # Trips Plus still open
    rnd.raise_wager(2, 10)
    rnd.expose_dealer()
    assert rnd.settle_next().player == 2  # (g): the raiser
    tucked = rnd.settle_next()
    assert tucked.player == 1 and [r.wager for r in tucked.results] == [HeadsUpWager.ANTE, HeadsUpWager.ODDS, HeadsUpWager.TRIPS_PLUS]
    assert tucked.result(HeadsUpWager.TRIPS_PLUS).rule.startswith("58 Pa. Code § 677a.11(i)(2)")


@pytest.mark.regulation("677a.11(f)")
def test_677a_11_f_everyone_folds_without_optional_wagers():
    rnd = HeadsUpRound(RULES)
    rnd.place_wagers(2, 10, 10)
    src = SequenceSource(random.Random(5).sample(range(52), 52))
    rnd.deal(src)
    rnd.check(2)
    rnd.burn_and_flop(src)
    rnd.check(2)
    rnd.burn_turn_and_river(src)
    rnd.fold(2)
    rnd.expose_dealer()
    assert rnd.phase is HeadsUpPhase.COMPLETE and rnd.settle().house_net == 20


@pytest.mark.regulation("677a.7")
def test_odds_equal_to_the_ante_is_a_labelled_table_setting():
    """The Odds = Ante requirement comes from § 677a.7, which is not in our hands: a setting
    (default on, assumed) whose refusal names it as such."""
    rnd = HeadsUpRound(RULES)
    with pytest.raises(WagerNotAllowedError) as info:
        rnd.place_wagers(1, 10, 15)
    assert "odds_equal_ante" in info.value.rule and "not in our hands" in info.value.rule
    free = HeadsUpRound(example_rules(odds_equal_ante=False))
    free.place_wagers(1, 10, 15)
    with pytest.raises(WagerNotAllowedError):
        free.place_wagers(2, 10, 10_000)  # still within the Ante limits
    assert free.wagers[1] == (10, 15, 0, 0)


def test_hole_card_order_follows_the_tables_dealing_procedure():
    """HeadsUpRound.deal deals in the order of rules.hole_card_procedure (default: one card at a
    time from the dealer's left, the dealer last, twice around), e.g. a burn before the hole cards."""
    from pyeval.house.dealing import DealingProcedure, DealStep, SeatOrder, StepKind
    cards = list(range(52))
    rnd = HeadsUpRound(RULES)
    for s in (1, 2):
        rnd.place_wagers(s, 10, 10)
    rnd.deal(SequenceSource(cards))
    assert rnd.hole == {1: (0, 3), 2: (1, 4)} and rnd.dealer_hole == (2, 5)
    burn_first = DealingProcedure("burn first", SeatOrder.FROM_DEALERS_LEFT, (
        DealStep(StepKind.BURN, "hole"),
        DealStep(StepKind.HOLE_ROUND, "hole", dealer=True), DealStep(StepKind.HOLE_ROUND, "hole", dealer=True)))
    rnd = HeadsUpRound(example_rules(hole_card_procedure=burn_first))
    for s in (1, 2):
        rnd.place_wagers(s, 10, 10)
    rnd.deal(SequenceSource(cards))
    assert rnd.burns == (0,) and rnd.hole == {1: (1, 4), 2: (2, 5)} and rnd.dealer_hole == (3, 6)
    one_round = DealingProcedure("one card", SeatOrder.FROM_DEALERS_LEFT,
                                 (DealStep(StepKind.HOLE_ROUND, "hole", dealer=True),))
    from pyeval.errors import TableRulesError
    with pytest.raises(TableRulesError, match="two cards"):
        example_rules(hole_card_procedure=one_round)


def test_payout_rounding_defaults_to_exact():
    """No payout is rounded unless the table declares it: the default refuses, at placement, an
    Odds wager a 3 to 2 line would not pay in whole chips."""
    from pyeval.headsup.rules import HeadsUpRules
    kw = {k: getattr(RULES, k) for k in ("ante_raise", "odds", "bad_beat")}
    rules = HeadsUpRules(**kw)
    assert rules.rounding is Rounding.EXACT
    rnd = HeadsUpRound(rules)
    with pytest.raises(WagerNotAllowedError, match="EXACT"):
        rnd.place_wagers(1, 5, 5)
    rnd.place_wagers(1, 6, 6)


# ---- errors change nothing -------------------------------------------------------------------------

def snapshot(rnd: HeadsUpRound):
    # everything but _ropts, a cache of raise options per Ante (not round state)
    return copy.deepcopy({s: getattr(rnd, s) for s in HeadsUpRound.__slots__ if s != "_ropts"})


def rejected(rnd: HeadsUpRound, exc, fn, *args):
    before = snapshot(rnd)
    with pytest.raises(exc) as info:
        fn(*args)
    assert snapshot(rnd) == before
    return info.value


def test_rejected_wagers_change_nothing():
    rnd = HeadsUpRound(example_rules(pocket_bonus=None))
    e = rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 10, 15)
    assert "must equal the Ante" in str(e) and "677a.7" in e.rule
    rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 4, 4)        # below ante_min
    rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 501, 501)    # above ante_max
    e = rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 10, 10, 5)
    assert "does not offer" in str(e)
    rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 10, 10, 0, 101)
    rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 7, 10, 10)      # no such seat
    rejected(rnd, WagerNotAllowedError, rnd.place_wagers, 1, 10.0, 10.0)
    rejected(rnd, IllegalActionError, rnd.deal, SequenceSource(range(52)))  # nobody wagered
    rnd.place_wagers(1, 10, 10)
    rejected(rnd, IllegalActionError, rnd.place_wagers, 1, 10, 10)        # twice


def test_rejected_decisions_change_nothing():
    rnd = HeadsUpRound(RULES)
    rnd.place_wagers(1, 10, 10)
    rnd.place_wagers(2, 10, 10)
    src = SequenceSource(random.Random(5).sample(range(52), 52))
    rnd.deal(src)
    e = rejected(rnd, OutOfTurnError, rnd.check, 2)
    assert "677a.11(b)" in e.rule
    e = rejected(rnd, WagerNotAllowedError, rnd.raise_wager, 1, 40)       # above 3x
    assert "677a.11(b)" in e.rule
    rejected(rnd, IllegalActionError, rnd.fold, 1)                         # fold only at (f)
    rejected(rnd, IllegalActionError, rnd.burn_and_flop, src)              # decisions due
    rnd.raise_wager(1, 30)
    rnd.check(2)
    rnd.burn_and_flop(src)
    e = rejected(rnd, IllegalActionError, rnd.raise_wager, 1, 20)         # second raise
    assert "only one" in str(e)
    rejected(rnd, WagerNotAllowedError, rnd.raise_wager, 2, 30)           # above 2x after the flop
    rnd.check(2)
    rnd.burn_turn_and_river(src)
    rejected(rnd, IllegalActionError, rnd.check, 2)                        # must raise or fold
    rejected(rnd, WagerNotAllowedError, rnd.raise_wager, 2, 20)           # exactly the Ante
    rnd.fold(2)
    rejected(rnd, IllegalActionError, rnd.raise_wager, 2, 10)             # after folding
    rejected(rnd, IllegalActionError, rnd.settle)                          # dealer not exposed
    rnd.expose_dealer()
    assert rnd.legal_actions() == {Action.SETTLE}


def test_bad_cards_from_the_source_change_nothing():
    rnd = HeadsUpRound(RULES)
    rnd.place_wagers(1, 10, 10)
    rejected(rnd, DuplicateCardError, rnd.deal, SequenceSource([1, 2, 3, 1]))
    rejected(rnd, InvalidCardError, rnd.deal, SequenceSource([1, 2, 3, 52]))
    rnd.deal(SequenceSource([1, 2, 3, 4]))
    rnd.check(1)
    rejected(rnd, DuplicateCardError, rnd.burn_and_flop, SequenceSource([9, 10, 11, 1]))

    class Short:
        def burn(self):
            return 20

        def deal(self, k):
            return (21,)
    rejected(rnd, CardCountError, rnd.burn_and_flop, Short())


# ---- properties ----------------------------------------------------------------------------------

def _random_strategy(rng: random.Random):
    return lambda d: rng.choice((0, *d.options))


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sets(st.integers(1, 6), min_size=1, max_size=6),
       pocket=st.booleans(), trips=st.booleans(), rounding=st.sampled_from(list(Rounding)))
def test_every_wager_settled_once_and_amounts_conserved(seed, seats, pocket, trips, rounding):
    rules = example_rules(rounding=rounding)
    rng = random.Random(seed)
    unit = 2 if rounding is Rounding.EXACT else 1
    wagers = {s: (unit * rng.randint(5, 20), 0, pocket * rng.randint(1, 100), trips * rng.randint(1, 100))
              for s in seats}
    wagers = {s: (a, a, p, t) for s, (a, _, p, t) in wagers.items()}
    rnd = HeadsUpRound(rules)
    for s, w in wagers.items():
        rnd.place_wagers(s, *w)
    res = rnd.run(SequenceSource(rng.sample(range(52), 52)), _random_strategy(rng))
    # folds without optional wagers settled at the fold (f), in decision order; then the raisers from
    # the dealer's right (g); then the folded hands tucked under an optional wager (i)
    tucked = {s for s in rnd.folded if wagers[s][2] or wagers[s][3]}
    assert [p.player for p in res.players] == (sorted(rnd.folded - tucked) + sorted(set(seats) - rnd.folded, reverse=True)
                                             + sorted(tucked, reverse=True))
    for p in res.players:
        a, o, pb, tp = wagers[p.player]
        made = {HeadsUpWager.ANTE: a, HeadsUpWager.ODDS: o}
        if p.player in rnd.raised:
            made[HeadsUpWager.RAISE] = rnd.raised[p.player][1]
        if pb:
            made[HeadsUpWager.POCKET_BONUS] = pb
        if tp:
            made[HeadsUpWager.TRIPS_PLUS] = tp
        assert [r.wager for r in p.results].count(HeadsUpWager.ANTE) == 1
        assert {r.wager: r.amount for r in p.results} == made and len(p.results) == len(made)
        for r in p.results:
            if r.outcome is Outcome.PUSH:
                assert r.net == 0
            elif r.outcome is Outcome.LOSE:
                assert r.net == -r.amount
            else:
                exact = r.amount * r.odds
                assert r.net == {Rounding.DOWN: exact.__floor__(), Rounding.UP: exact.__ceil__(),
                                 Rounding.EXACT: exact}[rounding]
                assert r.net == exact or rounding is not Rounding.EXACT
    assert res.house_net == -sum(p.net for p in res.players)
    # the record replays to the same settlement (§ 677a.11(j))
    assert HeadsUpRound.replay(rules, rnd.events).settlement == res


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), action=st.sampled_from(["raise", "check", "fold", "flop", "tr",
                                                                "expose", "settle", "wager"]),
       seat=st.integers(0, 7), amount=st.integers(-5, 50))
def test_any_rejected_action_changes_nothing(seed, action, seat, amount):
    rng = random.Random(seed)
    rnd = HeadsUpRound(RULES)
    for s in rng.sample(range(1, 7), rng.randint(1, 3)):
        rnd.place_wagers(s, 10, 10)
    src = SequenceSource(rng.sample(range(52), 52))
    rnd.deal(src)
    strat = _random_strategy(rng)
    for _ in range(rng.randint(0, 8)):  # advance a random number of legal steps
        if rnd.to_act is not None:
            rnd.decide(strat(rnd.decision()))
        elif rnd.phase is HeadsUpPhase.FLOP:
            rnd.burn_and_flop(src)
        elif rnd.phase is HeadsUpPhase.TURN_RIVER:
            rnd.burn_turn_and_river(src)
    fn = {"raise": lambda: rnd.raise_wager(seat, amount), "check": lambda: rnd.check(seat),
          "fold": lambda: rnd.fold(seat), "flop": lambda: rnd.burn_and_flop(src),
          "tr": lambda: rnd.burn_turn_and_river(src), "expose": rnd.expose_dealer,
          "settle": rnd.settle_next, "wager": lambda: rnd.place_wagers(seat, amount, amount)}[action]
    before = snapshot(rnd)
    pos = src.pos
    try:
        fn()
    except IllegalActionError:
        assert snapshot(rnd) == before
        assert src.pos == pos or action in ("flop", "tr")


def test_basic_strategy_plays_whole_rounds():
    rng = random.Random(11)
    total = 0
    for _ in range(300):
        res = play_round(RULES, {1: (10, 10, 5, 5)}, SequenceSource(rng.sample(range(52), 11)), basic_strategy)
        total += res.house_net
    assert total != 0


def test_default_hole_card_order_is_the_shoes_procedure():
    """The default deal's direct placement is exactly the shoe's WPT_HEADS_UP_DEAL plan."""
    from pyeval.headsup.dealing import WPT_HEADS_UP_DEAL
    from pyeval.house.dealing import plan_deal
    for seats in ((1,), (2, 5), (1, 2, 3, 4, 5, 6)):
        cards = random.Random(len(seats)).sample(range(52), 52)
        rnd = HeadsUpRound(RULES)
        for s in seats:
            rnd.place_wagers(s, 10, 10)
        rnd.deal(SequenceSource(cards))
        plan = plan_deal(WPT_HEADS_UP_DEAL, seats, stages=("hole",))
        hands, _, dealer = plan.place(cards[:plan.need])
        assert rnd.hole == hands and rnd.dealer_hole == dealer and rnd.burns == ()
