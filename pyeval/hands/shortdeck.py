"""Short-deck (6+) hold'em hands: the 36-card deck (ranks 6..A), evaluated in C.

Ranking: a flush beats a full house, and A-6-7-8-9 is the lowest straight (the ace plays below the
six; likewise the lowest straight flush). Two orders of three of a kind and a straight are in use:
by default the classic one, ``kind="straight_over_trips"`` (a straight beats three of a kind, as
pokerkit ranks short deck); with ``kind="trips_over_straight"`` three of a kind beats a straight (PokerStars' 6+ Hold'em and most online
rooms). Values are dense classes ``1..SHORT_DECK_CLASSES`` (1404), **higher is stronger**, in either
order. Cards are pyeval's ints (``rank * 4 + suit``); the short deck is cards 16..51 (``6c``..``As``).

Tables and their generator: ``csrc/pe_shortdeck_tables.{h,c}``, ``tools/gen_shortdeck_tables.py``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from .._batch import (
    ROW_ERRORS, card_matrix, card_message, check_kind, check_out, check_threads, row_blocks, run_rows,
)
from .._bindings import ERR_CARD, check, lib
from ..cards import CARD_TEXT, RANK_NAMES, RANK_PLURALS, CardsLike, to_cards
from ..errors import CardCountError, CardTypeError, DuplicateCardError, EquityError, HandValueError, InvalidCardError
from .high import HandCategory

__all__ = ["SHORT_DECK_KINDS", "SHORT_DECK", "SHORT_DECK_CLASSES", "evaluate_short_deck", "evaluate_short_deck_batch",
           "short_deck_category", "describe_short_deck", "short_deck_equity", "ShortDeckEquity"]

SHORT_DECK_CLASSES = int(lib.PE_SD_CLASSES)
#: The 36 cards of the short deck, as card ints (6c = 16 .. As = 51).
SHORT_DECK: tuple[int, ...] = tuple(range(16, 52))


#: The ``kind`` every short-deck function takes: the order of a straight and three of a kind.
SHORT_DECK_KINDS = ("straight_over_trips", "trips_over_straight")
_KINDS = dict(zip(SHORT_DECK_KINDS, (int(lib.PE_SD_STRAIGHT_OVER_TRIPS), int(lib.PE_SD_TRIPS_OVER_STRAIGHT)), strict=True))


def _kind(kind: str) -> int:
    return check_kind(kind, _KINDS)


def _check_short(cs: tuple[int, ...], where: str = "") -> None:
    for c in cs:
        if c < 16:
            raise InvalidCardError(f"{where}{CARD_TEXT[c]} is not in the short deck (ranks 6..A)")


def evaluate_short_deck(cards: CardsLike, *, kind: str = "straight_over_trips") -> int:
    """Short-deck value of the best five of 5..7 cards: 1..1404, higher is stronger.

    Args:
        cards: 5-7 distinct short-deck cards (ints 16..51 or text such as ``"As 6d 7h 8c 9s"``).
        kind: ``"straight_over_trips"`` (the classic order) or ``"trips_over_straight"`` (three of a
            kind above a straight, PokerStars' order).
    Raises:
        CardCountError (not 5..7 cards), InvalidCardError (a card below 6 or outside the deck),
        DuplicateCardError, CardTypeError.
    """
    cs = to_cards(cards)
    if not 5 <= len(cs) <= 7:
        raise CardCountError(f"a short-deck hand has 5..7 cards, got {len(cs)}")
    _check_short(cs)
    v = lib.pe_sd_eval(bytes(cs), len(cs), _kind(kind))
    if v < 0:
        _raise(v, list(cs), None)
    return int(v)


def _raise(st: int, cards: list[int], row: int | None) -> NoReturn:
    """The error of a C status (the class from :func:`pyeval._bindings.check`), naming the card
    (and the row of a batch); a card below 6 is not in the short deck."""
    where = f"row {row}: " if row is not None else ""
    bad = next((c for c in cards if c < 16 or c > 51), None)
    if st == ERR_CARD and bad is not None and bad < 16:
        message = f"{where}{CARD_TEXT[bad]} is not in the short deck (ranks 6..A)"
    else:
        message = where + card_message(st, cards)
    check(st, "short deck", ROW_ERRORS, message=message)
    raise CardTypeError(f"{where}no error (status {st})")  # pragma: no cover - st < 0


def evaluate_short_deck_batch(hands: npt.ArrayLike, out: npt.NDArray[np.uint16] | None = None, *, threads: int = 1,
                              kind: str = "straight_over_trips") -> npt.NDArray[np.uint16]:
    """Evaluate many short-deck hands in C (GIL released).

    Args:
        hands: shape ``(n, k)`` card ints, k in 5..7.
        out: optional ``uint16`` array of shape ``(n,)`` to write into, as :func:`pyeval.evaluate_batch`.
        threads: threads to split the rows over, as :func:`pyeval.evaluate_batch` (0 = every CPU).
        kind: ``"straight_over_trips"`` (default) or ``"trips_over_straight"``, as :func:`evaluate_short_deck`.
    Returns:
        ``uint16`` array of shape ``(n,)`` (``out`` when given), values 1..1404.
    Raises:
        CardTypeError (bad kind, dtype, shape or ``out``), ThreadCountError (``threads``), CardCountError,
        InvalidCardError / DuplicateCardError naming the first bad row.
    """
    code = _kind(kind)
    arr = card_matrix(hands, "hands", "hands row")
    n, k = arr.shape
    if not 5 <= k <= 7:
        raise CardCountError(f"short-deck hands take 5..7 cards per row, got {k}")
    out = check_out(out, n)
    st, row = run_rows(row_blocks(lib.pe_sd_batch, arr, out, k, code), n, check_threads(threads))
    if st:
        _raise(st, arr[row].tolist(), row)
    return out


def _info(value: int, kind: str) -> tuple[HandCategory, list[int]]:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= int(value) <= SHORT_DECK_CLASSES:
        raise HandValueError(f"a short-deck value is an int 1..{SHORT_DECK_CLASSES}, got {value!r}")
    info = int(lib.pe_sd_class_info(int(value), _kind(kind)))
    return HandCategory(info >> 20), [(info >> (16 - 4 * i)) & 15 for i in range(5)]


def short_deck_category(value: int, *, kind: str = "straight_over_trips") -> HandCategory:
    """The :class:`~pyeval.HandCategory` of a short-deck value. Raises HandValueError out of 1..1404."""
    return _info(value, kind)[0]


def describe_short_deck(value: int, *, kind: str = "straight_over_trips") -> str:
    """A short-deck value in words, e.g. ``"Straight, Nine high"`` for A-6-7-8-9, ``"Flush, Ace high"``.

    Raises:
        HandValueError: ``value`` outside 1..1404.
    """
    cat, r = _info(value, kind)
    name, plural = RANK_NAMES, RANK_PLURALS
    if cat == HandCategory.STRAIGHT_FLUSH and r[0] == 12:
        return "Royal Flush"
    if cat in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT):
        return f"{cat.label}, {name[r[0]]} high"
    if cat == HandCategory.FOUR_OF_A_KIND:
        return f"Four of a Kind, {plural[r[0]]}"
    if cat == HandCategory.FULL_HOUSE:
        return f"Full House, {plural[r[0]]} over {plural[r[3]]}"
    if cat == HandCategory.FLUSH:
        return f"Flush, {name[r[0]]} high"
    if cat == HandCategory.THREE_OF_A_KIND:
        return f"Three of a Kind, {plural[r[0]]}"
    if cat == HandCategory.TWO_PAIR:
        return f"Two Pair, {plural[r[0]]} and {plural[r[2]]}"
    if cat == HandCategory.PAIR:
        return f"Pair of {plural[r[0]]}"
    return f"High Card, {name[r[0]]}"


@dataclass(frozen=True)
class ShortDeckEquity:
    """Exact short-deck hold'em equity by enumerating every completion of the board.

    ``equity[i]``: player ``i``'s share of the pot (wins plus split shares), summing to 1;
    ``wins[i]``/``ties[i]``: boards won outright / shared; ``boards``: boards enumerated.
    """

    equity: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    boards: int


def short_deck_equity(hands: Any, board: CardsLike = (), dead: CardsLike = (), *,
                      kind: str = "straight_over_trips") -> ShortDeckEquity:
    """Each player's exact equity in short-deck hold'em (two hole cards each, a five-card board).

    Every completion of the board from the cards left in the 36-card deck is evaluated in C (at most
    C(32, 5) = 201,376 boards heads-up before the flop).

    Args:
        hands: 2..9 hands of two short-deck cards each (text or ints).
        board: 0, 3, 4 or 5 board cards. dead: cards out of the deck.
    Raises:
        EquityError: a bad number of players or cards, a card shared or not in the short deck.
    """
    try:
        holes = [to_cards(h) for h in hands]
        b = to_cards(board)
        d = to_cards(dead)
    except (InvalidCardError, CardTypeError, DuplicateCardError) as exc:
        raise EquityError(str(exc)) from None
    if not 2 <= len(holes) <= 9 or any(len(h) != 2 for h in holes):
        raise EquityError(f"short-deck equity takes 2..9 hands of two cards, got {[len(h) for h in holes]}")
    if len(b) not in (0, 3, 4, 5):
        raise EquityError(f"a board has 0, 3, 4 or 5 cards, got {len(b)}")
    used = [c for h in holes for c in h] + list(b) + list(d)
    if len(set(used)) != len(used):
        c = next(c for i, c in enumerate(used) if c in used[:i])
        raise EquityError(f"card {CARD_TEXT[c]} is used twice")
    bad = [c for c in used if c < 16]
    if bad:
        raise EquityError(f"{CARD_TEXT[bad[0]]} is not in the short deck (ranks 6..A)")
    rest = np.array([c for c in SHORT_DECK if c not in set(used)], dtype=np.uint8)
    need = 5 - len(b)
    combos = np.array(list(itertools.combinations(range(len(rest)), need)), dtype=np.intp).reshape(-1, need)
    runs = rest[combos] if need else np.zeros((1, 0), dtype=np.uint8)
    n_boards = runs.shape[0]
    base = np.broadcast_to(np.array(b, dtype=np.uint8), (n_boards, len(b)))
    full = np.concatenate([base, runs], axis=1)
    vals = np.stack([evaluate_short_deck_batch(
        np.concatenate([np.broadcast_to(np.array(h, dtype=np.uint8), (n_boards, 2)), full], axis=1),
        kind=kind) for h in holes])
    best = vals.max(axis=0)
    winners = vals == best
    count = winners.sum(axis=0)
    share = (winners / count).sum(axis=1)
    wins = (winners & (count == 1)).sum(axis=1)
    ties = (winners & (count > 1)).sum(axis=1)
    return ShortDeckEquity(tuple(float(s / n_boards) for s in share), tuple(int(w) for w in wins),
                           tuple(int(t) for t in ties), int(n_boards))
