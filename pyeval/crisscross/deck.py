"""The deck a Criss-Cross Poker table deals from, behind a small card-source protocol.

:class:`ShufflerDeck` is a one-deck :class:`pyeval.shoe.Shoe` (its xoshiro256** or OS random
source and unbiased Fisher-Yates shuffle, ``csrc/pe_shoe.h``) standing for the automated shuffling
device that 58 Pa. Code § 674a.9(a)(1) requires, plus two faults for tests. The round only needs
the :class:`~pyeval.contracts.Deck` protocol, which a plain :class:`~pyeval.shoe.Shoe` satisfies as it is.

Faults for tests (§ 674a.9(d)-(f)): :meth:`ShufflerDeck.lose_card` takes a card out of the deck
(the stub count then comes up short); :meth:`ShufflerDeck.preset` makes the shuffler produce a
known order instead of a random one.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import check_card
from ..errors import CardCountError, DuplicateCardError, ShoeArgumentError
from ..shoe import Shoe

__all__ = ["ShufflerDeck", "DECK_SIZE"]

#: Cards in a complete deck (§ 674a.9(d)-(f) compare the count against 52).
DECK_SIZE = 52


class ShufflerDeck(Shoe):
    """One deck (a :class:`~pyeval.shoe.Shoe` of one deck), shuffled by a seeded or OS random
    source, with preset orders and lost cards as injectable faults.

    Args:
        seed: int 0..2**256-1 for a reproducible table (the shoe's SplitMix64 seeding of
            xoshiro256**), or None for a fresh seed from the operating system (see
            :attr:`~pyeval.shoe.Shoe.seed`).
    Raises:
        SeedError: a negative or too large seed.
    """

    __slots__ = ("_orders",)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(1, seed)
        self._orders: list[tuple[int, ...]] = []

    # -- test faults -------------------------------------------------------------------------
    def preset(self, orders: Iterable[Sequence[int]]) -> None:
        """Make the next shuffles produce these orders (top first), one per shuffle; after the
        last, the shuffler goes back to random. Each order: distinct cards, as many as the deck
        holds now. Raises CardCountError / DuplicateCardError / InvalidCardError, or
        ShoeArgumentError for a card not in the deck."""
        checked = []
        for order in orders:
            o = tuple(check_card(c) for c in order)
            if len(set(o)) != len(o):
                raise DuplicateCardError(f"preset order repeats a card: {o}")
            if len(o) != self.size:
                raise CardCountError(f"preset order has {len(o)} cards; the deck holds {self.size}")
            if set(o) != set(self.order()):
                raise ShoeArgumentError("preset order holds a card that is not in the deck")
            checked.append(o)
        self._orders.extend(checked)

    def lose_card(self, card: int) -> None:
        """Fault: ``card`` goes missing from the deck (the next stub counts come up short).
        Only between rounds (every card gathered). Raises ShoeArgumentError if it is not in the deck
        (nothing changes then)."""
        c = check_card(card)
        if c not in self.order():
            raise ShoeArgumentError(f"card {c} is not in the deck")
        self.gather()
        self.remove_card(c)
        self._orders = [tuple(x for x in o if x != c) for o in self._orders]

    # -- CardSource ----------------------------------------------------------------------------
    def shuffle(self, procedure: object = None) -> None:
        """Gather and shuffle (the next preset order instead, while there is one)."""
        if self._orders and procedure is None:
            self.set_order(self._orders[0])
            self._orders.pop(0)
            return
        super().shuffle(procedure)  # type: ignore[arg-type]

    def racked(self) -> tuple[int, ...]:
        """The discard rack's cards, first racked first (for audits and tests): :attr:`Shoe.discards`."""
        return self.discards
