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

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._batch import (
    ROW_ERRORS, card_matrix, check_kind, check_out, check_threads, raise_row_error, row_blocks, run_rows,
)
from .._bindings import _fastcall, check, ffi, lib
from ..cards import CARD_TEXT, CardsLike, to_cards
from ..errors import CardCountError, CardTypeError, DuplicateCardError, HandValueError
from ._tables import OMAHA_TABLES as _OMAHA_TABLES
from .registry import HAND_TYPES

__all__ = [
    "evaluate_omaha", "evaluate_omaha_low8", "evaluate_omaha_batch", "evaluate_low_a5", "evaluate_low_a5_8",
    "evaluate_low_27", "evaluate_low_batch", "evaluate_badugi", "evaluate_badugi_batch", "badugi_size",
    "LOW_A5_CLASSES", "LOW_A5_8_MIN", "LOW_27_CLASSES", "BADUGI_CLASSES",
]

LOW_A5_CLASSES = int(lib.PE_LOW_A5_CLASSES)
LOW_A5_8_MIN = int(lib.PE_LOW_A5_8_MIN)
LOW_27_CLASSES = int(lib.PE_LOW_27_CLASSES)
BADUGI_CLASSES = int(lib.PE_BADUGI_CLASSES)

# The kinds of evaluate_low_batch -> their C codes and card counts: the registry's hand types whose
# batch is "low" (the names pyeval.describe reads); and of evaluate_omaha_batch.
_LOW_KINDS = {name: t.batch_code for name, t in HAND_TYPES.items() if t.batch == "low"}
_LOW_CARDS = {name: HAND_TYPES[name].hole_cards for name in _LOW_KINDS}
_OMAHA_KINDS = {"high": HAND_TYPES["omaha"].batch_code, "low8": HAND_TYPES["omaha_low8"].batch_code}


def _status(st: int, what: str, cards: tuple[int, ...]) -> int:
    """A single hand's C status: the cards were validated first, so an error here is a bug
    (mapped by :func:`pyeval._bindings.check`, naming the cards)."""
    return check(st, f"{what} of {len(cards)} cards", ROW_ERRORS)  # pragma: no cover - validated above


_CARD_INTS = frozenset(range(52))
_INT_ONLY = {int}


def _cards(cards: CardsLike) -> tuple[int, ...]:
    """to_cards, with a fast path for a tuple or list of distinct plain ints 0..51."""
    if type(cards) is tuple or type(cards) is list:
        seq: tuple[object, ...] | list[object] = cards
        s = set(seq)
        if len(s) == len(seq) and s <= _CARD_INTS and set(map(type, seq)) == _INT_ONLY:
            return tuple(seq)  # type: ignore[arg-type]
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


_OMAHA_ORDER = ("takes keyword arguments only, hole cards and board: {name}(hole=..., board=...) "
                "(phevaluator's evaluate_omaha_cards takes the five board cards first, then the four hole cards)")


def _omaha_args(name: str, args: tuple[object, ...], hole: CardsLike | None,
                board: CardsLike | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if args or hole is None or board is None:
        raise CardTypeError(f"{name} {_OMAHA_ORDER.format(name=name)}; got {len(args)} positional argument(s)"
                            if args else f"{name} needs both hole= and board=")
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


def evaluate_omaha(*args: object, hole: CardsLike | None = None, board: CardsLike | None = None) -> int:
    """Omaha high: the best hand of exactly two hole cards and exactly three board cards, 1..7462.

    Keyword-only (``evaluate_omaha(hole=..., board=...)``): both orders are legal shapes (four hole
    cards and a five-card board, or five hole cards and a four-card board), so a swapped positional
    call would silently answer another hand; phevaluator's ``evaluate_omaha_cards`` takes the board
    first. The call runs in C (pyeval._fastcall).

    Args:
        hole: 4, 5 or 6 hole cards; board: 3, 4 or 5 board cards; each card ints, card strings,
            card text, a numpy array or any iterable.
    Raises:
        CardTypeError (positional arguments, a missing keyword, not cards), CardCountError,
        InvalidCardError, DuplicateCardError (also across hole and board).
    """
    h, b = _omaha_args("evaluate_omaha", args, hole, board)
    v = lib.pe_omaha_high(_OMAHA_TABLES, bytes(h), len(h), bytes(b), len(b))
    return v if v >= 0 else _status(v, "omaha", h + b)


def evaluate_omaha_low8(*args: object, hole: CardsLike | None = None, board: CardsLike | None = None) -> int:
    """Omaha eight-or-better low (two hole + three board cards): ``LOW_A5_8_MIN..6175`` or 0 for none.
    Keyword-only ``hole=``/``board=`` and errors as :func:`evaluate_omaha`."""
    h, b = _omaha_args("evaluate_omaha_low8", args, hole, board)
    v = lib.pe_omaha_low8(bytes(h), len(h), bytes(b), len(b))
    return v if v >= 0 else _status(v, "omaha low", h + b)


_fastcall.set_fallback("evaluate_omaha", evaluate_omaha)
_fastcall.set_fallback("evaluate_omaha_low8", evaluate_omaha_low8)
_py_evaluate_omaha, _py_evaluate_omaha_low8 = evaluate_omaha, evaluate_omaha_low8  # Python paths, for tests
if not TYPE_CHECKING:  # the C fast paths replace the Python functions above (their fallbacks)
    evaluate_omaha = _fastcall.evaluate_omaha
    evaluate_omaha_low8 = _fastcall.evaluate_omaha_low8


# ---------------------------------------------------------------------- batches
# One shape for every batch: (hands, [board,] out=None, *, threads=1, [kind=...]); see pyeval._batch.
def _matrix(hands: npt.ArrayLike, name: str) -> npt.NDArray[np.uint8]:
    return card_matrix(hands, name, f"{name} row")


def evaluate_low_batch(hands: npt.ArrayLike, out: npt.NDArray[np.uint16] | None = None, *, threads: int = 1,
                       kind: str = "a5") -> npt.NDArray[np.uint16]:
    """Evaluate many low hands in C (GIL released).

    Args:
        hands: shape ``(n, k)`` card ints; k in 5..7 for ``"a5"``/``"a5_8"``, k = 5 for ``"27"``.
        out: optional ``uint16`` array of shape ``(n,)`` to write into, as :func:`pyeval.evaluate_batch`.
        threads: threads to split the rows over, as :func:`pyeval.evaluate_batch` (0 = every CPU).
        kind: ``"a5"`` (ace-to-five), ``"a5_8"`` (eight-or-better, 0 = no low) or ``"27"`` (deuce-to-seven).
    Returns:
        ``uint16`` array of shape ``(n,)`` (``out`` when given), higher is the better low.
    Raises:
        CardTypeError (bad kind, dtype, shape or ``out``), ThreadCountError (``threads``), CardCountError,
        InvalidCardError / DuplicateCardError naming the first bad row.
    """
    code = check_kind(kind, _LOW_KINDS)
    arr = _matrix(hands, "hands")
    n, k = arr.shape
    lo, hi = _LOW_CARDS[kind]
    if not lo <= k <= hi:
        raise CardCountError(f"{kind} lows take {lo if lo == hi else f'{lo}..{hi}'} cards per hand, got {k}")
    out = check_out(out, n)
    st, row = run_rows(row_blocks(lib.pe_low_batch, arr, out, k, code), n, check_threads(threads))
    if st:
        raise_row_error(st, arr[row].tolist(), row)
    return out


def evaluate_badugi_batch(hands: npt.ArrayLike, out: npt.NDArray[np.uint16] | None = None, *,
                          threads: int = 1) -> npt.NDArray[np.uint16]:
    """Evaluate many four-card Badugi hands (shape ``(n, 4)``) in C (GIL released); ``uint16``
    values 1..1092. ``out`` and ``threads`` as :func:`pyeval.evaluate_batch`.

    Raises:
        CardTypeError (dtype, shape or ``out``), ThreadCountError (``threads``), CardCountError, InvalidCardError /
        DuplicateCardError naming the first bad row.
    """
    arr = _matrix(hands, "hands")
    n, k = arr.shape
    if k != 4:
        raise CardCountError(f"a badugi hand has 4 cards, got {k}")
    out = check_out(out, n)
    st, row = run_rows(row_blocks(lib.pe_badugi_batch, arr, out), n, check_threads(threads))
    if st:
        raise_row_error(st, arr[row].tolist(), row)
    return out


def evaluate_omaha_batch(*args: object, hole: npt.ArrayLike | None = None, board: npt.ArrayLike | None = None,
                         out: npt.NDArray[np.uint16] | None = None, threads: int = 1,
                         kind: str = "high") -> npt.NDArray[np.uint16]:
    """Evaluate many Omaha hands in C (GIL released): row ``i`` is ``hole[i]`` with ``board[i]``.

    Keyword-only, as :func:`evaluate_omaha`: ``evaluate_omaha_batch(hole=h, board=b)``.

    Args:
        hole: shape ``(n, 4..6)``; board: shape ``(n, 3..5)``; card ints.
        out: optional ``uint16`` array of shape ``(n,)`` to write into, as :func:`pyeval.evaluate_batch`.
        threads: threads to split the rows over, as :func:`pyeval.evaluate_batch` (0 = every CPU).
        kind: ``"high"`` (as :func:`evaluate_omaha`) or ``"low8"`` (the eight-or-better low, as
            :func:`evaluate_omaha_low8`; 0 = no qualifying low).
    Returns:
        ``uint16`` array of shape ``(n,)`` (``out`` when given).
    Raises:
        CardTypeError (positional arguments, bad kind, dtype, shape or ``out``), ThreadCountError (``threads``),
        CardCountError, InvalidCardError / DuplicateCardError naming the first bad row.
    """
    if args or hole is None or board is None:
        raise CardTypeError(f"evaluate_omaha_batch {_OMAHA_ORDER.format(name='evaluate_omaha_batch')}"
                            if args else "evaluate_omaha_batch needs both hole= and board=")
    code = check_kind(kind, _OMAHA_KINDS)
    h = _matrix(hole, "hole")
    b = _matrix(board, "board")
    if h.shape[0] != b.shape[0]:
        raise CardTypeError(f"hole and board need the same number of rows, got {h.shape[0]} and {b.shape[0]}")
    n, nh = h.shape
    nb = b.shape[1]
    if not 4 <= nh <= 6 or not 3 <= nb <= 5:
        raise CardCountError(f"Omaha takes 4..6 hole cards and 3..5 board cards, got {nh} and {nb}")
    out = check_out(out, n)
    hbuf, bbuf = ffi.from_buffer("uint8_t[]", h), ffi.from_buffer("uint8_t[]", b)
    obuf = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def run(lo: int, hi: int) -> tuple[int, int]:
        bad = ffi.new("size_t *")
        st = lib.pe_omaha_batch(_OMAHA_TABLES, hbuf + lo * nh, bbuf + lo * nb, hi - lo, nh, nb, code, obuf + lo, bad)
        return int(st), lo + int(bad[0])

    st, row = run_rows(run, n, check_threads(threads))
    if st:
        raise_row_error(st, h[row].tolist() + b[row].tolist(), row)
    return out
