"""The ``pyeval`` command and the toolkit every subcommand uses.

``pyeval eval "As Ks Qs Js Ts 9h 9d"`` evaluates and describes hands. Other subcommands live in
their feature's module; **to add one**, append the module to :data:`SUBCOMMANDS` and give it
``register(subparsers)`` that calls :func:`add_command` (``group="simulate"`` puts it under
``pyeval simulate``). The toolkit gives every command the same behaviour:

* exit codes (:class:`ExitCode`): 0 ok, 1 a check failed (e.g. a replay mismatch), 2 usage or bad
  input (argparse errors and every :class:`~pyeval.errors.PyevalError`), 130 interrupted (Ctrl-C);
* errors as one line on stderr, ``pyeval: error: ...`` -- or, under ``--json``, one JSON object
  ``{"error": ..., "type": ...}`` -- never a traceback;
* a closed pipe (``pyeval ... | head``) ends the command quietly with code 0;
* one progress-bar policy (:func:`progress_bar`): tqdm on stderr, shown only when stderr is a
  terminal and neither ``--json`` nor ``--no-progress`` is given, fed the units just finished;
* simulations share their options (:func:`add_simulation_options`) and runner
  (:func:`run_simulation`, over :func:`pyeval.simulate`).
"""
from __future__ import annotations

import argparse
import enum
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ._version import __version__
from .cards import format_cards, parse_cards
from .errors import CardCountError, PyevalError, RunInterrupted
from .hands.high import best_five, describe, evaluate, hand_category

__all__ = ["ExitCode", "SUBCOMMANDS", "add_command", "add_simulation_options", "count_arg", "progress_bar", "run_simulation",
           "emit", "build_parser", "main", "simulate_subparsers"]

#: Modules that add subcommands (each has ``register(subparsers) -> None``, using :func:`add_command`).
SUBCOMMANDS: list[str] = ["pyeval.poker.cli", "pyeval.crisscross.cli", "pyeval.headsup.cli", "pyeval.equity.cli",
                          "pyeval.poker.sim", "pyeval.hands_io.cli"]

R = TypeVar("R")


class ExitCode(enum.IntEnum):
    """The ``pyeval`` command's exit codes."""

    OK = 0
    FAILED = 1  # the command ran and a check it makes failed
    USAGE = 2  # bad arguments or input (one-line error)
    INTERRUPTED = 130  # Ctrl-C


def simulate_subparsers(subparsers: Any) -> Any:
    """The shared ``pyeval simulate`` parser's sub-subcommands (created on first use)."""
    sim = subparsers.choices.get("simulate")
    if sim is None:
        sim = subparsers.add_parser("simulate", help="simulate many rounds of a game in C",
                                    description="Simulate many rounds of a table game with a "
                                                "documented basic strategy.")
        sim.set_defaults(_simulate_games=sim.add_subparsers(dest="game", metavar="GAME", required=True))
    return sim.get_default("_simulate_games")


def add_command(subparsers: Any, name: str, func: Callable[[argparse.Namespace], int], *, help: str,
                description: str, group: str | None = None, json_option: bool = True) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` (under ``pyeval <group>`` when ``group`` is given, e.g. ``"simulate"``).

    ``func(args)`` runs it and returns an exit code; raise a PyevalError for bad input (the toolkit
    prints it as one line and exits 2). Every command gets ``--json`` unless ``json_option=False``.
    """
    if group == "simulate":
        subparsers = simulate_subparsers(subparsers)
    elif group is not None:
        raise ValueError(f"unknown command group {group!r}")
    p: argparse.ArgumentParser = subparsers.add_parser(name, help=help, description=description)
    if json_option:
        p.add_argument("--json", action="store_true", help="print JSON (errors too) instead of text")
    p.set_defaults(func=func)
    return p


def count_arg(minimum: int = 0) -> Callable[[str], int]:
    """An argparse ``type=`` for a whole number >= ``minimum`` (``--show N``, ``--top N``): anything
    else is a usage error naming the option (exit 2), never a silent slice of a negative count."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if v < minimum:
            raise argparse.ArgumentTypeError(f"expected a number >= {minimum}, got {v}")
        return v

    parse.__name__ = "count"
    return parse


def add_simulation_options(p: argparse.ArgumentParser, *, streams: int = 1, rounds: int = 1_000_000) -> None:
    """``--rounds``, ``--seed``, ``--no-progress`` and the stream/worker options of every simulation."""
    from .parallel import add_cli_options

    p.add_argument("--rounds", type=int, default=rounds, help=f"rounds to play (default {rounds:,})")
    p.add_argument("--seed", type=int, default=None,
                   help="seed 0..2**256-1 (default: a fresh one, printed): same seed, same rounds")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_cli_options(p, streams, checkpoint=True)


@contextmanager
def progress_bar(args: argparse.Namespace, total: int | None, unit: str = " rounds") -> Iterator[Callable[[int], None] | None]:
    """The one progress-bar policy: a tqdm bar on stderr when stderr is a terminal and neither
    ``--json`` nor ``--no-progress`` was given; yields its ``update`` (fed the units just finished)
    or None."""
    if getattr(args, "json", False) or getattr(args, "no_progress", False) or not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, leave=False)
    try:
        yield bar.update
    finally:
        bar.close()


def run_simulation(args: argparse.Namespace, game: Any) -> Any:
    """:func:`pyeval.simulate` of ``game`` with the options of :func:`add_simulation_options`, a
    progress bar by the toolkit's policy and the executor of ``--workers`` / ``--scheduler``."""
    from .parallel import cli_executor
    from .simulation import simulate

    try:
        with progress_bar(args, args.rounds) as progress, cli_executor(args.workers, args.scheduler) as ex:
            return simulate(game, args.rounds, seed=args.seed, streams=args.streams, executor=ex, progress=progress,
                            checkpoint=args.checkpoint)
    except RunInterrupted as stop:  # Ctrl-C: report the finished streams, exit 130 (main reads the status)
        if stop.partial is None:
            raise
        print(f"pyeval: interrupted: {stop.done:,} of {stop.total:,} rounds done; the report below is for those",
              file=sys.stderr)
        args.exit_status = ExitCode.INTERRUPTED
        return stop.partial


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """Print ``data`` as JSON under ``--json``, else ``text``."""
    print(json.dumps(data, indent=2) if getattr(args, "json", False) else text)


def _cmd_eval(args: argparse.Namespace) -> int:
    rows = []
    for text in args.hands:
        cards = parse_cards(text)
        if not 5 <= len(cards) <= 7:
            joined = " ".join(args.hands)
            try:  # one hand typed without quotes: every argument short, together 5-7 distinct cards
                whole = (len(args.hands) > 1 and all(len(parse_cards(a)) < 5 for a in args.hands)
                         and 5 <= len(parse_cards(joined)) <= 7)
            except PyevalError:
                whole = False
            raise CardCountError(
                f"{text!r} has {len(cards)} card(s); a hand has 5-7 cards, and each argument is one "
                f'hand: quote it, e.g. pyeval eval "{joined if whole else "As Kd Qh Jc Tc"}"'
            )
        value = evaluate(cards)
        five = best_five(cards)
        rows.append({"cards": format_cards(cards), "value": value, "description": describe(value),
                     "category": hand_category(value, royal=True).name, "best_five": format_cards(five)})
    emit(args, rows, "\n".join(f"{r['cards']}: {r['description']} | best five {r['best_five']} | value "
                               f"{r['value']} ({r['category']})" for r in rows))
    return ExitCode.OK


def build_parser() -> argparse.ArgumentParser:
    """The ``pyeval`` argument parser, with every registered subcommand."""
    p = argparse.ArgumentParser(prog="pyeval", description="Poker hand evaluation and casino game procedures.")
    p.add_argument("--version", action="version", version=f"pyeval {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    e = add_command(sub, "eval", _cmd_eval, help="evaluate and describe 5-7 card hands given as text",
                    description="Evaluate and describe 5-7 card hands given as text.")
    e.add_argument("hands", nargs="+", help='one quoted argument per hand, e.g. "As Ks Qs Js Ts 9h 9d"')
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(sub)
    return p


def _error(args: argparse.Namespace | None, exc: BaseException) -> None:
    if args is not None and getattr(args, "json", False):
        print(json.dumps({"error": str(exc), "type": type(exc).__name__}), file=sys.stderr)
    else:
        print(f"pyeval: error: {exc}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pyeval`` console script; returns the exit code (:class:`ExitCode`)."""
    args: argparse.Namespace | None = None
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # argparse: --help/--version (0) or a usage error (2), already printed
            return int(exc.code or 0) if isinstance(exc.code, int) else ExitCode.USAGE
        code = int(args.func(args))
        sys.stdout.flush()
        return int(getattr(args, "exit_status", code))  # 130 after a reported Ctrl-C
    except PyevalError as exc:
        _error(args, exc)
        return ExitCode.USAGE
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # the reader went away (``pyeval ... | head``): stop quietly; point stdout at devnull so
        # that the interpreter's final flush does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())
