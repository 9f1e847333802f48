"""The shoe's state as plain data: discard-rack entries and complete snapshots (replay, audit)."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["RackKind", "RackEntry", "ShoeSnapshot"]


class RackKind(enum.IntEnum):
    """How a card reached the discard rack."""

    DISCARD = 0  #: cards from the layout (hands, board), as the dealer picks them up
    BURN = 1     #: a burn card, face down (58 Pa. Code § 637a.11(h)-(j), § 677a.11(c),(e))
    STUB = 2     #: the undealt stub, unexposed (58 Pa. Code § 674a.9(c),(e))

    @property
    def face_down(self) -> bool:
        """Burns and the stub go to the rack without being exposed."""
        return self is not RackKind.DISCARD


class RackEntry(NamedTuple):
    """One card on the discard rack, in the order racked."""

    card: int
    kind: RackKind


@dataclass(frozen=True)
class ShoeSnapshot:
    """The complete state of a :class:`Shoe`, for replay and reconstruction (58 Pa. Code
    § 677a.11(j)). Plain ints and tuples: ``dataclasses.asdict`` gives a JSON-ready dict.

    Attributes:
        decks: 1..8. cards: the shoe's cards top first (dealt ones included), ids 0..51.
        deck_of: the deck index of each card. dealt: how many have come off the top.
        rack: the discard rack in order, as (card, kind) pairs with kind a :class:`RackKind` value.
        rng_state: the generator's four 64-bit state words, or None for a secure shoe.
        seed, stream: as given to (or drawn by) the shoe; secure: the random source.
        min_cut: the minimum cut depth.
    """

    decks: int
    cards: tuple[int, ...]
    deck_of: tuple[int, ...]
    dealt: int
    rack: tuple[tuple[int, int], ...]
    rng_state: tuple[int, int, int, int] | None
    seed: int | None
    stream: int
    secure: bool
    min_cut: int
