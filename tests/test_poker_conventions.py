"""Issue 13: the chapter-637a conventions the text leaves open are settings with labelled defaults
(docs/holdem.md), and the clauses § 637a.8(b)(4), (b)(6), (k) and § 637a.11(c)(1)(ii), (e), (i), (j)
are checked to the letter. Each test names the clauses it covers (``regulation`` marker)."""
from __future__ import annotations

import pytest

from pyeval import parse_cards
from pyeval.errors import IllegalActionError, TableRulesError
from pyeval.poker import (
    BettingStructure, ButtonPlacement, HighCardWins, LimitShortAllIn, PokerRules, Round, ShortAllIns, StreetOpener,
    Table,
)
from pyeval.shoe import Shoe

NL = PokerRules(seats=9, blinds=(1, 2), min_bet=2)


def _round(rules: PokerRules, stacks: list[int]) -> Round:
    r = Round(rules, stacks)
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d", "9s9c", "JdTd"][:len(stacks)])
    return r


# ---------------------------------------------------------------------------- § 637a.8(b)(4)
@pytest.mark.regulation("637a.8(b)(4)")
def test_637a_8_b_4_min_table_stakes_cannot_be_below_forced_bets_plus_one_bet():
    """A player needs the forced bets and one bet at the posted minimum to be dealt in: a table may
    ask for more, never less (blinds 5/10, minimum bet 10: at least 20)."""
    with pytest.raises(TableRulesError, match=r"637a\.8\(b\)\(4\)"):
        PokerRules(seats=6, blinds=(5, 10), min_bet=10, min_table_stakes=3)
    with pytest.raises(TableRulesError, match=r"637a\.8\(b\)\(4\)"):
        PokerRules(seats=6, blinds=(5, 10), min_bet=10, ante=1, min_table_stakes=20)  # the ante counts
    rules = PokerRules(seats=6, blinds=(5, 10), min_bet=10, min_table_stakes=20)
    assert rules.required_stakes == 20 == rules.forced_bets_and_one_bet
    t = Table(rules, {1: 100, 2: 3, 3: 19, 4: 20})
    t.place_button()
    assert t.dealt_in() == (1, 4)  # 3 and 19 chips are not enough


# ---------------------------------------------------------------------------- short all-ins
@pytest.mark.regulation("637a.8(b)(5)(iii)")
def test_short_all_ins_adding_up_to_a_full_raise_each_on_its_own_by_default():
    rules = PokerRules(seats=9, blinds=(1, 2), min_bet=2, ante=0)
    assert rules.short_all_ins is ShortAllIns.EACH_ON_ITS_OWN
    r = Round(rules, [100, 100, 14, 21])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d"])
    for _ in range(4):
        r.check_or_call()
    r.deal_board("2h5h8c")
    r.bet_or_raise_to(10, 0)
    r.check_or_call(1)
    r.bet_or_raise_to(12, 2)  # all-in for 12: short of the full raise to 20
    r.bet_or_raise_to(19, 3)  # all-in for 19: short again; 9 above the bet player 0 made
    assert r.actor == 0 and not r.betting_options().can_raise  # 9 < 10: not reopened either way


@pytest.mark.regulation("637a.8(b)(5)(iii)")
def test_short_all_ins_adding_up_to_a_full_raise_reopen_when_cumulative():
    def play(rule: ShortAllIns) -> Round:
        rules = PokerRules(seats=9, blinds=(1, 2), min_bet=2, short_all_ins=rule)
        r = Round(rules, [100, 100, 16, 23])
        r.post_forced_bets()
        r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d"])
        for _ in range(4):
            r.check_or_call()
        r.deal_board("2h5h8c")
        r.bet_or_raise_to(10, 0)
        r.check_or_call(1)
        r.bet_or_raise_to(14, 2)  # all-in: 4 above 10, short of a full raise
        r.bet_or_raise_to(21, 3)  # all-in: 7 above 14, short; 11 above player 0's 10 and player 1's call
        return r
    r = play(ShortAllIns.EACH_ON_ITS_OWN)
    assert r.actor == 0 and not r.betting_options().can_raise
    with pytest.raises(IllegalActionError, match=r"637a\.8\(b\)\(5\)"):
        r.bet_or_raise_to(40, 0)
    r = play(ShortAllIns.CUMULATIVE)
    assert r.actor == 0 and r.betting_options().can_raise and r.betting_options().min_to == 31
    r.bet_or_raise_to(31, 0)
    assert r.bet_to == 31 and r.actor == 1


@pytest.mark.regulation("637a.8(b)(5)(iii)", "637a.8(k)")
def test_fixed_limit_completion_after_a_short_all_in():
    """Fixed limit 10/20 on the flop, a bet of 10: an all-in to 14 (less than half a bet above) and
    to 16 (half a bet or more)."""
    def play(rule: LimitShortAllIn, allin: int) -> Round:
        rules = PokerRules(seats=9, blinds=(5, 10), min_bet=10, structure=BettingStructure.FIXED_LIMIT,
                           limit_short_all_in=rule)
        r = Round(rules, [200, 200, allin + 10, 200])
        r.post_forced_bets()
        r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d"])
        for _ in range(4):
            r.check_or_call()
        r.deal_board("2h5h8c")
        r.bet_or_raise_to(10, 0)
        r.check_or_call(1)
        r.bet_or_raise_to(allin, 2)
        return r
    r = play(LimitShortAllIn.RAISE_FROM_ALL_IN, 14)  # default: one bet above the all-in
    assert r.betting_options().min_to == r.betting_options().max_to == 24
    r = play(LimitShortAllIn.HALF_BET, 14)  # under half a bet: call 14 or complete to 20
    assert r.betting_options().min_to == r.betting_options().max_to == 20
    r.bet_or_raise_to(20, 3)
    assert r.actor == 0 and r.betting_options().can_raise
    r = play(LimitShortAllIn.HALF_BET, 16)  # half a bet or more: a full raise, reopens
    assert r.betting_options().min_to == 26
    r.check_or_call(3)
    assert r.actor == 0 and r.betting_options().can_raise and r.raises == 1


# ---------------------------------------------------------------------------- § 637a.11(i), (j)
@pytest.mark.regulation("637a.11(i)", "637a.11(j)", "637a.11(g)", part="betting")
def test_637a_11_i_j_turn_and_river_opener_reading():
    """§ 637a.11(i), (j): the turn and river rounds follow (g). Default reading: the first live
    player left of the button opens, as on the flop (h); the literal reading starts left of the
    blinds as before the flop."""
    for opener, first in ((StreetOpener.LEFT_OF_BUTTON, 0), (StreetOpener.AS_PREFLOP, 2)):
        rules = PokerRules(seats=9, blinds=(1, 2), min_bet=2, turn_river_opener=opener)
        r = _round(rules, [100, 100, 100, 100])
        for _ in range(4):
            r.check_or_call()
        r.deal_board("2h5h8c")
        assert r.actor == 0  # the flop: left of the button (§ 637a.11(h)) either way
        for _ in range(4):
            r.check_or_call()
        r.deal_board("Jc")
        assert r.actor == first, opener
        r.bet_or_raise_to(4)  # the turn's betting round
        for _ in range(3):
            r.check_or_call()
        r.deal_board("Qd")
        assert r.actor == first, opener
        for _ in range(4):
            r.check_or_call()
        assert r.showdown_order()[0] == 0  # nobody bet the river: left of the button shows first


@pytest.mark.regulation("637a.11(g)", "637a.11(h)", "637a.11(i)", "637a.11(j)", "637a.8(j)", part="betting")
def test_637a_11_g_h_i_j_betting_of_every_street():
    """Each street's betting round: who opens, fold / call / raise clockwise, and the round closes
    once the last player has responded to the most recent bet."""
    r = _round(NL, [100, 100, 100, 100])
    assert r.actor == 2  # preflop (g): left of the blinds
    r.bet_or_raise_to(6, 2)
    r.check_or_call(3)
    r.check_or_call(0)
    r.bet_or_raise_to(12, 1)  # the big blind may raise too (g)
    for p in (2, 3, 0):
        r.check_or_call(p)
    assert r.actor is None and r.pot_total == 48
    r.deal_board("2h5h8c")  # (h): the first live player left of the button opens
    assert r.actor == 0
    r.check_or_call(0)
    r.bet_or_raise_to(10, 1)  # an opening bet after a check
    r.fold(2)
    r.check_or_call(3)
    r.check_or_call(0)
    assert r.actor is None and r.pot_total == 78
    r.deal_board("Jc")  # (i): the turn round, opened left of the button (player 2 has folded)
    assert r.actor == 0
    r.check_or_call(0)
    r.bet_or_raise_to(10, 1)
    r.check_or_call(3)
    r.bet_or_raise_to(30, 0)  # check-raise (§ 637a.8(j))
    r.check_or_call(1)
    r.fold(3)
    assert r.actor is None and r.pot_total == 148
    r.deal_board("Qd")  # (j): the river round
    assert r.actor == 0
    r.bet_or_raise_to(20, 0)
    r.check_or_call(1)
    assert r.actor is None and r.showdown_order() == (0, 1)


# ---------------------------------------------------------------------------- § 637a.11(c)(1)(ii)
@pytest.mark.regulation("637a.11(c)(1)(ii)")
def test_637a_11_c_1_ii_high_card_button_lowest_when_posted():
    """The text says "by rank of a single card dealt"; the highest card is the default (common
    practice), the lowest a posted option."""
    cards = parse_cards("Kc 4h 9s")
    t = Table(PokerRules(seats=6, button_placement=ButtonPlacement.HIGH_CARD), {1: 100, 3: 100, 4: 100})
    assert t.place_button(Shoe.from_order(cards)) == 1
    t = Table(PokerRules(seats=6, button_placement=ButtonPlacement.HIGH_CARD, button_high_card=HighCardWins.LOWEST),
              {1: 100, 3: 100, 4: 100})
    assert t.place_button(Shoe.from_order(cards)) == 3


# ---------------------------------------------------------------------------- § 637a.11(e)
@pytest.mark.regulation("637a.11(e)")
def test_637a_11_e_straddle_smaller_than_the_big_blind_refused():
    with pytest.raises(TableRulesError, match=r"637a\.11\(e\)"):
        PokerRules(seats=6, blinds=(1, 5), min_bet=5, straddle=3)  # smaller than the big blind
    assert PokerRules(seats=6, blinds=(1, 2), min_bet=2, straddle=4).straddle == 4
    assert PokerRules(seats=6, blinds=(1, 2), min_bet=2, straddle=2).straddle == 2  # a third live blind


# ---------------------------------------------------------------------------- § 637a.8(k)
@pytest.mark.regulation("637a.8(k)")
def test_637a_8_k_minimum_bet_raised_by_agreement_between_rounds():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, max_min_bet_increase=8)
    t = Table(rules, {1: 100, 3: 100, 5: 100}, shoe=Shoe(seed=3))
    t.place_button()
    with pytest.raises(IllegalActionError, match=r"637a\.8\(k\)"):
        t.agree_minimum_bet(6, agreed_by=[1, 3])  # seat 5 did not agree
    with pytest.raises(IllegalActionError, match=r"637a\.8\(k\)"):
        t.agree_minimum_bet(11, agreed_by=[1, 3, 5])  # above the Rules Submission's cap (2 + 8)
    with pytest.raises(IllegalActionError, match="agreed_by"):
        t.agree_minimum_bet(6, agreed_by=5)  # type: ignore[arg-type]
    assert t.rules is rules and not t.minimum_bet_agreements  # refused: nothing changed
    record = t.agree_minimum_bet(10, agreed_by=[5, 3, 1])
    assert record == (10, 2, (1, 3, 5), 0) and t.minimum_bet_agreements == (record,)
    assert t.rules.min_bet == 10 and t.posted_rules.min_bet == 2 and t.rules.required_stakes == 12
    rnd = t.start_round()
    rnd.run_dealer()
    assert rnd.betting_options().min_to == 12  # the agreed minimum raise (10) above the big blind
    with pytest.raises(IllegalActionError):
        t.agree_minimum_bet(4, agreed_by=[1, 3, 5])  # only between rounds
    while not rnd.complete:
        rnd.fold() if rnd.actor is not None else rnd.run_dealer()
    t.end_round()
    t.sit(2, 100)  # a newcomer did not agree: the posted minimum returns, recorded
    assert t.rules is rules and t.minimum_bet_agreements[-1] == (2, 2, (), 1)


@pytest.mark.regulation("637a.8(k)")
def test_637a_8_k_no_agreement_without_a_posted_cap():
    t = Table(NL, {1: 100, 2: 100})
    with pytest.raises(IllegalActionError, match="allows no increase"):
        t.agree_minimum_bet(4, agreed_by=[1, 2])


def test_convention_settings_round_trip_through_phh():
    """A hand played under non-default conventions is written with them (``_pyeval_`` fields) and
    reads back under the same rules, so its replay is the same."""
    from fractions import Fraction

    from pyeval.poker import phh
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, short_all_ins=ShortAllIns.CUMULATIVE,
                       turn_river_opener=StreetOpener.AS_PREFLOP, chip_value=Fraction(1, 4))
    r = Round(rules, [50, 50, 50], Shoe(seed=9, ordered=True))
    r.run_dealer()
    while not r.complete:
        r.check_or_call() if r.actor is not None else r.run_dealer()
    hh = phh.from_round(r)
    read = phh.loads(phh.dumps(hh))[0].table_rules()
    assert (read.short_all_ins, read.turn_river_opener, read.chip_value) == (
        ShortAllIns.CUMULATIVE, StreetOpener.AS_PREFLOP, Fraction(1, 4))
    fl = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=BettingStructure.FIXED_LIMIT,
                    limit_short_all_in=LimitShortAllIn.HALF_BET)
    r = Round(fl, [50, 50, 50], Shoe(seed=9, ordered=True))
    r.run_dealer()
    while not r.complete:
        r.check_or_call() if r.actor is not None else r.run_dealer()
    assert phh.loads(phh.dumps(phh.from_round(r)))[0].table_rules().limit_short_all_in is LimitShortAllIn.HALF_BET
