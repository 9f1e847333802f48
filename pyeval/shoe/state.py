"""The shoe's state as plain data: discard-rack entries and complete snapshots (replay, audit)."""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import check_card
from ..errors import ShoeArgumentError
from ._common import check_int, ffi, lib

__all__ = ["RackKind", "RackEntry", "ShoeSnapshot", "rack_of", "write_snapshot"]


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


def rack_of(s: Any) -> tuple[RackEntry, ...]:
    """The discard rack of the ``pe_shoe *`` ``s`` (a private copy), with each card's :class:`RackKind`."""
    n = s.rack_n
    kinds = bytes(ffi.buffer(s.rack_kind, n))
    return tuple(RackEntry(c, RackKind(k)) for c, k in zip(bytes(ffi.buffer(s.rack, n)), kinds))


def write_snapshot(s: Any, sn: ShoeSnapshot) -> None:
    """Check ``sn`` and write its positions, rack and generator state into ``s``: a ``pe_shoe *``
    already loaded with ``sn.cards`` and seen by no other thread (:meth:`Shoe.restore`).

    Raises:
        ShoeArgumentError: an inconsistent snapshot (everything is checked before anything is written).
    """
    if len(sn.deck_of) != len(sn.cards) or any(not 0 <= d < sn.decks for d in sn.deck_of):
        raise ShoeArgumentError("snapshot deck_of does not match its cards")
    if len(set(zip(sn.cards, sn.deck_of))) != len(sn.cards):
        raise ShoeArgumentError("snapshot holds the same physical card twice")
    dealt = check_int(sn.dealt, "snapshot dealt", 0, len(sn.cards))
    try:
        rack = [(check_card(c), RackKind(k)) for c, k in sn.rack]
    except (ValueError, TypeError) as exc:
        raise ShoeArgumentError(f"snapshot rack entries must be (card, RackKind) pairs: {exc}") from None
    if Counter(c for c, _ in rack) - Counter(sn.cards[:dealt]):
        raise ShoeArgumentError("snapshot rack holds cards that were not dealt")
    words = None
    if not sn.secure:
        if sn.rng_state is None or len(sn.rng_state) != 4:
            raise ShoeArgumentError("snapshot rng_state must be four 64-bit words, not all zero")
        words = [check_int(w, "rng word", 0, (1 << 64) - 1) for w in sn.rng_state]
        if not any(words):
            raise ShoeArgumentError("snapshot rng_state must be four 64-bit words, not all zero")
    for i, d in enumerate(sn.deck_of):
        s.deck_of[i] = d
    s.pos = dealt
    for i, (c, k) in enumerate(rack):
        s.rack[i] = c
        s.rack_kind[i] = int(k)
    s.rack_n = len(rack)
    if words is not None:
        lib.pe_rng_set_state(ffi.addressof(s[0], "rng"), words)
    if lib.pe_shoe_check(s) != 0:  # pragma: no cover - validated above
        raise ShoeArgumentError("snapshot is not a consistent shoe")
