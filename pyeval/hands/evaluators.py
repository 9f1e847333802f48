"""Hand evaluators of the other poker games of chapter 637a: Omaha, low hands and Badugi.

Every value is **higher is better** (for a low, the better low), dense equivalence classes:

- Omaha high (§ 637a.12, § 637a.19): exactly two of the 4, 5 or 6 hole cards with exactly three of
  the 3..5 board cards; values 1..7462 as :func:`pyeval.evaluate`.
- Omaha eight-or-better low (the low half of Omaha high-low split, § 637a.7(d)): the same two-plus-
  three rule, five distinct ranks 8 or lower; an ace-to-five value ``LOW_A5_8_MIN..6175``, or 0 when
  no low qualifies.
- Ace-to-five low (razz, the low half of stud high-low): aces low, straights and flushes do not
  count, pairs count against; the best five of 5..7 cards; values 1..6175 (6175 = 5-4-3-2-A).
  The eight-or-better form returns 0 for a hand with no qualifying low.
- Deuce-to-seven low (lowball draw, § 637a.20): aces high only, straights and flushes count against;
  exactly five cards; values 1..7462 (7462 = 7-5-4-3-2 of mixed suits).
- Badugi (§ 637a.21): four cards; the largest subset with no two cards of a rank or a suit, aces low;
  values 1..1092, every four-card hand above every three-card hand, and so on.

The section texts are not in our hands (``../shared/rules/poker.md``): these are the standard casino
rankings. Batches run in C with the GIL released; card ints are ``rank * 4 + suit`` (see
:mod:`pyeval.cards`).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._batch import card_matrix, raise_row_error
from .._bindings import ERR_COUNT, ffi, lib
from ..cards import CARD_TEXT, CardsLike, to_cards
from ..errors import CardCountError, CardTypeError, DuplicateCardError, HandValueError

__all__ = [
    "evaluate_omaha", "evaluate_omaha_low8", "evaluate_omaha_batch", "evaluate_low_a5", "evaluate_low_a5_8",
    "evaluate_low_27", "evaluate_low_batch", "evaluate_badugi", "evaluate_badugi_batch", "badugi_size",
    "LOW_A5_CLASSES", "LOW_A5_8_MIN", "LOW_27_CLASSES", "BADUGI_CLASSES",
]

LOW_A5_CLASSES = int(lib.PE_LOW_A5_CLASSES)
LOW_A5_8_MIN = int(lib.PE_LOW_A5_8_MIN)
LOW_27_CLASSES = int(lib.PE_LOW_27_CLASSES)
BADUGI_CLASSES = int(lib.PE_BADUGI_CLASSES)

_OMAHA_TABLES = ffi.new("uint16_t[]", int(lib.pe_omaha_tables_size()) // 2)
if lib.pe_omaha_tables_init(_OMAHA_TABLES, int(lib.pe_omaha_tables_size())) != 0:  # pragma: no cover
    raise ImportError("pe_omaha_tables_init failed")

_LOW_KINDS = {"a5": int(lib.PE_LOW_A5), "a5_8": int(lib.PE_LOW_A5_8), "27": int(lib.PE_LOW_27)}


def _status(st: int, what: str, cards: tuple[int, ...]) -> int:
    if st >= 0:
        return st
    if st == ERR_COUNT:  # pragma: no cover - counts are checked before the call
        raise CardCountError(f"{what}: wrong number of cards ({len(cards)})")
    raise CardTypeError(f"{what}: invalid input (status {st})")  # pragma: no cover


_CARD_INTS = frozenset(range(52))
_INT_ONLY = {int}


def _cards(cards: CardsLike) -> tuple[int, ...]:
    """to_cards, with a fast path for a tuple or list of distinct plain ints 0..51."""
    t = type(cards)
    if t is tuple or t is list:
        s = set(cards)
        if len(s) == len(cards) and s <= _CARD_INTS and set(map(type, cards)) == _INT_ONLY:
            return tuple(cards)  # type: ignore[arg-type]
    return to_cards(cards)


def _hand(cards: CardsLike, lo: int, hi: int, what: str) -> tuple[int, ...]:
    cs = _cards(cards)
    if not lo <= len(cs) <= hi:
        span = str(lo) if lo == hi else f"{lo}..{hi}"
        raise CardCountError(f"{what} takes {span} cards, got {len(cs)}")
    return cs


def evaluate_low_a5(cards: CardsLike) -> int:
    """Ace-to-five low of the best five of 5..7 cards: 1..6175, higher is the better low.

    Raises:
        CardCountError, InvalidCardError, DuplicateCardError, CardTypeError.
    """
    cs = _hand(cards, 5, 7, "an ace-to-five low")
    v = lib.pe_low_a5(bytes(cs), len(cs))
    return v if v >= 0 else _status(v, "ace-to-five", cs)


def evaluate_low_a5_8(cards: CardsLike) -> int:
    """Eight-or-better ace-to-five low of 5..7 cards: ``LOW_A5_8_MIN..6175``, or 0 when none qualifies."""
    cs = _hand(cards, 5, 7, "an ace-to-five low")
    v = lib.pe_low_a5_8(bytes(cs), len(cs))
    return v if v >= 0 else _status(v, "ace-to-five eight-or-better", cs)


def evaluate_low_27(cards: CardsLike) -> int:
    """Deuce-to-seven low of exactly five cards: 1..7462, higher is the better low (§ 637a.20)."""
    cs = _hand(cards, 5, 5, "a deuce-to-seven low")
    v = lib.pe_low_27(bytes(cs), 5)
    return v if v >= 0 else _status(v, "deuce-to-seven", cs)


def evaluate_badugi(cards: CardsLike) -> int:
    """Badugi value of four cards: 1..1092, higher is better (§ 637a.21)."""
    cs = _hand(cards, 4, 4, "a badugi hand")
    v = lib.pe_badugi(bytes(cs), 4)
    return v if v >= 0 else _status(v, "badugi", cs)


def badugi_size(value: int) -> int:
    """How many cards (1..4) make the Badugi hand of ``value``. Raises HandValueError out of 1..1092."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= BADUGI_CLASSES:
        raise HandValueError(f"a badugi value is an int 1..{BADUGI_CLASSES}, got {value!r}")
    return int(lib.pe_badugi_size(value))


def _omaha_args(hole: CardsLike, board: CardsLike) -> tuple[tuple[int, ...], tuple[int, ...]]:
    th, tb = type(hole), type(board)
    if (th is tuple or th is list) and (tb is tuple or tb is list) and 4 <= len(hole) <= 6 and 3 <= len(board) <= 5:
        both = (*hole, *board)  # fast path: distinct plain ints 0..51 across hole and board
        s = set(both)
        if len(s) == len(both) and s <= _CARD_INTS and set(map(type, both)) == _INT_ONLY:
            return tuple(hole), tuple(board)  # type: ignore[arg-type]
    h = _cards(hole)
    b = _cards(board)
    if not 4 <= len(h) <= 6:
        raise CardCountError(f"Omaha hole cards are 4, 5 or 6, got {len(h)}")
    if not 3 <= len(b) <= 5:
        raise CardCountError(f"an Omaha board has 3..5 cards, got {len(b)}")
    dup = set(h) & set(b)
    if dup:
        c = min(dup)
        raise DuplicateCardError(f"card {CARD_TEXT[c]} is both a hole card and on the board")
    return h, b


def evaluate_omaha(hole: CardsLike, board: CardsLike) -> int:
    """Omaha high: the best hand of exactly two hole cards and exactly three board cards, 1..7462.

    Args:
        hole: 4, 5 or 6 hole cards (ints or text). board: 3, 4 or 5 board cards.
    Raises:
        CardCountError, InvalidCardError, DuplicateCardError (also across hole and board), CardTypeError.
    """
    h, b = _omaha_args(hole, board)
    v = lib.pe_omaha_high(_OMAHA_TABLES, bytes(h), len(h), bytes(b), len(b))
    return v if v >= 0 else _status(v, "omaha", h + b)


def evaluate_omaha_low8(hole: CardsLike, board: CardsLike) -> int:
    """Omaha eight-or-better low (two hole + three board cards): ``LOW_A5_8_MIN..6175`` or 0 for none."""
    h, b = _omaha_args(hole, board)
    v = lib.pe_omaha_low8(bytes(h), len(h), bytes(b), len(b))
    return v if v >= 0 else _status(v, "omaha low", h + b)


# ---------------------------------------------------------------------- batches
def _matrix(hands: npt.ArrayLike, name: str) -> npt.NDArray[np.uint8]:
    return card_matrix(hands, name, f"{name} row")


def _run(fn: Any, *args: Any, n: int) -> tuple[npt.NDArray[np.uint16], int, int]:
    out = np.empty(n, dtype=np.uint16)
    bad = ffi.new("size_t *")
    st = fn(*args, ffi.from_buffer("uint16_t[]", out, require_writable=True), bad)
    return out, int(st), int(bad[0])


def evaluate_low_batch(hands: npt.ArrayLike, kind: str = "a5") -> npt.NDArray[np.uint16]:
    """Evaluate many low hands in C (GIL released).

    Args:
        hands: shape ``(n, k)`` card ints; k in 5..7 for ``"a5"``/``"a5_8"``, k = 5 for ``"27"``.
        kind: ``"a5"`` (ace-to-five), ``"a5_8"`` (eight-or-better, 0 = no low) or ``"27"`` (deuce-to-seven).
    Returns:
        ``uint16`` array of shape ``(n,)``, higher is the better low.
    Raises:
        CardTypeError (bad kind, dtype or shape), CardCountError, InvalidCardError / DuplicateCardError
        naming the first bad row.
    """
    if kind not in _LOW_KINDS:
        raise CardTypeError(f"kind must be one of {sorted(_LOW_KINDS)}, got {kind!r}")
    arr = _matrix(hands, "hands")
    n, k = arr.shape
    if (k != 5) if kind == "27" else not 5 <= k <= 7:
        raise CardCountError(f"{kind} lows take {'5' if kind == '27' else '5..7'} cards per hand, got {k}")
    out, st, row = _run(lib.pe_low_batch, ffi.from_buffer("uint8_t[]", arr), n, k, _LOW_KINDS[kind], n=n)
    if st:
        raise_row_error(st, arr[row].tolist(), row)
    return out


def evaluate_badugi_batch(hands: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """Evaluate many four-card Badugi hands (shape ``(n, 4)``) in C; ``uint16`` values 1..1092."""
    arr = _matrix(hands, "hands")
    n, k = arr.shape
    if k != 4:
        raise CardCountError(f"a badugi hand has 4 cards, got {k}")
    out, st, row = _run(lib.pe_badugi_batch, ffi.from_buffer("uint8_t[]", arr), n, n=n)
    if st:
        raise_row_error(st, arr[row].tolist(), row)
    return out


def evaluate_omaha_batch(hole: npt.ArrayLike, board: npt.ArrayLike, *, low8: bool = False) -> npt.NDArray[np.uint16]:
    """Evaluate many Omaha hands in C (GIL released): row ``i`` is ``hole[i]`` with ``board[i]``.

    Args:
        hole: shape ``(n, 4..6)``; board: shape ``(n, 3..5)``; card ints.
        low8: evaluate the eight-or-better low (0 = no qualifying low) instead of high.
    Returns:
        ``uint16`` array of shape ``(n,)``.
    Raises:
        CardTypeError, CardCountError, InvalidCardError / DuplicateCardError naming the first bad row.
    """
    h = _matrix(hole, "hole")
    b = _matrix(board, "board")
    if h.shape[0] != b.shape[0]:
        raise CardTypeError(f"hole and board need the same number of rows, got {h.shape[0]} and {b.shape[0]}")
    n, nh = h.shape
    nb = b.shape[1]
    if not 4 <= nh <= 6 or not 3 <= nb <= 5:
        raise CardCountError(f"Omaha takes 4..6 hole cards and 3..5 board cards, got {nh} and {nb}")
    kind = int(lib.PE_OMAHA_LOW8 if low8 else lib.PE_OMAHA_HIGH)
    out, st, row = _run(lib.pe_omaha_batch, _OMAHA_TABLES, ffi.from_buffer("uint8_t[]", h),
                        ffi.from_buffer("uint8_t[]", b), n, nh, nb, kind, n=n)
    if st:
        raise_row_error(st, h[row].tolist() + b[row].tolist(), row)
    return out
