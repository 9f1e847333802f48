"""Chip placement as a floorperson rules it: what counts as a bet and string bets
(58 Pa. Code § 637a.8(e)-(g)); the announced-amount and single-chip rules ((d), (i)) are in
test_poker.py."""
from __future__ import annotations

import pytest

from pyeval.errors import CardTypeError, IllegalActionError
from pyeval.poker import BettingStructure, PokerRules, Round, Ruling

NL = PokerRules(seats=9, blinds=(1, 2), min_bet=2)


def _facing_bet() -> Round:
    """Three players, blinds 1/2; the first to act (seat left of the big blind) faces a call of 2."""
    r = Round(NL, [200, 200, 200])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd"])
    return r


@pytest.mark.regulation("637a.8(e)(1)", "637a.8(e)(2)")
def test_637a_8_e_chips_pushed_forward_are_the_bet():
    """§ 637a.8(e)(1), § 637a.8(e)(2): chips pushed forward (or placed toward the pot) are the bet."""
    r = _facing_bet()
    before = r.snapshot()
    assert r.rule_chip_placement(10) == r.rule_chip_placement(motions=[10])
    assert r.rule_chip_placement(10).action == "raise" and r.rule_chip_placement(10).to == 10
    assert r.snapshot() == before  # a ruling changes nothing


@pytest.mark.regulation("637a.8(f)")
def test_637a_8_f_no_string_bets():
    """§ 637a.8(f): a bet cannot be increased after it is made: a second motion does not count."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[2, 8])  # called with 2, then pushed 8 more
    assert ruling[:4] == ("call", None, 8, 0)
    ruling = r.rule_chip_placement(motions=[6, 6])  # a raise to 6, then 6 more
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 6, 6)
    ruling = r.rule_chip_placement(motions=[1, 5])  # short of the call, then more: a call
    assert (ruling.action, ruling.to, ruling.change) == ("call", None, 4)


@pytest.mark.regulation("637a.8(f)(1)")
def test_637a_8_f_1_declared_incomplete_bet_may_be_completed():
    """§ 637a.8(f)(1): a player who says the bet is not yet complete may add to it."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[6, 6], declared_incomplete=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 12, 0)


@pytest.mark.regulation("637a.8(f)(2)")
def test_637a_8_f_2_call_then_announced_raise():
    """§ 637a.8(f)(2): the call amount put in with an announced raise: the raise stands."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[2, 8], announced_raise=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 10, 0)


@pytest.mark.regulation("637a.8(g)")
def test_637a_8_g_announced_raise_keeps_betting_until_hands_rest():
    """§ 637a.8(g): after announcing "raise" the player may keep placing chips (within the limits)."""
    r = _facing_bet()
    ruling = r.rule_chip_placement(motions=[4, 4, 4, 8], announced_raise=True)
    assert (ruling.action, ruling.to, ruling.change) == ("raise", 20, 0)
    r.apply_ruling(ruling)
    assert r.bet_to == 20


@pytest.mark.parametrize("motions", [[], [2, -1], [2, True], "22"])
def test_bad_motions_are_rejected(motions):
    r = _facing_bet()
    before = r.snapshot()
    with pytest.raises(CardTypeError):
        r.rule_chip_placement(motions=motions)
    assert r.snapshot() == before


def test_rule_chip_placement_is_a_pure_function_of_what_the_player_faces() -> None:
    from pyeval.poker import Facing, rule_chip_placement

    facing = Facing(player=2, call=100, bet_to=100, bet=0, stack=1000)
    assert rule_chip_placement(facing, 100) == Ruling("call", None, 0)
    assert rule_chip_placement(facing, 500, single_chip=True)[:4] == ("call", None, 400, 0)  # § 637a.8(i)
    assert rule_chip_placement(facing, 300) == Ruling("raise", 300, 0)
    assert rule_chip_placement(facing, motions=[100, 200])[:4] == ("call", None, 200, 0)  # § 637a.8(f)
    assert rule_chip_placement(Facing(0, 0, 0, 0, 50), 0) == Ruling("check", None, 0)
    with pytest.raises(IllegalActionError):
        rule_chip_placement(facing, 50)
    with pytest.raises(IllegalActionError):
        rule_chip_placement(facing, 2000)


# ---------------------------------------------------------------------------- issue 13 rulings
def _facing_raise_to_20() -> Round:
    """Three players, blinds 1/2; the button raised to 20; the small blind (1 in) is to act."""
    r = Round(NL, [500, 500, 500])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    r.bet_or_raise_to(20, 2)
    return r


def _applies(make, ruling: Ruling) -> Round:
    """Apply ``ruling`` to a fresh copy of the scenario: it must be accepted."""
    r = make()
    r.apply_ruling(ruling)
    return r


@pytest.mark.regulation("637a.8(i)", "637a.8(e)(1)")
def test_637a_8_i_e_1_single_oversized_chip_with_nothing_to_call_is_a_bet():
    """§ 637a.8(i) covers a chip larger than needed to call; with nothing to call, the chip pushed
    forward is a bet of its value (§ 637a.8(e)(1)), not a check with change."""
    def flop() -> Round:
        r = Round(NL, [200, 200, 200])
        r.post_forced_bets()
        r.deal_hole_cards(["2c3d", "AhQc", "KsKd"])
        for _ in range(3):
            r.check_or_call()  # called around preflop
        r.deal_board("7h8h9c")
        return r
    r = flop()
    assert r.facing().call == 0
    ruling = r.rule_chip_placement(25, single_chip=True)
    assert ruling[:4] == ("bet", 25, 0, 0)
    assert _applies(flop, ruling).bet_to == 25
    # facing a bet, the same chip is still a call with change (§ 637a.8(i))
    r2 = flop()
    r2.bet_or_raise_to(4)
    assert r2.rule_chip_placement(25, single_chip=True)[:4] == ("call", None, 21, 0)


@pytest.mark.regulation("637a.8(c)")
def test_637a_8_c_spoken_raise_binds_and_rulings_are_always_applicable():
    """§ 637a.8(c): a spoken "raise" binds when raising is within the rules; the ruling says what the
    dealer requires (bring the raise up to the minimum) and apply_ruling accepts it."""
    r = _facing_raise_to_20()
    assert r.facing().min_to == 38  # 20 + the last full raise increment of 18
    for placed, owed in ((19, 18), (0, 37), (25, 12)):
        ruling = r.rule_chip_placement(placed, announced_raise=True)
        assert ruling[:4] == ("raise", 38, 0, owed), placed
        assert "637a.8(c)" in ruling.note and "minimum" in ruling.note
        done = _applies(_facing_raise_to_20, ruling)
        assert done.bets[0] == 38 and done.stacks[0] == 462
    # a raise above the minimum stands as placed
    assert r.rule_chip_placement(59, announced_raise=True)[:4] == ("raise", 60, 0, 0)


@pytest.mark.regulation("637a.8(c)")
def test_637a_8_c_spoken_raise_outside_the_rules_does_not_bind():
    """§ 637a.8(c) binds a statement "within the rules of the game": a player for whom betting is
    not reopened (an all-in short of a full raise followed his action) may only call."""
    r = Round(NL, [100, 100, 100, 100, 25])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d", "9s9c"])
    r.bet_or_raise_to(20, 2)    # player 2 raises to 20
    r.check_or_call(3)          # player 3 calls
    r.bet_or_raise_to(25, 4)    # the button, all-in for 25: short of a full raise
    r.fold(0)
    r.fold(1)
    assert r.actor == 2 and not r.facing().can_raise
    ruling = r.rule_chip_placement(25, announced_raise=True)
    assert ruling[:4] == ("call", None, 20, 0)  # 5 to call; 20 handed back
    r.apply_ruling(ruling)
    assert r.bets[2] == 25


@pytest.mark.regulation("637a.8(c)", "637a.8(k)")
def test_every_ruling_is_accepted_by_apply_ruling():
    """Whatever the chips and the words, the ruling returned is one apply_ruling accepts, and the
    chips the player ends with in front of him are his placed chips minus change plus owed."""
    import itertools

    def scenarios():
        yield _facing_raise_to_20
        yield _facing_bet

        def pot_limit() -> Round:
            r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=BettingStructure.POT_LIMIT),
                      [300, 300, 300])
            r.post_forced_bets()
            r.deal_hole_cards(["2c3d", "AhQc", "KsKd"])
            return r
        yield pot_limit

    for make in scenarios():
        f = make().facing()
        for placed, single, to, said in itertools.product((0, 1, f.call, f.call + 1, 7, 25, 60, 150),
                                                          (False, True), (None, 0, 5, 30, 60, 400),
                                                          (False, True)):
            if placed > f.stack:
                continue
            try:
                ruling = make().rule_chip_placement(placed, single_chip=single, announced_to=to,
                                                    announced_raise=said)
            except IllegalActionError:
                assert placed < f.call and to is None and not said
                continue
            r = _applies(make, ruling)
            put_in = f.stack - r.stacks[f.player]
            assert put_in == placed - ruling.change + ruling.owed, (placed, single, to, said, ruling)


@pytest.mark.regulation("637a.8(d)")
def test_637a_8_d_bad_announced_amount_is_rejected():
    r = _facing_bet()
    with pytest.raises(CardTypeError):
        r.rule_chip_placement(4, announced_to=-1)
    with pytest.raises(CardTypeError):
        r.rule_chip_placement(4, announced_to="10")  # type: ignore[arg-type]
