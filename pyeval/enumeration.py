"""Exhaustive enumeration with reductions, in C: every k-card hand from the cards not dead, or
every completion of fixed cards (hole cards plus a partial board), counted into numpy histograms.

The C kernel (``csrc/pe_enum.h``) runs nested loops over the remaining deck carrying the partial
key sum and packed suit masks, so a hand costs one add and one lookup (all 133,784,560 seven-card
hands in about 0.14-0.2 s on one core); the GIL is released while it runs. Nothing is called back
into Python per hand: the reductions are histograms.

>>> import numpy as np
>>> from pyeval import HandCategory, parse_cards
>>> h = value_histogram(5)                      # every 5-card hand
>>> int(h.sum()), int(np.count_nonzero(h))
(2598960, 7462)
>>> c = category_histogram(7, fixed="As Ks Qs Js", dead="Ts")   # three cards to come, no royal
>>> int(c.sum()), int(c[HandCategory.ROYAL_FLUSH]), int(c[HandCategory.STRAIGHT_FLUSH])
(16215, 0, 0)
>>> board = parse_cards("2c 7d Jh")             # every turn and river for AhAd on this flop
>>> c = category_histogram(7, fixed=parse_cards("Ah Ad") + board)
>>> int(c.sum()), int(c[HandCategory.THREE_OF_A_KIND])
(1081, 72)
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._batch import check_aligned
from ._bindings import ERR_CARD, ERR_DUP, ffi, lib
from .cards import CardsLike, format_cards, to_cards
from .errors import CardCountError, CardTypeError, DuplicateCardError, InvalidCardError
from .hands.high import MAX_VALUE, HandCategory

__all__ = ["value_histogram", "category_histogram", "hand_count"]

_CATEGORY_OF = np.zeros(MAX_VALUE + 1, dtype=np.intp)  # value -> category index (royal at 9)
for _v in range(1, MAX_VALUE + 1):
    _CATEGORY_OF[_v] = lib.pe_class_info(_v) >> 20


def _args(k: int, fixed: CardsLike | None, dead: CardsLike | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(k, bool) or not isinstance(k, int):
        raise CardTypeError(f"k must be an int 5..7, got {k!r}")
    if not 5 <= k <= 7:
        raise CardCountError(f"a hand to evaluate has 5, 6 or 7 cards, got k={k}")
    f = to_cards(fixed) if fixed is not None else ()
    d = to_cards(dead) if dead is not None else ()
    if len(f) > k:
        raise CardCountError(f"{len(f)} fixed cards do not fit a {k}-card hand")
    if len(set(f + d)) != len(f) + len(d):
        raise DuplicateCardError(f"a card is named twice among fixed {format_cards(f)} and dead {format_cards(d)}")
    if 52 - len(f) - len(d) < k - len(f):
        raise CardCountError(f"{len(d)} dead cards leave too few cards to complete {k}-card hands")
    return f, d


def hand_count(k: int, fixed: CardsLike | None = None, dead: CardsLike | None = None) -> int:
    """The number of hands the histograms count: C(52 - fixed - dead, k - fixed).

    Raises: as :func:`value_histogram`.
    """
    f, d = _args(k, fixed, dead)
    return int(lib.pe_enum_count(k, len(f), len(d)))


def value_histogram(k: int, fixed: CardsLike | None = None, dead: CardsLike | None = None, *,
                    out: npt.NDArray[np.uint64] | None = None) -> npt.NDArray[np.uint64]:
    """Count every ``k``-card hand by hand value.

    Args:
        k: hand size, 5, 6 or 7.
        fixed: cards in every hand (e.g. hole cards and a flop: ``"Ah Ad 2c 7d Jh"``), 0..k of them,
            as text or card ints. The other ``k - len(fixed)`` cards run over every combination of
            the cards neither fixed nor dead.
        dead: cards out of play (text or card ints).
        out: optional ``uint64`` array of shape ``(7463,)`` to ADD the counts to (C-contiguous,
            writable, aligned), so runs can be accumulated; a new zeroed array when None.
    Returns:
        ``uint64`` array of shape ``(7463,)``: ``h[v]`` hands of value ``v`` (1..7462, higher is
        stronger; ``h[0]`` stays 0). ``h.sum()`` equals :func:`hand_count`.
    Raises:
        CardCountError: k not 5..7, more fixed cards than k, too few cards left.
        InvalidCardError / DuplicateCardError: bad or repeated cards among fixed and dead.
        CardTypeError: k not an int, cards not ints or text, or a bad ``out``.
    """
    f, d = _args(k, fixed, dead)
    if out is None:
        out = np.zeros(MAX_VALUE + 1, dtype=np.uint64)
    elif not (isinstance(out, np.ndarray) and out.dtype == np.uint64 and out.shape == (MAX_VALUE + 1,)
              and out.flags.c_contiguous and out.flags.writeable):
        raise CardTypeError(f"out must be a writable C-contiguous uint64 array of shape ({MAX_VALUE + 1},)")
    else:
        check_aligned(out, "out")
    st = lib.pe_enum_hist(k, bytes(f), len(f), bytes(d), len(d),
                          ffi.from_buffer("uint64_t[]", out, require_writable=True), ffi.NULL)
    if st == ERR_CARD:  # pragma: no cover - to_cards checked every card
        raise InvalidCardError("a card outside 0..51")
    if st == ERR_DUP:  # pragma: no cover - checked above
        raise DuplicateCardError("a card twice among fixed and dead")
    if st:  # pragma: no cover - arguments checked above
        raise CardCountError(f"enumeration failed with status {st}")
    return out


def category_histogram(k: int, fixed: CardsLike | None = None, dead: CardsLike | None = None) -> npt.NDArray[np.uint64]:
    """Count every ``k``-card hand by category (arguments as :func:`value_histogram`).

    Returns:
        ``uint64`` array of shape ``(10,)`` indexed by :class:`~pyeval.HandCategory`; royal flushes
        are counted under ``ROYAL_FLUSH`` (index 9), not under ``STRAIGHT_FLUSH``.
    Raises: as :func:`value_histogram`.
    """
    h = value_histogram(k, fixed, dead)
    return _by_category(h)


def _by_category(h: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    out = np.zeros(len(HandCategory), dtype=np.uint64)
    np.add.at(out, _CATEGORY_OF[1:], h[1:])
    return out
