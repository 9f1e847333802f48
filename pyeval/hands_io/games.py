"""The one table of poker game names: what the rooms call each game, and which engine variant plays it.

Every room reader looks a game's name up here (:func:`game_named`), the exporter writes the name
found here (:func:`room_name`), and each entry's ``stem`` is a key of the engine's variants
(:data:`pyeval.poker.games.ALL_VARIANTS`, the PHH code stem without the structure letter); a test
checks both ways (every engine variant has a name, every stem is an engine variant). A game a room
dealt that the engine does not play is listed with ``stem=None`` and the reason, so that every hand
of it is reported as "game not supported" with that reason rather than as an unknown header.

Names are matched loosely (:func:`normal`): case, apostrophes, ``Holdem``/``Hold'em``,
``Hi/Lo``/``Hi-Lo``/``H/L``/``HL``/``8`` spellings and spaces do not matter.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ._phh import VARIANTS

__all__ = ["Game", "GAMES", "STRUCTURES", "game_named", "structure_named", "room_name", "normal"]


@dataclass(frozen=True)
class Game:
    """A poker game as rooms name it.

    ``stem``: the engine variant's PHH stem (``"T"``, ``"O/8"``, ``"2L3D"`` ...) or None when the
    engine does not play it (``why_not`` says why). ``name``: the name pyeval writes (PokerStars').
    ``aliases``: the other rooms' names for it."""

    stem: str | None
    name: str
    aliases: tuple[str, ...] = ()
    why_not: str = ""


GAMES: tuple[Game, ...] = (
    Game("T", "Hold'em", ("Texas Hold'em", "Holdem", "NLHE", "NLH", "LHE", "FLHE", "PLHE")),
    Game("O", "Omaha", ("Omaha Hi", "Omaha High", "PLO", "Omaha Hold'em")),
    Game("O/8", "Omaha Hi/Lo", ("Omaha 8", "Omaha Hi/Lo 8 or better", "Omaha Eight or Better", "O8", "PLO8",
                               "Omaha Hi/Lo 8-or-better", "Omaha HiLo", "Omaha8", "Omaha HiLow", "OmahaHiLo")),
    Game("5O", "5 Card Omaha", ("5-Card Omaha", "Five Card Omaha", "5 Card Omaha Hi", "PLO5", "5 Card PLO",
                                "5 Card Omaha High", "PLO-5", "Omaha5")),
    Game("5O/8", "5 Card Omaha Hi/Lo", ("5-Card Omaha Hi/Lo", "Five Card Omaha Hi/Lo", "5 Card Omaha 8", "Big O")),
    Game("7S", "7 Card Stud", ("Seven Card Stud", "7-Card Stud", "Stud", "7 Card Stud Hi", "Stud Hi", "Stud High",
                               "7 Stud", "7stud", "7CARD", "Seven Cards Stud", "Seven Card")),
    Game("7S/8", "7 Card Stud Hi/Lo", ("Seven Card Stud Hi/Lo", "7-Card Stud Hi/Lo", "Stud Hi/Lo", "Stud 8",
                                       "7 Card Stud 8", "Stud H/L 8 or better", "7CARD HiLo", "Seven Card Hi/Lo",
                                       "Seven Cards Stud HiLow")),
    Game("R", "Razz", ("7 Card Razz", "Razz Stud")),
    Game("5S", "5 Card Stud", ("Five Card Stud", "5-Card Stud")),
    Game("5D", "5 Card Draw", ("Five Card Draw", "5-Card Draw", "Draw")),
    Game("2L3D", "Triple Draw 2-7 Lowball", ("2-7 Triple Draw", "Deuce to Seven Triple Draw", "2-7 Lowball Triple Draw",
                                             "Triple Draw 2-7", "2-7 TD", "27 Triple Draw", "2-7 Triple Draw Lowball", "Lowball27")),
    Game("2L1D", "Single Draw 2-7 Lowball", ("2-7 Single Draw", "2-7 Lowball", "Deuce to Seven Single Draw",
                                             "2-7 Lowball Single Draw", "27 Single Draw", "Single Draw 2-7")),
    Game("B", "Badugi", ()),
    Game("S", "Short Deck Hold'em", ("Short Deck", "Shortdeck Hold'em", "Short Deck Holdem (classic)", "ShortDeck")),
    Game("6P", "6+ Hold'em", ("6+ Holdem", "Six Plus Hold'em")),
    Game(None, "Courchevel", ("Courchevel Hi",), "Courchevel (five-card Omaha, the first flop card dealt before the "
                                                 "first betting round) has no pyeval variant"),
    Game(None, "Courchevel Hi/Lo", (), "Courchevel Hi/Lo has no pyeval variant"),
    Game(None, "Triple Draw A-5 Lowball", ("A-5 Triple Draw", "Triple Draw A-5"), "ace-to-five triple draw has no "
                                                                                  "pyeval variant"),
    Game(None, "Badeucy", ("Badeucey",), "Badeucy has no pyeval variant"),
    Game(None, "2-7 Drawmaha", ("Drawmaha",), "Drawmaha (Omaha with a draw) has no pyeval variant"),
    Game(None, "A-5 Single Draw", ("Single Draw A-5",), "ace-to-five single draw has no pyeval variant"),
    Game(None, "2-7 Razz", ("Deuce to Seven Razz",), "deuce-to-seven razz has no pyeval variant"),
    Game(None, "Badacey", (), "Badacey has no pyeval variant"),
    Game(None, "Double Hold'em", (), "Double Hold'em (two boards) has no pyeval variant"),
    Game(None, "Split Hold'em", (), "Split Hold'em (two boards from the flop, with betting on both, each paying "
                                    "half the pot) has no pyeval variant"),
    Game(None, "Irish", (), "Irish has no pyeval variant"),
    Game("6O", "6 Card Omaha", ("6-Card Omaha", "6 Card PLO", "Six Card Omaha", "6 Card Omaha Hi", "PLO-6", "PLO6")),
    Game("6O/8", "6 Card Omaha Hi/Lo", ("6-Card Omaha Hi/Lo", "Six Card Omaha Hi/Lo", "6 Card Omaha 8")),
    Game(None, "Pineapple", ("Crazy Pineapple",), "Pineapple has no pyeval variant"),
)

#: Betting structure names -> the PHH structure letter (``N`` no limit, ``P`` pot limit, ``F`` fixed).
STRUCTURES: dict[str, str] = {
    "no limit": "N", "nl": "N", "cap no limit": "N", "no-limit": "N", "nolimit": "N", "pot limit": "P", "pl": "P",
    "cap pot limit": "P", "pot-limit": "P", "potlimit": "P", "limit": "F", "fixed limit": "F", "fl": "F",
    "fixed": "F", "fixed-limit": "F", "cap nl": "N", "cap pl": "P", "pot limit pre-flop, no limit post-flop": "N",
    "(nl postflop)": "N",
}

_SPELLINGS = ((r"[’`´]", "'"), (r"\bhold ?'?em\b", "hold'em"), (r"\bhi ?[/-] ?lo\b|\bh ?/ ?l\b|\bhilo\b|\bhigh ?[/-] ?low\b"
              r"|\bhl\b|\b8 or better\b|\beight or better\b|\b8-or-better\b", "hi/lo"), (r"\bseven\b", "7"),
              (r"\bfive\b", "5"), (r"\bsix\b", "6"), (r"(\d)-card\b", r"\1 card"), (r"\s+", " "))


def normal(name: str) -> str:
    """``name`` lowercased with the rooms' spelling differences removed (see the module docstring)."""
    t = name.strip().lower()
    for pat, rep in _SPELLINGS:
        t = re.sub(pat, rep, t)
    t = t.replace("hi/lo hi/lo", "hi/lo").strip()
    return t


_BY_NAME: dict[str, Game] = {}
for _g in GAMES:
    for _n in (_g.name, *_g.aliases):
        _BY_NAME.setdefault(normal(_n), _g)


def game_named(name: str) -> Game | None:
    """The game a room calls ``name`` (any spelling :func:`normal` folds), or None when unknown."""
    return _BY_NAME.get(normal(name))


def structure_named(name: str) -> str | None:
    """The PHH structure letter of a room's structure name (``No Limit``, ``PL``, ``Fixed Limit``...)."""
    return STRUCTURES.get(re.sub(r"\s+", " ", name.strip().lower()))


def room_name(stem: str) -> str | None:
    """The name pyeval writes for the engine variant ``stem`` (PokerStars' name), or None."""
    return next((g.name for g in GAMES if g.stem == stem), None)


def _check() -> None:  # every stem is an engine variant (also asserted by the tests)
    bad = [g.stem for g in GAMES if g.stem is not None and g.stem not in VARIANTS]
    if bad:  # pragma: no cover - a table edit that names no engine variant
        raise AssertionError(f"games.py names stems the engine does not play: {bad}")


_check()
