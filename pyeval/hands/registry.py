"""The hand types of chapter 637a as one registry the poker engine looks up.

Each :class:`HandType` names a way to value a player's hand at showdown (higher is better), with the
cards it reads; :data:`HAND_TYPES` holds them by name. A :class:`~pyeval.poker.games.Variant` names
the hand types that share each pot (``("omaha", "omaha_low8")``), and the showdown
(:mod:`pyeval.poker.showdown`) calls ``HAND_TYPES[name].value(hole, board)``. Adding a hand type is
one entry here (and its C evaluator); the engine does not change.

Values and their C evaluators: ``high`` best five of hole + board (1..7462, :func:`pyeval.evaluate`);
``omaha`` exactly two hole cards and three board cards (§ 637a.12); ``omaha_low8`` the Omaha
eight-or-better low (0 when none qualifies); ``a5`` / ``a5_8`` ace-to-five low of the hole cards
(razz, the low half of stud high-low; 0 when an eight-or-better low does not qualify); ``27``
deuce-to-seven low; ``badugi`` (1..1092); ``short_deck`` the 36-card deck's high hand
(:mod:`pyeval.hands.shortdeck`). See :mod:`pyeval.hands.evaluators` and ``docs/variants.md``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .._bindings import Status, check, lib
from ..errors import HandValueError
from .evaluators import _OMAHA_TABLES

__all__ = ["HandType", "HAND_TYPES", "hand_type"]

#: Every C status of a showdown valuation is a HandValueError: the cards were dealt by the engine,
#: so a refusal means the hand type does not fit the game (e.g. a card below 6 in short deck).
_REFUSED = {int(st): HandValueError for st in Status if st < 0}


@dataclass(frozen=True)
class HandType:
    """One hand type: ``name``, ``description``, whether it reads the board (``uses_board``),
    whether 0 means "no qualifying hand" (``qualifies``: the eight-or-better lows), and ``raw``:
    the C evaluator on validated cards as bytes (hole, board) -> value, or a negative status."""

    name: str
    description: str
    uses_board: bool
    qualifies: bool
    raw: Callable[[bytes, bytes], int]
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


def _short_deck(h: bytes, b: bytes) -> int:
    cards = h + b
    return int(lib.pe_sd_eval(cards, len(cards), _CLASSIC))  # negative for a card below 6


HAND_TYPES: Mapping[str, HandType] = MappingProxyType({t.name: t for t in (
    HandType("high", "the best five of the hole and board cards", True, False, _high),
    HandType("omaha", "exactly two hole cards and three board cards", True, False,
             lambda h, b: int(lib.pe_omaha_high(_OMAHA_TABLES, h, len(h), b, len(b)))),
    HandType("omaha_low8", "Omaha eight-or-better low (two hole, three board)", True, True,
             lambda h, b: int(lib.pe_omaha_low8(h, len(h), b, len(b)))),
    HandType("a5", "ace-to-five low of the hole cards", False, False, lambda h, b: int(lib.pe_low_a5(h, len(h)))),
    HandType("a5_8", "ace-to-five eight-or-better low of the hole cards", False, True,
             lambda h, b: int(lib.pe_low_a5_8(h, len(h)))),
    HandType("27", "deuce-to-seven low of the hole cards", False, False, lambda h, b: int(lib.pe_low_27(h, len(h)))),
    HandType("badugi", "Badugi of the hole cards", False, False, lambda h, b: int(lib.pe_badugi(h, len(h)))),
    HandType("short_deck", "short-deck (6+) best five of the hole and board cards", True, False, _short_deck,
             "a card below 6 is not a short-deck card"),
)})


def hand_type(name: str) -> HandType:
    """The registered hand type ``name``. Raises HandValueError naming the known ones otherwise."""
    t = HAND_TYPES.get(name)
    if t is None:
        raise HandValueError(f"unknown hand type {name!r}; known: {', '.join(HAND_TYPES)}")
    return t
