"""Pieces shared by the house-banked games (WPT Heads-Up Hold 'Em, Criss-Cross Poker).

* :func:`parse_odds` / :func:`format_odds`: exact paytable odds ("3 to 2" is ``Fraction(3, 2)``),
  never floats.
* :func:`winnings`: what a wager wins at ``num`` to ``den`` in whole chips, under the table's
  declared rounding (down, or up when the table declares it); integer arithmetic only.
* :func:`check_int`: validation of the integer settings of a table's rules.
* :func:`sim_layout`: the one JSON layout of both games' simulation results (docs/simulation.md).

Chips are ints in the table's smallest unit. Internal module: the games re-export what is public.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Union

from .errors import PaytableError, PyevalError, TableRulesError

__all__ = ["OddsLike", "parse_odds", "format_odds", "winnings", "check_int", "sim_layout", "SIM_LAYOUT_KEYS"]

OddsLike = Union[Fraction, int, str]

_ODDS_TEXT = re.compile(r"^\s*(\d{1,40})\s*(?:to|:|-|/)\s*(\d{1,40})\s*$", re.IGNORECASE)


def parse_odds(value: OddsLike, error: type[PyevalError] = PaytableError, where: str = "") -> Fraction:
    """Exact odds from ``Fraction``, a non-negative int (``5`` = "5 to 1") or text ``"3 to 2"``/``"3:2"``.

    Args:
        value: the odds. error: the pyeval error class to raise (default :class:`PaytableError`).
        where: what the odds belong to, put in front of the message (e.g. a paytable line).
    Raises:
        ``error``: a negative, zero-denominator, float, bool or unreadable value, or odds whose
        numerator or denominator exceeds :data:`MAX_ODDS_TERM`.
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


#: The top-level keys of every house game's simulation JSON (:func:`sim_layout`).
SIM_LAYOUT_KEYS = ("game", "table", "rounds", "seed", "streams", "main", "wagers", "frequencies", "exact")


def sim_layout(game: str, table: str, rounds: int, seed: int, streams: int, main: dict[str, Any],
               wagers: dict[str, dict[str, Any]], frequencies: dict[str, dict[str, dict[str, Any]]],
               exact: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The one JSON layout of a house game's simulation (heads-up and criss-cross; docs/simulation.md):

    * ``game``, ``table``, ``rounds``, ``seed``, ``streams``;
    * ``main``: the main game (its ``wagers`` named), ``house_edge`` (the house's mean win per round
      as a share of the Ante) and ``element_of_risk`` (its win over everything staked), each with a
      ``..._std_error``;
    * ``wagers``: by wager, ``amount`` (chips per placement), ``placed``, ``staked``, ``net``
      (player's total), ``house_edge`` (mean win per round as a share of ``amount``) with
      ``std_error``, and ``outcomes`` (each a :func:`pyeval.simulation.frequency`);
    * ``frequencies``: groups of simulated frequencies (:func:`pyeval.simulation.frequency`, maybe
      with an ``odds`` field), e.g. paytable lines;
    * ``exact``: figures enumerated exactly, never simulated (exact fractions as ``"num/den"``).

    Every simulated figure has a standard error; only ``exact`` is exact.
    """
    return {"game": game, "table": table, "rounds": rounds, "seed": seed, "streams": streams, "main": main,
            "wagers": wagers, "frequencies": frequencies, "exact": dict(exact or {})}
