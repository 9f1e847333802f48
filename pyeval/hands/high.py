"""Hand evaluation: 5 to 52 cards (the best five), one hand or a numpy batch, by the C lookup-table
evaluator.

Values are hand equivalence classes, dense ``1..7462``, **higher is stronger**: 1 is 7-5-4-3-2
offsuit, 7462 a royal flush. A Cactus Kev / PokerHandEvaluator rank (1 = royal flush) is
``7463 - value`` (:func:`to_cactus_kev`). The best five of six or seven cards are chosen as the
regulations ask the dealer to (58 Pa. Code § 637a.11(k), § 677a.11(g)): :func:`best_five`.
"""
from __future__ import annotations

import bisect
import enum
import os
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._batch import (MIN_ROWS_PER_THREAD, ROW_ERRORS, card_matrix, check_out, check_threads, raise_row_error,
                      row_blocks, run_rows, run_rows_c)
from .._bindings import _fastcall, check, ffi, lib
from ..cards import RANK_NAMES, RANK_PLURALS, CardLike, CardsLike, to_cards
from ..errors import CardCountError, CardTypeError, HandValueError

__all__ = [
    "HandCategory", "evaluate", "evaluate_batch", "best_five", "hand_category", "describe",
    "to_cactus_kev", "from_cactus_kev", "evaluate_cactus_kev", "census", "handtype", "rank_class",
    "class_to_string", "EVAL7_HANDTYPES", "RANK_CLASS_STRINGS", "MAX_VALUE", "CATEGORY_RANGES", "BATCH_KERNELS",
    "batch_kernel",
]

#: The highest value (the royal flush) and the number of values: ``PE_EVAL_CLASSES``.
MAX_VALUE = int(lib.PE_EVAL_CLASSES)


class HandCategory(enum.IntEnum):
    """Hand categories, weakest first. ``ROYAL_FLUSH`` is only returned when asked for
    (``hand_category(v, royal=True)``), for paytables that pay it apart from other straight flushes."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """Title-case name, e.g. ``"Four of a Kind"``."""
        return _LABELS[self]


_LABELS = {
    HandCategory.HIGH_CARD: "High Card", HandCategory.PAIR: "Pair", HandCategory.TWO_PAIR: "Two Pair",
    HandCategory.THREE_OF_A_KIND: "Three of a Kind", HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush", HandCategory.FULL_HOUSE: "Full House",
    HandCategory.FOUR_OF_A_KIND: "Four of a Kind", HandCategory.STRAIGHT_FLUSH: "Straight Flush",
    HandCategory.ROYAL_FLUSH: "Royal Flush",
}

#: Lowest value of each category, weakest first: ``csrc/pe_eval.h``'s ``PE_CAT_*_LOW``, the one
#: definition of the boundaries, read from the compiled module.
_CATEGORY_LOWS = (
    lib.PE_CAT_HIGH_CARD_LOW, lib.PE_CAT_PAIR_LOW, lib.PE_CAT_TWO_PAIR_LOW, lib.PE_CAT_THREE_OF_A_KIND_LOW,
    lib.PE_CAT_STRAIGHT_LOW, lib.PE_CAT_FLUSH_LOW, lib.PE_CAT_FULL_HOUSE_LOW, lib.PE_CAT_FOUR_OF_A_KIND_LOW,
    lib.PE_CAT_STRAIGHT_FLUSH_LOW,
)
#: Inclusive value range of each category (royal flush is the top of STRAIGHT_FLUSH: 7462), from
#: the C boundaries; e.g. ``CATEGORY_RANGES[HandCategory.PAIR] == (1278, 4137)``.
CATEGORY_RANGES: dict[HandCategory, tuple[int, int]] = {
    HandCategory(i): (int(lo), int(hi) - 1)
    for i, (lo, hi) in enumerate(zip(_CATEGORY_LOWS, (*_CATEGORY_LOWS[1:], MAX_VALUE + 1)))
}
#: Values per pair rank: a pair of rank r (2 = 0 .. A = 12) starts at
#: ``CATEGORY_RANGES[HandCategory.PAIR][0] + PAIR_RANK_STEP * r`` (``PE_PAIR_RANK_STEP``).
PAIR_RANK_STEP = int(lib.PE_PAIR_RANK_STEP)
_LOWS = [lo for lo, _ in CATEGORY_RANGES.values()]

def evaluate(*cards: CardLike | CardsLike) -> int:
    """Value of the best five-card hand among 5 to 52 cards.

    Args:
        cards: the cards in any form engines have: one sequence of card ints 0..51
            (``rank * 4 + suit``) or of card strings (``["As", "Ks", ...]``), card text
            (``"As Ks Qs Js Ts 9h 9d"``), a 1-D integer numpy array, any iterable of those; or the
            cards as separate arguments (``evaluate(51, 47, 43, 39, 35)``,
            ``evaluate("As", "Ks", "Qs", "Js", "Ts")``). Eight or more cards: the best five of them.
    Returns:
        int in 1..7462, higher is stronger (7462 = royal flush).
    Raises:
        CardCountError: fewer than 5 or more than 52 cards. InvalidCardError: a card outside 0..51
        or bad text. DuplicateCardError: a card twice. CardTypeError: not ints or text.
    """
    return _evaluate_checked(cards[0] if len(cards) == 1 else cards)


def evaluate_cactus_kev(*cards: CardLike | CardsLike) -> int:
    """Cactus Kev / PokerHandEvaluator / treys rank of the best five-card hand: 1 (royal flush) ..
    7462 (7-5-4-3-2 offsuit), lower is stronger; ``7463 - evaluate(*cards)`` in one C call.

    Args and Raises: as :func:`evaluate`.
    """
    return MAX_VALUE + 1 - _evaluate_checked(cards[0] if len(cards) == 1 else cards)


def to_cactus_kev(value: int) -> int:
    """Cactus Kev / PokerHandEvaluator rank (1 = royal flush .. 7462 = 7-5-4-3-2): ``7463 - value``.

    Raises:
        HandValueError: ``value`` is not an int 1..7462.
    """
    return MAX_VALUE + 1 - _check_value(value)


def from_cactus_kev(rank: int) -> int:
    """Inverse of :func:`to_cactus_kev`: pyeval value ``7463 - rank``.

    Raises:
        HandValueError: ``rank`` is not an int 1..7462.
    """
    return MAX_VALUE + 1 - _check_value(rank)


def _evaluate_checked(cards: Any) -> int:
    """Slow path (the fallback of the C fast path): normalise and validate with precise errors,
    then evaluate."""
    cs = to_cards(cards)
    _check_count(len(cs))
    return int(lib.pe_eval_n(bytes(cs), len(cs)))


def _check_count(n: int) -> None:
    if not 5 <= n <= 52:
        raise CardCountError(f"a hand to evaluate has 5 to 52 cards, got {n}")


_py_evaluate, _py_evaluate_cactus_kev = evaluate, evaluate_cactus_kev  # the Python paths, for tests
_fastcall.set_fallback("evaluate", _evaluate_checked)
_fastcall.set_fallback("evaluate_cactus_kev", lambda cards: MAX_VALUE + 1 - _evaluate_checked(cards))
_fastcall.set_fallback("to_cactus_kev", to_cactus_kev)
_fastcall.set_fallback("from_cactus_kev", from_cactus_kev)
if not TYPE_CHECKING:  # the C fast paths (pyeval._fastcall) replace the Python functions above;
    # both behave alike: whatever C cannot read or finds invalid goes to the Python path.
    evaluate = _fastcall.evaluate
    evaluate_cactus_kev = _fastcall.evaluate_cactus_kev
    to_cactus_kev = _fastcall.to_cactus_kev
    from_cactus_kev = _fastcall.from_cactus_kev


#: The batch kernels of :func:`evaluate_batch`, by tier (a cap of ``PYEVAL_BATCH_KERNEL`` allows its
#: own and lower tiers); all give the same values and errors. ``neon`` runs on aarch64 only,
#: ``avx2`` and ``avx512`` on x86-64 CPUs with those features only.
BATCH_KERNELS = ("scalar", "neon", "avx2", "avx512")


def _kernel_cap() -> int:
    """The best batch kernel allowed, from ``PYEVAL_BATCH_KERNEL`` (read once, at import)."""
    name = os.environ.get("PYEVAL_BATCH_KERNEL", "").strip().lower()
    if name in BATCH_KERNELS:
        return BATCH_KERNELS.index(name)
    if name:
        # Named after the variable, not a source line: the cause is the environment, not code.
        warnings.warn_explicit(f"PYEVAL_BATCH_KERNEL={name!r} ignored: use one of {', '.join(BATCH_KERNELS)}",
                               RuntimeWarning, filename="PYEVAL_BATCH_KERNEL", lineno=0, module="pyeval")
    return len(BATCH_KERNELS) - 1


_MAX_KERNEL = _kernel_cap()


def batch_kernel() -> str:
    """The kernel :func:`evaluate_batch` runs on this CPU: ``"avx512"`` (16 rows at once; Ice Lake,
    Zen 4 and later), ``"avx2"`` (16 rows at once by byte shuffles; other x86-64 CPUs since Haswell
    and Zen 1), ``"neon"`` (every aarch64 CPU: Apple Silicon, Graviton, ...) or ``"scalar"``
    (portable C, every other CPU).

    The environment variable ``PYEVAL_BATCH_KERNEL=scalar``, read once when pyeval is imported,
    keeps the batch on the portable kernel on any CPU, so that path can be measured and tested
    without rebuilding; ``avx2`` allows AVX2 (or NEON) but not AVX-512, ``neon`` NEON but no x86
    kernel; unset, empty or ``avx512``: the best kernel this CPU has.
    """
    return BATCH_KERNELS[int(lib.pe_eval_batch_kernel(_MAX_KERNEL))]


def evaluate_batch(
    hands: npt.ArrayLike, out: npt.NDArray[np.uint16] | None = None, *, threads: int = 1
) -> npt.NDArray[np.uint16]:
    """Evaluate many hands in C; the GIL is released while the C loop runs.

    Args:
        hands: shape ``(n, k)`` with k in 5..52 (8 and more: the best five of each row, a row at a
            time in C), card ints 0..51. ``uint8`` C-contiguous input is
            used without a copy; other integer dtypes and array-likes are converted once.
        out: optional ``uint16`` array of shape ``(n,)`` to write into (C-contiguous, writable);
            checked before anything runs.
        threads: split the rows over this many threads in one C call (the GIL released once; the
            calling thread works too). ``0`` means ``os.cpu_count()`` (read once). Threads come from
            one persistent C pool (re-created in a forked child) and each gets at least 32,768 rows,
            so small batches run on the calling thread; the values and errors do not depend on it. Every batch
            evaluator of :mod:`pyeval.hands` takes ``out`` and ``threads`` alike.
    Returns:
        ``uint16`` array of shape ``(n,)``: values 1..7462, higher is stronger.
    Raises:
        CardTypeError: not an integer array, or wrong shape/dtype of ``out``.
        CardCountError: k not in 5..52. InvalidCardError / DuplicateCardError: naming the first bad
        row. Validation is fused with evaluation, so when ``out`` is given, other rows than the bad
        one may already have been written; no other state exists to change.
    """
    arr = _as_card_matrix(hands)
    n, k = arr.shape
    out = check_out(out, n)
    nthreads = check_threads(threads)
    if nthreads > 1 and n >= 2 * MIN_ROWS_PER_THREAD:  # threads of the C pool (csrc/pe_pool.c), one call
        st, row = run_rows_c(lib.pe_eval_batch_threads, arr, out, n, nthreads, k, _MAX_KERNEL)
    else:
        st, row = run_rows(row_blocks(lib.pe_eval_batch_max, arr, out, k, _MAX_KERNEL), n, 1)
    if st:
        raise_row_error(st, arr[row].tolist(), row)
    return out


def _as_card_matrix(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Validate shape and dtype and return a C-contiguous uint8 ``(n, k)`` view or copy."""
    return card_matrix(hands, check_k=_check_count)


def best_five(cards: CardsLike) -> tuple[int, ...]:
    """The five cards that make the hand (58 Pa. Code § 637a.11(k), § 677a.11(g)).

    Returns:
        A tuple of 5 card ints whose value equals ``evaluate(cards)``. When several five-card
        subsets tie, the first in the input's order is chosen (deterministic).
    Raises:
        as :func:`evaluate`.
    """
    cs = to_cards(cards)
    _check_count(len(cs))
    out = ffi.new("uint8_t[5]")
    check(lib.pe_best_five(bytes(cs), len(cs), out), "best_five", ROW_ERRORS)  # inputs validated above
    return tuple(out)


def _check_value(value: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise HandValueError(f"a hand value is an int 1..{MAX_VALUE}, got {value!r}")
    v = value.__index__()
    if not 1 <= v <= MAX_VALUE:
        raise HandValueError(f"hand value {v} outside 1..{MAX_VALUE}")
    return v


def hand_category(value: int, *, royal: bool = False) -> HandCategory:
    """Category of a hand value. With ``royal=True`` a royal flush (7462) is ``ROYAL_FLUSH``.

    Raises:
        HandValueError: ``value`` outside 1..7462.
    """
    v = _check_value(value)
    if royal and v == MAX_VALUE:
        return HandCategory.ROYAL_FLUSH
    return HandCategory(bisect.bisect_right(_LOWS, v) - 1)


#: eval7's ``handtype`` names, by category (eval7 calls a royal flush a "Straight Flush").
EVAL7_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads",
                   "Straight Flush")
#: treys' ``LookupTable.RANK_CLASS_TO_STRING``: rank class 0 (royal flush) .. 9 (high card).
RANK_CLASS_STRINGS = ("Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
                      "Three of a Kind", "Two Pair", "Pair", "High Card")


def handtype(value: int) -> str:
    """The hand-type name eval7's ``handtype`` prints for a hand value: ``"High Card"``, ``"Pair"``,
    ``"Two Pair"``, ``"Trips"``, ``"Straight"``, ``"Flush"``, ``"Full House"``, ``"Quads"`` or
    ``"Straight Flush"`` (a royal flush too). For pyeval's own words see :func:`describe` and
    :attr:`HandCategory.label`.

    Raises:
        HandValueError: ``value`` is not an int 1..7462.
    """
    return EVAL7_HANDTYPES[bisect.bisect_right(_LOWS, _check_value(value)) - 1]


def rank_class(value: int) -> int:
    """treys' rank class of a hand value (``Evaluator.get_rank_class`` of its Cactus Kev rank):
    0 royal flush, 1 straight flush, 2 four of a kind, 3 full house, 4 flush, 5 straight, 6 three of
    a kind, 7 two pair, 8 pair, 9 high card (lower is stronger). :func:`class_to_string` names it.

    Raises:
        HandValueError: ``value`` is not an int 1..7462.
    """
    v = _check_value(value)
    return 0 if v == MAX_VALUE else 9 - (bisect.bisect_right(_LOWS, v) - 1)


def class_to_string(rank_class: int) -> str:
    """treys' ``Evaluator.class_to_string``: the name of a rank class 0..9 (see :func:`rank_class`),
    ``"Royal Flush"`` .. ``"High Card"``; the same words as :attr:`HandCategory.label`.

    Raises:
        HandValueError: ``rank_class`` is not an int 0..9.
    """
    if isinstance(rank_class, bool) or not isinstance(rank_class, int) or not 0 <= rank_class <= 9:
        raise HandValueError(f"a rank class is an int 0..9, got {rank_class!r}")
    return RANK_CLASS_STRINGS[rank_class]


def describe(value: int, *, kickers: bool = False) -> str:
    """Describe a high hand value (1..7462) in words. (:func:`pyeval.describe` takes ``kind=`` for
    the other hand types: :func:`pyeval.hands.registry.describe`.)

    Examples: ``"Royal Flush"``, ``"Straight Flush, Five high"``, ``"Four of a Kind, Aces"``,
    ``"Full House, Kings over Fours"``, ``"Flush, Ace high"``, ``"Two Pair, Kings and Fours"``,
    ``"Pair of Jacks"``, ``"High Card, Ace"``. With ``kickers=True`` the remaining ranks follow,
    e.g. ``"Pair of Jacks, A-9-4"``, so that every one of the 7,462 classes reads differently.

    Raises:
        HandValueError: ``value`` outside 1..7462.
    """
    info = lib.pe_class_info(_check_value(value))
    cat = HandCategory(info >> 20)
    r = [(info >> (16 - 4 * i)) & 15 for i in range(5)]
    name, plural = RANK_NAMES, RANK_PLURALS
    if cat == HandCategory.ROYAL_FLUSH:
        return "Royal Flush"
    if cat in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT):
        return f"{cat.label}, {name[r[0]]} high"
    if cat == HandCategory.FOUR_OF_A_KIND:
        text, rest = f"Four of a Kind, {plural[r[0]]}", r[4:]
    elif cat == HandCategory.FULL_HOUSE:
        return f"Full House, {plural[r[0]]} over {plural[r[3]]}"
    elif cat == HandCategory.FLUSH:
        text, rest = f"Flush, {name[r[0]]} high", r[1:]
    elif cat == HandCategory.THREE_OF_A_KIND:
        text, rest = f"Three of a Kind, {plural[r[0]]}", r[3:]
    elif cat == HandCategory.TWO_PAIR:
        text, rest = f"Two Pair, {plural[r[0]]} and {plural[r[2]]}", r[4:]
    elif cat == HandCategory.PAIR:
        text, rest = f"Pair of {plural[r[0]]}", r[2:]
    else:
        text, rest = f"High Card, {name[r[0]]}", r[1:]
    if kickers:
        text += ", " + "-".join("23456789TJQKA"[x] for x in rest)
    return text


def census(k: int) -> tuple[dict[HandCategory, int], int]:
    """Evaluate every ``k``-card hand (k = 5, 6 or 7) in C and count them.

    Returns:
        ``(counts, classes)``: hands per category (royal flushes under ``ROYAL_FLUSH``, not in
        ``STRAIGHT_FLUSH``) and the number of distinct values. For k = 7 that is all 133,784,560
        hands and 4,824 classes. The GIL is released while it runs.
    Raises:
        CardCountError: ``k`` not in 5..7.
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise CardTypeError(f"k must be an int 5..7, got {k!r}")
    if not 5 <= k <= 7:
        raise CardCountError(f"census takes k = 5, 6 or 7 cards, got {k}")
    counts = ffi.new("uint64_t[10]")
    seen = ffi.new("uint8_t[]", MAX_VALUE + 1)
    check(lib.pe_eval_census(k, counts, seen), "census", ROW_ERRORS)  # arguments checked above
    return {HandCategory(i): int(counts[i]) for i in range(10)}, sum(seen[0:MAX_VALUE + 1])
