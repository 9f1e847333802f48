"""PokerHandEvaluator's Python API on pyeval: ``from pyeval.compat.phevaluator import evaluate_cards``
in place of ``from phevaluator import evaluate_cards`` (or ``from phevaluator.evaluator import ...``).

Same names, card forms and numbers as phevaluator 0.6:

- cards are ints 0..51 in phevaluator's encoding (``rank * 4 + suit``, suits ``c d h s``; the
  same as pyeval's), card text (``"Ah"``, ``"2C"``) or :class:`Card`, mixed freely;
- ranks are 1..7462, **lower is stronger** (1 = royal flush): ``7463 - pyeval.evaluate(cards)``;
- ``evaluate_omaha_cards(*cards)``: the **five board cards first**, then the four hole cards
  (pyeval's own :func:`pyeval.hands.evaluate_omaha` takes ``(hole, board)``); the PLO5 and
  PLO6 forms work without a special build.

Differences: a card given twice raises :class:`pyeval.DuplicateCardError` (phevaluator answers
for a hand that cannot be dealt), a card int outside 0..51 :class:`pyeval.InvalidCardError`
(phevaluator returns a rank for it: ``evaluate_cards(52, 1, 2, 3, 4)`` is 2412, as is
``evaluate_cards(-1, 1, 2, 3, 4)``); both are ``ValueError`` as phevaluator's own errors are.
"""
from __future__ import annotations

import random

from ..cards import CARD_TEXT
from ..errors import CardCountError, CardTypeError, InvalidCardError
from .._bindings import lib
from ..hands.evaluators import _OMAHA_TABLES, evaluate_omaha
from ..hands.high import MAX_VALUE, evaluate as _evaluate

__all__ = [
    "Card", "evaluate_cards", "evaluate_5cards", "evaluate_6cards", "evaluate_7cards", "evaluate_omaha_cards",
    "evaluate_plo4_cards", "evaluate_plo5_cards", "evaluate_plo6_cards", "sample_cards",
]

_WORST = MAX_VALUE + 1  # rank = 7463 - value
_omaha_high = lib.pe_omaha_high  # status < 0 for bad cards: then evaluate_omaha raises the precise error


class Card:
    """An immutable card: ``Card(0)``, ``Card("2c")``, ``Card("2C")`` and ``Card(Card(0))`` are equal.

    ``id_`` is the card int 0..51; ``int(card)``, ``str(card)`` (``"2c"``), ``repr`` (``Card("2c")``),
    ``describe_rank()``, ``describe_suit()``, ``describe_card()``; equal to its int and, case aside,
    to its text, as phevaluator's.

    Raises:
        InvalidCardError (a ValueError): text that is not one card. CardTypeError (a TypeError):
        not an int, str or Card.
    """

    __slots__ = ("_Card__id",)
    __id: int

    def __init__(self, other: int | str | Card) -> None:
        object.__setattr__(self, "_Card__id", Card.to_id(other))

    @property
    def id_(self) -> int:
        """The card int 0..51."""
        return self.__id

    @staticmethod
    def to_id(other: int | str | Card) -> int:
        """The card int of an int (returned as it is), card text or Card."""
        if isinstance(other, int):
            return other
        if isinstance(other, str):
            try:
                return _ID_OF_TEXT[other]
            except KeyError:
                raise InvalidCardError(f"invalid card {other!r}: two characters, rank then suit, e.g. 'Ah'") from None
        if isinstance(other, Card):
            return other.__id
        raise CardTypeError(f"Type of parameter must be int, str or Card. passed: {type(other)}")

    def describe_rank(self) -> str:
        """``"2"`` .. ``"A"``."""
        return CARD_TEXT[self.__id][0]

    def describe_suit(self) -> str:
        """``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
        return CARD_TEXT[self.__id][1]

    def describe_card(self) -> str:
        """``"2c"`` .. ``"As"``."""
        return CARD_TEXT[self.__id]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int):
            return self.__id == other
        if isinstance(other, str):
            return CARD_TEXT[self.__id].lower() == other.lower()
        if isinstance(other, Card):
            return self.__id == other.__id
        return self.__id == other

    def __hash__(self) -> int:
        return hash(self.__id)

    def __str__(self) -> str:
        return CARD_TEXT[self.__id]

    def __repr__(self) -> str:
        return f'Card("{CARD_TEXT[self.__id]}")'

    def __int__(self) -> int:
        return self.__id

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (self.__id,)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card object does not support assignment to attribute")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card object does not support deletion of attribute")


#: Card int of each text phevaluator accepts: rank ``23456789TJQKA`` (upper case) then the suit in
#: either case.
_ID_OF_TEXT = {t[0] + s: i for i, t in enumerate(CARD_TEXT) for s in (t[1], t[1].upper())}


def _ids(cards: tuple[int | str | Card, ...]) -> tuple[int, ...]:
    return tuple(map(Card.to_id, cards))


def evaluate_cards(*cards: int | str | Card) -> int:
    """Rank of the best five of 5, 6 or 7 cards: 1..7462, lower is stronger (1 = royal flush).

    >>> evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    292

    Raises:
        CardCountError (a ValueError): not 5..7 cards. InvalidCardError, DuplicateCardError
        (ValueError), CardTypeError (TypeError).
    """
    if cards and type(cards[0]) is str:
        try:  # all card text: one dict look-up per card
            return _WORST - _evaluate([_ID_OF_TEXT[c] for c in cards])  # type: ignore[index]
        except (KeyError, TypeError):
            pass
    else:
        try:  # all ints: pyeval's C fast path
            return _WORST - _evaluate(cards)  # type: ignore[arg-type]
        except CardTypeError:
            pass
    # mixed ints, text and Card objects
    if not 5 <= len(cards) <= 7:
        raise CardCountError(f"The number of cards must be between 5 and 7. passed size: {len(cards)}")
    return _WORST - _evaluate(_ids(cards))


def _n(cards: tuple[int | str | Card, ...], n: int) -> int:
    if len(cards) != n:
        raise CardCountError(f"The number of cards must be {n}. passed size: {len(cards)}")
    return evaluate_cards(*cards)


def evaluate_5cards(a: int | str | Card, b: int | str | Card, c: int | str | Card, d: int | str | Card,
                    e: int | str | Card) -> int:
    """Rank of exactly five cards (as :func:`evaluate_cards`)."""
    return evaluate_cards(a, b, c, d, e)


def evaluate_6cards(a: int | str | Card, b: int | str | Card, c: int | str | Card, d: int | str | Card,
                    e: int | str | Card, f: int | str | Card) -> int:
    """Rank of the best five of six cards (as :func:`evaluate_cards`)."""
    return evaluate_cards(a, b, c, d, e, f)


def evaluate_7cards(a: int | str | Card, b: int | str | Card, c: int | str | Card, d: int | str | Card,
                    e: int | str | Card, f: int | str | Card, g: int | str | Card) -> int:
    """Rank of the best five of seven cards (as :func:`evaluate_cards`)."""
    return evaluate_cards(a, b, c, d, e, f, g)


def _omaha(cards: tuple[int | str | Card, ...], hole: int) -> int:
    if len(cards) == 5 + hole:
        try:  # card ints: straight to the C evaluator, which checks them (range, duplicates) itself
            v = _omaha_high(_OMAHA_TABLES, bytes(cards[5:]), hole, bytes(cards[:5]), 5)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # text, Card objects, ints past 255
            v = -1
        if v > 0:
            return _WORST - v
    if len(cards) != 5 + hole:
        raise CardCountError(f"The number of cards must be {5 + hole} (the 5 board cards, then {hole} hole "
                             f"cards). passed size: {len(cards)}")
    try:
        return _WORST - evaluate_omaha(hole=cards[5:], board=cards[:5])  # type: ignore[arg-type]
    except CardTypeError:  # card text or Card objects among them
        ids = _ids(cards)
        return _WORST - evaluate_omaha(hole=ids[5:], board=ids[:5])


def evaluate_omaha_cards(*cards: int | str | Card) -> int:
    """Omaha rank: exactly two of the four hole cards with exactly three of the five board cards.

    Args:
        cards: the **five board cards first**, then the four hole cards.
    Returns:
        1..7462, lower is stronger.
    Raises:
        CardCountError: not 9 cards; as :func:`evaluate_cards` otherwise.
    """
    return _omaha(cards, 4)


def evaluate_plo4_cards(*cards: int | str | Card) -> int:
    """:func:`evaluate_omaha_cards`: five board cards, then four hole cards."""
    return _omaha(cards, 4)


def evaluate_plo5_cards(*cards: int | str | Card) -> int:
    """Five-card Omaha: five board cards, then five hole cards (no special build needed)."""
    return _omaha(cards, 5)


def evaluate_plo6_cards(*cards: int | str | Card) -> int:
    """Six-card Omaha: five board cards, then six hole cards (no special build needed)."""
    return _omaha(cards, 6)


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ints (Python's ``random``, as phevaluator)."""
    return random.sample(range(52), k=size)
