"""Each room's betting rules where the table rules leave a choice, as data (decision 037).

A room deals under its own house rules wherever :class:`~pyeval.poker.PokerRules` has a setting
with a regulation or common-practice default: what a short all-in does in fixed limit, whether an
open pair on stud's fourth street allows the big bet. Those are the room's, not the record's, so
they live here once per room (by the ``venue`` its reader writes) instead of in each reader; a
reader that knows better for one hand sets ``RawHand.table_rules``, which wins.
:func:`house_rules` gives the ``_pyeval_<name>`` PHH fields of one hand; the replay reads them as
the table's rules (:meth:`pyeval.poker.phh.HandHistory.table_rules`).

Each entry below says which records show it (the fpdb regression files, measured with
``tools/measure_hands.py``); a room without evidence keeps pyeval's defaults.
"""
from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Any

from ..poker.rules import LimitShortAllIn, OddChipRule, PokerRules

_FIXED = "F"  # the rule applies to fixed-limit games (a PHH variant code starting with F)
_STUD_HIGH = "F7S"  # fixed-limit seven-card stud, high only

#: venue -> ((game codes the setting applies to, by prefix or whole code), setting, value)
HOUSE_RULES: dict[str, tuple[tuple[str, str, Any], ...]] = {
    # "Player19: raises 30 to 180" after a raise to 120 and an all-in raise to 150 (Badugi, 60 bets);
    # "Pair on board - a double bet is allowed" and a fourth-street bet of the big bet (stud)
    "PokerStars": ((_FIXED, "limit_short_all_in", LimitShortAllIn.COMPLETE),
                   (_STUD_HIGH, "open_pair_big_bet", True)),
    # a bring-in completed to 800, an all-in raise to 1345, then a raise to 2145 by the completer
    # (five-card stud); a fourth-street bet of the big bet with 9c 9d showing
    "Full Tilt Poker": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET),
                        (_STUD_HIGH, "open_pair_big_bet", True)),
    # a bet of 200, a raise to 400, an all-in raise to 585, then a raise to 785 (HORSE's stud)
    "Merge Gaming Network": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET),),
    # a bet of 600, an all-in raise to 966, then the bettor's all-in raise (600/1,200 hold'em);
    # stud: a raise of the big bet over a fourth-street bet with 4s 4h showing
    "Everleaf": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET),
                 (_STUD_HIGH, "open_pair_big_bet", True)),
    # an all-in bet of $8.50 in a $16 round, then a raise to $32 (hold'em); stud: fourth-street bets
    # of the big bet with an open pair
    "Bovada": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET_AS_FULL),
               (_STUD_HIGH, "open_pair_big_bet", True)),
    # an all-in bet of 13 in a 20 round, then a check-raise to 40 (hold'em); stud as Bovada
    "iPoker Network": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET_AS_FULL),
                       (_STUD_HIGH, "open_pair_big_bet", True)),
    # a turn bet of 400, an all-in raise to 790, then the bettor "raises [790]" to 1,190 (200/400
    # hold'em); "Player4 double bets [120]" on fourth street of 60/120 seven-card stud (up cards unprinted)
    "PartyPoker": ((_FIXED, "limit_short_all_in", LimitShortAllIn.HALF_BET),
                   (_STUD_HIGH, "open_pair_big_bet", True)),
    # a three-way tie for 260 paid 87 to As and Ad, 86 to Ac (hold'em): the odd chips by the highest
    # hole card, suits ranked c < d < h < s
    "Winamax": tuple((g, "odd_chip", OddChipRule.HIGH_CARD_BY_SUIT) for g in ("N", "P", "F")),
}


#: The settings a house rule sets, and their type.
SETTINGS: dict[str, type] = {"limit_short_all_in": LimitShortAllIn, "open_pair_big_bet": bool,
                             "odd_chip": OddChipRule}
#: The line pyeval's export writes when the table's rules are not the room's house rules (no room
#: writes it); the importer's rules for the hand then follow it.
RULES_LINE = re.compile(r"^pyeval table rules: (?P<r>\S.*)$")
#: The line pyeval's export writes when its header holds stand-ins the record did not have
#: (``date=none``: the 2000/01/01 date; ``table=none``: the table name) or the record's hand number
#: was a whole number (``hand=int``); the importer then leaves those fields out (keeps the int).
RECORD_LINE = re.compile(r"^pyeval record: (?P<r>\S.*)$")
RECORD_MARKS = frozenset({"date=none", "table=none", "hand=int"})


def _text(v: Any) -> str:
    return str(v.value) if isinstance(v, enum.Enum) else ("true" if v else "false")


def rules_line(rules: PokerRules, venue: str, game: str) -> str | None:
    """The :data:`RULES_LINE` that makes ``venue``'s reader replay a hand of ``game`` under
    ``rules`` (the settings of :data:`SETTINGS` where they differ from what the reader would
    apply: the house rules, else the defaults), or None when they agree."""
    applied = house_rules(venue, game)
    defaults = PokerRules.__dataclass_fields__
    diffs = []
    for name in SETTINGS:
        mine = _text(getattr(rules, name))
        theirs = applied.get(f"_pyeval_{name}", _text(defaults[name].default))
        if mine != theirs:
            diffs.append(f"{name}={mine}")
    return f"pyeval table rules: {' '.join(diffs)}" if diffs else None


def read_rules_line(text: str, fail: Callable[[str, int], Exception], no: int) -> dict[str, Any]:
    """The settings of a :data:`RULES_LINE` (its text after the colon) as ``RawHand.table_rules``;
    ``fail(message, line)`` makes the error for a setting that is not one of :data:`SETTINGS`."""
    out: dict[str, Any] = {}
    for item in text.split():
        name, _, value = item.partition("=")
        kind = SETTINGS.get(name)
        if kind is bool and value in ("true", "false"):
            out[name] = value == "true"
        elif kind in (LimitShortAllIn, OddChipRule) and value in {m.value for m in kind}:
            out[name] = value
        else:
            raise fail(f"a table rule pyeval does not read: {item!r}", no)
    return out


def house_rules(venue: str, game: str) -> dict[str, Any]:
    """The ``_pyeval_<name>`` PHH fields (TOML values) of ``venue``'s house rules that apply to
    ``game`` (a PHH variant code such as ``"FT"`` or ``"F7S"``); empty for a room without any."""
    out: dict[str, Any] = {}
    for games, name, value in HOUSE_RULES.get(venue, ()):
        if game == games or (len(games) == 1 and game.startswith(games)):
            out[f"_pyeval_{name}"] = value.value if isinstance(value, enum.Enum) else value
    return out
