"""The hand types: the one list (issue 24). Everything that needs to know a hand type looks it up here.

Each :class:`HandType` is one way to value a hand (higher is better) and says everything about it:
its ``name``; the cards it reads (``hole_cards``, ``board_cards``: inclusive ranges); its C
valuation ``raw``; its words (``words``, behind :func:`describe` and :func:`pyeval.describe`); its
value classes (``classes``: values run 1..classes, 0 = no qualifying hand when ``qualifies``); and
which batch evaluator takes it (``batch``: ``"low"`` for :func:`pyeval.hands.evaluate_low_batch`'s
``kind=name``, with its C code ``batch_code``; ``"high"``, ``"omaha"``, ``"badugi"``,
``"short_deck"`` for those evaluators; None for none). :data:`HAND_TYPES` holds them by name.

Who looks it up: :func:`describe` (``pyeval.describe(value, kind=name)``), the low batch's kinds
and card counts (:mod:`pyeval.hands.evaluators`), :mod:`pyeval.strength` (``LOW_KINDS``,
``describe_low``), :class:`~pyeval.poker.games.Variant` (which names the hand types that share each
pot, ``("omaha", "omaha_low8")``) and the poker showdown (``HAND_TYPES[name].value(hole, board)``).
Adding a hand type is one entry here plus its valuation and words (``docs/extending.md``).

Values: ``high`` best five of hole + board (1..7462, :func:`pyeval.evaluate`); ``omaha`` exactly two
hole cards and three board cards (§ 637a.12); ``omaha_low8`` the Omaha eight-or-better low (0 when
none qualifies); ``a5`` / ``a5_8`` ace-to-five low of the hole cards (razz, the low half of stud
high-low; 0 when an eight-or-better low does not qualify); ``27`` deuce-to-seven low; ``a6``
ace-to-six low (:mod:`pyeval.hands.a6`); ``badugi`` (1..1092); ``short_deck`` the 36-card deck's
high hand (:mod:`pyeval.hands.shortdeck`, a straight above three of a kind); ``short_deck_trips``
the same with three of a kind above a straight (PokerStars' 6+ Hold'em). See ``docs/variants.md``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .._bindings import Status, check, lib
from ..errors import CardTypeError, HandValueError
from . import a6
from ._tables import OMAHA_TABLES
from .high import MAX_VALUE
from .high import describe as _describe_high
from .shortdeck import SHORT_DECK_CLASSES, describe_short_deck
from .words import words_27, words_a5, words_a5_8, words_badugi

__all__ = ["HandType", "HAND_TYPES", "hand_type", "describe"]

#: Every C status of a showdown valuation is a HandValueError: the cards were dealt by the engine,
#: so a refusal means the hand type does not fit the game (e.g. a card below 6 in short deck).
_REFUSED = {int(st): HandValueError for st in Status if st < 0}


@dataclass(frozen=True)
class HandType:
    """One hand type (see the module docstring): ``name``, ``description``, whether it reads the
    board (``uses_board``), whether 0 means "no qualifying hand" (``qualifies``: the
    eight-or-better lows), ``raw``: the valuation of validated cards as bytes (hole, board) -> value
    or a negative C status; ``words``: a value in words; ``classes``: the highest value;
    ``hole_cards`` / ``board_cards``: how many cards it reads (inclusive ranges); ``batch`` /
    ``batch_code``: the batch evaluator that takes it (and its C kind code)."""

    name: str
    description: str
    uses_board: bool
    qualifies: bool
    raw: Callable[[bytes, bytes], int]
    words: Callable[[int], str]
    classes: int
    hole_cards: tuple[int, int]
    board_cards: tuple[int, int] = (0, 0)
    batch: str | None = None
    batch_code: int = -1
    #: why a negative status means the cards cannot be valued (named in the error)
    refusal: str = "the hand cannot be valued"

    def value(self, hole: bytes, board: bytes) -> int:
        """The hand's value (higher is better; 0 = no qualifying hand). Raises HandValueError when
        the cards cannot be valued (the C status, through :func:`pyeval._bindings.check`)."""
        v = int(self.raw(hole, board))
        if v < 0:
            check(v, self.name, _REFUSED, message=f"{self.name}: {self.refusal} (status {v})")
        return v


def _high(h: bytes, b: bytes) -> int:
    cards = h + b
    return int(lib.pe_eval_n(cards, len(cards)))


_CLASSIC = int(lib.PE_SD_STRAIGHT_OVER_TRIPS)  # a straight beats three of a kind


_TRIPS = int(lib.PE_SD_TRIPS_OVER_STRAIGHT)  # three of a kind beats a straight (PokerStars' 6+ Hold'em)


def _short_deck(h: bytes, b: bytes) -> int:
    cards = h + b
    return int(lib.pe_sd_eval(cards, len(cards), _CLASSIC))  # negative for a card below 6


def _short_deck_trips(h: bytes, b: bytes) -> int:
    cards = h + b
    return int(lib.pe_sd_eval(cards, len(cards), _TRIPS))


def _short_deck_trips_words(value: int) -> str:
    return describe_short_deck(value, kind="trips_over_straight")


def _high_words(value: int) -> str:
    return _describe_high(value)


_A5 = int(lib.PE_LOW_A5_CLASSES)
_ANY = (0, 52)

HAND_TYPES: Mapping[str, HandType] = MappingProxyType({t.name: t for t in (
    HandType("high", "the best five of the hole and board cards", True, False, _high, _high_words,
             MAX_VALUE, _ANY, _ANY, "high"),
    HandType("omaha", "exactly two hole cards and three board cards", True, False,
             lambda h, b: int(lib.pe_omaha_high(OMAHA_TABLES, h, len(h), b, len(b))), _high_words,
             MAX_VALUE, (4, 6), (3, 5), "omaha", int(lib.PE_OMAHA_HIGH)),
    HandType("omaha_low8", "Omaha eight-or-better low (two hole, three board)", True, True,
             lambda h, b: int(lib.pe_omaha_low8(h, len(h), b, len(b))), words_a5_8,
             _A5, (4, 6), (3, 5), "omaha", int(lib.PE_OMAHA_LOW8)),
    HandType("a5", "ace-to-five low of the hole cards", False, False, lambda h, b: int(lib.pe_low_a5(h, len(h))),
             words_a5, _A5, (5, 7), (0, 0), "low", int(lib.PE_LOW_A5)),
    HandType("a5_8", "ace-to-five eight-or-better low of the hole cards", False, True,
             lambda h, b: int(lib.pe_low_a5_8(h, len(h))), words_a5_8, _A5, (5, 7), (0, 0), "low", int(lib.PE_LOW_A5_8)),
    HandType("27", "deuce-to-seven low of the hole cards", False, False, lambda h, b: int(lib.pe_low_27(h, len(h))),
             words_27, int(lib.PE_LOW_27_CLASSES), (5, 5), (0, 0), "low", int(lib.PE_LOW_27)),
    HandType("a6", "ace-to-six low of the hole cards (the best five)", False, False, lambda h, b: a6.value(h),
             a6.words, a6.CLASSES, (5, 7)),
    HandType("badugi", "Badugi of the hole cards", False, False, lambda h, b: int(lib.pe_badugi(h, len(h))),
             words_badugi, int(lib.PE_BADUGI_CLASSES), (4, 4), (0, 0), "badugi"),
    HandType("short_deck", "short-deck (6+) best five of the hole and board cards", True, False, _short_deck,
             describe_short_deck, SHORT_DECK_CLASSES, _ANY, _ANY, "short_deck",
             refusal="a card below 6 is not a short-deck card"),
    HandType("short_deck_trips", "6+ hold'em: short-deck best five, three of a kind above a straight", True, False,
             _short_deck_trips, _short_deck_trips_words, SHORT_DECK_CLASSES, _ANY, _ANY,
             refusal="a card below 6 is not a short-deck card"),
)})


def hand_type(name: str) -> HandType:
    """The registered hand type ``name``. Raises HandValueError naming the known ones otherwise."""
    t = HAND_TYPES.get(name)
    if t is None:
        raise HandValueError(f"unknown hand type {name!r}; known: {', '.join(HAND_TYPES)}")
    return t


def describe(value: int, *, kickers: bool = False, kind: str = "high") -> str:
    """Describe a hand value in words: the words of hand type ``kind`` (:data:`HAND_TYPES`).

    ``kind`` says which evaluator the value came from: ``"high"`` (default: :func:`pyeval.evaluate`,
    see :func:`pyeval.hands.high.describe`; ``kickers=True`` adds the remaining ranks), ``"a5"``,
    ``"a5_8"``, ``"27"``, ``"a6"`` (lows), ``"badugi"``, ``"short_deck"``, ``"omaha"`` (a high
    value) or ``"omaha_low8"`` (an eight-or-better low). A low value read as a high one means
    another hand: ``describe(6175)`` is a flush, ``describe(6175, kind="a5")`` the wheel.

    Raises:
        HandValueError: ``value`` outside the hand type's values. CardTypeError: an unknown ``kind``.
    """
    if kind == "high":
        return _describe_high(value, kickers=kickers)
    t = HAND_TYPES.get(kind) if isinstance(kind, str) else None
    if t is None:
        raise CardTypeError(f"kind must be one of {', '.join(HAND_TYPES)}, got {kind!r}")
    return t.words(value)
