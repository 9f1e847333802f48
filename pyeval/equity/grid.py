"""A Hold'em range as the 13x13 hand grid every range tool draws, with each cell's equity.

Rows and columns run ``A K Q ... 2``; the diagonal holds the pairs (``AA`` top left), the cells above
it the suited hands (row = higher rank: ``AKs`` is row A, column K) and the cells below it the
offsuit hands (``AKo`` is row K, column A). A cell's **weight** is the share of its combinations the
range holds, each counted with its weight (6 pair, 4 suited or 12 offsuit combinations; after card
removal by the board and dead cards): 1.0 for a class wholly in the range, 0.5 for ``AKs:0.5``,
0.25 for one suited combination. A cell's **equity** is the equity of the range's combinations of
that class against the other players' ranges (:func:`pyeval.equity.equity`, exact when that is
cheap, otherwise Monte Carlo from the seed given).

:func:`range_grid` computes the data, :func:`format_grid` draws it as text (no matplotlib), and
:func:`pyeval.plot.range_grid_figure` as a picture (the ``plot`` extra).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import RANKS
from .ranges import Range, parse_range

__all__ = ["RangeGrid", "range_grid", "grids_for", "cell_of", "format_grid", "GRID_RANKS"]

#: The grid's rank order, top row / left column first.
GRID_RANKS = RANKS[::-1]


def cell_of(a: int, b: int) -> tuple[int, int]:
    """The ``(row, column)`` of the hole cards ``a``, ``b`` (card ints) in the grid."""
    ra, rb = a // 4, b // 4
    hi, lo = max(ra, rb), min(ra, rb)
    i, j = 12 - hi, 12 - lo
    if ra == rb:
        return i, i
    return (i, j) if a % 4 == b % 4 else (j, i)


def _cell_name(i: int, j: int) -> str:
    if i == j:
        return GRID_RANKS[i] * 2
    return GRID_RANKS[min(i, j)] + GRID_RANKS[max(i, j)] + ("s" if i < j else "o")


@dataclass(frozen=True)
class RangeGrid:
    """One range on the 13x13 grid (see the module docstring).

    ``text``: the range as given; ``names``: 13x13 hand names (``"AKs"``); ``weight``: float64
    (13, 13), 0..1; ``combos``: int64 (13, 13), combinations of the range in the cell (after card
    removal); ``equity``: float64 (13, 13) against ``against``, NaN in empty cells (None when no
    opponent was given); ``against``: the other players' ranges as given; ``exact``: True when every
    cell's equity was enumerated.
    """

    text: str
    names: tuple[tuple[str, ...], ...]
    weight: npt.NDArray[np.float64]
    combos: npt.NDArray[np.int64]
    equity: npt.NDArray[np.float64] | None = None
    against: tuple[str, ...] = ()
    exact: bool = True

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the names and the three grids as nested lists (NaN as None)."""
        eq = None if self.equity is None else [[None if np.isnan(v) else float(v) for v in row] for row in self.equity]
        return {"range": self.text, "against": list(self.against), "names": [list(r) for r in self.names],
                "weight": self.weight.tolist(), "combos": self.combos.tolist(), "equity": eq, "exact": self.exact}


def range_grid(r: Range | str, against: Sequence[Range | str] = (), *, board: object = (), dead: object = (),
               trials: int = 20_000, seed: int | None = 0, exact: bool | None = None) -> RangeGrid:
    """The grid of range ``r`` (text or :class:`Range`); with ``against`` (the other players' ranges),
    each non-empty cell's equity against them on ``board`` with ``dead`` cards.

    Each cell's equity is :func:`pyeval.equity.equity` of the cell's combinations (with their
    weights) against ``against``: ``exact=True`` enumerates every cell, False samples ``trials``
    Monte Carlo trials from ``seed`` (0 by default, so the grid is reproducible), None (default)
    enumerates a cell when :func:`pyeval.equity.equity`'s ``exact=None`` would (its work counted:
    :data:`pyeval.equity.core.EXACT_AUTO_LIMIT`) and samples it otherwise.

    Raises:
        RangeError: a bad range. InvalidCardError / DuplicateCardError / CardCountError: a bad board
            or dead cards. EquityError: no deal is possible for a cell's opponents.
    """
    from ..cards import parse_cards
    from .core import _exact_cheap, equity

    rng = parse_range(r) if isinstance(r, str) else r
    board_c = parse_cards(board) if isinstance(board, str) else tuple(board)  # type: ignore[arg-type]
    dead_c = parse_cards(dead) if isinstance(dead, str) else tuple(dead)  # type: ignore[arg-type]
    live = rng.without((*board_c, *dead_c))
    total: dict[tuple[int, int], Fraction] = {}
    members: dict[tuple[int, int], list[tuple[tuple[int, int], Fraction]]] = {}
    for combo, w in zip(live.combos, live.weights):
        cell = cell_of(*combo)
        total[cell] = total.get(cell, Fraction(0)) + w
        members.setdefault(cell, []).append((combo, w))
    names = tuple(tuple(_cell_name(i, j) for j in range(13)) for i in range(13))
    weight = np.zeros((13, 13), dtype=np.float64)
    combos = np.zeros((13, 13), dtype=np.int64)
    for (i, j), w in total.items():
        size = 6 if i == j else 4 if i < j else 12
        weight[i, j] = float(w / size)
        combos[i, j] = len(members[(i, j)])
    eq: npt.NDArray[np.float64] | None = None
    all_exact = True
    if against:
        others = [parse_range(a) if isinstance(a, str) else a for a in against]
        eq = np.full((13, 13), np.nan, dtype=np.float64)
        for (i, j), group in sorted(members.items()):
            sub = Range(tuple(c for c, _ in group), tuple(w for _, w in group), names[i][j])
            # exact when asked, or when cheap by equity's own rule (exact=None), else Monte Carlo
            cheap = exact if exact is not None else _exact_cheap([sub, *others], board_c, dead_c)
            res = equity([sub, *others], board=board_c, dead=dead_c, exact=True if cheap else False,
                         trials=None if cheap else trials, seed=None if cheap else seed)
            eq[i, j] = float(res.players[0].equity)
            all_exact = all_exact and res.exact
    return RangeGrid(str(rng), names, weight, combos, eq, tuple(str(a) for a in against), all_exact)


def grids_for(players: Sequence[Range | str], *, board: object = (), dead: object = (), trials: int = 20_000,
              seed: int | None = 0, exact: bool | None = None) -> list[RangeGrid]:
    """Every player's grid, each with its equity against all the others (``pyeval equity --grid``;
    ``exact`` as :func:`range_grid`'s: the command passes True after an exact main result, since a
    cell is never dearer than the whole spot)."""
    ps = list(players)
    return [range_grid(p, ps[:i] + ps[i + 1:], board=board, dead=dead, trials=trials,
                       seed=0 if seed is None else seed, exact=exact) for i, p in enumerate(ps)]


_SHADES = " ░▒▓█"


def format_grid(grid: RangeGrid, values: str = "weight") -> str:
    """The grid as text: a 13x13 table of hand names, each shaded by ``values`` (``"weight"``: the
    share of the class in the range, as a block from ``' '`` to ``'█'``; ``"equity"``: the cell's
    equity in percent, ``-`` for an empty cell). Needs no plotting library.

    Raises:
        ValueError: ``values`` is neither, or ``"equity"`` without equities.
    """
    if values not in ("weight", "equity"):
        raise ValueError(f"values must be 'weight' or 'equity', got {values!r}")
    if values == "equity" and grid.equity is None:
        raise ValueError("this grid has no equities (range_grid(..., against=...) computes them)")
    lines = []
    if values == "weight":
        lines.append(f"{grid.text}: {int(grid.combos.sum())} combinations; "
                     f"█ whole class, ▓ ≥ 3/4, ▒ ≥ 1/2, ░ > 0")
        for i in range(13):
            cells = []
            for j in range(13):
                w = grid.weight[i, j]
                shade = _SHADES[0] if w == 0 else _SHADES[4] if w >= 1 else _SHADES[3] if w >= 0.75 else \
                    _SHADES[2] if w >= 0.5 else _SHADES[1]
                cells.append(f"{grid.names[i][j]:<3}{shade}" if w > 0 else "  · ")
            lines.append(" ".join(cells))
    else:
        assert grid.equity is not None
        lines.append(f"{grid.text} vs {' vs '.join(grid.against)}: equity % per class "
                     f"({'exact' if grid.exact else 'Monte Carlo'})")
        lines.append("     " + " ".join(f"{r:>4}" for r in GRID_RANKS))
        for i in range(13):
            row = " ".join("   -" if np.isnan(v) else f"{100 * v:4.0f}" for v in grid.equity[i])
            lines.append(f"{GRID_RANKS[i]:>4} {row}")
    return "\n".join(lines)
