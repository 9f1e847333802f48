"""The winnings graph every poker tracker opens with: each player's cumulative net over his hands.

:func:`winnings_series` replays each hand (:func:`pyeval.hands_io.steps.steps`) and gives, per player
name, three cumulative series over the hands he was dealt into (in the order given):

* ``net``: what he won or lost, after the rake: the replay's, which takes the recorded ``_rake`` +
  ``_jackpot`` + ``_fees`` from the pots as the room did;
* ``net_before_rake``: the same with his share of that take added back (each pot's take shared by
  its winners in proportion to what they won from it, as :mod:`pyeval.hands_io.stats` counts it);
* ``all_in_adjusted`` ("expected winnings", "all-in EV"): the net with each all-in hand's awards
  replaced by their expectation. A hand is all in when, before the board is complete, at most one
  player who has not folded still has chips behind, so no more betting can happen, and the hole
  cards of every player still in are known. Each pot is then shared by the exact equity
  (:func:`pyeval.equity.equity`, ``exact=True``) of its eligible players on the board dealt at that
  moment, and the rake share is kept as it was. Only Hold'em is adjusted (pyeval's equity is
  Hold'em equity); other games' hands count at their real result.

Amounts are in each hand's unit (cents for a cash hand read from a room, chips otherwise; a record with
half chips gives halves); add up hands of one unit only.
:func:`sparkline` draws a series as one line of block characters (no plotting library);
:func:`pyeval.plot.winnings_figure` draws the graph (the ``plot`` extra).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import PyevalError
from ._phh import HandHistory
from .stats import _net_units, money_kind
from .steps import steps

__all__ = ["HandResult", "WinningsSeries", "hand_results", "winnings_series", "sparkline", "graph_report"]

_HOLDEM = {"NT", "FT", "PT"}


@dataclass(frozen=True)
class HandResult:
    """One player's result in one hand (smallest units): ``net`` after the rake, ``net_before_rake``,
    ``expected``: the all-in adjusted net (``net`` unless the hand was all in, see the module
    docstring), ``all_in``: he was in the pot when it went all in (and so was adjusted)."""

    name: str
    net: Fraction
    net_before_rake: Fraction
    expected: Fraction
    all_in: bool


def _all_in_step(views: Sequence[Any]) -> Any | None:
    """The first state from which no more betting can happen with the board still incomplete."""
    for t in views:
        live = [i for i, f in enumerate(t.folded) if not f]
        if len(live) < 2 or len(t.board) >= 5 or t.actor is not None:
            continue
        if sum(1 for i in live if t.stacks[i] > 0) <= 1 and t.phase in ("board", "award", "showdown", "complete"):
            return t
    return None


def hand_results(hh: HandHistory) -> list[HandResult]:
    """Each player's :class:`HandResult` in the hand ``hh`` (in PHH player order).

    Raises:
        HandHistoryError / IllegalHandHistoryError: the record cannot be replayed.
    """
    from ..equity import equity

    scale = hh.unit_scale  # the replay runs in 1/scale chips; results come back in chips (Fractions)
    views = [s.table for s in steps(hh)]
    last = views[-1]
    n = len(hh.starting_stacks)
    names = [str(p) for p in (hh.players or [f"p{i + 1}" for i in range(n)])]
    first = views[0]  # starting stacks as replayed (an unbounded ``inf`` stack has a finite stand-in)
    net = [Fraction(last.stacks[i] - first.stacks[i] - first.put_in[i], scale) for i in range(n)]  # after the take
    shares = _net_units(hh.replay())  # the replay took the house's take (_rake + _jackpot + _fees)
    paid = [Fraction(x, scale) for x in shares[1]] if shares is not None else [Fraction(0)] * n
    before = [net[i] + paid[i] for i in range(n)]
    awarded = [Fraction(w, scale) + paid[i] for i, w in enumerate(last.winnings)]  # before the take
    expected = list(net)
    all_in = False
    start = None
    if hh.variant in _HOLDEM and len(views) >= 2:
        start = _all_in_step(views)
        pots = views[-2].pots if not views[-2].complete else ()
        if start is not None and pots and all(min(last.hole[i], default=-1) >= 0
                                              for i, f in enumerate(start.folded) if not f):
            all_in = True
            ev = [Fraction(0)] * n
            for amount, eligible in pots:
                if len(eligible) == 1:
                    ev[eligible[0]] += Fraction(amount, scale)
                    continue
                res = equity([tuple(last.hole[i]) for i in eligible], board=start.board, exact=True)
                for i, p in zip(eligible, res.players):
                    ev[i] += p.equity * Fraction(amount, scale)
            expected = [net[i] - awarded[i] + ev[i] for i in range(n)]
    live = set() if not all_in or start is None else {i for i, f in enumerate(start.folded) if not f}
    return [HandResult(names[i], net[i], before[i], expected[i], i in live) for i in range(n)]


@dataclass(frozen=True)
class WinningsSeries:
    """Cumulative results per player name (see the module docstring).

    ``players``: names, most hands first; ``hands[name]``: int64 indices (0-based, into the hands
    given) of the hands he was dealt into; ``net``, ``net_before_rake``, ``all_in_adjusted``:
    float64 cumulative sums over those hands (same length); ``all_ins[name]``: his all-in hands;
    ``skipped``: ``(hand index, reason)`` of hands that could not be replayed (left out).
    """

    players: tuple[str, ...]
    hands: dict[str, npt.NDArray[np.int64]]
    net: dict[str, npt.NDArray[np.float64]]
    net_before_rake: dict[str, npt.NDArray[np.float64]]
    all_in_adjusted: dict[str, npt.NDArray[np.float64]]
    all_ins: dict[str, int] = field(default_factory=dict)
    skipped: tuple[tuple[int, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: per player his hand indices and the three cumulative series."""
        return {"players": [{"name": p, "hands": self.hands[p].tolist(), "net": self.net[p].tolist(),
                             "net_before_rake": self.net_before_rake[p].tolist(),
                             "all_in_adjusted": self.all_in_adjusted[p].tolist(), "all_ins": self.all_ins[p]}
                            for p in self.players],
                "skipped": [{"hand": i, "reason": r} for i, r in self.skipped]}


def winnings_series(hands: Iterable[HandHistory], players: Sequence[str] | None = None) -> WinningsSeries:
    """The cumulative winnings of every player (or of ``players`` only) over ``hands``.

    A hand that cannot be replayed is left out and listed in ``skipped`` (never an error).
    """
    rows: dict[str, list[tuple[int, HandResult]]] = {}
    skipped: list[tuple[int, str]] = []
    wanted = None if players is None else set(players)
    for k, hh in enumerate(hands):
        try:
            results = hand_results(hh)
        except PyevalError as exc:
            skipped.append((k, str(exc)))
            continue
        for r in results:
            if wanted is None or r.name in wanted:
                rows.setdefault(r.name, []).append((k, r))
    order = tuple(sorted(rows, key=lambda p: (-len(rows[p]), p)))

    def cum(p: str, what: str) -> npt.NDArray[np.float64]:
        return np.cumsum(np.array([float(getattr(r, what)) for _, r in rows[p]], dtype=np.float64))

    return WinningsSeries(
        order, {p: np.array([k for k, _ in rows[p]], dtype=np.int64) for p in order},
        {p: cum(p, "net") for p in order}, {p: cum(p, "net_before_rake") for p in order},
        {p: cum(p, "expected") for p in order}, {p: sum(r.all_in for _, r in rows[p]) for p in order},
        tuple(skipped))


_BLOCKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float] | npt.NDArray[np.float64], width: int = 40) -> str:
    """``values`` as one line of at most ``width`` block characters, lowest ``▁`` to highest ``█``
    (the series is sampled evenly when longer than ``width``). An empty series gives ``""``."""
    v = np.asarray(values, dtype=np.float64)
    if v.size == 0:
        return ""
    if v.size > width:
        v = v[np.linspace(0, v.size - 1, width).round().astype(np.int64)]
    lo, hi = float(v.min()), float(v.max())
    if hi == lo:
        return _BLOCKS[3] * v.size
    idx = np.floor((v - lo) / (hi - lo) * (len(_BLOCKS) - 1) + 0.5).astype(np.int64)
    return "".join(_BLOCKS[i] for i in idx)


def graph_report(hands: Sequence[HandHistory], players: Sequence[str], text: bool, plot: str | None) -> WinningsSeries:
    """``pyeval stats --graph / --plot FILE``: each of ``players``' winnings as a sparkline line on
    stdout (``text``) and the winnings graph of the first six in ``plot``; returns the series."""
    import sys

    series = winnings_series(hands, players)
    if text:
        width = max((len(p) for p in series.players), default=0)
        print()
        for p in players:
            if p in series.net:
                net = series.net[p]
                per = {money_kind(hands[int(k)])[2] for k in series.hands[p]}
                div = per.pop() if len(per) == 1 else 1  # amounts as the table shows them: USD, not cents
                digits = max(2, len(str(div)) - 1)

                def amount(x: float, div: int = div, digits: int = digits) -> str:
                    return f"{x / div:+,.{digits}f}"

                line = sparkline(np.concatenate(([0.0], net)))  # from 0: the net before his first hand
                print(f"{p:<{width}}  {line}  {amount(net[-1])} over {len(net)} hands"
                      f" (before rake {amount(series.net_before_rake[p][-1])}, all-in adjusted "
                      f"{amount(series.all_in_adjusted[p][-1])})")
    drawn = [p for p in players if p in series.net][:6]
    if plot and not drawn:  # nothing to draw: an existing picture is left as it was (issue 21)
        print(f"pyeval: no winnings to draw: {plot} not written", file=sys.stderr)
    elif plot:
        from ..plot import save_figure, winnings_figure

        save_figure(winnings_figure(series, drawn), plot)
        print(f"pyeval: winnings graph drawn in {plot}", file=sys.stderr)
    for k, why in series.skipped:
        print(f"pyeval: hand {k + 1} left out of the graph: {why}", file=sys.stderr)
    return series
