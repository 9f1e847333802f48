"""Shuffle procedures: pluggable steps applied by :meth:`pyeval.shoe.Shoe.shuffle` to the undealt cards."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ShoeArgumentError, ShoeTypeError
from ._common import ERR_ARG, check_int, ffi, lib, raise_status

if TYPE_CHECKING:
    from .core import Shoe

__all__ = ["ShuffleProcedure", "Uniform", "Riffle", "StripCut", "BoxCut", "CustomShuffle", "HAND_SHUFFLE"]

_check_int = check_int
_raise_status = raise_status


class ShuffleProcedure:
    """A pluggable shuffle step. Subclasses implement :meth:`apply` on the shoe's undealt cards
    (after :meth:`Shoe.shuffle` gathered them) and may override :meth:`validate`."""

    def validate(self, size: int) -> None:
        """Raise ShoeArgumentError if this step cannot apply to ``size`` cards (before any change)."""

    def apply(self, shoe: Shoe) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Uniform(ShuffleProcedure):
    """An ideal shuffle (Fisher-Yates, j uniform in [0, i]): all orders equally likely. It also
    models an automated shuffling device."""

    def apply(self, shoe: Shoe) -> None:
        st = lib.pe_shoe_shuffle(shoe._s)
        if st:
            _raise_status(st, "shuffle")


@dataclass(frozen=True)
class Riffle(ShuffleProcedure):
    """``times`` riffle shuffles in the Gilbert-Shannon-Reeds model: cut at a Binomial(n, 1/2)
    depth, then drop cards from the two packets with probability proportional to their sizes
    (Bayer & Diaconis, "Trailing the dovetail shuffle to its lair", Ann. Appl. Probab. 1992)."""

    times: int = 1

    def validate(self, size: int) -> None:
        _check_int(self.times, "riffle times", 0, 1000)

    def apply(self, shoe: Shoe) -> None:
        st = lib.pe_shoe_riffle(shoe._s, self.times)
        if st:
            _raise_status(st, "riffle")


@dataclass(frozen=True)
class _Packets(ShuffleProcedure):
    packets: int = 4
    sizes: tuple[int, ...] | None = None

    def validate(self, size: int) -> None:
        name = type(self).__name__
        if self.sizes is None:
            _check_int(self.packets, f"{name} packets", 1, max(size, 1))
            if size == 0:
                raise ShoeArgumentError(f"{name}: no cards to cut")
            return
        sz = [_check_int(x, f"{name} packet size", 1) for x in self.sizes]
        if sum(sz) != size:
            raise ShoeArgumentError(f"{name} packet sizes sum to {sum(sz)}, the shoe holds {size} cards")

    def apply(self, shoe: Shoe) -> None:
        if self.sizes is None:
            st = lib.pe_shoe_packets(shoe._s, self.packets, ffi.NULL)
        else:
            st = lib.pe_shoe_packets(shoe._s, len(self.sizes), ffi.new("uint16_t[]", list(self.sizes)))
        if st:
            _raise_status(st, type(self).__name__)


@dataclass(frozen=True)
class StripCut(_Packets):
    """A strip cut: packets pulled off the top one after another, each dropped on the last, so
    their order is reversed. ``sizes`` (top packet first) fixes the packets; otherwise ``packets``
    packets with every split equally likely."""

    packets: int = 6


@dataclass(frozen=True)
class BoxCut(_Packets):
    """A box cut: the deck cut into a few packets restacked in reverse order (top packet to the
    bottom). Same mechanics as :class:`StripCut` with fewer, larger packets by default."""

    packets: int = 4


@dataclass(frozen=True)
class CustomShuffle(ShuffleProcedure):
    """A shuffle step written in Python: ``func(order, randbelow)`` receives the undealt cards (top
    first) and a function returning uniform ints in [0, n) from the shoe's random source, and
    returns a permutation of ``range(len(order))``: new position i takes old position ``perm[i]``.
    """

    func: Callable[[tuple[int, ...], Callable[[int], int]], Sequence[int]]

    def apply(self, shoe: Shoe) -> None:
        perm = [int(x) for x in self.func(shoe.stub(), shoe.randbelow)]
        st = lib.pe_shoe_permute(shoe._s, ffi.new("uint16_t[]", perm), len(perm)) \
            if all(0 <= x < 65536 for x in perm) else ERR_ARG
        if st:
            raise ShoeArgumentError(f"CustomShuffle must return a permutation of range({shoe.remaining})")


#: A dealer's hand shuffle: riffle, riffle, strip cut, riffle, box cut.
HAND_SHUFFLE: tuple[ShuffleProcedure, ...] = (Riffle(2), StripCut(), Riffle(1), BoxCut())


def _procedures(procedure: object) -> list[ShuffleProcedure]:
    if procedure is None:
        return [Uniform()]
    if isinstance(procedure, ShuffleProcedure):
        return [procedure]
    if isinstance(procedure, Sequence) and not isinstance(procedure, (str, bytes)):
        procs = list(procedure)
        for p in procs:
            if not isinstance(p, ShuffleProcedure):
                raise ShoeTypeError(f"shuffle procedures must be ShuffleProcedure objects, got {p!r}")
        return procs
    raise ShoeTypeError(f"procedure must be a ShuffleProcedure or a sequence of them, got {procedure!r}")
