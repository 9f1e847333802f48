"""World Poker Tour Heads-Up Hold 'Em: the dealer's procedure of 58 Pa. Code § 677a.11(c), (d), (e)
and (g), step by step (the settlement branches of (h) and (i) are in test_headsup_round.py)."""
from __future__ import annotations

import random

import pytest

from pyeval import best_five, evaluate, parse_cards
from pyeval.errors import IllegalActionError, OutOfTurnError, WagerNotAllowedError
from pyeval.headsup.paytables import example_rules
from pyeval.headsup import round as hu_round, settle as hu_settle
from pyeval.headsup.round import HeadsUpRound, HeadsUpPhase, SequenceSource, HeadsUpStreet
from pyeval.shoe import Shoe

RULES = example_rules()


def three_players(seed: int = 11, source: str = "sequence"):
    """Three players' wagers and the deal; ``source="shoe"`` deals from a :class:`Shoe` in the same
    order, which takes the round's fused dealer steps (docs/decisions/032) instead of the general ones."""
    rnd = HeadsUpRound(RULES)
    for seat in (1, 2, 3):
        rnd.place_wagers(seat, 10, 10)
    cards = random.Random(seed).sample(range(52), 52)
    src = SequenceSource(cards) if source == "sequence" else Shoe.from_order(cards)
    rnd.deal(src)
    return rnd, src, cards


@pytest.fixture(params=["sequence", "shoe"])
def source(request: pytest.FixtureRequest) -> str:
    """Each regulation test of the dealer's steps runs on both implementations of them."""
    return str(request.param)


@pytest.fixture(params=[True, False], ids=["fast", "general"])
def fast(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """The round's and the settlement's fast paths on, then off."""
    monkeypatch.setattr(hu_round, "FAST", request.param)
    monkeypatch.setattr(hu_settle, "FAST", request.param)
    return bool(request.param)


@pytest.mark.regulation("677a.11(c)")
def test_677a_11_c_burn_then_three_card_flop_face_up(source):
    rnd, src, cards = three_players(source=source)
    for seat in (1, 2, 3):
        rnd.check(seat)
    rnd.burn_and_flop(src)
    # 8 cards dealt (3 players + dealer, twice), then one burn, then the flop
    assert rnd.burns == (cards[8],) and rnd.board == tuple(cards[9:12])
    kinds = [e[0] for e in rnd.events]
    assert kinds[-2:] == ["burn", "flop"]


@pytest.mark.regulation("677a.11(c)")
def test_677a_11_c_flop_only_after_every_preflop_decision():
    rnd, src, _ = three_players()
    rnd.check(1)
    with pytest.raises(IllegalActionError):
        rnd.burn_and_flop(src)


@pytest.mark.regulation("677a.11(b)", "677a.11(d)")
def test_677a_11_d_postflop_decision_only_for_players_who_have_not_raised_up_to_2x():
    """(b): a Raise of any amount up to three times the Ante before the flop; (d): after the flop,
    only players who have not raised, up to two times the Ante (any amount, not only multiples)."""
    rnd, src, _ = three_players()
    assert rnd.raise_options() == range(1, 31)  # (b): up to three times the Ante before the flop
    rnd.raise_wager(1, 25)  # not a whole multiple of the Ante: allowed by the text
    rnd.check(2)
    rnd.check(3)
    rnd.burn_and_flop(src)
    assert rnd.to_act == 2  # seat 1 raised before the flop and is not asked again
    assert rnd.raise_options() == range(1, 21)  # up to two times the Ante after the flop
    with pytest.raises(WagerNotAllowedError, match=r"677a\.11\(d\)"):
        rnd.raise_wager(2, 21)
    with pytest.raises((IllegalActionError, OutOfTurnError)):
        rnd.raise_wager(1, 10)
    rnd.raise_wager(2, 15)
    assert rnd.to_act == 3 and rnd.raised == {1: (HeadsUpStreet.PREFLOP, 25), 2: (HeadsUpStreet.FLOP, 15)}


@pytest.mark.regulation("677a.11(b)", "677a.11(d)")
def test_677a_11_b_d_whole_multiples_are_an_optional_labelled_table_rule():
    """Whole multiples of the Ante only is a table rule (RaiseAmounts.WHOLE_MULTIPLES), not the text:
    an amount within the cap that is not a multiple is refused naming the table rule; one above
    the cap is refused citing (b) / (d)."""
    from pyeval.headsup import RaiseAmounts
    rnd = HeadsUpRound(example_rules(raise_amounts=RaiseAmounts.WHOLE_MULTIPLES))
    for seat in (1, 2):
        rnd.place_wagers(seat, 10, 10)
    src = SequenceSource(random.Random(2).sample(range(52), 52))
    rnd.deal(src)
    assert rnd.raise_options() == (10, 20, 30)
    with pytest.raises(WagerNotAllowedError) as info:
        rnd.raise_wager(1, 25)
    assert "WHOLE_MULTIPLES" in info.value.rule and "677a.11" not in info.value.rule
    with pytest.raises(WagerNotAllowedError, match=r"677a\.11\(b\)"):
        rnd.raise_wager(1, 40)
    rnd.raise_wager(1, 30)
    rnd.check(2)
    rnd.burn_and_flop(src)
    assert rnd.raise_options() == (10, 20)


@pytest.mark.regulation("677a.11(e)")
def test_677a_11_e_burn_then_turn_and_river_after_every_postflop_decision(source):
    rnd, src, cards = three_players(source=source)
    for seat in (1, 2, 3):
        rnd.check(seat)
    rnd.burn_and_flop(src)
    rnd.check(1)
    with pytest.raises(IllegalActionError):
        rnd.burn_turn_and_river(src)
    rnd.check(2)
    rnd.check(3)
    rnd.burn_turn_and_river(src)
    assert rnd.burns == (cards[8], cards[12]) and rnd.board == tuple(cards[9:12]) + tuple(cards[13:15])
    assert rnd.street is HeadsUpStreet.RIVER and rnd.raise_options() == (10,)  # (f): exactly the Ante


@pytest.mark.regulation("677a.11(g)")
def test_677a_11_g_dealer_exposes_and_best_five_selected_for_every_hand():
    rnd, src, _ = three_players()
    for _ in range(3):
        rnd.check(rnd.to_act)
    rnd.burn_and_flop(src)
    for _ in range(3):
        rnd.check(rnd.to_act)
    rnd.burn_turn_and_river(src)
    rnd.raise_wager(1, 10)
    rnd.raise_wager(2, 10)
    rnd.fold(3)
    dealer_value = rnd.expose_dealer()
    assert dealer_value == evaluate(rnd.dealer_hole + rnd.board)
    assert evaluate(best_five(rnd.dealer_hole + rnd.board)) == dealer_value


@pytest.mark.regulation("677a.11(g)(1)", "677a.11(g)(2)")
def test_677a_11_g_1_g_2_players_resolved_one_at_a_time_from_the_dealers_right(fast, source):
    rnd, src, _ = three_players(source=source)
    for _ in range(3):
        rnd.check(rnd.to_act)
    rnd.burn_and_flop(src)
    for _ in range(3):
        rnd.check(rnd.to_act)
    rnd.burn_turn_and_river(src)
    for seat in (1, 2, 3):
        rnd.raise_wager(seat, 10)
    rnd.expose_dealer()
    assert rnd.phase is HeadsUpPhase.SETTLEMENT
    order = []
    for _ in range(3):
        p = rnd.settle_next()  # (g)(2): one player at a time, regardless of outcome
        order.append(p.player)
        # (g)(1)-(2): each raising player's cards are turned up and his best five selected
        assert rnd.values[p.player] == evaluate(rnd.hole[p.player] + rnd.board)
    assert order == [3, 2, 1]
    assert rnd.phase is HeadsUpPhase.COMPLETE


@pytest.mark.regulation("677a.11(g)(2)")
def test_677a_11_g_2_best_five_uses_the_players_two_cards_and_the_board():
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh Jh Th 2c 3d")
    assert sorted(best_five(hole + board)) == sorted(parse_cards("Ah Kh Qh Jh Th"))
