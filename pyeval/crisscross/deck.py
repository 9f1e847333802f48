"""The deck a Criss-Cross Poker table deals from, behind a small card-source protocol.

:class:`ShufflerDeck` is one 52-card deck in the shoe's C structure (``csrc/pe_shoe.h``: its
xoshiro256** or OS-secure random source and unbiased Fisher-Yates shuffle) standing for the
automated shuffling device that 58 Pa. Code § 674a.9(a)(1) requires. The round only needs the
:class:`CardSource` protocol, which :class:`pyeval.shoe.Shoe` satisfies as it is, so a table can
deal from a ``Shoe(decks=1, ...)`` instead; ``ShufflerDeck`` is the default only because it skips
the Shoe's per-shuffle snapshot and procedure checks (about 3.5 us a round, a sixth of the Python
procedure's budget).

Faults for tests (§ 674a.9(d)-(f)): :meth:`ShufflerDeck.lose_card` takes a card out of the deck
(the stub count then comes up short); :meth:`ShufflerDeck.preset` makes the shuffler produce a
known order instead of a random one.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from .._ffi import ffi, lib
from ..cards import check_card
from ..errors import CardCountError, DuplicateCardError, SeedError, ShoeArgumentError

__all__ = ["CardSource", "ShufflerDeck", "DECK_SIZE"]

#: Cards in a complete deck (§ 674a.9(d)-(f) compare the count against 52).
DECK_SIZE = 52


@runtime_checkable
class CardSource(Protocol):
    """What a Criss-Cross table needs from its deck (cards are ints 0..51)."""

    def shuffle(self) -> None:
        """Gather every card back and shuffle (the automated shuffler, § 674a.9(a)(1))."""

    def deal(self, k: int) -> tuple[int, ...]:
        """Take ``k`` cards off the top, in order."""

    @property
    def remaining(self) -> int:
        """Number of cards left in the stub (not dealt), counted face down."""

    def stub_to_rack(self) -> int:
        """Put the stub in the discard rack without exposing it; returns the number of cards."""

    @property
    def size(self) -> int:
        """Cards physically in this deck (52 when complete)."""


class ShufflerDeck:
    """One deck in the shoe's C structure, shuffled by a seeded or OS-secure random source.

    Args:
        seed: int >= 0 for a reproducible table (the shoe's SplitMix64 seeding of xoshiro256**),
            or None for the operating system's CSPRNG.
    Raises:
        SeedError: a negative or too large seed.
    """

    __slots__ = ("_shoe", "_out", "_orders", "_last_order")

    def __init__(self, seed: int | None = None) -> None:
        shoe = ffi.new("pe_shoe *")
        _check(lib.pe_shoe_init(shoe, 1), "init")
        if seed is None:
            _check(lib.pe_rng_seed_secure(ffi.addressof(shoe, "rng")), "secure seed")
        else:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**256:
                raise SeedError(f"seed must be an int in 0..2**256-1, got {seed!r}")
            words = [(seed >> (64 * i)) & (2**64 - 1) for i in range(4)]
            lib.pe_rng_seed(ffi.addressof(shoe, "rng"), ffi.new("uint64_t[4]", words))
        self._shoe = shoe
        self._out = ffi.new("uint8_t[64]")
        self._orders: list[tuple[int, ...]] = []
        self._last_order: tuple[int, ...] | None = None

    # -- test faults -------------------------------------------------------------------------
    def preset(self, orders: Iterable[Sequence[int]]) -> None:
        """Make the next shuffles produce these orders (top first), one per shuffle; after the
        last, the shuffler goes back to random. Each order: distinct cards, as many as the deck
        holds now. Raises CardCountError / DuplicateCardError / InvalidCardError."""
        checked = []
        for order in orders:
            o = tuple(check_card(c) for c in order)
            if len(set(o)) != len(o):
                raise DuplicateCardError(f"preset order repeats a card: {o}")
            if len(o) != self.size:
                raise CardCountError(f"preset order has {len(o)} cards; the deck holds {self.size}")
            checked.append(o)
        self._orders.extend(checked)

    def lose_card(self, card: int) -> None:
        """Fault: ``card`` goes missing from the deck (the next stub counts come up short).
        Only between rounds (every card gathered). Raises ShoeArgumentError if it is not in the deck."""
        c = check_card(card)
        lib.pe_shoe_gather(self._shoe)
        st = lib.pe_shoe_remove_card(self._shoe, c)
        if st != 0:
            raise ShoeArgumentError(f"card {c} is not in the deck")
        self._orders = [tuple(x for x in o if x != c) for o in self._orders]

    # -- CardSource ----------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return int(self._shoe.size)

    def shuffle(self) -> None:
        shoe = self._shoe
        if self._orders:
            order = self._orders.pop(0)
            _check(lib.pe_shoe_load(shoe, bytes(order), len(order), 1), "load")
            return
        lib.pe_shoe_gather(shoe)
        _check(lib.pe_shoe_shuffle(shoe), "shuffle")

    def deal(self, k: int) -> tuple[int, ...]:
        st = lib.pe_shoe_deal(self._shoe, k, self._out)
        if st != 0:
            raise CardCountError(f"cannot deal {k} cards: {self.remaining} left in the deck")
        return tuple(ffi.unpack(self._out, k))

    @property
    def remaining(self) -> int:
        return int(self._shoe.size) - int(self._shoe.pos)

    def stub_to_rack(self) -> int:
        return int(lib.pe_shoe_stub_to_rack(self._shoe))

    def racked(self) -> tuple[int, ...]:
        """The discard rack's cards, first racked first (for audits and tests)."""
        return tuple(ffi.unpack(self._shoe.rack, int(self._shoe.rack_n)))


def _check(status: int, what: str) -> None:
    if status != 0:
        raise ShoeArgumentError(f"shoe {what} failed with status {status}")
