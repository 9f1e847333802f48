"""``pyeval equity "AhKh" "QsQd" [--board ...] [--dead ...] [--exact] [--trials N] [--seed S] [--json]``."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..cards import format_cards
from ..cli import ExitCode, add_command, emit, progress_bar, rounds_arg
from ..errors import RunInterrupted
from ..parallel import add_cli_options, cli_executor
from .core import DEFAULT_STREAMS, EquityResult, equity


def register(subparsers: Any) -> None:
    """Add the ``equity`` subcommand (:func:`pyeval.cli.add_command`)."""
    p = add_command(
        subparsers, "equity", run, help="Hold'em equity of hands or ranges (exact or Monte Carlo)",
        description="Win, tie and equity (ties share the pot) of 2 to 10 Hold'em hands or ranges. "
                    "Hands: 'AhKh'; ranges: 'TT+, AKs, A2s-A5s, KQo:0.5'. Enumerates every board when "
                    "that is cheap (or with --exact), otherwise samples (Monte Carlo); the output "
                    "names the method used.")
    p.add_argument("players", nargs="+", help="a hand ('AhKh') or range ('QQ+, AKs') per player")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 'Qh 7c 2d'")
    p.add_argument("--dead", default="", help="dead cards (out of play)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--exact", dest="exact", action="store_true", default=None,
                   help="enumerate every board (and every deal of the ranges)")
    g.add_argument("--monte-carlo", dest="exact", action="store_false", help="sample (Monte Carlo)")
    p.add_argument("--trials", type=rounds_arg, default=None, help="Monte Carlo trials (default 1,000,000; 1e6 is accepted)")
    p.add_argument("--target-stderr", type=float, default=None, metavar="SE",
                   help="Monte Carlo: stop when every equity's standard error is at most this (e.g. 0.0005)")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="Monte Carlo: stop after about SECONDS")
    p.add_argument("--seed", type=int, default=None, help="seed 0..2**256-1 (default: a fresh one, printed)")
    add_cli_options(p, DEFAULT_STREAMS)
    p.add_argument("--threads", type=int, default=0,
                   help="exact enumeration: threads (default 0: every core; the result does not depend on it)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--grid", nargs="?", const="-", default=None, metavar="FILE",
                   help="also draw each range as the 13x13 hand grid, by weight and by equity against the others: "
                        "as text (no FILE), or a picture FILE.png/.svg/.pdf (needs the plot extra: "
                        "pip install \"pyeval-poker[plot]\")")


def format_table(r: EquityResult, auto: bool = False) -> str:
    """The result as a plain-text table; its first line names the method (``auto``: chosen by
    :func:`pyeval.equity.equity`, not asked for)."""
    how = (f"method: exact, {r.boards:,} boards" if r.exact
           else f"method: Monte Carlo, {r.boards:,} trials, seed {r.seed}, {r.streams} streams")
    why = (" (chosen: cheap to enumerate; --monte-carlo samples)" if r.exact
           else " (chosen: too many boards to enumerate quickly; --exact enumerates)") if auto else ""
    lines = [f"board {format_cards(r.board) or '-'}   dead {format_cards(r.dead) or '-'}   {how}, "
             f"{r.seconds:.3f} s{why}"]
    width = max(8, *(len(p.hand) for p in r.players))
    head = f"{'#':>2}  {'hand':<{width}} {'combos':>6} {'win %':>9} {'tie %':>8} {'equity %':>9}"
    if not r.exact:
        head += f" {'± s.e. %':>9}"
    lines += [head, "-" * len(head)]
    for i, p in enumerate(r.players, 1):
        row = (f"{i:>2}  {p.hand:<{width}} {p.combos:>6} {100 * float(p.win):>9.4f} {100 * float(p.tie):>8.4f}"
               f" {100 * float(p.equity):>9.4f}")
        if not r.exact:
            row += f" {100 * p.equity_stderr:>9.4f}"
        lines.append(row)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``pyeval equity``: the table (or JSON) on stdout; 130 after a reported Ctrl-C."""
    if args.grid not in (None, "-"):
        from ..plot import check_output

        check_output(args.grid)  # before the work
    total = args.trials if args.exact is not True and args.target_stderr is None and args.time_budget is None \
        else None
    status = ExitCode.OK
    try:
        with progress_bar(args, total, " boards") as progress, cli_executor(args.workers, args.scheduler) as ex:
            r = equity(args.players, board=args.board, dead=args.dead, exact=args.exact, seed=args.seed,
                       trials=args.trials, target_stderr=args.target_stderr, time_budget=args.time_budget,
                       streams=args.streams, executor=ex, workers=args.workers, threads=args.threads,
                       progress=progress)
    except RunInterrupted as stop:  # Ctrl-C: the workers are stopped; report what is done
        if not isinstance(stop.partial, EquityResult) or not stop.done:
            raise
        r, status = stop.partial, ExitCode.INTERRUPTED
        print(f"pyeval: interrupted: {stop.done:,} of {stop.total:,} trials done; the result below is for "
              "those" if stop.total else f"pyeval: interrupted after {stop.done:,} trials", file=sys.stderr)
    auto = args.exact is None and args.trials is None and args.target_stderr is None and args.time_budget is None
    data = r.to_dict()
    if status:
        data["interrupted"] = True
    if args.grid is not None:
        from .grid import grids_for

        grids = grids_for(args.players, board=args.board, dead=args.dead, seed=args.seed,
                          exact=True if r.exact else args.exact)  # exact main result: exact cells
        if args.json:
            data["grids"] = [g.to_dict() for g in grids]
    emit(args, data, format_table(r, auto))
    if args.grid is not None and not args.json:
        _show_grids(grids, args.grid)
    elif args.grid not in (None, "-"):
        _show_grids(grids, args.grid)
    return status


def _show_grids(grids: Any, where: str) -> None:
    """The grids as text on stdout (``where == "-"``) or drawn in the picture file ``where``."""
    if where == "-":
        from .grid import format_grid

        for g in grids:
            print()
            print(format_grid(g))
            if g.equity is not None:
                print(format_grid(g, "equity"))
        return
    from ..plot import range_grid_figure, save_figure

    save_figure(range_grid_figure(grids), where)
    print(f"pyeval: range grids drawn in {where}", file=sys.stderr)
