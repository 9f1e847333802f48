"""PokerStars text hand histories (2005-2025): every game PokerStars writes, cash and tournament.

The room as data on the Stars-text reader (:mod:`pyeval.hands_io._stars`, which describes the
layout): the header words (``PokerStars Hand #``, ``PokerStars Game #`` before 2008, ``PokerStars
Zoom Hand #``, ``PokerStars Home Game Hand #``, the upper-case archive form ``POKERSTARS GAME #``) and
the archive banners some exports put between hands. Games are looked up in the shared table
(:mod:`pyeval.hands_io.games`): Hold'em, Omaha, Omaha Hi/Lo, 5 Card Omaha (Hi/Lo) in every
structure; 7 Card Stud (Hi/Lo), Razz; 5 Card Draw, Single and Triple Draw 2-7 Lowball, Badugi; the
mixed-game labels (``HORSE (Razz Limit, ...)``, ``8-Game (...)``) read as their current game. 6+
Hold'em, Courchevel and the other games the engine does not play are reported per hand ("game not
supported: ..."). Player names may contain colons, brackets and parentheses: names come from the
seat lines and are matched whole.
"""
from __future__ import annotations

import re

from ._model import RawHand, split_hands
from ._dialect import STARS_ACTS, StarsDialect
from ._stars import read_hand

__all__ = ["DIALECT", "parse_hand", "split", "looks_like"]

_ROOM = r"(?:PokerStars|POKERSTARS)(?: (?:Zoom|ZOOM|Home Game|HOME GAME|Rush|Fast Fold))? (?:Hand|Game|HAND|GAME) #"

#: PokerStars as data on the Stars-text reader.
DIALECT = StarsDialect(
    venue="PokerStars",
    # a hand number is digits; pyeval's export keeps other rooms' numbers (GGPoker's OM123, Winamax's 123-45-678)
    header=re.compile(r"^\s*" + _ROOM + r"(?P<id>[A-Za-z]{0,4}\d[\w-]{0,39}):\s*(?P<rest>.*)$"),
    detect=re.compile(r"^\ufeff?(?:\s*\*{3,}[^\n]*\n)?\s*" + _ROOM),
    spaced=("cashout",),  # "NAME cashed out the hand for $X | Cash Out Fee $Y" (some 2020 files)
    # files converted from Bovada's layout: "NAME: folds (disconnect)", "NAME: Table deposit $X" (chips
    # added to the stack for the next hand: none in this pot)
    acts=STARS_ACTS + ((re.compile(r"^folds \((?:disconnect|timeout|auth)\)\s*$"), "fold"),),
    player_chatter=(r"Table deposit \S+",),
    summary=True,
    # files converted to PokerStars' layout from other rooms write no return of a bet every other
    # player folded to: the total pot counts it and so does its bettor's collected amount
    derive_returns=True, implicit_total=True, returns_in_collect=True, returns_folded_to=True,
)


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines or an archive banner) like a PokerStars hand history."""
    return bool(DIALECT.detect.match(text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the header, the hand's lines)."""
    return split_hands(text, DIALECT.header)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One PokerStars hand (its lines; ``start`` is the file line of the first) into a RawHand.

    Raises:
        HandParseError: a line that does not fit the format, naming the file line.
    """
    return read_hand(DIALECT, lines, start, source)
