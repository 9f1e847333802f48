"""Exact odds and whole-chip winnings, shared by every house-banked game (:mod:`pyeval.house`).

* :func:`parse_odds` / :func:`format_odds`: exact paytable odds ("3 to 2" is ``Fraction(3, 2)``),
  never floats.
* :func:`winnings`: what a wager wins at ``num`` to ``den`` in whole chips, under the table's
  declared rounding (down, or up when the table declares it); integer arithmetic only. The C
  simulations pay with the one C twin, ``pe_house_pay`` (``csrc/pe_house.h``), and
  ``tests/test_house.py`` checks the two agree.
* :func:`check_int`: validation of the integer settings of a table's rules.

Chips are ints in the table's smallest unit.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Union

from ..errors import PaytableError, PyevalError, TableRulesError

__all__ = ["OddsLike", "parse_odds", "format_odds", "winnings", "check_int", "MAX_ODDS_TERM"]

OddsLike = Union[Fraction, int, str]

_ODDS_TEXT = re.compile(r"^\s*(\d{1,40})\s*(?:to|:|-|/)\s*(\d{1,40})\s*$", re.IGNORECASE)


def parse_odds(value: OddsLike, error: type[PyevalError] = PaytableError, where: str = "") -> Fraction:
    """Exact odds from ``Fraction``, a non-negative int (``5`` = "5 to 1") or text ``"3 to 2"``/``"3:2"``.

    Args:
        value: the odds. error: the pyeval error class to raise (default :class:`PaytableError`).
        where: what the odds belong to, put in front of the message (e.g. a paytable line).
    Raises:
        PyevalError: (the class given as ``error``) a negative, zero-denominator, float, bool or
            unreadable value, or odds whose numerator or denominator exceeds :data:`MAX_ODDS_TERM`.
    """
    pre = f"{where}: " if where else ""
    if isinstance(value, bool) or isinstance(value, float):
        raise error(f"{pre}odds must be exact (Fraction, int or text like '3 to 2'), got {value!r} "
                    "(floats are not exact)")
    if isinstance(value, Fraction):
        f = value
    elif isinstance(value, int):
        f = Fraction(value)
    elif isinstance(value, str):
        m = _ODDS_TEXT.match(value)
        if not m or int(m.group(2)) == 0:
            raise error(f"{pre}cannot read odds {value!r}: write them like '3 to 2' or '500 to 1'")
        f = Fraction(int(m.group(1)), int(m.group(2)))
    else:
        raise error(f"{pre}odds must be Fraction, int or text, got {type(value).__name__}")
    if f < 0:
        raise error(f"{pre}odds must not be negative, got {f}")
    if f.numerator > MAX_ODDS_TERM or f.denominator > MAX_ODDS_TERM:
        raise error(f"{pre}odds {_short(f.numerator)} to {_short(f.denominator)} are out of range: a paytable's "
                    f"odds are at most {MAX_ODDS_TERM} to 1 in lowest terms (the simulations pay in 64-bit "
                    "integers)")
    return f


#: The largest numerator or denominator of paytable odds (lowest terms): the house games' C
#: simulations hold odds as 32-bit terms and pay ``stake * num / den`` in 64-bit integers.
MAX_ODDS_TERM = 2**31 - 1


def _short(v: int) -> str:
    """An int for an error message, shortened when it is huge."""
    s = str(v) if v < 10**30 else f"about 10**{len(str(v)) - 1}"
    return s


def format_odds(f: Fraction) -> str:
    """``Fraction(3, 2)`` -> ``"3 to 2"``; ``Fraction(5)`` -> ``"5 to 1"``."""
    return f"{f.numerator} to {f.denominator}"


def winnings(amount: int, num: int, den: int, round_up: bool = False) -> int:
    """Chips won by ``amount`` chips at ``num`` to ``den``: ``floor(amount * num / den)``, or the
    ceiling when the table's declared rule rounds up. Integer arithmetic only (no floats)."""
    q, r = divmod(amount * num, den)
    return q + 1 if r and round_up else q


def check_int(name: str, v: object, lo: int, hi: int | None = None) -> int:
    """``v`` as a table setting: an int (not a bool) in ``lo..hi`` (``hi`` None: no upper bound).

    Raises:
        TableRulesError: naming the setting and the allowed range.
    """
    if isinstance(v, bool) or not isinstance(v, int):
        raise TableRulesError(f"{name} must be an int, got {v!r}")
    if v < lo or (hi is not None and v > hi):
        raise TableRulesError(f"{name} must be in {lo}..{hi if hi is not None else 'inf'}, got {v}")
    return v
