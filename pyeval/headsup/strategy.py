"""A simple, documented basic strategy for World Poker Tour Heads-Up Hold 'Em.

Not an optimal strategy: a short rule set, modelled on the published basic strategies of the
similar game Ultimate Texas Hold 'Em, that the Python procedure and the C simulation path play
identically (so they can be compared round by round). Ranks: 2..A; "suited" = same suit.

* Before the flop (§ 677a.11(b)) raise the **largest** allowed multiple with: any pair of 3s or
  better; any ace; a king with a 5 or better (any king suited); a queen with an 8 or better (6 or
  better suited); a jack with a ten (8 or better suited). Otherwise check.
* After the flop (d) raise the **largest** allowed multiple when the five cards make two pair or
  better, or a pair that uses a hole card (a hole card pairs the board, or a pocket pair other
  than 2s). Otherwise check.
* After the turn and river (f) raise the Ante when the player's seven cards make a pair or better
  **and** beat the five community cards alone (the hole cards play); otherwise fold.
"""
from __future__ import annotations

from .._ffi import _fastcall
from .round import Decision, Street

__all__ = ["basic_strategy", "preflop_raises"]

_evaluate = _fastcall.evaluate  # pyeval.evaluate's C builtin (the round has validated the cards)
_PREFLOP = Street.PREFLOP
_FLOP = Street.FLOP
_PAIR_LOW = 1278
_TWO_PAIR_LOW = 4138


def preflop_raises(a: int, b: int) -> bool:
    """Whether the basic strategy raises before the flop with hole cards ``a``, ``b`` (card ints)."""
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return ra >= 1
    hi, lo = (ra, rb) if ra > rb else (rb, ra)
    suited = (a & 3) == (b & 3)
    if hi == 12:
        return True
    if hi == 11:
        return suited or lo >= 3
    if hi == 10:
        return lo >= 6 or (suited and lo >= 4)
    if hi == 9:
        return lo >= 8 or (suited and lo >= 6)
    return False


def _flop_raises(h: tuple[int, int], board: tuple[int, ...]) -> bool:
    v = _evaluate((*h, *board))
    if v >= _TWO_PAIR_LOW:
        return True
    if v < _PAIR_LOW:
        return False
    ranks = [h[0] >> 2, h[1] >> 2, board[0] >> 2, board[1] >> 2, board[2] >> 2]
    pair = next(r for r in ranks if ranks.count(r) == 2)
    if ranks[0] == ranks[1]:
        return pair != 0
    return pair == ranks[0] or pair == ranks[1]


#: preflop_raises for every ordered pair of cards, indexed ``a * 52 + b`` (built once).
_PREFLOP_RAISES = tuple(preflop_raises(a, b) for a in range(52) for b in range(52))


def basic_strategy(d: Decision) -> int:
    """The basic strategy as a :data:`~pyeval.headsup.round.Strategy`: returns a Raise amount or 0."""
    _, st, h, b, _, options = d
    if st is _PREFLOP:
        return options[-1] if _PREFLOP_RAISES[h[0] * 52 + h[1]] else 0
    if st is _FLOP:
        return options[-1] if _flop_raises(h, b) else 0
    v7 = _evaluate((*h, *b))
    if v7 >= _PAIR_LOW and v7 > _evaluate(b):
        return options[-1]
    return 0
