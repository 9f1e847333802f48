"""Pictures of pyeval's results, drawn with matplotlib (the optional ``plot`` extra:
``pip install "pyeval-poker[plot]"``).

Each function takes the data object that a pyeval function computes, returns a
``matplotlib.figure.Figure`` (made without pyplot, so no window or GUI backend is involved), and
:func:`save_figure` writes one atomically (a temporary file in the same folder, renamed on
success) in the format its extension names (``.png``, ``.svg``, ``.pdf``):

* :func:`winnings_figure` -- :class:`pyeval.hands_io.graph.WinningsSeries`: cumulative net per
  player over his hands, after rake (solid), before rake (dashed) and all-in adjusted (dotted);
* :func:`range_grid_figure` -- :class:`pyeval.equity.grid.RangeGrid` (one or more): the 13x13 grid
  shaded by weight, and by equity where computed;
* :func:`convergence_figure` -- :class:`pyeval.simulation.Convergence`: the running estimate
  with its 95% confidence band over rounds.

Without matplotlib every function raises :class:`~pyeval.errors.PlotError` naming the install
command; the text forms (:func:`pyeval.equity.grid.format_grid`,
:func:`pyeval.hands_io.graph.sparkline`) need nothing.
"""
from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ._files import check_writable, write_atomic
from .errors import PlotError

if TYPE_CHECKING:
    from .equity.grid import RangeGrid
    from .hands_io.graph import WinningsSeries
    from .simulation import Convergence

__all__ = ["INSTALL_HINT", "FORMATS", "winnings_figure", "range_grid_figure", "convergence_figure", "save_figure",
           "check_output"]

#: How to get the plot extra (the message of the PlotError raised without it).
INSTALL_HINT = 'pictures need matplotlib: pip install "pyeval-poker[plot]"'
#: File extensions :func:`save_figure` writes.
FORMATS = (".png", ".svg", ".pdf")


def _figure(**kw: Any) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotError(INSTALL_HINT) from None
    return Figure(**kw)


def check_output(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, checked before any work: a known image extension, an existing folder
    in which a file can be created (:func:`pyeval._files.check_writable`), and matplotlib installed.

    Raises:
        PlotError: any of those is not so.
    """
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise PlotError(f"{p}: a picture file must end in {', '.join(FORMATS)}")
    if p.is_dir():
        raise PlotError(f"{p}: is a folder; name a file in it")
    if not p.parent.is_dir():
        raise PlotError(f"{p}: no such folder: {p.parent}")
    check_writable(p, what="picture", error=PlotError)  # a folder no file can be made in (/proc, read-only)
    _figure()
    return p


def save_figure(fig: Any, path: str | os.PathLike[str]) -> Path:
    """Write ``fig`` to ``path`` (format from its extension) atomically; returns the path.

    Raises:
        PlotError: a bad path (:func:`check_output`), or the file cannot be written (the old file,
            if any, is left as it was).
    """
    p = check_output(path)
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format=p.suffix[1:].lower())
    except OSError as exc:
        raise PlotError(f"cannot write {p}: {exc.strerror or exc}") from None
    write_atomic(p, buf.getvalue(), what="picture", error=PlotError)  # the one atomic writer (pyeval._files)
    return p


def winnings_figure(series: WinningsSeries, players: Sequence[str] | None = None, *, top: int = 6,
                    unit: str = "chips") -> Any:
    """The winnings graph of ``series``: one colour per player (``players``, or the ``top`` with the
    most hands), x = his hands played, y = cumulative net in ``unit``; solid after rake, dashed before
    rake, dotted all-in adjusted ("expected winnings").

    Raises:
        PlotError: no matplotlib, or no player to draw.
    """
    names = list(players) if players is not None else list(series.players[:top])
    names = [p for p in names if p in series.net]
    if not names:
        raise PlotError("no player's hands to draw")
    fig = _figure(figsize=(9, 5), layout="constrained")
    ax = fig.add_subplot()
    for k, p in enumerate(names):
        colour = f"C{k % 10}"
        x = np.arange(1, len(series.net[p]) + 1)
        ax.plot(x, series.net[p], color=colour, label=p)
        ax.plot(x, series.net_before_rake[p], color=colour, linestyle="--")
        ax.plot(x, series.all_in_adjusted[p], color=colour, linestyle=":")
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel(f"cumulative net ({unit})")
    ax.set_title("Winnings over hands")
    players_legend = ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), title="player")
    ax.add_artist(players_legend)
    styles = [ax.plot([], [], color="0.3", linestyle=ls)[0] for ls in ("-", "--", ":")]
    ax.legend(styles, ["net (after rake)", "before rake", "all-in adjusted"], fontsize="small", loc="lower left",
              bbox_to_anchor=(1.01, 0.0), title="line")
    return fig


def range_grid_figure(grids: RangeGrid | Sequence[RangeGrid]) -> Any:
    """Each range's 13x13 grid: a panel shaded by weight, and beside it (when the grid has
    equities) one shaded by equity, each cell labelled with its hand name.

    Raises:
        PlotError: no matplotlib, or no grid.
    """
    from .equity.grid import GRID_RANKS, RangeGrid

    gs = [grids] if isinstance(grids, RangeGrid) else list(grids)
    if not gs:
        raise PlotError("no range to draw")
    cols = 2 if any(g.equity is not None for g in gs) else 1
    fig = _figure(figsize=(5.5 * cols, 5.2 * len(gs)), layout="constrained")
    axes = fig.subplots(len(gs), cols, squeeze=False)
    for row, g in enumerate(gs):
        panels: list[tuple[Any, str, str]] = [(g.weight, "weight (share of the class)", "Blues")]
        if cols == 2:
            eq = g.equity if g.equity is not None else np.full((13, 13), np.nan)
            panels.append((eq, f"equity vs {' vs '.join(g.against) or '-'}", "RdYlGn"))
        for col, (data, label, cmap) in enumerate(panels):
            ax = axes[row][col]
            image = ax.imshow(np.ma.masked_invalid(data), cmap=cmap, vmin=0.0, vmax=1.0)
            ax.set_xticks(range(13), list(GRID_RANKS))
            ax.set_yticks(range(13), list(GRID_RANKS))
            ax.tick_params(length=0, labelsize=8)
            for i in range(13):
                for j in range(13):
                    ax.text(j, i, g.names[i][j], ha="center", va="center", fontsize=5.5,
                            color="black" if not np.isfinite(data[i, j]) or data[i, j] < 0.7 else "white")
            ax.set_title(f"{g.text}\n{label}", fontsize=9)
            fig.colorbar(image, ax=ax, shrink=0.8)
        if cols == 2 and g.equity is None:
            axes[row][1].set_visible(False)
    return fig


def convergence_figure(conv: Convergence) -> Any:
    """The running estimate of ``conv`` (one line per figure it follows) over rounds, with its 95%
    confidence band (estimate ± 1.96 standard errors) and the final value as a reference line.

    Raises:
        PlotError: no matplotlib, or no points.
    """
    if not conv.rounds.size:
        raise PlotError("no points to draw")
    fig = _figure(figsize=(9, 5), layout="constrained")
    ax = fig.add_subplot()
    for k, name in enumerate(conv.names):
        colour = f"C{k % 10}"
        est, se = conv.estimate[:, k], conv.stderr[:, k]
        ax.plot(conv.rounds, est, color=colour, marker=".", label=name)
        ax.fill_between(conv.rounds, est - 1.96 * se, est + 1.96 * se, color=colour, alpha=0.2)
        ax.axhline(est[-1], color=colour, linewidth=0.6, linestyle=":")
    ax.set_xscale("log")
    ax.set_xlabel("rounds")
    ax.set_ylabel(conv.label)
    seed = str(conv.seed) if conv.seed < 10**12 else f"{str(conv.seed)[:10]}…"  # a drawn 256-bit seed is 77 digits
    ax.set_title(f"{conv.game}: running estimate with 95% band (seed {seed})")
    ax.legend(fontsize="small")
    return fig
