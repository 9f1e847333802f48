"""Criss-Cross Poker round and table: 58 Pa. Code § 674a.9 step by step, settlement, errors."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import parse_cards
from pyeval.crisscross import (
    Action, Box, Deck, CrissCrossRules, CrissCrossTable, Misdeal, Outcome, CrissCrossPaytable, CrissCrossPhase,
    ShufflerDeck, StubCountOutcome, CrissCrossWager, basic_strategy, play_round,
)
from pyeval.errors import (
    DeckOutOfPlayError, IllegalActionError, OutOfTurnError, PyevalError, StubCountDueError,
    TableRulesError, WagerNotAllowedError,
)
from pyeval.shoe import Shoe

RULES = CrissCrossRules(min_ante=1)


def preset_table(*orders, rules=RULES):
    deck = ShufflerDeck(seed=1)
    deck.preset(orders)
    return CrissCrossTable(rules, deck), deck


def order_with(front):
    """A full deck order starting with ``front`` (card text or ints)."""
    f = list(parse_cards(front)) if isinstance(front, str) else list(front)
    return f + [c for c in range(52) if c not in f]


def snapshot(rnd):
    t = rnd.table
    return (rnd.phase, tuple(rnd.events), rnd.community, rnd.revealed, rnd.stub_count,
            tuple((k, s.ante, s.bonus, s.hole, tuple(s.multiples), s.folded) for k, s in rnd.players.items()),
            tuple(rnd._pending), t.rounds_since_count, t.rounds_played, t.deck_removed, t.deck.remaining,
            t.deck.size)


def to_decisions(rnd):
    rnd.no_more_bets()
    rnd.deal()
    rnd.discard_stub()


# ---- § 674a.9(a) ----------------------------------------------------------------------------------
@pytest.mark.regulation("674a.9(a)(3)")
def test_674a_9_a_3_no_more_bets_before_any_card():
    t, _ = preset_table(list(range(52)))
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    before = snapshot(rnd)
    with pytest.raises(OutOfTurnError):
        rnd.deal()
    assert snapshot(rnd) == before
    rnd.no_more_bets()
    before = snapshot(rnd)
    with pytest.raises(OutOfTurnError):
        rnd.place_wagers(2, 5, 5)
    assert snapshot(rnd) == before
    assert rnd.legal_actions() == {Action.DEAL}


@pytest.mark.regulation("674a.9(a)(2)")
def test_674a_9_a_2_dealer_keeps_the_chosen_hand():
    t, _ = preset_table(list(range(52)))
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    rnd.no_more_bets()
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError):
        rnd.deal(hand="both")
    assert snapshot(rnd) == before
    rnd.deal(hand="left")
    assert rnd.dealer_hand == "left" and rnd.events[-1].detail[0] == "left"


@pytest.mark.regulation("674a.9(a)(1)")
def test_674a_9_a_1_automated_shuffler_shuffles_every_round():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=11))
    a = play_round(t, {1: (5, 0)}).community
    b = play_round(t, {1: (5, 0)}).community
    assert a != b  # fresh shuffle each round (a repeat has probability ~1/311,875,200)


# ---- § 674a.9(b) ----------------------------------------------------------------------------------
@pytest.mark.regulation("674a.9(b)")
def test_674a_9_b_dealing_order_and_layout_positions():
    t, _ = preset_table(list(range(52)))
    rnd = t.new_round()
    for seat in (6, 2, 5):  # wagers in any order; dealing is by position
        rnd.place_wagers(seat, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    # five community cards first: farthest box, the second row of three, the closest box
    assert rnd.community == (0, 1, 2, 3, 4)
    assert [rnd.community[b] for b in (Box.FAR, Box.ROW_LEFT, Box.CENTRE, Box.ROW_RIGHT, Box.NEAR)] == [0, 1, 2, 3, 4]
    # then one card at a time from the position farthest to the dealer's left, clockwise, twice
    assert rnd.hole(2) == (5, 8) and rnd.hole(5) == (6, 9) and rnd.hole(6) == (7, 10)
    # only seats with both Antes are dealt in
    assert rnd.hole(1) == () and rnd.hole(3) == ()
    assert t.deck.remaining == 52 - 5 - 6


@pytest.mark.regulation("674a.9(b)")
def test_674a_9_b_cross_rows_and_columns_used_for_hands():
    # Across hand = hole + row (ROW_LEFT, CENTRE, ROW_RIGHT); Down hand = hole + column (FAR, CENTRE, NEAR)
    t, _ = preset_table(order_with("2c Ks Kd Kh 3d Kc 7s"))
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    to_decisions(rnd)
    for _ in range(3):
        rnd.bet(1, 1)
        rnd.reveal()
    rec = rnd.settle()
    res = {r.wager: r for r in rec.results}
    assert res[CrissCrossWager.ACROSS].line == "Four of a Kind"   # Kc Ks Kd Kh + 7s
    # Down: Kc 7s + 2c Kd 3d is a pair of kings (the column does not see Ks, Kh of the row)
    assert res[CrissCrossWager.DOWN].line == "Pair of Jacks or Better"
    assert res[CrissCrossWager.ANTE_DOWN].outcome is Outcome.WIN


# ---- § 674a.9(c) ----------------------------------------------------------------------------------
@pytest.mark.regulation("674a.9(c)")
def test_674a_9_c_stub_to_discard_rack_unexposed():
    t, deck = preset_table(list(range(52)))
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    rnd.place_wagers(4, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    rnd.discard_stub()
    assert deck.remaining == 0
    assert sorted(deck.racked()) == list(range(9, 52))
    ev = [e for e in rnd.events if e.kind == "discard_stub"]
    assert ev and ev[0].detail == 43 and ev[0].cards == ()  # only how many cards went to the rack; none exposed
    assert rnd.phase is CrissCrossPhase.ACROSS_DECISION and rnd.visible_community() == {}


# ---- § 674a.9(d) ----------------------------------------------------------------------------------
@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_count_due_every_five_rounds():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=5))
    for i in range(4):
        assert not t.stub_count_due
        play_round(t, {1: (5, 0)}, count_stub=False)
    assert t.rounds_since_count == 4 and t.stub_count_due
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    assert rnd.legal_actions() == {Action.COUNT_STUB}
    before = snapshot(rnd)
    with pytest.raises(StubCountDueError):
        rnd.discard_stub()
    with pytest.raises(StubCountDueError):
        rnd.bet(1, 1)
    assert snapshot(rnd) == before
    assert rnd.count_stub() is StubCountOutcome.CORRECT
    assert t.rounds_since_count == 4  # reset when the round ends
    for _ in range(3):
        rnd.bet(1, 1) if rnd.phase.name.endswith("DECISION") else None
        rnd.reveal()
    rnd.settle()
    assert t.rounds_since_count == 0 and not t.stub_count_due


@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_dealer_may_count_more_often():
    t = CrissCrossTable(CrissCrossRules(min_ante=1, stub_count_interval=2), ShufflerDeck(seed=5))
    play_round(t, {1: (5, 0)})
    assert t.stub_count_due  # every second round
    rec = play_round(t, {1: (5, 0)})
    assert rec.stub_outcome is StubCountOutcome.CORRECT and t.rounds_since_count == 0
    rec = play_round(t, {1: (5, 0)}, count_stub=True)  # an extra count is always allowed
    assert rec.stub_count == 52 - 7


@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_no_count_needed_when_the_shuffler_counts():
    t = CrissCrossTable(CrissCrossRules(min_ante=1, shuffler_counts_cards=True), ShufflerDeck(seed=5))
    for _ in range(12):
        assert not t.stub_count_due
        rec = play_round(t, {1: (5, 0)})
        assert rec.stub_outcome is None



# ---- § 674a.9(e) ----------------------------------------------------------------------------------
@pytest.mark.regulation("674a.9(e)")
def test_674a_9_e_correct_count_stub_to_rack():
    t, deck = preset_table(list(range(52)))
    rnd = t.new_round()
    rnd.place_wagers(3, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    assert rnd.count_stub() is StubCountOutcome.CORRECT
    assert rnd.stub_count == 45 and deck.remaining == 0 and len(deck.racked()) == 45
    assert rnd.phase is CrissCrossPhase.ACROSS_DECISION


# ---- § 674a.9(f) ----------------------------------------------------------------------------------
def _misdeal_round(t, misdeal):
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5, 2)
    rnd.place_wagers(2, 10, 10)
    rnd.no_more_bets()
    rnd.deal(misdeal=misdeal)
    return rnd


@pytest.mark.regulation("674a.9(f)")
@pytest.mark.parametrize("misdeal", [Misdeal(1, extra=True), Misdeal(2, extra=False),
                                     Misdeal(None, extra=True), Misdeal(None, extra=False)])
def test_674a_9_f_misdeal_with_52_cards_voids_and_returns(misdeal):
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    rnd = _misdeal_round(t, misdeal)
    assert rnd.count_stub() is StubCountOutcome.MISDEAL
    rec = rnd.record
    assert rnd.phase is CrissCrossPhase.VOID and rec.void_reason and not rec.deck_removed
    assert all(r.outcome is Outcome.RETURNED and r.net == 0 for r in rec.results)
    assert sorted((r.player, r.wager, r.paid) for r in rec.results) == [
        (1, CrissCrossWager.ANTE_ACROSS, 5), (1, CrissCrossWager.ANTE_DOWN, 5), (1, CrissCrossWager.BONUS, 2),
        (2, CrissCrossWager.ANTE_ACROSS, 10), (2, CrissCrossWager.ANTE_DOWN, 10)]
    assert not t.deck_removed
    play_round(t, {1: (5, 0)})  # the deck stays in play


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_wrong_count_not_misdealt_removes_the_deck():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    t.deck.lose_card(17)
    rnd = _misdeal_round(t, None)
    assert rnd.count_stub() is StubCountOutcome.DECK_INCORRECT
    assert rnd.stub_count == 52 - 9 - 1
    assert all(r.outcome is Outcome.RETURNED for r in rnd.record.results)
    assert t.deck_removed and rnd.record.deck_removed
    with pytest.raises(DeckOutOfPlayError):
        t.new_round()
    assert t.round is rnd  # nothing changed
    t.replace_deck(ShufflerDeck(seed=4))
    assert play_round(t, {1: (5, 0)}).void_reason is None


@pytest.mark.regulation("674a.9(f)")
def test_674a_9_f_misdeal_and_short_deck_table_policy():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    t.deck.lose_card(17)
    rnd = _misdeal_round(t, Misdeal(1, extra=True))
    assert rnd.count_stub() is StubCountOutcome.MISDEAL_DECK_INCORRECT
    assert t.deck_removed


def test_misdeal_found_without_a_count_is_void_by_table_policy():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    rnd = _misdeal_round(t, Misdeal(2, extra=True))
    rnd.discard_stub()
    assert rnd.phase is CrissCrossPhase.VOID and not t.deck_removed and t.rounds_since_count == 1


def test_shoe_from_pyeval_shoe_is_a_card_source():
    shoe = Shoe(1, seed=9)
    assert isinstance(shoe, Deck)
    t = CrissCrossTable(RULES, shoe)
    for _ in range(6):
        rec = play_round(t, {2: (5, 1), 4: (5, 0)})
    assert rec.number == 6
    shoe.shuffle()
    shoe.remove_card(3)
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    assert rnd.count_stub() is StubCountOutcome.DECK_INCORRECT


# ---- settlement (configuration: public descriptions; hand-computed amounts) -----------------------
def play(t, seat_wagers, decisions):
    rnd = t.new_round()
    for seat, (ante, bonus) in seat_wagers.items():
        rnd.place_wagers(seat, ante, ante, bonus)
    to_decisions(rnd)
    for d in range(3):
        for seat, m in decisions.get(d, []):
            rnd.bet(seat, m) if m else rnd.fold(seat)
        rnd.reveal()
    return {(r.player, r.wager): r for r in rnd.settle().results}, rnd


def test_settlement_trips_both_ways():
    # cross: FAR 7h, row Ks Ad 2c, NEAR 9c; hole As Ah
    t, _ = preset_table(order_with("7h Ks Ad 2c 9c As Ah"))
    res, rnd = play(t, {1: (5, 2)}, {0: [(1, 3)], 1: [(1, 1)], 2: [(1, 2)]})
    nets = {w: res[(1, w)].net for w in CrissCrossWager}
    # Across As Ah Ks Ad 2c and Down As Ah 7h Ad 9c: three aces each -> 3 to 1; Antes 1 to 1
    assert nets == {CrissCrossWager.ANTE_ACROSS: 5, CrissCrossWager.ANTE_DOWN: 5, CrissCrossWager.ACROSS: 45, CrissCrossWager.DOWN: 15,
                    CrissCrossWager.MIDDLE: 30, CrissCrossWager.BONUS: -2}
    assert rnd.record.house_net == -98


def test_settlement_pushes_and_middle_on_the_better_hand():
    # row 8c 2d 8d (pair of eights across), column Jc 2d 5h; hole Jd 3s
    t, _ = preset_table(order_with("Jc 8c 2d 8d 5h Jd 3s"))
    res, _ = play(t, {1: (10, 0)}, {0: [(1, 1)], 1: [(1, 2)], 2: [(1, 3)]})
    # Across Jd 3s 8c 2d 8d: pair of eights -> Ante and Across push
    assert res[(1, CrissCrossWager.ANTE_ACROSS)].outcome is Outcome.PUSH and res[(1, CrissCrossWager.ACROSS)].net == 0
    # Down Jd 3s Jc 2d 5h: pair of jacks -> Ante 1 to 1, Down bet 20 at 1 to 1
    assert res[(1, CrissCrossWager.ANTE_DOWN)].net == 10 and res[(1, CrissCrossWager.DOWN)].net == 20
    # Middle 30 on the better hand (jacks) at 1 to 1
    assert res[(1, CrissCrossWager.MIDDLE)].net == 30 and (1, CrissCrossWager.BONUS) not in res


def test_settlement_middle_pays_flush_odds_and_losses():
    # row 2h 9h Kh (with hole Ah 5h: a flush across), column 3c 9h 4d -> Down: A-high, loses
    t, _ = preset_table(order_with("3c 2h 9h Kh 4d Ah 5h"))
    res, _ = play(t, {1: (5, 1)}, {0: [(1, 1)], 1: [(1, 1)], 2: [(1, 3)]})
    assert res[(1, CrissCrossWager.ACROSS)].net == 30 and res[(1, CrissCrossWager.ACROSS)].line == "Flush"
    assert res[(1, CrissCrossWager.ANTE_ACROSS)].net == 5          # jacks or better: 1 to 1
    assert res[(1, CrissCrossWager.ANTE_DOWN)].net == -5 and res[(1, CrissCrossWager.DOWN)].net == -5
    assert res[(1, CrissCrossWager.MIDDLE)].net == 90              # 15 at the flush's 6 to 1
    assert res[(1, CrissCrossWager.BONUS)].net == -1               # 3c 2h 9h Kh 4d: king high


def test_settlement_fold_loses_bets_made_bonus_stays_in_action():
    # board 6c 6d 2h 9s Ks: a pair of sixes on the community cards -> Bonus 1 to 1
    t, _ = preset_table(order_with("6c 6d 2h 9s Ks 3c 4d"))
    res, _ = play(t, {1: (5, 4), 2: (5, 0)}, {0: [(1, 2), (2, 0)], 1: [(1, 0)]})
    assert res[(1, CrissCrossWager.ANTE_ACROSS)].net == -5 and res[(1, CrissCrossWager.ANTE_DOWN)].net == -5
    assert res[(1, CrissCrossWager.ACROSS)].net == -10 and (1, CrissCrossWager.DOWN) not in res
    assert res[(1, CrissCrossWager.BONUS)].net == 4
    assert res[(2, CrissCrossWager.ANTE_ACROSS)].net == -5 and (2, CrissCrossWager.ACROSS) not in res


def test_settlement_fractional_odds_round_down():
    rules = CrissCrossRules(min_ante=1, ante_paytable=CrissCrossPaytable.of("Ante", [("Jacks", 3258, Fraction(3, 2))]))
    t, _ = preset_table(order_with("7h Ks Ad 2c 9c As Ah"), rules=rules)
    res, _ = play(t, {1: (5, 0)}, {0: [(1, 1)], 1: [(1, 1)], 2: [(1, 1)]})
    assert res[(1, CrissCrossWager.ANTE_ACROSS)].net == 7  # 5 * 3/2 = 7.5 -> 7


# ---- errors: a rejected step changes nothing --------------------------------------------------------
@pytest.mark.parametrize("args", [(7, 5, 5), (0, 5, 5), (1, 5, 10), (1, 0, 0), (1, 501, 501),
                                  (1, 5, 5, 101), (1, 5.0, 5.0), (True, 5, 5)])
def test_wagers_the_rules_do_not_allow(args):
    t = CrissCrossTable(CrissCrossRules())
    rnd = t.new_round()
    rnd.place_wagers(2, 5, 5)
    before = snapshot(rnd)
    with pytest.raises(WagerNotAllowedError):
        rnd.place_wagers(*args)
    assert snapshot(rnd) == before
    with pytest.raises(WagerNotAllowedError):
        rnd.place_wagers(2, 5, 5)  # twice
    assert snapshot(rnd) == before


def test_bonus_not_offered():
    rnd = CrissCrossTable(CrissCrossRules(bonus_offered=False)).new_round()
    with pytest.raises(WagerNotAllowedError, match="Bonus"):
        rnd.place_wagers(1, 5, 5, 5)
    assert not rnd.players


def test_decisions_out_of_order_and_bad_multiples():
    t = CrissCrossTable(RULES, ShufflerDeck(seed=2))
    rnd = t.new_round()
    rnd.place_wagers(2, 5, 5)
    rnd.place_wagers(5, 5, 5)
    before = snapshot(rnd)
    with pytest.raises(OutOfTurnError):
        rnd.bet(2, 1)
    assert snapshot(rnd) == before
    to_decisions(rnd)
    assert rnd.to_act == 2 and rnd.legal_multiples() == (1, 2, 3)
    before = snapshot(rnd)
    for bad in (lambda: rnd.bet(5, 1), lambda: rnd.fold(5), lambda: rnd.bet(2, 4),
                lambda: rnd.bet(2, 0), lambda: rnd.reveal(), lambda: rnd.settle(),
                lambda: rnd.count_stub(), lambda: t.new_round(), lambda: t.replace_deck(ShufflerDeck(1))):
        with pytest.raises(PyevalError):
            bad()
        assert snapshot(rnd) == before
    rnd.bet(2, 1)
    rnd.fold(5)
    assert rnd.legal_actions() == {Action.REVEAL}


def test_rules_validation():
    for kw in ({"positions": 7}, {"positions": 0}, {"stub_count_interval": 6},
               {"stub_count_interval": 0}, {"min_ante": 10, "max_ante": 5}, {"across_multiples": ()},
               {"middle_multiples": (1, 1)}, {"shuffler_counts_cards": 1}):
        with pytest.raises(TableRulesError):
            CrissCrossRules(**kw)
    with pytest.raises(TableRulesError):
        CrissCrossPaytable.of("x", [("a", 100, 1), ("b", 200, 1)])
    with pytest.raises(TableRulesError):
        CrissCrossPaytable.of("x", [("a", 100, 1.5)])
    with pytest.raises(TableRulesError):
        CrissCrossPaytable.of("x", [("a", 100, -1)])


# ---- properties ------------------------------------------------------------------------------------
seat_wagers = st.dictionaries(st.integers(1, 6), st.tuples(st.integers(5, 50), st.integers(0, 10)),
                              min_size=1, max_size=6)


def random_strategy(draw):
    def strat(d, hole, row, col):
        return draw(st.sampled_from((0, 1, 2, 3)))
    return strat


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), wagers=seat_wagers, data=st.data())
def test_property_wagers_conserved(seed, wagers, data):
    t = CrissCrossTable(RULES, ShufflerDeck(seed=seed))
    rec = play_round(t, wagers, random_strategy(data.draw), count_stub=data.draw(st.booleans()))
    placed = {}
    for r in rec.results:
        assert r.paid >= 0 and r.paid == r.staked + r.net
        placed[(r.player, r.wager)] = r.staked
    for seat, (ante, bonus) in wagers.items():
        assert placed[(seat, CrissCrossWager.ANTE_ACROSS)] == ante == placed[(seat, CrissCrossWager.ANTE_DOWN)]
        assert placed.get((seat, CrissCrossWager.BONUS), 0) == bonus
        for d, m in enumerate(rec.multiples[seat]):
            if m:
                assert placed[(seat, CrissCrossWager(2 + d))] == m * ante
    assert rec.house_net == -sum(r.net for r in rec.results)
    cards = list(rec.community) + [c for h in rec.hole.values() for c in h]
    assert len(set(cards)) == len(cards) == 5 + 2 * len(wagers)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), wagers=seat_wagers, data=st.data())
def test_property_rejected_actions_change_nothing(seed, wagers, data):
    t = CrissCrossTable(RULES, ShufflerDeck(seed=seed))
    rnd = t.new_round()
    for seat, (ante, bonus) in wagers.items():
        rnd.place_wagers(seat, ante, ante, bonus)
    actions = [
        lambda: rnd.place_wagers(data.draw(st.integers(-1, 8)), 5, data.draw(st.integers(0, 6))),
        lambda: rnd.no_more_bets(), lambda: rnd.deal(), lambda: rnd.discard_stub(),
        lambda: rnd.count_stub(), lambda: rnd.bet(data.draw(st.integers(0, 7)), data.draw(st.integers(-1, 4))),
        lambda: rnd.fold(data.draw(st.integers(0, 7))), lambda: rnd.reveal(), lambda: rnd.settle(),
    ]
    for _ in range(40):
        if rnd.phase in (CrissCrossPhase.COMPLETE, CrissCrossPhase.VOID):
            break
        act = data.draw(st.sampled_from(actions))
        before = snapshot(rnd)
        try:
            act()
        except PyevalError:
            assert snapshot(rnd) == before


def test_basic_strategy_examples():
    pc = parse_cards
    # Across: any pair 3x; unsuited, unpaired, both five or lower folds
    assert basic_strategy(0, pc("6c 6d")) == 3 and basic_strategy(0, pc("2c 2d")) == 3
    assert basic_strategy(0, pc("5c 3d")) == 0 and basic_strategy(0, pc("5c 3c")) == 1
    assert basic_strategy(0, pc("6c 3d")) == 1
    # Down: keyed on the hole cards (the Down hand), not on the row's outer cards
    assert basic_strategy(1, pc("4c 4d"), pc("Ks 9h")) == 3
    assert basic_strategy(1, pc("Ac 3d"), pc("As 9h")) == 1
    # Middle: a made hand or four to a flush in the known cards of either line
    assert basic_strategy(2, pc("2c 3d"), pc("Ks 9h"), pc("2s 3h")) == 3
    assert basic_strategy(2, pc("Ac 3d"), pc("As 9h"), pc("Ks 4h")) == 3
    assert basic_strategy(2, pc("5c 3d"), pc("5s 9h"), pc("Ks 4h")) == 1
    assert basic_strategy(2, pc("Ac 3c"), pc("Kc 9h"), pc("7c 4h")) == 1
    assert basic_strategy(2, pc("Ac 3c"), pc("Kc 9h"), pc("7c 4c")) == 3
    # ... or four to an open-ended straight (2-3-4-5 .. T-J-Q-K; J-Q-K-A is not open-ended)
    assert basic_strategy(2, pc("2c 3d"), pc("4s 5h"), pc("9s Kh")) == 3
    assert basic_strategy(2, pc("Tc Jd"), pc("7s 2h"), pc("Qs Kh")) == 3
    assert basic_strategy(2, pc("Jc Qd"), pc("7s 2h"), pc("Ks Ah")) == 1
    assert basic_strategy(2, pc("2c 3d"), pc("4s 6h"), pc("9s Kh")) == 1


@pytest.mark.regulation("674a.9(b)")
def test_674a_9_b_same_order_as_the_shoes_dealing_procedure():
    from pyeval.crisscross.dealing import CRISS_CROSS_HAND_DEAL
    from pyeval.house.dealing import deal_procedure
    from pyeval.shoe import Shoe

    labels = CRISS_CROSS_HAND_DEAL.steps[0].labels
    assert labels == ("column_far", "row_first", "center", "row_last", "column_near")
    assert [b.name for b in (Box.FAR, Box.ROW_LEFT, Box.CENTRE, Box.ROW_RIGHT, Box.NEAR)] == \
        ["FAR", "ROW_LEFT", "CENTRE", "ROW_RIGHT", "NEAR"]
    # the shoe's procedure and this round deal the same cards to the same places
    t, _ = preset_table(list(range(52)))
    rnd = t.new_round()
    for seat in (2, 5):
        rnd.place_wagers(seat, 5, 5)
    rnd.no_more_bets()
    rnd.deal()
    dealt = deal_procedure(Shoe.from_order(range(52)), CRISS_CROSS_HAND_DEAL, [2, 5])
    assert dealt.board == rnd.community
    assert dict(dealt.hands) == {2: rnd.hole(2), 5: rnd.hole(5)}


def _made_hand_by_counting(cards):
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    pairs = [r for r in range(13) if counts[r] == 2]
    return max(counts, default=0) >= 3 or len(pairs) >= 2 or any(r >= 4 for r in pairs)


def test_made_hand_on_every_set_of_up_to_four_cards():
    # the basic strategy looks at four known cards of a hand; check every such set exhaustively
    import itertools

    from pyeval.crisscross.strategy import made_hand
    for k in range(5):
        for cards in itertools.combinations(range(52), k):
            assert made_hand(cards) == _made_hand_by_counting(cards), cards


@pytest.mark.regulation("674a.9(d)")
def test_674a_9_d_table_counter_is_the_shoes_stub_count_policy():
    from pyeval.house.stub import StubCountPolicy
    t = CrissCrossTable(CrissCrossRules(min_ante=1, stub_count_interval=3), ShufflerDeck(seed=5))
    assert isinstance(t.stub_policy, StubCountPolicy) and t.stub_policy.every == 3
    play_round(t, {1: (5, 0)})
    assert t.rounds_since_count == t.stub_policy.rounds_since_count == 1


# ---- issue 13: game faults and conventions ---------------------------------------------------------
@pytest.mark.regulation("674a.9(d)", "674a.9(f)")
def test_674a_9_short_deck_at_the_deal_voids_the_round_and_the_table_takes_a_new_deck():
    """A counting shuffler that finds 51 cards (or a deck too small for the seats): nothing is dealt,
    the round is void with every wager returned, the deck leaves the table, and a new deck is
    accepted (the round used to stay stuck in the deal)."""
    t = CrissCrossTable(CrissCrossRules(min_ante=1, shuffler_counts_cards=True), ShufflerDeck(seed=5))
    t.deck.lose_card(0)
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 5, 2)
    rnd.place_wagers(4, 10, 10)
    rnd.no_more_bets()
    rnd.deal()
    rec = rnd.record
    assert rnd.phase is CrissCrossPhase.VOID and "51 cards" in rec.void_reason and rec.deck_removed
    assert sorted((r.player, r.wager, r.paid, r.outcome) for r in rec.results) == [
        (1, CrissCrossWager.ANTE_ACROSS, 5, Outcome.RETURNED), (1, CrissCrossWager.ANTE_DOWN, 5, Outcome.RETURNED),
        (1, CrissCrossWager.BONUS, 2, Outcome.RETURNED), (4, CrissCrossWager.ANTE_ACROSS, 10, Outcome.RETURNED),
        (4, CrissCrossWager.ANTE_DOWN, 10, Outcome.RETURNED)]
    assert rec.house_net == 0 and t.deck_removed and t.deck.remaining == 51  # no card was dealt
    with pytest.raises(DeckOutOfPlayError):
        t.new_round()
    t.replace_deck(ShufflerDeck(seed=6))
    assert play_round(t, {1: (5, 0)}).void_reason is None

    # a deck too small for the seats, at a table that counts the stub itself
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    for c in range(45):
        t.deck.lose_card(c)
    rec = play_round(t, {1: (5, 0), 2: (5, 0)})
    assert rec.void_reason and "7 cards, 9 are needed" in rec.void_reason and t.deck_removed


@pytest.mark.regulation("674a.9(d)", "674a.9(f)")
def test_multi_deck_source_refused_at_setup():
    """§ 674a.9(d)-(f) count the stub against one 52-card deck: a source of several decks is refused
    when the table is set up (or the deck replaced), not discovered at a count."""
    from pyeval import Shoe
    with pytest.raises(IllegalActionError, match=r"674a\.9"):
        CrissCrossTable(RULES, Shoe(2, seed=1))
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    with pytest.raises(IllegalActionError, match="104 cards"):
        t.replace_deck(Shoe(2, seed=1))
    assert isinstance(t.deck, ShufflerDeck)


def test_equal_antes_is_a_labelled_setting():
    """Two equal Antes come from public descriptions of the game, not PA text: the default refuses
    unequal Antes naming the setting; with equal_antes=False each Ante stands on its own."""
    t = CrissCrossTable(RULES, ShufflerDeck(seed=3))
    rnd = t.new_round()
    with pytest.raises(WagerNotAllowedError, match="equal_antes"):
        rnd.place_wagers(1, 5, 10)
    rules = CrissCrossRules(min_ante=1, equal_antes=False)
    t = CrissCrossTable(rules, ShufflerDeck(seed=3))
    rnd = t.new_round()
    rnd.place_wagers(1, 5, 10)
    rnd.no_more_bets()
    rnd.deal()
    rnd.count_stub()
    rnd.bet(1, 2)
    rnd.reveal()
    rnd.bet(1, 3)
    rnd.reveal()
    rnd.bet(1, 1)
    rnd.reveal()
    rec = rnd.settle()
    staked = {r.wager: r.staked for r in rec.results}
    assert staked[CrissCrossWager.ANTE_ACROSS] == 5 and staked[CrissCrossWager.ANTE_DOWN] == 10
    assert staked[CrissCrossWager.ACROSS] == 10 and staked[CrissCrossWager.DOWN] == 30 and staked[CrissCrossWager.MIDDLE] == 5
    assert rec.wagers[1] == (5, 10, 0)
