"""Hold'em engine (pyeval.poker): named scenarios with hand-computed stacks, and properties.

Each scenario cites the rule it checks (58 Pa. Code § 637a.11, § 637a.8, § 637a.18(e)).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import parse_cards
from pyeval.errors import IllegalActionError, OutOfTurnError, PyevalError, TableRulesError
from pyeval.poker import (
    BettingStructure,
    ButtonPlacement,
    HeadsUpOrder,
    LimitShortAllIn,
    Phase,
    Round,
    Table,
    PokerRules,
    ShortAllIns,
    StreetOpener,
    side_pots,
    split_pot,
)
from pyeval.poker import phh
from pyeval.shoe import Shoe

NL_1_2 = PokerRules(seats=9, blinds=(1, 2), min_bet=2)


def _round(rules: PokerRules, stacks: list[int], holes: list[str]) -> Round:
    r = Round(rules, stacks)
    r.post_forced_bets()
    r.deal_hole_cards(holes)
    return r


def _rejected(r: Round, fn, *args, **kw) -> IllegalActionError:
    """Call a step that must be rejected; check it raised and changed nothing."""
    before = r.snapshot()
    with pytest.raises(IllegalActionError) as info:
        fn(*args, **kw)
    assert r.snapshot() == before
    return info.value


def _check_down(r: Round, boards: list[str]) -> None:
    """Everyone checks or calls; deal the given streets; show all; award."""
    it = iter(boards)
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        elif r.can_deal_board():
            r.deal_board(next(it))
        elif r.showdown_queue:
            r.show()
        else:
            r.award()


# ---------------------------------------------------------------------------- rules as data
@pytest.mark.regulation("637a.11(b)")
def test_637a_11_b_rules_validated():
    with pytest.raises(TableRulesError, match="637a.11\\(b\\)"):
        PokerRules(seats=11)
    with pytest.raises(TableRulesError):
        PokerRules(blinds=(1, 0))
    with pytest.raises(TableRulesError):
        PokerRules(structure="no-limit")  # type: ignore[arg-type]
    with pytest.raises(TableRulesError):
        PokerRules(big_bet=4)  # big bet is for fixed limit only
    r = PokerRules(seats=6, blinds=(50, 100), min_bet=100, ante=5)
    assert r.required_stakes == 5 + 100 + 100  # § 637a.8(b)(4): forced bets + one minimum bet
    with pytest.raises(Exception):
        r.seats = 5  # type: ignore[misc]  # frozen


# ---------------------------------------------------------------------------- forced bets
@pytest.mark.regulation("637a.11(d)", "637a.11(e)")
def test_637a_11_d_e_blinds_and_straddle():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, straddle=4)
    r = Round(rules, [100, 100, 100, 100])
    assert r.phase is Phase.FORCED_BETS
    _rejected(r, r.post_straddle)  # not before the blinds
    r.post_forced_bets()
    assert r.stacks == (99, 98, 100, 100)
    _rejected(r, r.post_straddle, 3)  # only the player left of the last blind
    r.post_straddle(2)
    assert r.stacks == (99, 98, 96, 100)
    _rejected(r, r.post_straddle)  # at most one straddle per round
    r.deal_hole_cards(["2c3d", "4c5d", "7h8h", "AsAh"])
    la = r.betting_options()
    assert la is not None and la.player == 3  # left of the straddler acts first (§ 637a.11(g))
    assert la.call_amount == 4 and la.min_to == 8
    r.check_or_call()
    r.fold()  # small blind
    r.check_or_call()  # big blind completes to 4
    assert r.actor == 2 and r.betting_options().can_raise  # the straddler keeps the option to raise
    r.check_or_call()
    assert r.phase is Phase.BOARD and r.pot_total == 13
    _check_down(r, ["9c Jd Kc", "2h", "6s"])
    # AsAh wins the 13: 1 + 4 + 4 + 4
    assert r.stacks == (99, 96, 96, 109)


@pytest.mark.regulation("637a.11(d)")
def test_637a_11_d_straddle_not_offered():
    r = Round(NL_1_2, [100, 100, 100])
    r.post_forced_bets()
    err = _rejected(r, r.post_straddle)
    assert "637a.11(e)" in err.rule


# ---------------------------------------------------------------------------- betting
@pytest.mark.regulation("637a.8(k)", "637a.8(b)(1)")
def test_637a_8_k_min_raise():
    r = _round(NL_1_2, [100, 100, 100], ["2c3d", "4c5d", "7h8h"])
    assert r.actor == 2
    assert r.betting_options().min_to == 4
    _rejected(r, r.bet_or_raise_to, 3)
    r.bet_or_raise_to(6)  # a raise of 4
    err = _rejected(r, r.bet_or_raise_to, 9)  # below 6 + 4
    assert "637a.8(k)" in err.rule
    assert not r.can_bet_or_raise_to(9) and r.can_bet_or_raise_to(10)
    r.bet_or_raise_to(15)  # a raise of 9 sets the new minimum increment
    assert r.betting_options().min_to == 24
    _rejected(r, r.bet_or_raise_to, 101)  # beyond his table stakes (§ 637a.8(b)(1))
    _rejected(r, r.check_or_call, 0)  # out of turn
    r.fold()
    r.fold()
    assert r.phase is Phase.AWARD
    r.award()
    # 9 of the 15 is uncalled and returned; p0 wins the button's 6 and the big blind's 2
    assert r.stacks == (108, 98, 94)


@pytest.mark.regulation("637a.8(b)(5)(iii)")
def test_637a_8_b_5_short_all_in_does_not_reopen_betting():
    # p0 (small blind, stakes 3) raises all-in to 3: an increment of 1, short of the 2 a raise needs.
    r = _round(NL_1_2, [3, 100, 100], ["AsAh", "4c5d", "7h8h"])
    r.check_or_call(2)  # the button calls 2 first
    r.bet_or_raise_to(3, 0)  # all-in for less than a full raise
    assert r.stacks[0] == 0
    la = r.betting_options()
    assert la.player == 1 and la.can_raise  # the big blind has not acted yet: he may raise
    r.check_or_call(1)
    la = r.betting_options()
    assert la.player == 2 and not la.can_raise and la.call_amount == 1  # the button already acted
    err = _rejected(r, r.bet_or_raise_to, 10)
    assert "637a.8(b)(5)" in err.rule
    r.check_or_call(2)
    _check_down(r, ["2c 9d Kc", "Qh", "6s"])
    assert r.stacks == (9, 97, 97)


@pytest.mark.regulation("637a.8(b)(5)", "637a.11(d)")
def test_637a_8_b_5_big_blind_all_in_for_less():
    rules = PokerRules(seats=6, blinds=(10, 20), min_bet=20)
    # the big blind has only 15: callers still call the full 20; he can win only 15 from each
    r = _round(rules, [100, 15, 100], ["7h8h", "AsAh", "KsKh"])
    assert r.stacks[1] == 0
    la = r.betting_options()
    assert la.player == 2 and la.call_amount == 20
    r.check_or_call()
    r.check_or_call()  # small blind completes to 20
    _check_down(r, ["2c 9d Jc", "3h", "6s"])
    # main pot 15 * 3 = 45 to AsAh; side pot 5 + 5 = 10 to KsKh
    assert r.stacks == (80, 45, 90)
    assert [p.amount for p in side_pots(r.contrib, [True] * 3)] == [45, 10]


@pytest.mark.regulation("637a.8(k)")
def test_637a_8_k_raise_cap_fixed_limit():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, big_bet=4, structure=BettingStructure.FIXED_LIMIT,
                       max_raises=3)
    r = _round(rules, [100, 100, 100], ["AsAh", "4c5d", "7h8h"])
    _rejected(r, r.bet_or_raise_to, 5)  # fixed limit: raise by the small bet only
    r.bet_or_raise_to(4)
    r.bet_or_raise_to(6)
    r.bet_or_raise_to(8)
    la = r.betting_options()
    assert la.player == 2 and not la.can_raise
    err = _rejected(r, r.bet_or_raise_to, 10)
    assert "cap" in str(err) and "637a.8(k)" in err.rule
    r.check_or_call()
    r.check_or_call()
    assert r.pot_total == 24
    r.deal_board("2c 9d Jc")
    assert r.betting_options().min_to == 2 and r.betting_options().max_to == 2
    r.check_or_call()
    r.check_or_call()
    r.check_or_call()
    r.deal_board("3h")
    assert r.betting_options().min_to == 4  # the big bet on the turn
    _check_down(r, ["6s"])
    assert r.stacks == (92, 116, 92)  # 4c5d makes a six-high straight


@pytest.mark.regulation("637a.8(j)")
def test_637a_8_j_check_raise_may_be_posted_off():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, check_raise=False)
    r = _round(rules, [100, 100, 100], ["AsAh", "4c5d", "7h8h"])
    r.check_or_call()
    r.check_or_call()
    r.check_or_call()
    r.deal_board("2c 9d Jc")
    r.check_or_call(0)
    r.bet_or_raise_to(10, 1)
    r.check_or_call(2)
    err = _rejected(r, r.bet_or_raise_to, 30, 0)
    assert "637a.8(j)" in err.rule


@pytest.mark.regulation("637a.8(b)(5)(iii)")
def test_637a_8_b_5_uncalled_bet_returned():
    r = _round(NL_1_2, [1000, 200, 100], ["AsAh", "KsKh", "7h8h"])
    r.fold(2)
    r.check_or_call(0)
    r.check_or_call(1)
    r.deal_board("2c 9d Jc")
    r.bet_or_raise_to(500, 0)
    r.check_or_call(1)  # all-in for 198 more
    assert r.phase is Phase.BOARD
    assert ("return", 0, 302, ()) in [tuple(e)[:4] for e in r.events]
    assert r.stacks[0] == 1000 - 2 - 198
    _check_down(r, ["3h", "6s"])
    assert r.stacks == (1200, 0, 100)


@pytest.mark.regulation("637a.8(b)(5)(i)", "637a.8(b)(5)(iii)", "637a.11(k)")
def test_637a_8_b_5_side_pots_odd_chips_per_pot():
    """§ 637a.8(b)(5)(i): each all-in player is eligible only for what he contributed; (b)(5)(iii):
    the others' betting goes on in side pots only they can win (§ 637a.8(b)(5)(iii))."""
    # A royal flush on board: every live hand ties, so each pot splits among its eligible players.
    r = _round(NL_1_2, [100, 10, 100, 23, 100], ["2c3c", "4c5c", "6c7c", "8c9c", "2d3d"])
    r.bet_or_raise_to(23, 2)
    r.check_or_call(3)  # all-in 23
    r.check_or_call(4)
    r.fold(0)  # the small blind folds: his 1 stays in the main pot
    r.check_or_call(1)  # all-in 10
    r.deal_board("As Ks Qs")
    r.bet_or_raise_to(10, 2)
    r.fold(4)  # his 23 stays in the pots
    assert r.showdown_order() == (2, 3, 1)  # the last bettor shows first (§ 637a.18(e))
    pots = r.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(41, (1, 2, 3)), (39, (2, 3))]
    _check_down(r, ["Js", "Ts"])
    # main 41 / 3 = 13 r 2: odd units to p1, p2 (clockwise from left of the button);
    # side 39 / 2 = 19 r 1: odd unit to p2. Never 80 split as one pot.
    assert r.winnings == (0, 14, 34, 32, 0)
    assert r.stacks == (99, 14, 111, 32, 77)


@pytest.mark.regulation("637a.11(k)", "637a.8(b)(5)")
def test_637a_11_k_odd_chip_helpers():
    assert split_pot(41, [1, 2, 3]) == {1: 14, 2: 14, 3: 13}
    assert split_pot(10, [4, 0]) == {4: 5, 0: 5}
    assert side_pots([1, 10, 23, 23, 23], [False, True, True, True, False]) == (
        (41, (1, 2, 3)), (39, (2, 3)))


@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_odd_chips_all_to_first_left_of_button():
    from fractions import Fraction

    from pyeval.poker import OddChipRule
    assert split_pot(41, [1, 2, 3], odd_to_first=True) == {1: 15, 2: 13, 3: 13}
    assert split_pot(10, [4, 0], odd_to_first=True) == {4: 5, 0: 5}
    assert split_pot(41, [1, 2, 3], odd_to_first=True, max_odd_per_winner=1) == {1: 14, 2: 14, 3: 13}

    def play(rules: PokerRules) -> list[int]:
        r = _round(rules, [100, 10, 100, 23, 100], ["2c3c", "4c5c", "6c7c", "8c9c", "2d3d"])
        r.bet_or_raise_to(23, 2)
        r.check_or_call(3)
        r.check_or_call(4)
        r.fold(0)
        r.check_or_call(1)
        r.deal_board("As Ks Qs")
        r.bet_or_raise_to(10, 2)
        r.fold(4)
        _check_down(r, ["Js", "Ts"])
        return r.winnings
    # the side-pot scenario above under the other declared rule, with 25-cent chips: main 41 / 3 =
    # 13 r 2, both odd units ($0.50) to p1; side 39 / 2 = 19 r 1 to p2 (still per pot)
    rule = OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON
    assert play(PokerRules(seats=9, blinds=(1, 2), min_bet=2, odd_chip=rule, chip_value=Fraction(1, 4))) == (0, 15, 33, 32, 0)
    # with $1 chips two odd units would be $2 to one player: § 637a.11(k) caps the excess at $1, so
    # the second odd unit goes on to the next winner
    assert play(PokerRules(seats=9, blinds=(1, 2), min_bet=2, odd_chip=rule)) == (0, 14, 34, 32, 0)


@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_chip_unit_value_validated():
    """§ 637a.11(k): the odd chip may not exceed $1, so a table whose smallest unit is worth more
    cannot split a pot lawfully; chip_value is exact money per unit."""
    from fractions import Fraction
    for bad in (Fraction(5), 2, 0, -1, 0.5, "abc", True):
        with pytest.raises(TableRulesError, match=r"637a\.11\(k\)"):
            PokerRules(chip_value=bad)
    assert PokerRules(chip_value="0.25").odd_units_per_player == 4
    assert PokerRules().odd_units_per_player == 1


@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_odd_chip_high_card_by_suit():
    from pyeval.poker import OddChipRule
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, odd_chip=OddChipRule.HIGH_CARD_BY_SUIT)
    r = _round(rules, [100, 100, 100], ["2c3c", "4c5d", "6c7s"])
    r.check_or_call(2)
    r.fold(0)
    r.check_or_call(1)
    _check_down(r, ["As Ks Qs", "Js", "Ts"])
    # pot 5 = 2 + 2 + 1; the 7s is the highest hole card: p2 takes the odd unit
    assert r.stacks == (99, 100, 101)


# ---------------------------------------------------------------------------- heads-up
@pytest.mark.regulation("637a.11(d)")
def test_637a_11_d_heads_up_pa_literal():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, heads_up=HeadsUpOrder.PA_LITERAL)
    r = _round(rules, [100, 100], ["AsAh", "KsKh"])
    assert r.stacks == (99, 98)  # left of the button posts the first blind; the button the second
    assert r.actor == 0  # left of the last blind (the button) acts first
    r.check_or_call()
    r.check_or_call()
    r.deal_board("2c 9d Jc")
    assert r.actor == 0  # first live player left of the button
    r.fold()
    r.award()
    assert r.stacks == (98, 102)


@pytest.mark.regulation("637a.11(d)")
def test_637a_11_d_heads_up_button_small_blind():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, heads_up=HeadsUpOrder.BUTTON_SMALL_BLIND)
    r = _round(rules, [100, 100], ["AsAh", "KsKh"])
    assert r.stacks == (98, 99)  # the button posts the small blind
    assert r.actor == 1  # and acts first before the flop
    r.check_or_call()
    r.check_or_call()
    r.deal_board("2c 9d Jc")
    assert r.actor == 0  # the big blind acts first after the flop
    r.check_or_call()
    r.fold()
    r.award()
    assert r.stacks == (102, 98)


# ---------------------------------------------------------------------------- showdown
@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_showdown_order_and_muck():
    r = _round(NL_1_2, [100, 100, 100], ["AsAh", "KsKh", "7h8h"])
    r.check_or_call()
    r.check_or_call()
    r.check_or_call()
    for board in ("2c 9d Jc", "3h"):
        r.deal_board(board)
        r.check_or_call()
        r.check_or_call()
        r.check_or_call()
    r.deal_board("6s")
    r.check_or_call(0)
    r.bet_or_raise_to(10, 1)
    r.check_or_call(2)
    r.check_or_call(0)
    assert r.showdown_order() == (1, 2, 0)  # the river bettor first, then clockwise
    _rejected(r, r.show, 2)
    _rejected(r, r.award)
    r.show(1)
    r.muck(2)
    r.show(0)
    r.award()
    assert r.stacks == (124, 88, 88)


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_no_bet_first_left_of_button_and_all_shown():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, show_all_hands=True)
    r = _round(rules, [100, 100, 100], ["AsAh", "KsKh", "7h8h"])
    for _ in range(3):
        r.check_or_call()
    for board in ("2c 9d Jc", "3h", "6s"):
        r.deal_board(board)
        for _ in range(3):
            r.check_or_call()
    assert r.showdown_order() == (0, 1, 2)
    r.show()
    err = _rejected(r, r.muck)  # every hand must be shown at this table
    assert "637a.18(e)" in err.rule


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_last_contender_may_not_muck():
    r = _round(NL_1_2, [100, 100], ["AsAh", "KsKh"])
    r.check_or_call()
    r.check_or_call()
    for board in ("2c 9d Jc", "3h", "6s"):
        r.deal_board(board)
        r.check_or_call()
        r.check_or_call()
    r.muck()
    assert r.phase is Phase.AWARD  # the other hand wins without a showdown
    r.award()
    assert sorted(r.stacks) == [98, 102]


@pytest.mark.regulation("637a.8(b)(5)(ii)", "637a.18(e)")
@pytest.mark.usefixtures("engine_paths")
def test_637a_8_b_5_all_in_player_keeps_receiving_cards_and_shows_early():
    """§ 637a.8(b)(5)(ii): an all-in player keeps receiving every card he is entitled to."""
    r = _round(NL_1_2, [50, 100, 100], ["AsAh", "KsKh", "7h8h"])
    r.fold(2)
    r.bet_or_raise_to(50, 0)
    r.check_or_call(1)
    assert r.phase is Phase.BOARD and r.showdown_order() == (0, 1)
    r.show()  # hands are turned up before the rest of the board
    r.show()
    _rejected(r, r.award)  # the board is not complete
    r.deal_board("2c 9d Jc")
    r.deal_board("3h")
    r.deal_board("6s")
    r.award()
    assert r.stacks == (100, 50, 100)


# ---------------------------------------------------------------------------- chip placement
@pytest.mark.regulation("637a.8(i)")
def test_637a_8_i_single_oversized_chip_is_a_call():
    r = _round(NL_1_2, [500, 500, 500], ["AsAh", "KsKh", "7h8h"])
    r.bet_or_raise_to(20, 2)
    before = r.snapshot()
    ruling = r.rule_chip_placement(100, single_chip=True)
    assert r.snapshot() == before
    assert ruling.action == "call" and ruling.change == 81  # the small blind owes 19
    assert r.rule_chip_placement(100, single_chip=True, announced_raise=True)[:4] == ("raise", 101, 0, 0)
    r.apply_ruling(ruling)
    assert r.stacks[0] == 480


@pytest.mark.regulation("637a.8(d)", "637a.8(c)")
def test_637a_8_d_announced_amount_overrides_chips():
    """§ 637a.8(d): the announced amount binds; the dealer corrects the chips to it (the excess is
    handed back as ``change``). The small blind has 1 in and faces a raise to 20."""
    r = _round(NL_1_2, [500, 500, 500], ["AsAh", "KsKh", "7h8h"])
    r.bet_or_raise_to(20, 2)
    ruling = r.rule_chip_placement(100, announced_to=60)
    assert ruling[:4] == ("raise", 60, 41, 0)  # 59 more were needed: 41 of the 100 go back
    assert r.rule_chip_placement(100, announced_to=20)[:4] == ("call", None, 81, 0)  # 19 to call
    assert r.rule_chip_placement(10, announced_to=60)[:4] == ("raise", 60, 0, 49)  # short: 49 owed
    assert r.rule_chip_placement(59)[:4] == ("raise", 60, 0, 0)  # several chips: a raise to the total
    assert r.rule_chip_placement(19)[:4] == ("call", None, 0, 0)
    with pytest.raises(IllegalActionError):
        r.rule_chip_placement(10)  # short of the call with stakes left
    r.apply_ruling(ruling)
    assert r.bets[0] == 60 and r.stacks[0] == 440


# ---------------------------------------------------------------------------- the table
@pytest.mark.regulation("637a.8(b)(2)")
def test_637a_8_b_2_chips_added_only_between_rounds():
    t = Table(PokerRules(seats=6, blinds=(1, 2), min_bet=2), {1: 100, 2: 100, 3: 100}, shoe=Shoe(seed=7))
    t.place_button()
    t.add_chips(1, 50)
    assert t.stacks[1] == 150
    rnd = t.start_round()
    before = (t.stacks, rnd.snapshot())
    with pytest.raises(IllegalActionError) as info:
        t.add_chips(1, 50)
    assert "637a.8(b)(2)" in info.value.rule
    with pytest.raises(IllegalActionError):
        rnd.add_chips(0, 50)
    assert (t.stacks, rnd.snapshot()) == before
    rnd.run_dealer()
    while not rnd.complete:
        rnd.fold() if rnd.actor is not None else rnd.run_dealer()
    t.end_round()
    t.add_chips(1, 50)
    assert sum(t.stacks.values()) == 400


@pytest.mark.regulation("637a.11(c)(1)(i)", "637a.11(c)(2)", "637a.8(a)")
def test_637a_11_c_button_placement_and_movement():
    """§ 637a.11(c)(1)(i): the button starts at the first player to the dealer's right; (c)(2)
    clockwise after each round; § 637a.8(a): only the seated players are dealt in."""
    rules = PokerRules(seats=9, blinds=(1, 2), min_bet=2)
    t = Table(rules, {2: 100, 5: 100, 7: 100}, shoe=Shoe(seed=1))
    assert t.place_button() == 7  # the first player to the dealer's right: the highest seat
    order = []
    for _ in range(4):
        rnd = t.start_round()
        assert t.seats_in_round[-1] == t.button  # the button is dealt last
        assert set(t.seats_in_round) == {2, 5, 7}  # only seated players receive cards
        rnd.run_dealer()
        while not rnd.complete:
            rnd.fold() if rnd.actor is not None else rnd.run_dealer()
        t.end_round()
        order.append(t.button)
    assert order == [2, 5, 7, 2]  # clockwise after each round (§ 637a.11(c)(2))


@pytest.mark.regulation("637a.11(c)(1)(ii)")
def test_637a_11_c_1_button_by_high_card():
    """§ 637a.11(c)(1)(ii): the button by the rank of a single card dealt, suit order for ties."""
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, button_placement=ButtonPlacement.HIGH_CARD)
    t = Table(rules, {1: 100, 3: 100, 4: 100})
    # seats 1, 3, 4 draw Kc, Kh, 9s: the kings tie on rank; hearts beat clubs
    assert t.place_button(Shoe.from_order(parse_cards("Kc Kh 9s"))) == 3
    rules2 = PokerRules(seats=6, blinds=(1, 2), min_bet=2, button_placement=ButtonPlacement.HIGH_CARD,
                        suit_order="hcds")  # clubs above hearts here
    t2 = Table(rules2, {1: 100, 3: 100, 4: 100})
    assert t2.place_button(Shoe.from_order(parse_cards("Kc Kh 9s"))) == 1


@pytest.mark.regulation("637a.8(b)(4)")
def test_637a_8_b_4_short_stakes_not_dealt_in():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    t = Table(rules, {1: 100, 2: 3, 3: 100})  # seat 2 cannot cover the big blind and one minimum bet
    t.place_button()
    assert t.dealt_in() == (1, 3)
    t2 = Table(rules, {1: 100, 2: 3})
    t2.place_button()
    with pytest.raises(IllegalActionError) as info:
        t2.start_round()
    assert "637a.8(b)(4)" in info.value.rule and not t2.in_round


@pytest.mark.regulation("637a.11(f)")
@pytest.mark.usefixtures("engine_paths")
def test_637a_11_f_deal_order_from_the_shoe():
    order = list(range(52))
    r = Round(NL_1_2, [100, 100, 100], Shoe.from_order(order))
    r.post_forced_bets()
    r.deal_hole_cards()
    # two rounds of one card each from left of the button, the button last
    assert r.hole == ((0, 3), (1, 4), (2, 5))
    r.fold()
    r.check_or_call()
    r.check_or_call()
    r.deal_board()
    assert r.burns == (6,) and r.board == (7, 8, 9)


def test_rejected_dealer_steps_change_nothing():
    r = Round(NL_1_2, [100, 100, 100])
    _rejected(r, r.deal_hole_cards, ["AsAh", "KsKh", "7h8h"])  # before the blinds
    r.post_forced_bets()
    _rejected(r, r.post_forced_bets)
    _rejected(r, r.deal_hole_cards, ["AsAh", "KsKh"])  # wrong count
    _rejected(r, r.deal_hole_cards, ["AsAh", "AsKh", "7h8h"])  # a card twice
    _rejected(r, r.deal_hole_cards)  # no shoe
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    _rejected(r, r.deal_board, "2c 9d Jc")  # betting not complete
    with pytest.raises(OutOfTurnError):
        r.fold(0)


# ---------------------------------------------------------------------------- properties
ACTIONS = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 10**6)), min_size=0, max_size=60)


def _drive(r: Round, script: list[tuple[int, int]], check_rejections: bool) -> None:
    """Play random legal actions from ``script``; occasionally try an illegal one first."""
    k = 0
    while r.actor is not None or r.can_deal_board() or r.showdown_queue or r.can_award():
        if r.actor is None:
            if r.can_deal_board():
                r.deal_board()
            elif r.showdown_queue:
                choice = script[k % len(script)][0] if script else 0
                k += 1
                if choice < 3 and r.can_muck():
                    r.muck()
                else:
                    r.show()
            else:
                r.award()
            continue
        choice, x = script[k % len(script)] if script else (1, 0)
        k += 1
        la = r.betting_options()
        assert la is not None
        if check_rejections and choice == 9:
            before = r.snapshot()
            for bad in (la.max_to + 1 + x % 50, -1):
                try:
                    r.bet_or_raise_to(bad)
                except PyevalError:
                    pass
                assert r.snapshot() == before
            try:
                r.check_or_call((la.player + 1) % r.n)
            except PyevalError:
                pass
            assert r.snapshot() == before
        if choice <= 1 and not la.can_check:
            r.fold()
        elif choice <= 5 or not la.can_raise:
            r.check_or_call()
        else:
            lo, hi = la.min_to, la.max_to
            r.bet_or_raise_to(lo + x % (hi - lo + 1))
        if k > 400:
            break


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=7),
    seed=st.integers(0, 2**32),
    script=ACTIONS,
    structure=st.sampled_from(list(BettingStructure)),
    heads_up=st.sampled_from(list(HeadsUpOrder)),
    ante=st.integers(0, 3),
    conventions=st.tuples(st.sampled_from(list(ShortAllIns)), st.sampled_from(list(LimitShortAllIn)),
                          st.sampled_from(list(StreetOpener))),
)
def test_property_random_rounds_conserve_chips_and_replay(stacks, seed, script, structure, heads_up, ante,
                                                          conventions):
    short_all_ins, limit_short_all_in, opener = conventions  # every setting of issue 13's conventions
    rules = PokerRules(seats=10, blinds=(1, 2), min_bet=2, ante=ante, structure=structure, heads_up=heads_up,
                       max_raises=3 if structure is BettingStructure.FIXED_LIMIT else None,
                       short_all_ins=short_all_ins, limit_short_all_in=limit_short_all_in, turn_river_opener=opener)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks, shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    _drive(r, script, check_rejections=True)
    assert r.complete
    assert sum(r.stacks) == sum(stacks)  # chips conserved to the chip
    assert min(r.stacks) >= 0
    assert sum(r.winnings) == sum(r.contrib)
    pots = r.pots()
    assert sum(p.amount for p in pots) == sum(r.contrib)
    for p in pots:
        assert all(not r.folded[i] and not r.mucked[i] for i in p.eligible)
    # replaying the record reproduces the round
    again = Round(rules, stacks)
    again.post_forced_bets()
    for e in r.events:
        if e.kind == "hole" and e.player == r.n - 1:
            again.deal_hole_cards(list(r.hole))
        elif e.kind == "board":
            again.deal_board(e.cards)
        elif e.kind == "fold":
            again.fold(e.player)
        elif e.kind in ("check", "call"):
            again.check_or_call(e.player)
        elif e.kind in ("bet", "raise"):
            again.bet_or_raise_to(e.amount, e.player)
        elif e.kind == "show":
            again.show(e.player)
        elif e.kind == "muck":
            again.muck(e.player)
    again.award()
    assert again.stacks == r.stacks
    assert [e for e in again.events if e.kind != "burn"] == [e for e in r.events if e.kind != "burn"]
    # and so does its PHH record (no-limit and fixed-limit have PHH variant codes)
    if structure is not BettingStructure.POT_LIMIT and ante == 0:
        hh = phh.loads(phh.dumps(phh.from_round(r)), "generated")[0]
        res = phh.check_replay(hh)
        assert res.matches, (res, hh)


@pytest.mark.regulation("637a.11(a)")
def test_637a_11_a_high_hand_only():
    """§ 637a.11(a): Hold'em is played for the high hand only; a hand that would make a low wins nothing."""
    r = _round(NL_1_2, [100, 100], ["2c3d", "AhQc"])
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        elif r.can_show():
            r.show()
        elif r.can_deal_board():
            r.deal_board(["4h 5s 7c", "Jd", "Kh"][r.street])
        else:
            r.run_dealer()
    # ace high beats king high; 2-3 makes a seven-low (7-5-4-3-2) that would take half of a
    # high-low pot, but Hold'em has no low half: ace high scoops
    assert r.winnings == (0, 4)


@pytest.mark.regulation("637a.8(c)")
def test_637a_8_c_a_fold_is_binding():
    """§ 637a.8(c): a fold made in turn is binding: the player cannot act again in the round."""
    r = _round(NL_1_2, [100, 100, 100], ["2c3d", "AhQc", "KsKd"])
    folder = r.actor
    r.fold()
    assert r.folded[folder]
    while r.actor is not None and r.actor != folder:
        r.check_or_call()
    assert r.actor != folder
    before = r.snapshot()
    with pytest.raises((IllegalActionError, OutOfTurnError)):
        r.check_or_call(folder)
    assert r.snapshot() == before
