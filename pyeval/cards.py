"""Cards: ints 0..51 and their text.

Encoding (PokerHandEvaluator's): ``card = rank * 4 + suit`` with ranks ``2 3 4 5 6 7 8 9 T J Q K A``
as 0..12 and suits ``c d h s`` as 0..3, so ``2c`` = 0 and ``As`` = 51. Text is rank then suit
(``As``, ``Td``, ``2c``); parsing accepts either case and ``10`` for ten, with or without spaces
or commas between cards.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Union

from .errors import CardTypeError, DuplicateCardError, InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
                "Jacks", "Queens", "Kings", "Aces")

#: All 52 card texts, indexed by card int.
CARD_TEXT: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_CARD_OF_TEXT = {t.lower(): i for i, t in enumerate(CARD_TEXT)}
_TOKEN = re.compile(r"\s*(?:,\s*)?(10|[0-9A-Za-z])([A-Za-z]?)")

#: One card: an int 0..51 or its text (``"As"``).
CardLike = Union[int, str]
#: Card input accepted across pyeval: card text, or a sequence (any iterable) of card ints 0..51
#: or card strings (``["As", "Kd"]``, a numpy array of ints, phevaluator's mixed int/str lists).
CardsLike = Union[str, Sequence[int], Sequence[str], Sequence[CardLike], Iterable[CardLike]]


def card(text: str) -> int:
    """Parse one card (``"As"``, ``"td"``, ``"10h"``) to its int 0..51.

    Raises:
        InvalidCardError: ``text`` is not exactly one card.
    """
    if not isinstance(text, str):
        raise CardTypeError(f"a card must be text like 'As', got {type(text).__name__}")
    key = text.strip().lower()
    if key.startswith("10"):
        key = "t" + key[2:]
    try:
        return _CARD_OF_TEXT[key]
    except KeyError:
        raise InvalidCardError(f"invalid card {text!r}: expected rank 2-9/T/J/Q/K/A then suit c/d/h/s") from None


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[int, ...]:
    """Parse card text (``"As Kd"``, ``"AsKd"``, ``"as,kd"``, ``"10h 9h"``) into card ints.

    Returns:
        A tuple of ints 0..51, in the order written.
    Raises:
        InvalidCardError: a bad rank or suit, naming the offending text.
        DuplicateCardError: the same card twice (unless ``allow_duplicates``).
    """
    if not isinstance(text, str):
        raise CardTypeError(f"card text must be str, got {type(text).__name__}")
    out: list[int] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise InvalidCardError(f"invalid card text at {text[pos:pos + 3].strip()!r} in {text!r}")
        rank, suit = m.group(1), m.group(2)
        key = ("t" if rank == "10" else rank.lower()) + suit.lower()
        c = _CARD_OF_TEXT.get(key)
        if c is None:
            raise InvalidCardError(
                f"invalid card {rank + suit!r} in {text!r}: expected rank 2-9/T/J/Q/K/A then suit c/d/h/s"
            )
        out.append(c)
        pos = m.end()
    if not allow_duplicates:
        check_distinct(out)
    return tuple(out)


def format_card(c: int) -> str:
    """The text of card int ``c`` (``51`` -> ``"As"``). Raises InvalidCardError outside 0..51."""
    return CARD_TEXT[check_card(c)]


def format_cards(cards: Iterable[int]) -> str:
    """Card ints to text, space separated, ``T`` for ten: ``(51, 46)`` -> ``"As Kh"``.

    Raises:
        InvalidCardError: an int outside 0..51.
    """
    return " ".join(CARD_TEXT[check_card(c)] for c in cards)


def check_card(c: object) -> int:
    """Return ``c`` as an int if it is a card int 0..51, else raise InvalidCardError/CardTypeError."""
    if isinstance(c, bool) or not hasattr(c, "__index__"):
        raise CardTypeError(f"a card must be an int 0..51, got {c!r} ({type(c).__name__})")
    try:
        i = c.__index__()
    except (TypeError, ValueError):  # e.g. a numpy array of several values: not one card
        raise CardTypeError(f"a card must be an int 0..51, got {c!r} ({type(c).__name__})") from None
    if type(i) is not int:  # pragma: no cover - __index__ must return an int
        raise CardTypeError(f"a card must be an int 0..51, got {c!r} ({type(c).__name__})")
    if not 0 <= i < 52:
        raise InvalidCardError(f"invalid card {i}: card ints are 0..51 (rank * 4 + suit)")
    return i


def check_distinct(cards: Sequence[int]) -> None:
    """Raise DuplicateCardError naming the first card that appears twice."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise DuplicateCardError(f"duplicate card {CARD_TEXT[c]} ({c})")
            seen.add(c)


def to_cards(cards: CardsLike) -> tuple[int, ...]:
    """Normalise card input to a tuple of distinct ints 0..51: card text, or any iterable (a list,
    a tuple, a numpy array, a generator) of card ints and/or one-card strings (``"As"``).

    Raises:
        InvalidCardError, DuplicateCardError, CardTypeError.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise CardTypeError(
            f"cards must be card text, or a sequence of card ints 0..51 or card strings, got {type(cards).__name__}"
        )
    try:
        items = tuple(cards)
    except TypeError as exc:  # e.g. a 0-d numpy array: iterable by type, not by value
        raise CardTypeError(f"cards must be a sequence of cards, got {type(cards).__name__}: {exc}") from None
    out = tuple(card(c) if isinstance(c, str) else check_card(c) for c in items)
    check_distinct(out)
    return out


def rank_of(c: int) -> int:
    """Rank 0..12 (2..A) of card int ``c``."""
    return c >> 2


def suit_of(c: int) -> int:
    """Suit 0..3 (c, d, h, s) of card int ``c``."""
    return c & 3
