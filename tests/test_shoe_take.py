"""Issue 14 item 11: cards dealt explicitly in a round with a shoe come out of the shoe (Shoe.take),
or the explicit deal is refused; they are never dealt again from the stub."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import parse_cards
from pyeval.errors import CardTypeError, IllegalActionError, InvalidCardError, ShoeArgumentError, ShoeExhaustedError
from pyeval.poker import PokerRules, Round
from pyeval.shoe import RackKind, Shoe

RULES = PokerRules(seats=6, blinds=(1, 2), min_bet=2)


def test_take_deals_particular_cards_and_keeps_the_stub_order() -> None:
    shoe = Shoe(seed=1)
    shoe.shuffle()
    order = shoe.order()
    got = shoe.take([order[20], order[5], order[0]], burns=1)
    assert got == (order[20], order[5], order[0])
    assert shoe.dealt == 3 and shoe.dealt_cards() == got
    assert shoe.rack == ((order[20], RackKind.BURN),)
    rest = [c for c in order if c not in got]
    assert shoe.stub() == tuple(rest)  # the other cards in their order
    assert shoe.deal(2) == tuple(rest[:2])


def test_take_refuses_and_changes_nothing() -> None:
    shoe = Shoe(seed=2)
    shoe.shuffle()
    first = shoe.deal(2)
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError, match="not among the undealt"):
        shoe.take([shoe.stub()[0], first[1]])  # a dealt card
    with pytest.raises(ShoeArgumentError):
        shoe.take([shoe.stub()[0], shoe.stub()[0]])  # the same card twice from one deck
    with pytest.raises(InvalidCardError):
        shoe.take([60])
    with pytest.raises(CardTypeError):
        shoe.take("As")  # type: ignore[arg-type]
    with pytest.raises(ShoeArgumentError):
        shoe.take([shoe.stub()[0]], burns=2)
    short = Shoe.from_order([1, 2, 3])
    with pytest.raises(ShoeExhaustedError):
        short.take([1, 2, 3, 4])
    assert shoe.snapshot() == before


def test_take_from_a_multi_deck_shoe_takes_the_first_copy() -> None:
    shoe = Shoe.from_order([5, 7, 5, 9], decks=2)
    shoe.take([5, 5])
    assert shoe.stub() == (7, 9) and shoe.deck_indices()[:2] == (0, 1)


def test_explicit_street_in_a_round_with_a_shoe_is_not_dealt_again() -> None:
    """The reproduction: an explicit flop stayed in the shoe and came again (board 9c 8c 7c 9c Td)."""
    for seed in range(40):
        shoe = Shoe(seed=seed)
        shoe.shuffle()
        r = Round(RULES, [100, 100, 100], shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while r.actor is not None:
            r.check_or_call()
        flop = [c for c in parse_cards("9c 8c 7c") if c in shoe.stub()]
        if len(flop) < 3:
            continue  # a hole card: this seed cannot deal that flop
        r.deal_board(flop)
        while not r.complete:
            if r.actor is not None:
                r.check_or_call()
            elif r.can_deal_board():
                r.deal_board()
            elif r.showdown_order():
                r.show()
            else:
                r.award()
        cards = [c for h in r.hole for c in h] + list(r.board)
        assert len(set(cards)) == len(cards) == 11
        assert Counter(shoe.dealt_cards()) == Counter(cards + [c for c in r.burns if c is not None])


def test_explicit_hole_cards_and_burn_come_out_of_the_shoe() -> None:
    shoe = Shoe(seed=5)
    shoe.shuffle()
    r = Round(RULES, [100, 100], shoe)
    r.post_forced_bets()
    holes = [tuple(shoe.stub()[i:i + 2]) for i in (10, 20)]
    r.deal_hole_cards(holes)
    assert sorted(shoe.dealt_cards()) == sorted(c for h in holes for c in h)
    while r.actor is not None:
        r.check_or_call()
    burn, *flop = shoe.stub()[5:9]
    r.deal_board(flop, burn=burn)
    assert r.board == tuple(flop) and r.burns == (burn,)
    assert (burn, RackKind.BURN) in shoe.rack
    assert not set(shoe.stub()) & {burn, *flop, *holes[0], *holes[1]}


def test_explicit_cards_not_in_the_stub_are_refused_and_nothing_changes() -> None:
    shoe = Shoe(seed=6)
    shoe.shuffle()
    r = Round(RULES, [100, 100], shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    while r.actor is not None:
        r.check_or_call()
    dealt = shoe.dealt_cards()
    before, state = shoe.snapshot(), (list(r.board), r.street)
    other = [c for c in range(52) if c not in dealt][:2]
    with pytest.raises(IllegalActionError, match="already dealt"):
        r.deal_board([dealt[0], *other])  # a card in a player's hand: the round's own check
    assert shoe.snapshot() == before
    shoe.deal(1)  # a card that has left the shoe (e.g. exposed) but is not in play
    gone = shoe.dealt_cards()[-1]
    before = shoe.snapshot()
    with pytest.raises(IllegalActionError, match="card source"):
        r.deal_board([gone, *other])
    assert shoe.snapshot() == before and (list(r.board), r.street) == state


class NoTake:
    """A card source without ``take``: an explicit deal cannot come out of it, so it is refused."""

    def __init__(self) -> None:
        self.cards = list(range(52))

    def burn(self) -> int:
        return self.cards.pop(0)

    def deal(self, k: int) -> tuple[int, ...]:
        out, self.cards = tuple(self.cards[:k]), self.cards[k:]
        return out


def test_explicit_deal_with_a_source_that_cannot_take_is_refused() -> None:
    src = NoTake()
    r = Round(RULES, [100, 100], src)
    r.post_forced_bets()
    with pytest.raises(IllegalActionError, match="cannot take"):
        r.deal_hole_cards([(40, 41), (42, 43)])
    assert len(src.cards) == 52 and r.can_deal_hole_cards()
    r.deal_hole_cards()  # from the source: fine
    assert len(src.cards) == 48


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64), picks=st.lists(st.integers(0, 51), min_size=1, max_size=12), burns=st.integers(0, 3))
def test_take_matches_a_slow_reference(seed: int, picks: list[int], burns: int) -> None:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    stub = list(shoe.stub())
    ok = len(set(picks)) == len(picks) and burns <= len(picks)
    if not ok:
        with pytest.raises(ShoeArgumentError):
            shoe.take(picks, burns=burns)
        assert list(shoe.stub()) == stub
        return
    shoe.take(picks, burns=burns)
    assert list(shoe.dealt_cards()) == picks
    assert list(shoe.stub()) == [c for c in stub if c not in picks]
    assert [e.card for e in shoe.rack] == picks[:burns]
